// Collision volumes through the real widgets on the sample character (garment: the coat): the
// Collision Volumes dock adds volumes on bones, the viewport gizmo is dragged with mouse events
// sent to the 3D window at pixels found with Viewport::project (one undo step per drag, Esc
// cancels without a step), properties edit sizes in centimetres, auto-fit puts volumes inside
// the bones' body within the collision thickness, split and remove work, and everything is
// undoable.
#include "collision/collision_dock.h"
#include "collision/collision_gizmo.h"
#include "collision/point_gizmo.h"
#include "collision/rig_panel.h"
#include "document.h"
#include "main_window.h"
#include "object_names.h"
#include "outliner_dock.h"
#include "playback.h"
#include "preferences.h"
#include "ui_test_support.h"
#include "viewport/viewport.h"

#include "test_paths.h"

#include "tweed/meshproc/volume_inside.h"
#include "tweed/sim/bone_rig.h"
#include "tweed/sim/colliders.h"

#include <QAbstractItemView>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QKeyEvent>
#include <QListWidget>
#include <QMenu>
#include <QMouseEvent>
#include <QPushButton>
#include <QSpinBox>
#include <QTest>
#include <QToolButton>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <QUndoStack>
#include <QWindow>

#include <cmath>
#include <numbers>
#include <set>

using namespace tweed;
using namespace tweed::editor;

class TestCollision : public QObject
{
    Q_OBJECT

private:
    MainWindow *mWindow = nullptr;
    test::ScriptedPrompts *mPrompts = nullptr;
    CollisionDock *mDock = nullptr;
    Viewport *mViewport = nullptr;
    QWindow *mView3d = nullptr;

    Document *document() const { return mWindow->document(); }
    QUndoStack *undo() const { return document()->undoStack(); }
    const std::vector<CollisionVolume> &volumes() const
    {
        return document()->asset().collisionVolumes;
    }
    int bone(const char *name) const { return document()->asset().skeleton.find(name); }

    void send(QEvent::Type type, QPointF pixel, Qt::MouseButton button, Qt::MouseButtons buttons)
    {
        test::sendMouse(mView3d, type, pixel, button, buttons);
    }
    void key(int k)
    {
        QKeyEvent event(QEvent::KeyPress, k, Qt::NoModifier);
        QCoreApplication::sendEvent(mView3d, &event);
    }
    /// Picks a combo box item as a user does: opens its list and clicks the item.
    static void chooseComboItem(QComboBox *combo, int index)
    {
        QVERIFY(index >= 0);
        combo->showPopup();
        QAbstractItemView *view = combo->view();
        const QModelIndex item = view->model()->index(index, combo->modelColumn());
        view->scrollTo(item);
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(item).center());
        QCOMPARE(combo->currentIndex(), index);
    }
    void clickButton(const char *name)
    {
        auto *button = test::child<QAbstractButton>(mDock, name);
        QVERIFY(button);
        QVERIFY2(button->isEnabled(), name);
        QTest::mouseClick(button, Qt::LeftButton);
    }
    void selectVolume(int index)
    {
        auto *list = test::child<QTreeWidget>(mDock, names::kCollisionDockVolumeList);
        list->setCurrentItem(list->topLevelItem(index));
        QCOMPARE(mDock->currentVolume(), index);
    }
    // Frames the selected volume and returns, for the move axis whose arrow is longest on
    // screen, the axis and a pixel on its shaft.
    std::pair<int, QPointF> grabbableMoveAxis()
    {
        mViewport->frameSelected();
        mViewport->syncNow();
        CollisionGizmo *gizmo = mDock->gizmo();
        const VolumeFrame f =
            volumeFrame(volumes()[size_t(mDock->currentVolume())], *mWindow->playback());
        int best = -1;
        double bestLength = 0;
        QPointF pixel;
        for (const CollisionGizmo::Handle &h : gizmo->handles()) {
            const auto a = mViewport->project(f.origin);
            const auto b = mViewport->project(gizmo->handlePoint(h));
            if (!a || !b) continue;
            const double length = std::hypot(b->x() - a->x(), b->y() - a->y());
            if (length > bestLength) {
                bestLength = length;
                best = h.axis;
                pixel = *a + (*b - *a) * 0.7; // on the shaft, clear of the centre
            }
        }
        return {best, pixel};
    }

    // Weighted share of the Body's vertices the bone drives (weight >= 0.3) inside the volume
    // at the bind pose, measured with the simulation's own collider code.
    // How far the volume's surface lies outside the Body mesh in the bind pose and every frame
    // of the clips (as Auto-Fit fits and the measures take it).
    float bodyProtrusion(const CollisionVolume &volume) const
    {
        const Character &character = document()->character();
        const GraphicsMesh &body = character.meshes[size_t(character.findMesh("Body"))];
        return volumeProtrusion(volume, BodyMotion(character.skeleton, {&body}, character.clips));
    }

