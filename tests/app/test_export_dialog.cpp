// File > Export's dialog on the sample's coat: the glTF physics mesh written through the
// widgets re-reads with its Max Distance values; a target with fewer collision volumes lists
// what is lost and refuses to export until "allow loss" is ticked; a baked-bones export of a
// few frames, refused for its bake error until "allow loss" is ticked; an export estimated past
// the size limit is refused until the limit is raised; a path in a missing folder is an error
// naming the file and writes nothing.
#include "document.h"
#include "export_dialog.h"
#include "object_names.h"
#include "ui_test_support.h"

#include "test_paths.h"

#include "tweed/meshproc/create_asset.h"
#include "tweed/meshproc/import.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QPushButton>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <cstring>

using namespace tweed;
using namespace tweed::editor;
using test::child;

namespace {

/// The JSON of a .gltf file, or of a .glb file's first chunk.
QJsonObject gltfJson(const QString &path, QByteArray *buffer = nullptr)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return {};
    const QByteArray bytes = file.readAll();
    QByteArray json = bytes;
    if (bytes.startsWith("glTF")) {
        uint32_t length = 0;
        std::memcpy(&length, bytes.constData() + 12, 4);
        json = bytes.mid(20, int(length));
    }
    const QJsonObject root = QJsonDocument::fromJson(json).object();
    if (buffer && !bytes.startsWith("glTF")) {
        const QString uri = root["buffers"].toArray()[0].toObject()["uri"].toString();
        *buffer = QByteArray::fromBase64(uri.mid(uri.indexOf(',') + 1).toLatin1());
    }
    return root;
}

/// The floats of a scalar accessor of an embedded buffer.
std::vector<float> readFloats(const QJsonObject &root, const QByteArray &buffer, int accessor)
{
    const QJsonObject a = root["accessors"].toArray()[accessor].toObject();
    const QJsonObject v = root["bufferViews"].toArray()[a["bufferView"].toInt()].toObject();
    const int offset = v["byteOffset"].toInt() + a["byteOffset"].toInt();
    std::vector<float> out(size_t(a["count"].toInt()));
    if (offset + int(out.size() * sizeof(float)) > buffer.size()) return {};
    std::memcpy(out.data(), buffer.constData() + offset, out.size() * sizeof(float));
    return out;
}

int collisionNodes(const QJsonObject &root)
{
    int n = 0;
    for (const QJsonValue &node : root["nodes"].toArray())
        n += node.toObject()["extras"].toObject().contains("tweed_collision") ? 1 : 0;
    return n;
}

} // namespace

class TestExportDialog : public QObject
{
    Q_OBJECT

private:
    Document *mDocument = nullptr;
    test::ScriptedPrompts mPrompts;
    QTemporaryDir mDir;

    // Every field through its widget; returns the dialog ready to export.
    void fill(ExportDialog &dialog, int format, const QString &path)
    {
        auto *formatBox = child<QComboBox>(&dialog, names::kExportDialogFormatComboBox);
        QVERIFY(formatBox);
        formatBox->setCurrentIndex(format);
        auto *pathEdit = child<QLineEdit>(&dialog, names::kExportDialogPathLineEdit);
        QVERIFY(pathEdit);
        pathEdit->setText(path);
    }

private slots:
    void initTestCase()
    {
        test::isolateSettings("test_export_dialog");
        QVERIFY(mDir.isValid());
        const Character character = importCharacter(test::kSampleCharacter);
        CreateAssetOptions options;
        options.garmentMeshes = {"Coat"};
        LoadedDocument loaded;
        loaded.asset = createAsset(character, options);
        // Two collision volumes beyond whatever the asset brings.
        CollisionVolume torso;
        torso.name = "torso";
        torso.bone = 1;
        torso.radii = {0.18f, 0.3f, 0.12f};
        CollisionVolume floor;
        floor.name = "floor";
        floor.shape = CollisionShape::Plane;
        loaded.asset.collisionVolumes.push_back(torso);
        loaded.asset.collisionVolumes.push_back(floor);
        loaded.character = character;
        mDocument = new Document(this);
        mDocument->replace(std::move(loaded));
        QVERIFY(!mDocument->asset().lods.empty());
        QVERIFY(mDocument->character().findClip("Walk") >= 0);
    }

