#!/usr/bin/env bash
# Starts the editor under Xvfb (unless a display is already given) with its own D-Bus session
# and the AT-SPI registry, and drives it from a separate Python process through accessible names
# alone (drive_tweed.py).
#   run_atspi_test.sh <tweed executable> <sample character>
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tweed=$1
sample=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Settings, recovery files and the saved asset stay in the test's own folder.
export HOME=$work/home XDG_CONFIG_HOME=$work/config XDG_DATA_HOME=$work/data
export XDG_RUNTIME_DIR=$work/runtime
mkdir -p "$HOME" "$XDG_CONFIG_HOME" "$XDG_DATA_HOME" "$XDG_RUNTIME_DIR"
chmod 700 "$XDG_RUNTIME_DIR"
export QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1 QT_ACCESSIBILITY=1 NO_AT_BRIDGE=0
export QT_QPA_PLATFORM=xcb LIBGL_ALWAYS_SOFTWARE=${LIBGL_ALWAYS_SOFTWARE:-1}
run=(dbus-run-session -- /usr/bin/python3 "$here/drive_tweed.py" --tweed "$tweed" --sample "$sample" --out "$work/out")
if [ -z "${DISPLAY:-}" ]; then
  xvfb-run -a -s "-screen 0 1600x1000x24" "${run[@]}"
else
  "${run[@]}"
fi