private slots:
    void initTestCase()
    {
        mWindow = test::makeMainWindow("test_collision", &mPrompts).release();
        QVERIFY(mWindow);
        QVERIFY(test::openSampleCoat(*mWindow));
        mViewport = mWindow->viewport();
        mView3d = test::viewport3dWindow();
        QVERIFY(mView3d);
        mDock = test::child<CollisionDock>(mWindow, names::kCollisionDock);
        QVERIFY(mDock);
        mDock->show();
        mDock->raise();
        QCOMPARE(mDock->windowTitle(), QStringLiteral("Collision Volumes"));
        QVERIFY(volumes().empty());
    }

    void cleanupTestCase()
    {
        mPrompts->unsavedAnswer = Prompts::UnsavedAnswer::Discard;
        mWindow->close();
        delete mWindow;
    }

    void toolsMenuHasTheCommands()
    {
        auto *menu = test::child<QMenu>(mWindow, names::kCollisionDockMenu);
        QVERIFY(menu);
        QVERIFY(mWindow->toolsMenu()->actions().contains(menu->menuAction()));
        QVERIFY(test::child<QAction>(mDock, names::kCollisionDockAutoFitAction));
        QVERIFY(test::child<QAction>(mDock, names::kCollisionDockAddEllipsoidAction));
    }

    void addEllipsoidOnTheChosenBone()
    {
        auto *bones = test::child<QComboBox>(mDock, names::kCollisionDockBoneComboBox);
        bones->setCurrentIndex(bones->findText("LeftUpperArm"));
        QCOMPARE(mDock->currentBone(), bone("LeftUpperArm"));
        const int steps = undo()->index();
        clickButton(names::kCollisionDockAddEllipsoidButton);
        QCOMPARE(volumes().size(), size_t(1));
        const CollisionVolume &v = volumes()[0];
        QCOMPARE(v.bone, bone("LeftUpperArm"));
        QCOMPARE(v.shape, CollisionShape::Ellipsoid);
        QCOMPARE(QString::fromStdString(v.name), QStringLiteral("LeftUpperArm Ellipsoid"));
        // Fitted to the arm: longer than thick, a few centimetres across.
        QVERIFY(v.radii.y > v.radii.x && v.radii.x > 0.02f && v.radii.x < 0.1f);
        QCOMPARE(undo()->index(), steps + 1);
        QCOMPARE(undo()->undoText(), QStringLiteral("Add Ellipsoid"));
        auto *list = test::child<QTreeWidget>(mDock, names::kCollisionDockVolumeList);
        QCOMPARE(list->topLevelItemCount(), 1);
        QCOMPARE(list->topLevelItem(0)->text(1), QStringLiteral("Ellipsoid"));
        QCOMPARE(list->topLevelItem(0)->text(2), QStringLiteral("LeftUpperArm"));
        QCOMPARE(mDock->currentVolume(), 0);
        // The gizmo is the viewport's tool and shows its handles.
        QCOMPARE(mViewport->tool(), static_cast<ViewportTool *>(mDock->gizmo()));
        QVERIFY(mViewport->hasLines("gizmo"));
        QVERIFY(mViewport->isOverlayVisible(Viewport::Overlay::CollisionVolumes));
        undo()->undo();
        QVERIFY(volumes().empty());
        QCOMPARE(list->topLevelItemCount(), 0);
        QVERIFY(!mViewport->hasLines("gizmo"));
        undo()->redo();
        QCOMPARE(volumes().size(), size_t(1));
        selectVolume(0);
    }

    void draggingTheMoveArrowIsOneStep()
    {
        clickButton(names::kCollisionDockMoveButton);
        QCOMPARE(mDock->gizmo()->mode(), CollisionGizmo::Mode::Move);
        const auto [axis, pixel] = grabbableMoveAxis();
        QVERIFY(axis >= 0);
        const auto handle = mDock->gizmo()->handleAt(pixel);
        QVERIFY(handle);
        QCOMPARE(handle->axis, axis);

        const CollisionVolume before = volumes()[0];
        const VolumeFrame f = volumeFrame(before, *mWindow->playback());
        const QPointF screenAxis = *mViewport->project(mDock->gizmo()->handlePoint(*handle)) -
                                   *mViewport->project(f.origin);
        const QPointF unit = screenAxis / std::hypot(screenAxis.x(), screenAxis.y());
        const int steps = undo()->index();
        send(QEvent::MouseButtonPress, pixel, Qt::LeftButton, Qt::LeftButton);
        QVERIFY(mDock->gizmo()->isDragging());
        for (int i = 1; i <= 4; ++i)
            send(QEvent::MouseMove, pixel + unit * (10.0 * i), Qt::NoButton, Qt::LeftButton);
        send(QEvent::MouseButtonRelease, pixel + unit * 40.0, Qt::LeftButton, Qt::NoButton);
        QVERIFY(!mDock->gizmo()->isDragging());

        // Moved along that axis of the volume only, forwards, by about 40 pixels' worth.
        const CollisionVolume after = volumes()[0];
        const Vec3 axisLocal =
            rotate(before.local.rotation,
                   Vec3{axis == 0 ? 1.f : 0.f, axis == 1 ? 1.f : 0.f, axis == 2 ? 1.f : 0.f});
        const Vec3 moved = after.local.translation - before.local.translation;
        const float along = dot(moved, axisLocal);
        QVERIFY2(along > 0.005f, qPrintable(QString::number(along)));
        QVERIFY(length(moved - axisLocal * along) < 1e-5f);
        // The arrow's tip lies `size` metres from the centre and |screenAxis| pixels from it.
        const float size = distance(mDock->gizmo()->handlePoint(*handle),
                                    volumeFrame(after, *mWindow->playback()).origin);
        const double expected = 40.0 / std::hypot(screenAxis.x(), screenAxis.y()) * size;
        QVERIFY2(std::abs(along - expected) < 0.05 * expected,
                 qPrintable(QString("%1 vs %2").arg(along).arg(expected)));
        QCOMPARE(after.radii, before.radii);
        QCOMPARE(undo()->index(), steps + 1);
        QCOMPARE(undo()->undoText(), QStringLiteral("Move Collision Volume"));
        undo()->undo();
        QCOMPARE(volumes()[0], before);
        undo()->redo();
        QCOMPARE(volumes()[0].local.translation, after.local.translation);
    }

    void escapeDuringADragRestoresWithoutAStep()
    {
        const auto [axis, pixel] = grabbableMoveAxis();
        QVERIFY(axis >= 0);
        const CollisionVolume before = volumes()[0];
        const int steps = undo()->count();
        const int index = undo()->index();
        send(QEvent::MouseButtonPress, pixel, Qt::LeftButton, Qt::LeftButton);
        send(QEvent::MouseMove, pixel + QPointF(25, 25), Qt::NoButton, Qt::LeftButton);
        send(QEvent::MouseMove, pixel + QPointF(30, 35), Qt::NoButton, Qt::LeftButton);
        QVERIFY(!(volumes()[0] == before)); // it moves while dragging
        key(Qt::Key_Escape);
        QVERIFY(!mDock->gizmo()->isDragging());
        QCOMPARE(volumes()[0], before);
        send(QEvent::MouseMove, pixel + QPointF(60, 40), Qt::NoButton, Qt::LeftButton);
        send(QEvent::MouseButtonRelease, pixel + QPointF(60, 40), Qt::LeftButton, Qt::NoButton);
        QCOMPARE(volumes()[0], before);
        QCOMPARE(undo()->count(), steps);
        QCOMPARE(undo()->index(), index);
    }

    void keysSwitchModesAndScaleBoxesResize()
    {
        key(Qt::Key_E);
        QCOMPARE(mDock->gizmo()->mode(), CollisionGizmo::Mode::Rotate);
        QVERIFY(test::child<QToolButton>(mDock, names::kCollisionDockRotateButton)->isChecked());
        key(Qt::Key_R);
        QCOMPARE(mDock->gizmo()->mode(), CollisionGizmo::Mode::Scale);
        QVERIFY(test::child<QToolButton>(mDock, names::kCollisionDockScaleButton)->isChecked());
        QVERIFY(!test::child<QToolButton>(mDock, names::kCollisionDockMoveButton)->isChecked());

        // Drag the box of the radius whose axis is longest on screen outwards.
        const CollisionVolume before = volumes()[0];
        const VolumeFrame f = volumeFrame(before, *mWindow->playback());
        const auto centre = mViewport->project(f.origin);
        QVERIFY(centre);
        std::optional<CollisionGizmo::Handle> best;
        QPointF box;
        double bestLength = 0;
        for (const CollisionGizmo::Handle &h : mDock->gizmo()->handles()) {
            const auto p = mViewport->project(mDock->gizmo()->handlePoint(h));
            if (p && std::hypot(p->x() - centre->x(), p->y() - centre->y()) > bestLength) {
                bestLength = std::hypot(p->x() - centre->x(), p->y() - centre->y());
                best = h;
                box = *p;
            }
        }
        QVERIFY(best && bestLength > 20);
        QCOMPARE(mDock->gizmo()->handleAt(box), best);
        const QPointF out = (box - *centre) / bestLength;
        const int steps = undo()->index();
        send(QEvent::MouseButtonPress, box, Qt::LeftButton, Qt::LeftButton);
        send(QEvent::MouseMove, box + out * 15, Qt::NoButton, Qt::LeftButton);
        send(QEvent::MouseButtonRelease, box + out * 30, Qt::LeftButton, Qt::NoButton);
        const CollisionVolume after = volumes()[0];
        QVERIFY(after.radii[best->axis] > before.radii[best->axis] + 0.002f);
        for (int a = 0; a < 3; ++a)
            if (a != best->axis) QCOMPARE(after.radii[a], before.radii[a]);
        QCOMPARE(after.local, before.local);
        QCOMPARE(undo()->index(), steps + 1);
        QCOMPARE(undo()->undoText(), QStringLiteral("Resize Collision Volume"));
        undo()->undo();
        QCOMPARE(volumes()[0], before);
        key(Qt::Key_W);
        QCOMPARE(mDock->gizmo()->mode(), CollisionGizmo::Mode::Move);
    }

    void draggingARingRotatesAboutItsAxis()
    {
        key(Qt::Key_E);
        QCOMPARE(mDock->gizmo()->mode(), CollisionGizmo::Mode::Rotate);
        const CollisionVolume before = volumes()[0];
        const VolumeFrame f = volumeFrame(before, *mWindow->playback());
        const QPointF centre = *mViewport->project(f.origin);
        // The ring seen most face-on: its axis closest to the viewing direction.
        const Vec3 view = normalize(f.origin - mViewport->cameraPosition());
        int axis = 0;
        for (int a = 1; a < 3; ++a)
            if (std::abs(dot(f.axes[a], view)) > std::abs(dot(f.axes[axis], view))) axis = a;
        std::optional<CollisionGizmo::Handle> ring;
        for (const CollisionGizmo::Handle &h : mDock->gizmo()->handles())
            if (h.axis == axis) ring = h;
        QVERIFY(ring);
        const QPointF start = *mViewport->project(mDock->gizmo()->handlePoint(*ring));
        QCOMPARE(mDock->gizmo()->handleAt(start), ring);
        // Sweep 40 degrees around the centre on screen.
        const QPointF r = start - centre;
        const double radius = std::hypot(r.x(), r.y());
        const double a0 = std::atan2(r.y(), r.x());
        const int steps = undo()->index();
        send(QEvent::MouseButtonPress, start, Qt::LeftButton, Qt::LeftButton);
        for (int i = 1; i <= 4; ++i) {
            const double a = a0 + i * 10.0 * std::numbers::pi / 180.0;
            send(QEvent::MouseMove, centre + QPointF(std::cos(a), std::sin(a)) * radius,
                 Qt::NoButton, Qt::LeftButton);
        }
        const double a = a0 + 40.0 * std::numbers::pi / 180.0;
        send(QEvent::MouseButtonRelease, centre + QPointF(std::cos(a), std::sin(a)) * radius,
             Qt::LeftButton, Qt::NoButton);
        const CollisionVolume after = volumes()[0];
        // Turned about that axis only, by the swept angle.
        const Vec3 unit[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
        QVERIFY(dot(rotate(after.local.rotation, unit[axis]),
                    rotate(before.local.rotation, unit[axis])) > 0.9999f);
        const float turned =
            std::acos(std::clamp(dot(rotate(after.local.rotation, unit[(axis + 1) % 3]),
                                     rotate(before.local.rotation, unit[(axis + 1) % 3])),
                                 -1.0f, 1.0f));
        QVERIFY2(std::abs(turned * 180 / kPi - 40) < 1,
                 qPrintable(QString::number(turned * 180 / kPi)));
        QCOMPARE(after.local.translation, before.local.translation);
        QCOMPARE(undo()->index(), steps + 1);
        QCOMPARE(undo()->undoText(), QStringLiteral("Rotate Collision Volume"));
        undo()->undo();
        QCOMPARE(volumes()[0], before);
        key(Qt::Key_W);
    }

    void outlinerBoneSelectionIsTheNewVolumesBone()
    {
        auto *outliner = test::child<OutlinerDock>(mWindow, names::kOutlinerDock);
        QVERIFY(outliner);
        const int thigh = bone("RightUpperLeg");
        QTreeWidgetItemIterator it(outliner->tree());
        for (; *it; ++it)
            if ((*it)->data(0, OutlinerDock::KindRole).toInt() == OutlinerItem::Bone &&
                (*it)->data(0, OutlinerDock::IndexRole).toInt() == thigh)
                break;
        QVERIFY(*it);
        outliner->tree()->setCurrentItem(*it);
        QCOMPARE(mDock->currentBone(), thigh);
        QCOMPARE(test::child<QComboBox>(mDock, names::kCollisionDockBoneComboBox)->currentText(),
                 QStringLiteral("RightUpperLeg"));
        QCOMPARE(mDock->currentVolume(), 0); // the volume selection stays
    }

    void radiusEditsInCentimetresMerge()
    {
        auto *radiusY = test::child<QDoubleSpinBox>(mDock, "CollisionDock_RadiusYSpinBox");
        QVERIFY(radiusY && radiusY->isVisibleTo(mDock));
        QVERIFY(radiusY->suffix().contains("cm"));
        const CollisionVolume before = volumes()[0];
        QVERIFY(std::abs(radiusY->value() - before.radii.y * 100) < 0.06);
        const int steps = undo()->index();
        radiusY->setValue(21.0);
        QVERIFY(std::abs(volumes()[0].radii.y - 0.21f) < 1e-6f);
        radiusY->setValue(22.5);
        QVERIFY(std::abs(volumes()[0].radii.y - 0.225f) < 1e-6f);
        QCOMPARE(undo()->index(), steps + 1); // two edits of one field: one step
        QCOMPARE(undo()->undoText(), QStringLiteral("Resize Collision Volume"));
        // Another field is another step.
        auto *x = test::child<QDoubleSpinBox>(mDock, "CollisionDock_PositionXSpinBox");
        x->setValue(x->value() + 1.0);
        QVERIFY(std::abs(volumes()[0].local.translation.x - (before.local.translation.x + 0.01f)) <
                1e-3f);
        QCOMPARE(undo()->index(), steps + 2);
        undo()->undo();
        undo()->undo();
        QCOMPARE(volumes()[0], before);
        QVERIFY(std::abs(radiusY->value() - before.radii.y * 100) < 0.06);
    }

    void autoFitTwoBonesPutsVolumesInsideTheBody()
    {
        test::child<QCheckBox>(mDock, names::kCollisionDockFitGarmentBonesCheckBox)
            ->setChecked(false);
        auto *list = test::child<QListWidget>(mDock, names::kCollisionDockFitBoneList);
        for (const char *name : {"LeftUpperLeg", "RightUpperArm"})
            list->findItems(name, Qt::MatchExactly).front()->setCheckState(Qt::Checked);
        auto *shape = test::child<QComboBox>(mDock, names::kCollisionDockFitShapeComboBox);
        shape->setCurrentIndex(0);
        QCOMPARE(shape->currentText(), QStringLiteral("Ellipsoid"));
        QCOMPARE(test::child<QComboBox>(mDock, names::kCollisionDockFitMeshComboBox)->currentText(),
                 QStringLiteral("Body"));
        const auto start = volumes();
        const int steps = undo()->index();
        clickButton(names::kCollisionDockAutoFitButton);
        QVERIFY(mPrompts->errors.isEmpty());
        // One volume per bone, or two along a bone one cannot follow.
        const size_t fitted = volumes().size() - start.size();
        QVERIFY2(fitted >= 2 && fitted <= 4, qPrintable(QString::number(fitted)));
        QCOMPARE(undo()->index(), steps + 1);
        QCOMPARE(undo()->undoText(), QStringLiteral("Auto-Fit Collision Volumes"));
        const float thickness = document()->asset().simulation.collisionThickness;
        for (const char *name : {"LeftUpperLeg", "RightUpperArm"}) {
            int count = 0;
            for (const CollisionVolume &v : volumes()) {
                if (v.bone != bone(name)) continue;
                ++count;
                QCOMPARE(v.shape, CollisionShape::Ellipsoid);
                const float out = bodyProtrusion(v);
                QVERIFY2(out <= thickness + 1e-4f,
                         qPrintable(QString("%1: %2").arg(name).arg(out)));
                // A limb's volume: the arm's stays thick; the thigh's flattens where the Jump
                // bends the hip into it.
                if (std::string(name) == "RightUpperArm")
                    QVERIFY(std::min({v.radii.x, v.radii.y, v.radii.z}) > 0.02f);
                else
                    QVERIFY(std::max({v.radii.x, v.radii.y, v.radii.z}) > 0.05f);
            }
            QVERIFY(count >= 1);
        }
        // Fitting again (from a tighter first fit) replaces those fits instead of adding more:
        // no name twice.
        test::child<QDoubleSpinBox>(mDock, names::kCollisionDockFitCoverageSpinBox)->setValue(80);
        clickButton(names::kCollisionDockAutoFitButton);
        test::child<QDoubleSpinBox>(mDock, names::kCollisionDockFitCoverageSpinBox)->setValue(95);
        QCOMPARE(undo()->index(), steps + 2);
        std::set<std::string> names;
        for (const CollisionVolume &v : volumes())
            QVERIFY2(names.insert(v.name).second, v.name.c_str());
        undo()->undo();
        undo()->undo();
        QCOMPARE(volumes(), start);
        undo()->redo();
        QCOMPARE(volumes().size(), start.size() + fitted);
    }

    void clickingAVolumeSelectsIt()
    {
        // The thigh's volume, clicked at its centre's pixel (not under the selected gizmo).
        selectVolume(0);
        const int thigh = int(
            std::find_if(volumes().begin(), volumes().end(),
                         [&](const CollisionVolume &v) { return v.bone == bone("LeftUpperLeg"); }) -
            volumes().begin());
        mViewport->frameAll();
        mViewport->syncNow();
        const auto pixel =
            mViewport->project(volumeFrame(volumes()[size_t(thigh)], *mWindow->playback()).origin);
        QVERIFY(pixel);
        QVERIFY(!mDock->gizmo()->handleAt(*pixel));
        const Viewport::Ray ray = mViewport->rayAt(*pixel);
        const auto hit = pickVolume(volumes(), *mWindow->playback(), ray.origin, ray.direction);
        QVERIFY(hit);
        // The thigh may be split in two overlapping volumes: the nearer one on the ray is hit.
        const int picked = hit->first;
        QCOMPARE(volumes()[size_t(picked)].bone, bone("LeftUpperLeg"));
        QVERIFY(picked != 0);
        const int steps = undo()->index();
        send(QEvent::MouseButtonPress, *pixel, Qt::LeftButton, Qt::LeftButton);
        send(QEvent::MouseButtonRelease, *pixel, Qt::LeftButton, Qt::NoButton);
        QCOMPARE(mDock->currentVolume(), picked);
        QCOMPARE(mViewport->selection().collisionVolumes, std::vector<int>{picked});
        QCOMPARE(undo()->index(), steps);
    }

    // The volumes' looks: x-ray (through the body) and wireframe reach the viewport, which
    // renders each of them, and come back when switched back.
    void xrayAndWireframeLooks()
    {
        QVERIFY(!volumes().empty());
        mViewport->setOverlayVisible(Viewport::Overlay::CollisionVolumes, true);
        auto *xray = test::child<QCheckBox>(mDock, names::kCollisionDockXRayCheckBox);
        auto *wire = test::child<QCheckBox>(mDock, names::kCollisionDockWireframeCheckBox);
        QVERIFY(xray->isChecked() && !wire->isChecked());
        QVERIFY(!mViewport->grabFrame().isNull());
        xray->click();
        QVERIFY(!mViewport->isCollisionXRay());
        QVERIFY(!mViewport->grabFrame().isNull());
        wire->click();
        QVERIFY(mViewport->isCollisionWireframe());
        QVERIFY(!mViewport->grabFrame().isNull());
        wire->click();
        xray->click();
        QVERIFY(mViewport->isCollisionXRay() && !mViewport->isCollisionWireframe());
        QVERIFY(!mViewport->grabFrame().isNull());
    }

    void splitTheSelectedEllipsoid()
    {
        const int index = mDock->currentVolume();
        QVERIFY(index >= 0);
        const auto start = volumes();
        const std::string name = start[size_t(index)].name;
        clickButton(names::kCollisionDockSplitButton);
        QCOMPARE(volumes().size(), start.size() + 1);
        QCOMPARE(volumes()[size_t(index)].name, name + " 1");
        QCOMPARE(volumes()[size_t(index) + 1].name, name + " 2");
        QCOMPARE(volumes()[size_t(index)].bone, start[size_t(index)].bone);
        QCOMPARE(undo()->undoText(), QStringLiteral("Split Collision Volume"));
        // A sphere cannot be split: the button is off for it.
        undo()->undo();
        QCOMPARE(volumes(), start);
        undo()->redo();
        QCOMPARE(volumes().size(), start.size() + 1);
    }

    void removeTheSelectedVolume()
    {
        selectVolume(0);
        const auto start = volumes();
        clickButton(names::kCollisionDockRemoveButton);
        QCOMPARE(volumes().size(), start.size() - 1);
        QCOMPARE(volumes()[0], start[1]);
        QCOMPARE(undo()->undoText(), QStringLiteral("Remove Collision Volume"));
        undo()->undo();
        QCOMPARE(volumes(), start);
    }

    void badRequestsAreExplainedAndChangeNothing()
    {
        // Auto-Fit with no bone checked: a message naming the problem, no step.
        test::child<QCheckBox>(mDock, names::kCollisionDockFitGarmentBonesCheckBox)
            ->setChecked(false);
        auto *list = test::child<QListWidget>(mDock, names::kCollisionDockFitBoneList);
        for (int i = 0; i < list->count(); ++i)
            list->item(i)->setCheckState(Qt::Unchecked);
        const auto start = volumes();
        const int steps = undo()->index();
        mPrompts->errors.clear();
        clickButton(names::kCollisionDockAutoFitButton);
        QCOMPARE(mPrompts->errors.size(), 1);
        QVERIFY(mPrompts->errors.front().contains("No bone is checked"));
        QCOMPARE(volumes(), start);
        QCOMPARE(undo()->index(), steps);
        // Only bones that drive no body vertex: the error names them.
        list->findItems("ROOT", Qt::MatchExactly).front()->setCheckState(Qt::Checked);
        mPrompts->errors.clear();
        clickButton(names::kCollisionDockAutoFitButton);
        QCOMPARE(mPrompts->errors.size(), 1);
        QVERIFY(mPrompts->errors.front().contains("'ROOT' drives no vertex"));
        QCOMPARE(volumes(), start);
        list->findItems("ROOT", Qt::MatchExactly).front()->setCheckState(Qt::Unchecked);
        mPrompts->errors.clear();

        // Adding on such a bone gives a small volume at the bone's origin.
        mDock->setCurrentBone(bone("ROOT"));
        clickButton(names::kCollisionDockAddSphereButton);
        QCOMPARE(volumes().size(), start.size() + 1);
        const CollisionVolume &sphere = volumes().back();
        QCOMPARE(sphere.shape, CollisionShape::Sphere);
        QCOMPARE(sphere.bone, bone("ROOT"));
        QCOMPARE(sphere.radius, 0.05f);
        QCOMPARE(sphere.local.translation, Vec3{});
        // A sphere cannot be split.
        QVERIFY(!test::child<QPushButton>(mDock, names::kCollisionDockSplitButton)->isEnabled());
        undo()->undo();
        QCOMPARE(volumes(), start);
    }

    void addBoxConvexAndPlaneWithTheirButtons()
    {
        auto *bones = test::child<QComboBox>(mDock, names::kCollisionDockBoneComboBox);
        bones->setCurrentIndex(bones->findText("LeftUpperLeg"));
        const std::vector<CollisionVolume> start = volumes();
        const int steps = undo()->index();

        // A box fitted to the thigh: longer than thick, and the form calls its sizes half extents.
        clickButton(names::kCollisionDockAddBoxButton);
        QCOMPARE(volumes().size(), start.size() + 1);
        const CollisionVolume box = volumes().back();
        QCOMPARE(box.shape, CollisionShape::Box);
        QCOMPARE(box.bone, bone("LeftUpperLeg"));
        QVERIFY(box.radii.y > box.radii.x && box.radii.x > 0.02f && box.radii.x < 0.15f);
        QCOMPARE(undo()->undoText(), QStringLiteral("Add Box"));
        auto *list = test::child<QTreeWidget>(mDock, names::kCollisionDockVolumeList);
        QCOMPARE(list->topLevelItem(int(start.size()))->text(1), QStringLiteral("Box"));
        // The scale gizmo has a handle per half extent.
        key(Qt::Key_R);
        QCOMPARE(mDock->gizmo()->handles().size(), size_t(3));
        key(Qt::Key_W);

        // A convex hull in the number of planes the spin box sets.
        auto *planes = test::child<QSpinBox>(mDock, names::kCollisionDockFitPlanesSpinBox);
        QVERIFY(planes);
        planes->setValue(10);
        clickButton(names::kCollisionDockAddConvexButton);
        const CollisionVolume convex = volumes().back();
        QCOMPARE(convex.shape, CollisionShape::Convex);
        QVERIFY(convex.planes.size() >= 6 && convex.planes.size() <= 10);
        QVERIFY(convexPlanesProblem(convex.planes).empty());
        QCOMPARE(undo()->undoText(), QStringLiteral("Add Convex"));
        // Bounded, and as long as a thigh along its principal axis.
        const auto corners = convexCorners(convex.planes);
        float reach = 0;
        for (const Vec3 &c : corners)
            reach = std::max(reach, std::abs(c.y));
        QVERIFY(reach > 0.05f);

        // A plane through the bone's origin.
        clickButton(names::kCollisionDockAddPlaneButton);
        const CollisionVolume plane = volumes().back();
        QCOMPARE(plane.shape, CollisionShape::Plane);
        QCOMPARE(plane.local.translation, Vec3{});
        QCOMPARE(undo()->index(), steps + 3);
        QCOMPARE(list->topLevelItemCount(), int(start.size()) + 3);

        undo()->undo();
        undo()->undo();
        undo()->undo();
        QCOMPARE(volumes(), start);
        undo()->redo();
        QCOMPARE(volumes().back(), box);
        undo()->undo();
        QCOMPARE(volumes(), start);
    }

    void pendulumOnTheChosenBone()
    {
        auto *bones = test::child<QComboBox>(mDock, names::kCollisionDockBoneComboBox);
        bones->setCurrentIndex(bones->findText("Head"));
        const size_t before = document()->asset().pendulumBones.size();
        auto *add = test::child<QPushButton>(mDock, names::kCollisionDockPendulumAddButton);
        auto *remove = test::child<QPushButton>(mDock, names::kCollisionDockPendulumRemoveButton);
        auto *length =
            test::child<QDoubleSpinBox>(mDock, names::kCollisionDockPendulumLengthSpinBox);
        auto *angle =
            test::child<QDoubleSpinBox>(mDock, names::kCollisionDockPendulumAngleSpinBox);
        QVERIFY(add && remove && length && angle);
        QVERIFY(add->isEnabled() && !remove->isEnabled() && !length->isEnabled());
        const int steps = undo()->index();
        clickButton(names::kCollisionDockPendulumAddButton);
        const auto &pendulums = document()->asset().pendulumBones;
        QCOMPARE(pendulums.size(), before + 1);
        QCOMPARE(pendulums.back().bone, bone("Head"));
        QCOMPARE(undo()->undoText(), QStringLiteral("Add Pendulum"));
        QVERIFY(!add->isEnabled() && remove->isEnabled() && length->isEnabled());
        QCOMPARE(float(length->value()), PendulumBone{}.length);

        // Each value edit is one step.
        length->setValue(0.3);
        angle->setValue(30);
        QCOMPARE(document()->asset().pendulumBones.back().length, 0.3f);
        QCOMPARE(document()->asset().pendulumBones.back().maxAngleDegrees, 30.0f);
        QCOMPARE(undo()->index(), steps + 3);
        QCOMPARE(undo()->undoText(), QStringLiteral("Edit Pendulum"));

        // Another bone has none; back on the head the panel shows its values.
        bones->setCurrentIndex(bones->findText("Neck"));
        QVERIFY(add->isEnabled() && !remove->isEnabled());
        bones->setCurrentIndex(bones->findText("Head"));
        QCOMPARE(length->value(), 0.3);
        clickButton(names::kCollisionDockPendulumRemoveButton);
        QCOMPARE(document()->asset().pendulumBones.size(), before);
        QCOMPARE(undo()->undoText(), QStringLiteral("Remove Pendulum"));
        undo()->undo();
        QCOMPARE(document()->asset().pendulumBones.back().length, 0.3f);
        QCOMPARE(length->value(), 0.3);
        for (int i = 0; i < 3; ++i)
            undo()->undo();
        QCOMPARE(document()->asset().pendulumBones.size(), before);
        QCOMPARE(undo()->index(), steps);
    }

    void draggingThePendulumPointSetsItsLength()
    {
        auto *bones = test::child<QComboBox>(mDock, names::kCollisionDockBoneComboBox);
        bones->setCurrentIndex(bones->findText("Head"));
        clickButton(names::kCollisionDockPendulumAddButton);
        clickButton(names::kCollisionDockPendulumPointButton);
        PointGizmo *gizmo = mDock->pointGizmo();
        QVERIFY(gizmo->isActive());
        QCOMPARE(gizmo->target(), PointGizmo::Target::Pendulum);
        const std::optional<Vec3> point = gizmo->worldPoint();
        QVERIFY(point);
        const Mat4 &head = mWindow->playback()->globalPose()[size_t(bone("Head"))];
        QVERIFY(std::abs(length(*point - Vec3(head.column(3))) - PendulumBone{}.length) < 1e-4f);
        // Dragged away from the head's origin on screen: longer, in one step.
        const QPointF at = *mViewport->project(*point);
        const QPointF origin = *mViewport->project(head.column(3));
        const QPointF away = (at - origin) / std::hypot(at.x() - origin.x(), at.y() - origin.y());
        const int steps = undo()->index();
        test::mouseStroke(mView3d, {at, at + away * 10.0, at + away * 30.0});
        QCOMPARE(undo()->index(), steps + 1);
        QCOMPARE(undo()->undoText(), QStringLiteral("Move Pendulum Point"));
        const float longer = document()->asset().pendulumBones.back().length;
        QVERIFY2(longer > PendulumBone{}.length + 0.01f, qPrintable(QString::number(longer)));
        // Esc during a drag leaves it as it was.
        const QPointF now = *mViewport->project(*gizmo->worldPoint());
        send(QEvent::MouseButtonPress, now, Qt::LeftButton, Qt::LeftButton);
        send(QEvent::MouseMove, now + away * 20.0, Qt::NoButton, Qt::LeftButton);
        key(Qt::Key_Escape);
        send(QEvent::MouseButtonRelease, now + away * 20.0, Qt::LeftButton, Qt::NoButton);
        QCOMPARE(undo()->index(), steps + 1);
        undo()->undo();
        QCOMPARE(document()->asset().pendulumBones.back().length, PendulumBone{}.length);
        undo()->undo(); // the Add
        QCOMPARE(undo()->index(), steps - 1);
        mViewport->setTool(nullptr);
        QVERIFY(!gizmo->isActive());
    }

    void authoringTheRigOnTheChosenBone()
    {
        auto *bones = test::child<QComboBox>(mDock, names::kCollisionDockBoneComboBox);
        auto *aim = test::child<QComboBox>(mDock, names::kRigPanelAimComboBox);
        auto *pointY = test::child<QDoubleSpinBox>(mDock, names::kRigPanelPointYSpinBox);
        auto *weight = test::child<QDoubleSpinBox>(mDock, names::kRigPanelAimWeightSpinBox);
        auto *partner = test::child<QComboBox>(mDock, names::kRigPanelPartnerComboBox);
        QVERIFY(bones && aim && pointY && weight && partner);
        const int steps = undo()->index();
        const size_t before = document()->asset().rigConstraints.size();

        // The neck looks at a spot on the left upper arm: chosen in the combo, one step.
        bones->setCurrentIndex(bones->findText("Neck"));
        QVERIFY(aim->isEnabled() && !pointY->isEnabled());
        QCOMPARE(aim->findText("Head"), -1); // a bone the neck turns is no choice
        chooseComboItem(aim, aim->findText("LeftUpperArm"));
        const auto &rig = document()->asset().rigConstraints;
        QCOMPARE(rig.size(), before + 1);
        QCOMPARE(rig.back().kind, RigConstraintKind::LookAt);
        QCOMPARE(rig.back().bone, bone("Neck"));
        QCOMPARE(rig.back().target, bone("LeftUpperArm"));
        QCOMPARE(undo()->undoText(), QStringLiteral("Add Look-At"));
        QVERIFY(pointY->isEnabled());
        pointY->setValue(0.06);
        weight->setValue(0.5);
        QCOMPARE(document()->asset().rigConstraints.back().point.y, 0.06f);
        QCOMPARE(document()->asset().rigConstraints.back().weight, 0.5f);
        QCOMPARE(undo()->index(), steps + 3);
        QCOMPARE(undo()->undoText(), QStringLiteral("Edit Look-At"));

        // The preview poses the neck by the rig: its aim turned halfway towards the point.
        Playback *playback = mWindow->playback();
        playback->setClip(0);
        playback->setTime(0.5);
        const auto &global = playback->globalPose();
        std::vector<Mat4> bind;
        for (const Bone &b : document()->asset().skeleton.bones)
            bind.push_back(inverse(b.inverseBind));
        RigConstraint full = document()->asset().rigConstraints.back();
        full.weight = 1;
        // Half the weight leaves it off its point; with the weight back at 1 it is on it.
        QVERIFY(lookAtError(full, bind, global, {0, -1, 0}) > 0.1f);
        weight->setValue(1.0);
        QVERIFY(lookAtError(full, bind, playback->globalPose(), {0, -1, 0}) < 0.01f);
        // The skinned body follows: the skinning matrices are the rigged globals.
        const auto &skinning = playback->skinningMatrices();
        const size_t neck = size_t(bone("Neck"));
        const Mat4 g = skinning[neck] * bind[neck];
        for (int k = 0; k < 16; ++k)
            QVERIFY(std::abs(g.m[size_t(k)] - playback->globalPose()[neck].m[size_t(k)]) < 1e-4f);

        // Straight down instead, then the point gizmo has nothing to move.
        chooseComboItem(aim, aim->findData(RigPanel::kDown));
        QCOMPARE(document()->asset().rigConstraints.back().target, -1);
        QVERIFY(!pointY->isEnabled());

        // The left shoulder keeps its distance to the right one.
        bones->setCurrentIndex(bones->findText("LeftShoulder"));
        QCOMPARE(partner->currentData().toInt(), RigPanel::kNone);
        chooseComboItem(partner, partner->findText("RightShoulder"));
        QCOMPARE(document()->asset().rigConstraints.back().kind, RigConstraintKind::Position);
        QCOMPARE(document()->asset().rigConstraints.back().target, bone("RightShoulder"));
        QCOMPARE(undo()->undoText(), QStringLiteral("Add Position Constraint"));
        chooseComboItem(partner, partner->findData(RigPanel::kNone));
        QCOMPARE(undo()->undoText(), QStringLiteral("Remove Position Constraint"));

        // Back on the neck the panel shows its look-at; removing it is one step.
        bones->setCurrentIndex(bones->findText("Neck"));
        QCOMPARE(aim->currentData().toInt(), RigPanel::kDown);
        chooseComboItem(aim, aim->findData(RigPanel::kNone));
        QCOMPARE(document()->asset().rigConstraints.size(), before);
        QCOMPARE(undo()->undoText(), QStringLiteral("Remove Look-At"));
        while (undo()->index() > steps)
            undo()->undo();
        QCOMPARE(document()->asset().rigConstraints.size(), before);
    }

    void gizmoFollowsPlayback()
    {
        selectVolume(0);
        mWindow->playback()->setClip(0);
        mWindow->playback()->setTime(0);
        const CollisionGizmo::Handle h = mDock->gizmo()->handles().front();
        const Vec3 atStart = mDock->gizmo()->handlePoint(h);
        mWindow->playback()->setTime(0.4 * mWindow->playback()->duration());
        const Vec3 later = mDock->gizmo()->handlePoint(h);
        QVERIFY(distance(atStart, later) > 0.005f);
        // Where the arm's bone now is, times the volume's local transform.
        const VolumeFrame f = volumeFrame(volumes()[0], *mWindow->playback());
        const Mat4 boneNow = mWindow->playback()->globalPose()[size_t(volumes()[0].bone)];
        QVERIFY(distance(f.origin, boneNow.transformPoint(volumes()[0].local.translation)) < 1e-4f);
        QVERIFY(mViewport->hasLines("gizmo"));
        mWindow->playback()->setTime(0);

        const QString shot = qEnvironmentVariable("TWEED_COLLISION_SCREENSHOT");
        if (!shot.isEmpty()) {
            // For the user guide: volumes fitted to the garment's bones, one selected.
            test::child<QCheckBox>(mDock, names::kCollisionDockFitGarmentBonesCheckBox)
                ->setChecked(true);
            clickButton(names::kCollisionDockAutoFitButton);
            for (size_t i = 0; i < volumes().size(); ++i)
                if (volumes()[i].name == "LeftUpperArm") selectVolume(int(i));
            mViewport->frameAll();
            mViewport->syncNow();
            QTest::qWait(200);
            QVERIFY(mWindow->grabWithViewport().save(shot));
        }
    }

    // A volume on a scaled armature (huesitos.fbx, Blender's FBX at 100) is drawn, framed and
    // picked in the simulation's rigid frame: the bone's scale does not scale its offset (it was
    // drawn 100 times too far and too large, filling the view). Last: it replaces the document.
    void volumesOnAScaledArmatureSitWhereTheySimulate()
    {
        mWindow->document()->replace(editor::loadCharacterFile(
            QString::fromStdString(test::kTestModels + "/FBX/huesitos.fbx")));
        Playback *playback = mWindow->playback();
        playback->pause();
        playback->setTime(0.5 * playback->duration());
        const auto &global = playback->globalPose();
        int bone = -1;
        for (size_t b = 0; b < global.size() && bone < 0; ++b)
            if (length(global[b].column(0)) > 10.0f) // a bone carrying the armature's scale
                bone = int(b);
        QVERIFY2(bone >= 0, "huesitos.fbx has no scaled bone");
        CollisionVolume v;
        v.shape = CollisionShape::Capsule;
        v.bone = bone;
        v.radius = v.radius2 = 0.02f;
        v.halfHeight = 0.05f;
        v.local.translation = {0.0f, 0.1f, 0.03f};
        v.local.rotation = axisAngle({0, 0, 1}, 0.3f);
        const Transform simulated = colliderFrame(v, global[size_t(bone)]);
        const VolumeFrame drawn = volumeFrame(v, *playback);
        QVERIFY2(distance(drawn.origin, simulated.translation) < 1e-4f,
                 qPrintable(QStringLiteral("%1 m apart").arg(double(distance(drawn.origin, simulated.translation)))));
        for (int i = 0; i < 3; ++i) {
            Vec3 unit{0, 0, 0};
            unit[i] = 1;
            QVERIFY(distance(drawn.axes[i], rotate(simulated.rotation, unit)) < 1e-4f);
        }
        // Picked where it simulates: a ray at its centre from outside hits it at its surface.
        const Vec3 from = simulated.translation + rotate(simulated.rotation, {1, 0, 0}) * 0.5f;
        const auto hit = pickVolume({v}, *playback, from, rotate(simulated.rotation, {-1, 0, 0}));
        QVERIFY(hit && hit->first == 0);
        QVERIFY2(std::abs(hit->second - 0.48f) < 1e-3f, qPrintable(QString::number(double(hit->second))));
    }
};

QTEST_MAIN(TestCollision)
#include "test_collision.moc"