    void init() { mPrompts.errors.clear(); }

    void gltfPhysicsMesh()
    {
        ExportDialog dialog(mDocument, &mPrompts);
        dialog.show();
        const QString file = mDir.filePath("coat.gltf");
        fill(dialog, 0, file);
        auto *units = child<QComboBox>(&dialog, names::kExportDialogUnitsComboBox);
        QCOMPARE(units->count(), 2);
        units->setCurrentIndex(0);
        QCOMPARE(child<QListWidget>(&dialog, names::kExportDialogProblemsList)->count(), 0);
        auto *exportButton = child<QPushButton>(&dialog, names::kExportDialogExportButton);
        QVERIFY(exportButton->isEnabled());
        exportButton->click();
        QVERIFY2(mPrompts.errors.isEmpty(), qPrintable(mPrompts.errors.join('\n')));
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QVERIFY(QFile::exists(file));

        // The physics mesh's Max Distance, value for value; every collision volume as a node.
        QByteArray buffer;
        const QJsonObject root = gltfJson(file, &buffer);
        const QJsonObject attributes = root["meshes"]
                                           .toArray()[0]
                                           .toObject()["primitives"]
                                           .toArray()[0]
                                           .toObject()["attributes"]
                                           .toObject();
        QVERIFY(attributes.contains("_MAX_DISTANCE"));
        const PhysicsMesh &p = mDocument->asset().physicsMeshes[0];
        QCOMPARE(readFloats(root, buffer, attributes["_MAX_DISTANCE"].toInt()),
                 p.channels[FloatChannel::MaxDistance]);
        QCOMPARE(size_t(collisionNodes(root)), mDocument->asset().collisionVolumes.size());
        QCOMPARE(dialog.lastReport().vertices > 0, true);
    }

    void targetLimitsAreListedAndRefused()
    {
        ExportDialog dialog(mDocument, &mPrompts);
        dialog.show();
        const QString file = mDir.filePath("few_volumes.gltf");
        fill(dialog, 0, file);
        const int volumes = int(mDocument->asset().collisionVolumes.size());
        auto *maxVolumes = child<QSpinBox>(&dialog, names::kExportDialogMaxVolumesSpinBox);
        QVERIFY(maxVolumes->isEnabled());
        maxVolumes->setValue(volumes - 1);
        auto *list = child<QListWidget>(&dialog, names::kExportDialogProblemsList);
        QCOMPARE(list->count(), 1);
        QVERIFY(list->item(0)->text().contains("'floor'"));
        auto *exportButton = child<QPushButton>(&dialog, names::kExportDialogExportButton);
        auto *allowLoss = child<QCheckBox>(&dialog, names::kExportDialogAllowLossCheckBox);
        QVERIFY(!allowLoss->isChecked());
        QVERIFY(!exportButton->isEnabled());
        dialog.exportNow(); // refused even when called directly
        QVERIFY(!QFile::exists(file));
        QCOMPARE(dialog.result(), int(QDialog::Rejected));

        allowLoss->setChecked(true);
        QVERIFY(exportButton->isEnabled());
        exportButton->click();
        QVERIFY2(mPrompts.errors.isEmpty(), qPrintable(mPrompts.errors.join('\n')));
        QVERIFY(QFile::exists(file));
        QCOMPARE(collisionNodes(gltfJson(file)), volumes - 1);
        QCOMPARE(dialog.lastReport().unrepresented.size(), size_t(1));

        // Back within the limit, the list empties.
        ExportDialog again(mDocument, &mPrompts);
        child<QSpinBox>(&again, names::kExportDialogMaxVolumesSpinBox)->setValue(volumes);
        QCOMPARE(child<QListWidget>(&again, names::kExportDialogProblemsList)->count(), 0);
    }

