// Garment layers in the editor, on the sample (Coat, its CoatLining, the Body): the Physics Mesh
// dock's layers table shows each mesh as body, shell or rider and changes one in one undo step
// (also on a character of 19 meshes); the Statistics dock shows the cloth measures of the frames
// simulated; the measures' debug views draw their offenders (vertices held at a constructed 1 mm
// of Max Distance); the collision dock lists each volume's protrusion out of the body.
#include "collision/collision_dock.h"
#include "document.h"
#include "main_window.h"
#include "object_names.h"
#include "physics_mesh/physics_mesh_dock.h"
#include "playback.h"
#include "simulation/debug_views.h"
#include "simulation/simulation_controller.h"
#include "simulation/statistics_dock.h"
#include "test_paths.h"
#include "ui_test_support.h"
#include "viewport/viewport.h"

#include "tweed/meshproc/create_asset.h"
#include "tweed/meshproc/import.h"
#include "tweed/meshproc/volume_inside.h"

#include <QComboBox>
#include <QDockWidget>
#include <QSet>
#include <QTableWidget>
#include <QTest>
#include <QTreeWidget>
#include <QUndoStack>

#include <cmath>
#include <memory>

using namespace tweed;
using namespace tweed::editor;

namespace {

// A character of `count` skinned quads (2 x 2 grids) side by side on one bone: Mesh0, Mesh1, …
Character manyMeshes(int count)
{
    Character c;
    Bone root;
    root.name = "Root";
    c.skeleton.bones.push_back(root);
    for (int m = 0; m < count; ++m) {
        GraphicsMesh mesh;
        mesh.name = "Mesh" + std::to_string(m);
        for (int j = 0; j < 3; ++j)
            for (int i = 0; i < 3; ++i) {
                mesh.positions.push_back({0.3f * float(m) + 0.1f * float(i), -0.1f * float(j), 0});
                mesh.normals.push_back({0, 0, 1});
                mesh.uvs.push_back({0.5f * float(i), 0.5f * float(j)});
                BoneInfluence inf;
                inf.weights[0] = 1;
                mesh.skin.push_back(inf);
            }
        for (uint32_t j = 0; j < 2; ++j)
            for (uint32_t i = 0; i < 2; ++i) {
                const uint32_t a = j * 3 + i;
                for (uint32_t k : {a, a + 3, a + 1, a + 1, a + 3, a + 4})
                    mesh.indices.push_back(k);
            }
        mesh.submeshes.push_back({mesh.name, "", "", 0, 8, LayerRole::Shell});
        c.meshes.push_back(mesh);
    }
    return c;
}

// Chooses `role` in a combo box as from its popup: the index changes, then activated().
void choose(QComboBox *combo, MeshRole role)
{
    const int target = combo->findData(int(role));
    combo->setCurrentIndex(target);
    emit combo->activated(target);
}

} // namespace

class TestGarmentLayers : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<MainWindow> mWindow;
    test::ScriptedPrompts *mPrompts = nullptr;
    LoadedDocument mSample;

    Document *doc() const { return mWindow->document(); }
    PhysicsMeshDock *physicsDock() const
    {
        return test::child<PhysicsMeshDock>(mWindow.get(), names::kPhysicsMeshDock);
    }
    const Submesh *part(const std::string &name) const
    {
        for (const Submesh &s : doc()->asset().lods[0].mesh.submeshes)
            if (s.name == name) return &s;
        return nullptr;
    }
    size_t physicsVertices() const
    {
        const ClothingAsset &a = doc()->asset();
        return a.physicsMeshes[size_t(a.lods[0].physicsMesh)].vertexCount();
    }
    void openSample()
    {
        doc()->replace(mSample);
        mWindow->simulation()->setSimulating(false);
        mPrompts->errors.clear();
    }
    // Simulates `frames` frames of Walk from 0.2 s.
    void simulateWalk(int frames)
    {
        Playback *playback = mWindow->playback();
        playback->setClip(doc()->character().findClip("Walk"));
        playback->pause();
        playback->setTime(0.2);
        SimulationController *simulation = mWindow->simulation();
        simulation->setSimulating(true);
        for (int i = 0; i < frames; ++i)
            simulation->stepFrame();
    }

