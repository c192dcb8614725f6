#!/usr/bin/python3
"""Drives the Tweed editor from outside its process through AT-SPI, by accessible names alone:
open the sample character, generate a physics mesh, set the brush radius, simulate, save.
Fails when an interactive control lacks a unique accessible name. Run by run_atspi_test.sh
(ctest: app.atspi) inside a D-Bus session with the AT-SPI registry."""

import argparse
import os
import subprocess
import sys
import time

import pyatspi
from gi.repository import Atspi, GLib

# Roles of the controls a user operates; menus are reached through their menu bar, the items of
# lists, trees and combo boxes are data, not controls. A stack of tabbed panels is operated
# through its tabs (Qt names the tab list itself after its current tab).
INTERACTIVE = {
    pyatspi.ROLE_PUSH_BUTTON, pyatspi.ROLE_TOGGLE_BUTTON, pyatspi.ROLE_CHECK_BOX,
    pyatspi.ROLE_RADIO_BUTTON, pyatspi.ROLE_SPIN_BUTTON, pyatspi.ROLE_COMBO_BOX,
    pyatspi.ROLE_SLIDER, pyatspi.ROLE_LIST, pyatspi.ROLE_TREE, pyatspi.ROLE_TABLE,
    pyatspi.ROLE_TREE_TABLE, pyatspi.ROLE_LIST_BOX, pyatspi.ROLE_PAGE_TAB,
    pyatspi.ROLE_ENTRY, pyatspi.ROLE_PASSWORD_TEXT,
}
LEAVES = {
    pyatspi.ROLE_LIST, pyatspi.ROLE_TREE, pyatspi.ROLE_TABLE, pyatspi.ROLE_TREE_TABLE,
    pyatspi.ROLE_LIST_BOX, pyatspi.ROLE_COMBO_BOX, pyatspi.ROLE_MENU_BAR, pyatspi.ROLE_MENU,
    pyatspi.ROLE_SPIN_BUTTON,
}

START = time.monotonic()


def log(text):
    print("[%5.1f s] %s" % (time.monotonic() - START, text), flush=True)


def fail(text):
    log("FAIL: " + text)
    raise SystemExit(1)


def children(node):
    try:
        return [node.getChildAtIndex(i) for i in range(node.childCount)]
    except Exception:  # a node that went away while walking
        return []


def is_editable_text(node):
    try:
        return node.getRole() == pyatspi.ROLE_TEXT and \
            node.getState().contains(pyatspi.STATE_EDITABLE)
    except Exception:
        return False


def walk(node):
    """Every node below `node` (not into lists, trees, combo boxes, menus)."""
    stack = [node]
    while stack:
        n = stack.pop()
        if n is None:
            continue
        yield n
        try:
            role = n.getRole()
        except Exception:
            continue
        if role == pyatspi.ROLE_PAGE_TAB_LIST:
            # Its tabs; its scroll buttons are parts of it, like a scroll bar.
            stack.extend(c for c in reversed(children(n)) if c.getRole() == pyatspi.ROLE_PAGE_TAB)
        elif role not in LEAVES or n is node:
            stack.extend(reversed(children(n)))


def controls(root):
    out = []
    for n in walk(root):
        try:
            if n.getRole() in INTERACTIVE or is_editable_text(n):
                out.append(n)
        except Exception:
            pass
    return out


def wait_for(what, predicate, timeout=60.0, step=0.2):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        time.sleep(step)
    fail("timed out waiting for " + what)


def find_app(name):
    desktop = pyatspi.Registry.getDesktop(0)
    for app in children(desktop):
        try:
            if app.name.lower() == name:
                return app
        except Exception:
            pass
    return None


def main_frame(app):
    for w in children(app):
        if w.getRole() == pyatspi.ROLE_FRAME and w.name.endswith("Tweed"):
            return w
    return None


def dialog(app):
    for w in children(app):
        if w.getRole() in (pyatspi.ROLE_DIALOG, pyatspi.ROLE_FILE_CHOOSER) and \
                w.getState().contains(pyatspi.STATE_SHOWING):
            return w
    return None


def by_name(root, name, roles=None):
    """The one control named `name` below root; fails when there is none or several."""
    found = [n for n in controls(root) if n.name == name and (roles is None or n.getRole() in roles)]
    if len(found) != 1:
        word = name.split()[0]
        log("controls with %r: %s" % (word, [n.name for n in controls(root) if word in n.name]))
        fail("%d controls named %r" % (len(found), name))
    return found[0]


def press(node, opens_dialog=False):
    """Presses a button. Qt answers the call once the click is handled, which is after a modal
    dialog it opens closes: for those the answer is not waited for."""
    action = node.queryAction()
    names = [action.getName(i) for i in range(action.nActions)]
    index = 0
    for wanted in ("Press", "press", "Toggle", "toggle", "click"):
        if wanted in names:
            index = names.index(wanted)
            break
    if not opens_dialog:
        action.doAction(index)
        return
    Atspi.set_timeout(500, -1)
    try:
        action.doAction(index)
    except GLib.GError:
        pass  # no answer while the dialog is open
    finally:
        Atspi.set_timeout(-1, -1)