    void bakedBonesOfAFewFrames()
    {
        ExportDialog dialog(mDocument, &mPrompts);
        dialog.show();
        const QString file = mDir.filePath("coat_baked.glb");
        fill(dialog, 1, file);
        auto *clip = child<QComboBox>(&dialog, names::kExportDialogClipComboBox);
        const int walk = clip->findText("Walk");
        QVERIFY(walk > 0);
        clip->setCurrentIndex(walk);
        child<QSpinBox>(&dialog, names::kExportDialogFramesSpinBox)->setValue(3);
        child<QDoubleSpinBox>(&dialog, names::kExportDialogFpsSpinBox)->setValue(30);
        child<QSpinBox>(&dialog, names::kExportDialogClothBonesSpinBox)->setValue(24);
        // A bone budget below character + cloth bones is listed; raising it clears the list.
        const int characterBones = int(mDocument->asset().skeleton.bones.size());
        auto *maxBones = child<QSpinBox>(&dialog, names::kExportDialogMaxBonesSpinBox);
        maxBones->setValue(characterBones + 10);
        auto *list = child<QListWidget>(&dialog, names::kExportDialogProblemsList);
        QCOMPARE(list->count(), 1);
        maxBones->setValue(characterBones + 24);
        QCOMPARE(list->count(), 0);

        // 24 rigid bones miss the coat's folds by centimetres, known once simulated: refused
        // with the error named, written with "allow loss" and listed in the report.
        child<QPushButton>(&dialog, names::kExportDialogExportButton)->click();
        QCOMPARE(mPrompts.errors.size(), 1);
        QVERIFY2(mPrompts.errors[0].contains("mm from the simulation"),
                 qPrintable(mPrompts.errors[0]));
        QVERIFY(dialog.result() != int(QDialog::Accepted));
        QVERIFY(!QFile::exists(file));
        mPrompts.errors.clear();
        child<QCheckBox>(&dialog, names::kExportDialogAllowLossCheckBox)->setChecked(true);
        child<QPushButton>(&dialog, names::kExportDialogExportButton)->click();
        QVERIFY2(mPrompts.errors.isEmpty(), qPrintable(mPrompts.errors.join('\n')));
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QVERIFY(dialog.lastReport().bakeMaxError > kMaxBakeError);
        QCOMPARE(dialog.lastReport().unrepresented.size(), size_t(1));
        QCOMPARE(dialog.lastReport().frames, 3u);
        // The character's bones, the static root of the cloth bones and the 24 cloth bones.
        QCOMPARE(int(dialog.lastReport().bones), characterBones + 1 + 24);
        QVERIFY(std::isfinite(dialog.lastReport().bakeMaxError));
        const QJsonObject root = gltfJson(file);
        QCOMPARE(root["skins"].toArray().size(), 1);
        QCOMPARE(root["skins"].toArray()[0].toObject()["joints"].toArray().size(),
                 characterBones + 1 + 24);
        QCOMPARE(root["animations"].toArray().size(), 1);
    }

    void pointCacheWithinTheMorphTargetBudget()
    {
        ExportDialog dialog(mDocument, &mPrompts);
        dialog.show();
        const QString file = mDir.filePath("coat_cache.gltf");
        fill(dialog, 2, file);
        // The path comes from the browse button (answered by the scripted prompts).
        mPrompts.saveFiles.push_back(file);
        child<QPushButton>(&dialog, names::kExportDialogBrowseButton)->click();
        QCOMPARE(child<QLineEdit>(&dialog, names::kExportDialogPathLineEdit)->text(), file);
        auto *clip = child<QComboBox>(&dialog, names::kExportDialogClipComboBox);
        clip->setCurrentIndex(clip->findText("Walk"));
        auto *frames = child<QSpinBox>(&dialog, names::kExportDialogFramesSpinBox);
        frames->setValue(0); // the whole clip: more frames than the budget
        child<QSpinBox>(&dialog, names::kExportDialogMaxMorphTargetsSpinBox)->setValue(4);
        auto *list = child<QListWidget>(&dialog, names::kExportDialogProblemsList);
        auto *exportButton = child<QPushButton>(&dialog, names::kExportDialogExportButton);
        QCOMPARE(list->count(), 1);
        QVERIFY(!exportButton->isEnabled());
        frames->setValue(4);
        QCOMPARE(list->count(), 0);
        QVERIFY(exportButton->isEnabled());
        exportButton->click();
        QVERIFY2(mPrompts.errors.isEmpty(), qPrintable(mPrompts.errors.join('\n')));
        QCOMPARE(dialog.lastReport().morphTargets, 4u);
        const QJsonObject root = gltfJson(file);
        QCOMPARE(root["meshes"]
                     .toArray()[0]
                     .toObject()["primitives"]
                     .toArray()[0]
                     .toObject()["targets"]
                     .toArray()
                     .size(),
                 4);
    }