private slots:
    void initTestCase()
    {
        test::isolateSettings("test_garment_layers");
        mSample.character = importCharacter(test::kSampleCharacter);
        CreateAssetOptions options;
        options.garmentMeshes = {"Coat", "CoatLining"};
        mSample.asset = createAsset(mSample.character, options);
        mWindow = std::make_unique<MainWindow>();
        auto prompts = std::make_unique<test::ScriptedPrompts>();
        mPrompts = prompts.get();
        mWindow->setPrompts(std::move(prompts));
        openSample();
        mWindow->show();
        QVERIFY(QTest::qWaitForWindowExposed(mWindow.get()));
    }

    void cleanupTestCase() { mWindow.reset(); }

    // Body, Coat and CoatLining are listed as body, shell and rider, each choice with its own
    // objectName and accessible name.
    void tableShowsEachMeshsRole()
    {
        openSample();
        PhysicsMeshDock *dock = physicsDock();
        dock->show();
        QCOMPARE(dock->layerMeshes(), (QStringList{"Body", "Coat", "CoatLining"}));
        QCOMPARE(dock->layerRole("Body"), MeshRole::Body);
        QCOMPARE(dock->layerRole("Coat"), MeshRole::Shell);
        QCOMPARE(dock->layerRole("CoatLining"), MeshRole::Rider);
        auto *table = test::child<QTableWidget>(dock, names::kPhysicsMeshDockLayerTable);
        QVERIFY(table && !table->accessibleName().isEmpty());
        QSet<QString> objectNames, accessible;
        for (const QString &mesh : dock->layerMeshes()) {
            QComboBox *combo = dock->layerRoleCombo(mesh);
            QVERIFY(combo);
            QCOMPARE(combo->count(), 3);
            objectNames.insert(combo->objectName());
            accessible.insert(combo->accessibleName());
            QVERIFY(combo->accessibleName().contains(mesh));
        }
        QCOMPARE(objectNames.size(), 3);
        QCOMPARE(accessible.size(), 3);
    }

    // Making the lining a shell rebuilds the physics mesh from both layers in one undo step;
    // undo brings the rider back. Giving the lining to the body takes it out of the garment.
    void changingARoleIsOneUndoStep()
    {
        openSample();
        PhysicsMeshDock *dock = physicsDock();
        QUndoStack *undo = doc()->undoStack();
        const int steps = undo->index();
        const size_t coatOnly = physicsVertices();
        choose(dock->layerRoleCombo("CoatLining"), MeshRole::Shell);
        QVERIFY2(mPrompts->errors.isEmpty(), qPrintable(mPrompts->errors.join('\n')));
        QCOMPARE(undo->index(), steps + 1);
        QCOMPARE(part("CoatLining")->role, LayerRole::Shell);
        QVERIFY(physicsVertices() > coatOnly); // the lining is simulated too
        QCOMPARE(dock->layerRole("CoatLining"), MeshRole::Shell);
        undo->undo();
        QCOMPARE(part("CoatLining")->role, LayerRole::Rider);
        QCOMPARE(physicsVertices(), coatOnly);
        QCOMPARE(dock->layerRole("CoatLining"), MeshRole::Rider);

        choose(dock->layerRoleCombo("CoatLining"), MeshRole::Body);
        QCOMPARE(undo->index(), steps + 1);
        QVERIFY(!part("CoatLining"));
        QCOMPARE(dock->garmentMeshes(), QStringList{"Coat"});
        QCOMPARE(dock->layerRole("CoatLining"), MeshRole::Body);
        undo->undo();
        QCOMPARE(part("CoatLining")->role, LayerRole::Rider);

        // The last shell cannot go: the garment needs one to build its physics mesh.
        QVERIFY(!dock->setLayerRole("Coat", MeshRole::Rider));
        QCOMPARE(mPrompts->errors.size(), 1);
        QCOMPARE(undo->index(), steps);
        QCOMPARE(dock->layerRole("Coat"), MeshRole::Shell);
    }

    // A character of 19 meshes: every mesh is listed with its own choice, and one of the body
    // becomes a second shell in one step.
    void manyMeshesEachHaveARole()
    {
        LoadedDocument many;
        many.character = manyMeshes(19);
        CreateAssetOptions options;
        options.garmentMeshes = {"Mesh0"};
        many.asset = createAsset(many.character, options);
        doc()->replace(many);
        mPrompts->errors.clear();
        PhysicsMeshDock *dock = physicsDock();
        QCOMPARE(dock->layerMeshes().size(), 19);
        QSet<QString> accessible;
        for (const QString &mesh : dock->layerMeshes()) {
            QVERIFY(dock->layerRoleCombo(mesh));
            accessible.insert(dock->layerRoleCombo(mesh)->accessibleName());
            QCOMPARE(dock->layerRole(mesh), mesh == "Mesh0" ? MeshRole::Shell : MeshRole::Body);
        }
        QCOMPARE(accessible.size(), 19);
        const int steps = doc()->undoStack()->index();
        choose(dock->layerRoleCombo("Mesh12"), MeshRole::Shell);
        QVERIFY2(mPrompts->errors.isEmpty(), qPrintable(mPrompts->errors.join('\n')));
        QCOMPARE(doc()->undoStack()->index(), steps + 1);
        QCOMPARE(dock->garmentMeshes(), (QStringList{"Mesh0", "Mesh12"}));
        QCOMPARE(part("Mesh12")->role, LayerRole::Shell);
        QCOMPARE(physicsVertices(), size_t(18));
        doc()->undoStack()->undo();
        QCOMPARE(dock->garmentMeshes(), QStringList{"Mesh0"});
        QCOMPARE(dock->layerRole("Mesh12"), MeshRole::Body);
    }

    // While the sample simulates, the Statistics dock's table shows the measures of the last
    // frame and of every frame since the reset, as the controller computed them.
    void statisticsShowTheMeasures()
    {
        openSample();
        auto *stats = test::child<StatisticsDock>(mWindow.get(), names::kStatisticsDock);
        QVERIFY(stats);
        stats->show();
        stats->raise();
        QTRY_VERIFY(mWindow->simulation()->isMeasuring());
        simulateWalk(12);
        SimulationController *simulation = mWindow->simulation();
        QCOMPARE(simulation->framesSinceReset(), 12);
        const FrameMeasures &f = simulation->lastMeasures();
        QVERIFY(f.layerVertices > 0);     // the lining rides on the coat
        QVERIFY(f.physicsVertices > 0);
        QCOMPARE(f.maxStretch, simulation->lastStats().maxStretch);
        const ClipMeasures clip = simulation->measuresSinceReset();
        QCOMPARE(clip.frames, 13); // the reset's frame and twelve steps
        QTableWidget *table = stats->measuresTable();
        QCOMPARE(table->objectName(), QString(names::kStatisticsDockMeasuresTable));
        QTRY_COMPARE(table->item(StatisticsDock::MaxStretchMeasure, StatisticsDock::ThisFrame)->text(),
                     QLocale().toString(double(f.maxStretch), 'f', 3));
        QCOMPARE(table->item(StatisticsDock::MeanMaxStretch, StatisticsDock::SinceReset)->text(),
                 QLocale().toString(clip.meanMaxStretch, 'f', 3));
        QCOMPARE(table->item(StatisticsDock::LayerPokeThrough, StatisticsDock::ThisFrame)->text(),
                 StatisticsDock::tr("%1 %").arg(
                     QLocale().toString(100.0 * f.layerPokeThrough(), 'f', 2)));
        QCOMPARE(
            table->item(StatisticsDock::MaxDistanceHitShare, StatisticsDock::SinceReset)->text(),
            StatisticsDock::tr("%1 %").arg(
                QLocale().toString(100.0 * clip.sum.maxDistanceHitShare(), 'f', 2)));
        for (int r = 0; r < StatisticsDock::MeasureCount; ++r)
            QVERIFY(!table->item(r, 0)->text().isEmpty());
        simulation->setSimulating(false);
    }

    // Every free vertex held at 1 mm of Max Distance hangs at its limit: the debug view of
    // vertices at Max Distance draws one cross on each of them, and none when off.
    void debugViewShowsVerticesAtTheirLimit()
    {
        openSample();
        LoadedDocument held = mSample;
        PhysicsMesh &physics = held.asset.physicsMeshes[size_t(held.asset.lods[0].physicsMesh)];
        size_t free = 0;
        for (float &d : physics.channels[FloatChannel::MaxDistance])
            if (d > 0) {
                d = 0.001f;
                ++free;
            }
        QVERIFY(free > 100);
        doc()->replace(held);
        DebugViews *views = mWindow->simulation()->debugViews();
        views->setOn(DebugViews::MaxDistanceHits, true);
        QVERIFY(mWindow->simulation()->isMeasuring());
        simulateWalk(8);
        views->syncNow();
        const FrameOffenders &off = mWindow->simulation()->lastOffenders();
        // Nearly all (a few near the pins are held by their neighbours), each a free vertex.
        QVERIFY2(off.atLimit.size() > free * 95 / 100, std::to_string(off.atLimit.size()).c_str());
        for (uint32_t v : off.atLimit)
            QCOMPARE(physics.channels[FloatChannel::MaxDistance][v], 0.001f);
        QCOMPARE(views->drawnCount(DebugViews::MaxDistanceHits), off.atLimit.size());
        // A cross is three segments.
        QCOMPARE(mWindow->viewport()->lineCount(DebugViews::layerName(DebugViews::MaxDistanceHits)),
                 3 * off.atLimit.size());
        views->setOn(DebugViews::MaxDistanceHits, false);
        views->syncNow();
        QCOMPARE(mWindow->viewport()->lineCount(DebugViews::layerName(DebugViews::MaxDistanceHits)),
                 size_t(0));
        mWindow->simulation()->setSimulating(false);
    }

    // A small sphere in the chest lies inside the body; a 60 cm one sticks far out of it. The
    // column shows each in the user's unit.
    void collisionListShowsProtrusion()
    {
        LoadedDocument withVolumes = mSample;
        const int chest = withVolumes.asset.skeleton.find("Chest");
        QVERIFY(chest >= 0);
        CollisionVolume small, large;
        small.name = "Small";
        large.name = "Large";
        small.shape = large.shape = CollisionShape::Sphere;
        small.bone = large.bone = chest;
        small.radius = 0.02f;
        large.radius = 0.6f;
        withVolumes.asset.collisionVolumes = {small, large};
        doc()->replace(withVolumes);
        mWindow->preferences()->setLengthUnit(LengthUnit::Centimetres);
        auto *dock = test::child<CollisionDock>(mWindow.get(), names::kCollisionDock);
        QVERIFY(dock);
        auto *list = test::child<QTreeWidget>(dock, names::kCollisionDockVolumeList);
        QCOMPARE(list->columnCount(), 4);
        QCOMPARE(list->topLevelItemCount(), 2);
        // Measured off the UI thread: the rows are listed at once, their protrusion reads
        // "measuring…" until the result arrives, then shows it.
        QVERIFY(dock->measuringProtrusions());
        QCOMPARE(list->topLevelItem(1)->text(CollisionDock::ProtrusionColumn),
                 CollisionDock::tr("measuring…"));
        QVERIFY(!list->topLevelItem(1)->data(CollisionDock::ProtrusionColumn, Qt::UserRole).isValid());
        QTRY_VERIFY_WITH_TIMEOUT(!dock->measuringProtrusions(), 120000);
        QCOMPARE(list->topLevelItem(1)->data(CollisionDock::ProtrusionColumn, Qt::UserRole).toDouble(),
                 double(dock->protrusion(1)));
        QCOMPARE(dock->protrusion(0), 0.0f);
        // The sample's chest is well under 60 cm across: the big sphere sticks out by more
        // than 30 cm, less than its radius.
        QVERIFY(dock->protrusion(1) > 0.3f && dock->protrusion(1) < 0.6f);
        QCOMPARE(list->topLevelItem(0)->text(CollisionDock::ProtrusionColumn),
                 QLocale().toString(0.0, 'f', 1) + " " + CollisionDock::tr("cm"));
        QCOMPARE(list->topLevelItem(1)->text(CollisionDock::ProtrusionColumn),
                 QLocale().toString(double(dock->protrusion(1)) * 100, 'f', 1) + " " +
                     CollisionDock::tr("cm"));
        mWindow->preferences()->setLengthUnit(LengthUnit::Metres);
        QCOMPARE(list->topLevelItem(1)->text(CollisionDock::ProtrusionColumn),
                 QLocale().toString(double(dock->protrusion(1)), 'f', 3) + " " +
                     CollisionDock::tr("m"));
    }

    // The column measures over the bind pose and every frame of the clips, as Auto Setup fits
    // and `tweed-cli qa` measures: an upper-arm volume fitted inside in the bind pose alone
    // sticks out in the clips' frames, by what the measure over the clips says.
    void protrusionColumnCoversTheClips()
    {
        LoadedDocument withVolume = mSample;
        const Character &character = withVolume.character;
        QVERIFY(!character.clips.empty());
        const int arm = character.skeleton.find("LeftUpperArm");
        QVERIFY(arm >= 0);
        const int bodyMesh = character.findMesh("Body");
        QVERIFY(bodyMesh >= 0);
        const std::vector<const GraphicsMesh *> body{&character.meshes[size_t(bodyMesh)]};
        const float thickness = withVolume.asset.simulation.collisionThickness;
        const std::vector<CollisionVolume> bindFit = fitVolumesInside(
            character.skeleton, body, arm, CollisionShape::Ellipsoid, {}, thickness);
        QVERIFY(!bindFit.empty());
        withVolume.asset.collisionVolumes = {bindFit.front()};
        doc()->replace(withVolume);
        auto *dock = test::child<CollisionDock>(mWindow.get(), names::kCollisionDock);
        QVERIFY(dock);
        const float bindOnly = volumeProtrusion(bindFit.front(), character.skeleton, body);
        const BodyMotion motion(character.skeleton, body, character.clips);
        const float overClips = volumeProtrusion(bindFit.front(), motion);
        QVERIFY2(bindOnly <= thickness + 1e-5f, qPrintable(QString::number(bindOnly)));
        QVERIFY2(overClips > bindOnly + 1e-3f,
                 qPrintable(QString("%1 %2").arg(overClips).arg(bindOnly)));
        auto *list = test::child<QTreeWidget>(dock, names::kCollisionDockVolumeList);
        QTRY_VERIFY_WITH_TIMEOUT(!dock->measuringProtrusions(), 120000);
        QCOMPARE(dock->protrusion(0), overClips);
        QCOMPARE(list->topLevelItem(0)->data(CollisionDock::ProtrusionColumn, Qt::UserRole).toDouble(),
                 double(overClips));
    }
};

QTEST_MAIN(TestGarmentLayers)
#include "test_garment_layers.moc"
