// The document without the window: undo steps and merging, the modified state, saving and
// loading, a missing source character, and re-import keeping the authored data.
#include "document.h"
#include "object_names.h"

#include "ui_test_support.h"

#include "test_paths.h"

#include "tweed/errors.h"
#include "tweed/file_io.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

using namespace tweed;
using namespace tweed::editor;

namespace {
QString testModel(const char *relative)
{
    return QString::fromStdString(tweed::test::kTestModels) + "/" + relative;
}
QString sample()
{
    return QString::fromStdString(tweed::test::kSampleCharacter);
}
} // namespace

class TestDocument : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(mTemp.isValid()); }

    void settingEditsMergePerField()
    {
        Document doc;
        doc.replace(loadCharacterFile(testModel("X/anim_test.x")));
        QVERIFY(!doc.isModified()); // a fresh import: nothing to lose yet
        QSignalSpy changed(&doc, &Document::changed);
        const SettingField &damping = *findSetting("damping");
        const SettingField &friction = *findSetting("friction");
        doc.setSetting(damping, 0.2);
        doc.setSetting(damping, 0.3);
        doc.setSetting(damping, 0.4);
        QCOMPARE(doc.undoStack()->count(), 1);
        doc.setSetting(friction, 0.9);
        doc.setSetting(damping, 0.5); // after another field: a new step
        QCOMPARE(doc.undoStack()->count(), 3);
        QCOMPARE(changed.count(), 5);
        QCOMPARE(changed.last().first().value<Document::Changes>(),
                 Document::Changes(Document::SettingsChanged));
        doc.undoStack()->undo();
        QCOMPARE(doc.asset().simulation.damping, 0.4f);
        doc.undoStack()->undo();
        QCOMPARE(doc.asset().simulation.friction, SimulationSettings{}.friction);
        doc.undoStack()->undo();
        QCOMPARE(doc.asset().simulation.damping, findPreset("tweed")->settings.damping);
        // Setting the value it already has is no step at all.
        doc.setSetting(damping, doc.asset().simulation.damping);
        QCOMPARE(doc.undoStack()->index(), 0);
        // Editing back to the start makes the merged step vanish.
        doc.undoStack()->clear();
        const double start = doc.asset().simulation.damping;
        doc.setSetting(damping, 0.7);
        doc.setSetting(damping, start);
        QCOMPARE(doc.undoStack()->count(), 0);
    }

    void presetAndResetAreOneStepEach()
    {
        Document doc;
        doc.replace(loadCharacterFile(testModel("X/anim_test.x")));
        doc.applyPreset(*findPreset("leather"));
        QVERIFY(doc.asset().simulation == findPreset("leather")->settings);
        QCOMPARE(doc.asset().presetName, std::string("leather"));
        doc.resetSettings();
        QVERIFY(doc.asset().simulation == SimulationSettings{});
        QVERIFY(doc.asset().presetName.empty());
        QCOMPARE(doc.undoStack()->count(), 2);
        doc.undoStack()->undo();
        doc.undoStack()->undo();
        QCOMPARE(doc.asset().presetName, std::string("tweed"));
    }

    void saveMarksCleanAndRoundTrips()
    {
        Document doc;
        doc.replace(loadCharacterFile(sample()));
        doc.setSetting(*findSetting("iterations"), 12);
        const QString path = mTemp.filePath("nested/coat.tweed");
        QDir().mkpath(mTemp.filePath("nested"));
        QSignalSpy modified(&doc, &Document::modifiedChanged);
        doc.save(path);
        QVERIFY(!doc.isModified());
        QVERIFY(modified.count() >= 1);
        QCOMPARE(doc.filePath(), path);
        QCOMPARE(doc.displayName(), QString("coat.tweed"));
        // The source reference is relative to the asset's folder.
        QCOMPARE(
            QDir::cleanPath(QDir(mTemp.filePath("nested"))
                                .absoluteFilePath(QString::fromStdString(doc.asset().source.path))),
            QFileInfo(sample()).absoluteFilePath());
        const LoadedDocument loaded = loadAssetFile(path);
        QVERIFY(loaded.asset == doc.asset());
        QVERIFY(loaded.warnings.isEmpty());
        QCOMPARE(loaded.character.meshes.size(), doc.character().meshes.size());
        QCOMPARE(loaded.character.clips.size(), doc.character().clips.size());
        // The undo history survives a save; undoing makes the document modified again.
        doc.undoStack()->undo();
        QVERIFY(doc.isModified());
    }

    void missingSourceShowsGarmentOnly()
    {
        // Save next to a copy of the character, then remove the copy.
        const QString dir = mTemp.filePath("missing");
        QDir().mkpath(dir);
        const QString character = dir + "/anim_test.x";
        QVERIFY(QFile::copy(testModel("X/anim_test.x"), character));
        Document doc;
        doc.replace(loadCharacterFile(character));
        doc.save(dir + "/asset.tweed");
        QVERIFY(QFile::remove(character));
        const LoadedDocument loaded = loadAssetFile(dir + "/asset.tweed");
        QVERIFY(loaded.asset == doc.asset());
        QCOMPARE(loaded.warnings.size(), 1);
        QVERIFY(loaded.warnings.first().contains("anim_test.x"));
        QVERIFY(loaded.characterPath.isEmpty());
        QCOMPARE(loaded.character.meshes.size(), size_t(1));
        QVERIFY(loaded.character.meshes[0] == doc.asset().lods[0].mesh);
        QVERIFY(loaded.character.clips.empty());

        // Saved elsewhere, the reference still points at where the character belongs.
        Document garmentOnly;
        garmentOnly.replace(loaded);
        QDir().mkpath(dir + "/sub");
        garmentOnly.save(dir + "/sub/moved.tweed");
        QCOMPARE(QString::fromStdString(garmentOnly.asset().source.path),
                 QString("../anim_test.x"));
    }

    void badFilesThrowNamingTheFile()
    {
        const QString missing = mTemp.filePath("nothing_here.dae");
        try {
            loadAnyFile(missing);
            QFAIL("no error for a missing file");
        } catch (const InputError &e) {
            QVERIFY2(QString(e.what()).contains("nothing_here.dae"), e.what());
        }
        const QString broken = mTemp.filePath("broken.tweed");
        tweed::writeFileAtomically(broken.toStdString(), "format_version: [oops");
        try {
            loadAnyFile(broken);
            QFAIL("no error for a broken asset");
        } catch (const InputError &e) {
            QVERIFY2(QString(e.what()).contains("broken.tweed"), e.what());
        }
    }

    // A cooked asset opens as an asset document converted from it: nothing is lost, and saving
    // writes a .tweed (the cooked file is never overwritten by Save).
    void cookedAssetOpensConverted()
    {
        const QString dir = mTemp.filePath("cooked");
        QVERIFY(QDir().mkpath(dir));
        Document original;
        original.replace(loadCharacterFile(sample()));
        original.setSetting(*findSetting("damping"), 0.35);
        original.save(dir + "/coat.tweed");
        const QString cooked = dir + "/coat.tweedc";
        original.exportCooked(cooked);

        QVERIFY(isAssetFile(cooked));
        LoadedDocument loaded = loadAnyFile(cooked);
        QCOMPARE(loaded.convertedFrom, QFileInfo(cooked).absoluteFilePath());
        QVERIFY(loaded.filePath.isEmpty());
        QCOMPARE(QFileInfo(loaded.characterPath).canonicalFilePath(),
                 QFileInfo(sample()).canonicalFilePath());
        QVERIFY(loaded.asset == original.asset());
        QCOMPARE(loaded.asset.simulation.damping, 0.35f);

        Document doc;
        doc.replace(std::move(loaded));
        QCOMPARE(doc.displayName(), QString("coat.tweedc"));
        QVERIFY(!doc.isModified());
        QVERIFY(doc.filePath().isEmpty());
        const QString saved = dir + "/converted.tweed";
        doc.save(saved);
        QCOMPARE(doc.filePath(), QFileInfo(saved).absoluteFilePath());
        // The saved asset finds the source character from its own folder.
        const LoadedDocument reloaded = loadAssetFile(saved);
        QCOMPARE(QFileInfo(reloaded.characterPath).canonicalFilePath(),
                 QFileInfo(sample()).canonicalFilePath());
        QVERIFY(reloaded.asset.lods == original.asset().lods);

        // A damaged cooked file is refused naming it.
        const QString broken = dir + "/broken.tweedc";
        QByteArray bytes;
        {
            QFile in(cooked);
            QVERIFY(in.open(QIODevice::ReadOnly));
            bytes = in.read(200);
        }
        tweed::writeFileAtomically(broken.toStdString(), bytes.toStdString());
        try {
            loadAnyFile(broken);
            QFAIL("no error for a truncated cooked file");
        } catch (const InputError &e) {
            QVERIFY2(QString(e.what()).contains("broken.tweedc"), e.what());
        }
    }

    // In the window: File > Open offers cooked files, opening one says in the status bar that it
    // was converted and that saving writes .tweed, and Save asks where to write the .tweed.
    void cookedAssetOpensInTheWindow()
    {
        tweed::test::isolateSettings("test_document");
        MainWindow::removeRecoveryFile();
        const QString dir = mTemp.filePath("window");
        QVERIFY(QDir().mkpath(dir));
        const QString cooked = dir + "/jacket.tweedc";
        {
            Document doc;
            doc.replace(loadCharacterFile(testModel("X/anim_test.x")));
            doc.save(dir + "/jacket.tweed");
            doc.exportCooked(cooked);
        }
        MainWindow window;
        auto prompts = std::make_unique<tweed::test::ScriptedPrompts>();
        tweed::test::ScriptedPrompts *scripted = prompts.get();
        window.setPrompts(std::move(prompts));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));

        scripted->openFiles.push_back(cooked);
        window.findChild<QAction *>(names::kMainWindowFileOpenAction)->trigger();
        QVERIFY2(scripted->errors.isEmpty(), qPrintable(scripted->errors.join('\n')));
        Document *doc = window.document();
        QCOMPARE(doc->data().convertedFrom, QFileInfo(cooked).absoluteFilePath());
        QVERIFY(!doc->asset().lods.empty());
        const QString note = window.statusBar()->currentMessage();
        QVERIFY2(note.contains("jacket.tweedc") && note.contains("converted from a cooked file") &&
                     note.contains(".tweed asset"),
                 qPrintable(note));
        QVERIFY(window.windowTitle().contains("jacket.tweedc"));

        const QString saved = dir + "/jacket_edited.tweed";
        scripted->saveFiles.push_back(saved);
        window.findChild<QAction *>(names::kMainWindowFileSaveAction)->trigger();
        QVERIFY2(scripted->errors.isEmpty(), qPrintable(scripted->errors.join('\n')));
        QCOMPARE(doc->filePath(), QFileInfo(saved).absoluteFilePath());
        QVERIFY(loadAssetFile(saved).asset == doc->asset());
        scripted->unsavedAnswer = Prompts::UnsavedAnswer::Discard;
        window.close();
    }

    void cancelledLoadThrowsCancelled()
    {
        int calls = 0;
        const ProgressCallback stop = [&calls](float, std::string_view) {
            ++calls;
            return false;
        };
        QVERIFY_THROWS_EXCEPTION(tweed::Cancelled, loadCharacterFile(sample(), stop));
        QVERIFY(calls >= 1);
    }

    void reimportKeepsAuthoredData()
    {
        LoadedDocument first = loadCharacterFile(sample());
        QVERIFY(!first.asset.lods.empty());
        QVERIFY(first.character.skeleton.bones.size() > 2);
        // Authored data: settings, a painted channel, a collision volume on a named bone.
        first.asset.simulation.damping = 0.77f;
        first.asset.simulation.iterations = 23;
        GraphicsLod &lod = first.asset.lods[0];
        auto &maxDistance = lod.channels[FloatChannel::MaxDistance];
        for (size_t v = 0; v < maxDistance.size(); ++v)
            maxDistance[v] = 0.01f * float(v % 7);
        CollisionVolume volume;
        volume.name = "chest";
        volume.bone = 2;
        volume.radii = {0.2f, 0.3f, 0.15f};
        first.asset.collisionVolumes.push_back(volume);
        const std::string boneName = first.character.skeleton.bones[2].name;

        Document doc;
        doc.replace(first);
        QSignalSpy changed(&doc, &Document::changed);
        doc.applyReimport(reimportCharacter(doc.data()));
        QCOMPARE(changed.count(), 1);
        QCOMPARE(doc.undoStack()->count(), 1);
        const ClothingAsset &asset = doc.asset();
        QCOMPARE(asset.simulation.damping, 0.77f);
        QCOMPARE(asset.simulation.iterations, 23);
        QCOMPARE(asset.collisionVolumes.size(), size_t(1));
        QCOMPARE(asset.skeleton.bones[size_t(asset.collisionVolumes[0].bone)].name, boneName);
        // The same file: every vertex finds itself, so the painting comes back exactly.
        QCOMPARE(asset.lods[0].mesh.positions, lod.mesh.positions);
        QCOMPARE(asset.lods[0].channels[FloatChannel::MaxDistance], maxDistance);
        // The physics mesh was regenerated from the painted channels (it carries them).
        QVERIFY(!asset.physicsMeshes.empty());
        const auto &physicsMax = asset.physicsMeshes[0].channels[FloatChannel::MaxDistance];
        QCOMPARE(physicsMax.size(), asset.physicsMeshes[0].vertexCount());
        float largest = 0;
        for (float d : physicsMax)
            largest = std::max(largest, d);
        QVERIFY(largest > 0.0f && largest <= 0.06f + 1e-6f);
        // One undo step brings back the asset before the re-import.
        doc.undoStack()->undo();
        QVERIFY(doc.asset() == first.asset);
    }

private:
    QTemporaryDir mTemp;
};

QTEST_MAIN(TestDocument)
#include "test_document.moc"