    void exportPastTheSizeLimitIsRefused()
    {
        ExportDialog dialog(mDocument, &mPrompts);
        dialog.show();
        fill(dialog, 1, mDir.filePath("coat_long.fbx"));
        auto *clip = child<QComboBox>(&dialog, names::kExportDialogClipComboBox);
        clip->setCurrentIndex(clip->findText("Walk"));
        auto *frames = child<QSpinBox>(&dialog, names::kExportDialogFramesSpinBox);
        auto *maxSize = child<QSpinBox>(&dialog, names::kExportDialogMaxSizeSpinBox);
        auto *sizeLabel = child<QLabel>(&dialog, names::kExportDialogSizeLabel);
        auto *exportButton = child<QPushButton>(&dialog, names::kExportDialogExportButton);
        QVERIFY(maxSize && sizeLabel);
        QVERIFY(!maxSize->accessibleName().isEmpty());
        QCOMPARE(uint64_t(maxSize->value()) << 20, kDefaultExportMaxBytes);
        QCOMPARE(dialog.options().maxBytes, kDefaultExportMaxBytes);
        frames->setValue(30);
        QVERIFY(exportButton->isEnabled());
        QVERIFY(dialog.estimatedBytes() > 0);
        QVERIFY(sizeLabel->text().contains(
            QLocale().formattedDataSize(qint64(dialog.estimatedBytes()))));
        // Ten minutes at a bone per physics vertex: hundreds of megabytes, refused.
        frames->setValue(18000);
        QVERIFY(dialog.estimatedBytes() > kDefaultExportMaxBytes);
        QVERIFY(!exportButton->isEnabled());
        QVERIFY(child<QLabel>(&dialog, names::kExportDialogStatusLabel)->text().contains("limit"));
        maxSize->setValue(0); // no limit
        QCOMPARE(dialog.options().maxBytes, uint64_t(0));
        QVERIFY(exportButton->isEnabled());
    }

    void missingFolderIsAnErrorAndWritesNothing()
    {
        ExportDialog dialog(mDocument, &mPrompts);
        dialog.show();
        const QString folder = mDir.filePath("no_such_folder");
        const QString file = folder + "/coat.gltf";
        fill(dialog, 0, file);
        child<QPushButton>(&dialog, names::kExportDialogExportButton)->click();
        QCOMPARE(mPrompts.errors.size(), 1);
        QVERIFY2(mPrompts.errors[0].contains(file), qPrintable(mPrompts.errors[0]));
        QVERIFY(dialog.result() != int(QDialog::Accepted));
        QVERIFY(!QFile::exists(file));
        QVERIFY(!QFile::exists(folder));
    }

    void retranslatesKeepingTheChoices()
    {
        ExportDialog dialog(mDocument, &mPrompts);
        auto *format = child<QComboBox>(&dialog, names::kExportDialogFormatComboBox);
        format->setCurrentIndex(2);
        QEvent change(QEvent::LanguageChange);
        QCoreApplication::sendEvent(&dialog, &change);
        QCOMPARE(format->currentIndex(), 2);
        QCOMPARE(format->count(), 3);
        QVERIFY(!format->currentText().isEmpty());
        QVERIFY(child<QSpinBox>(&dialog, names::kExportDialogMaxMorphTargetsSpinBox)->isEnabled());
        QVERIFY(!child<QSpinBox>(&dialog, names::kExportDialogMaxVolumesSpinBox)->isEnabled());
    }
};

QTEST_MAIN(TestExportDialog)
#include "test_export_dialog.moc"