def path_of(node):
    """The names of a node's ancestors, for messages."""
    parts = []
    p = node.parent
    while p is not None and len(parts) < 6:
        parts.append("%s:%s" % (p.getRoleName(), p.name))
        p = p.parent
    return " < ".join(parts)


def census(frame):
    """Fails unless every interactive control has a name of its own; returns their count."""
    nodes = controls(frame)
    names = {}
    unnamed = []
    for n in nodes:
        if not n.name:
            unnamed.append("%s (%s) in %s" % (n.getRoleName(), n.description, path_of(n)))
        else:
            names.setdefault(n.name, []).append("%s in %s" % (n.getRoleName(), path_of(n)))
    shared = {k: v for k, v in names.items() if len(v) > 1}
    if unnamed or shared:
        for u in unnamed:
            log("no accessible name: " + u)
        for k, v in shared.items():
            log("shared accessible name %r: %s" % (k, ", ".join(v)))
        fail("%d unnamed and %d shared names among %d controls" %
             (len(unnamed), len(shared), len(nodes)))
    return len(nodes)


def choose_file(app, path, button):
    """Types `path` into the file dialog that is open and presses `button`."""
    dlg = wait_for("the file dialog", lambda: dialog(app), 30)
    title = dlg.name
    log("file dialog %r" % title)
    edits = [n for n in controls(dlg) if is_editable_text(n) and n.name.startswith("File name")]
    if not edits:
        fail("the file dialog has no \"File name\" field")
    edits[0].queryEditableText().setTextContents(path)
    time.sleep(0.3)
    # Accepting starts the load or the save, which shows a modal progress dialog.
    log("typed %r" % edits[0].queryText().getText(0, -1))
    press(by_name(dlg, button, {pyatspi.ROLE_PUSH_BUTTON}), opens_dialog=True)

    def closed():
        d = dialog(app)
        return d is None or d.name != title
    wait_for("the file dialog to close", closed, 30)


def run(args):
    args.out = os.path.abspath(args.out)
    os.makedirs(args.out, exist_ok=True)
    pyatspi.Registry.getDesktop(0)  # starts the accessibility bus and registry
    proc = subprocess.Popen([args.tweed, "--empty"], stdout=sys.stdout, stderr=sys.stderr)
    try:
        app = wait_for("Tweed on the accessibility bus", lambda: find_app("tweed"), 60)
        frame = wait_for("the main window", lambda: main_frame(app), 30)
        log("found %r" % frame.name)
        time.sleep(1.0)
        count = census(frame)
        log("%d interactive controls, each with a unique accessible name" % count)

        # Open the sample character.
        press(by_name(frame, "Open", {pyatspi.ROLE_PUSH_BUTTON}), opens_dialog=True)
        choose_file(app, os.path.abspath(args.sample), "Open")
        wait_for("the sample to open",
                 lambda: "tweed_sample" in (main_frame(app) or frame).name, 120)
        frame = main_frame(app)
        log("opened: %r" % frame.name)

        # Generate a physics mesh: the document becomes modified.
        press(by_name(frame, "Generate", {pyatspi.ROLE_PUSH_BUTTON}), opens_dialog=True)
        wait_for("the generated physics mesh",
                 lambda: "*" in ((main_frame(app) or frame).name or ""), 120)
        frame = main_frame(app)
        log("generated: %r" % frame.name)

        # The Paint workspace, and a brush radius.
        press(by_name(frame, "Paint Workspace"))
        time.sleep(0.5)
        radius = by_name(frame, "Radius (Brush)", {pyatspi.ROLE_SPIN_BUTTON})
        value = radius.queryValue()
        value.currentValue = 7.0
        wait_for("the brush radius", lambda: abs(radius.queryValue().currentValue - 7.0) < 1e-6, 10)
        log("brush radius set to %g" % radius.queryValue().currentValue)

        # The Simulate workspace: simulate the garment, the viewport says so.
        press(by_name(frame, "Simulate Workspace"))
        time.sleep(0.5)
        press(by_name(frame, "Simulate the garment", {pyatspi.ROLE_CHECK_BOX}))
        viewport = [n for n in walk(frame) if n.name == "3D Viewport"]
        if len(viewport) != 1:
            fail("no viewport named \"3D Viewport\"")
        wait_for("the viewport to report the simulation",
                 lambda: "; simulating" in viewport[0].description, 30)
        log("viewport: %s" % viewport[0].description)

        # Save: the asset has no file yet, so Save asks where.
        target = os.path.join(args.out, "sample.tweed")
        press(by_name(frame, "Save", {pyatspi.ROLE_PUSH_BUTTON}), opens_dialog=True)
        choose_file(app, target, "Save")
        wait_for("the saved asset", lambda: os.path.exists(target) and os.path.getsize(target) > 0,
                 60)
        wait_for("the title to show the saved file",
                 lambda: "sample.tweed" in (main_frame(app) or frame).name, 30)
        log("saved %s (%d bytes)" % (target, os.path.getsize(target)))

        # Everything named after all these steps too (more controls are enabled now).
        count = census(main_frame(app))
        log("PASS: %d interactive controls, each with a unique accessible name" % count)
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tweed", required=True)
    parser.add_argument("--sample", required=True)
    parser.add_argument("--out", required=True)
    run(parser.parse_args())
