#include "properties_dock.h"

#include "document.h"
#include "object_names.h"
#include "settings_text.h"

#include "tweed/simulation_settings.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QVBoxLayout>

#include <cmath>

namespace tweed::editor {

namespace {

/// A double spin box that shows values with significant digits ("1e-07", "0.25", "2000"), so
/// compliances of 1e-8 and spring stiffnesses of 1e6 edit in the same widget; steps adapt to
/// the value's magnitude.
class SettingSpinBox : public QDoubleSpinBox
{
public:
    using QDoubleSpinBox::QDoubleSpinBox;

    QString textFromValue(double value) const override { return locale().toString(value, 'g', 6); }
    double valueFromText(const QString &text) const override
    {
        return locale().toDouble(strip(text));
    }
    QValidator::State validate(QString &text, int &) const override
    {
        const QString number = strip(text);
        if (number.isEmpty() || number == "-" || number.endsWith('e') || number.endsWith('E') ||
            number.endsWith("e-") || number.endsWith("E-"))
            return QValidator::Intermediate;
        bool ok = false;
        const double value = locale().toDouble(number, &ok);
        if (!ok) return QValidator::Invalid;
        return value >= minimum() && value <= maximum() ? QValidator::Acceptable
                                                        : QValidator::Intermediate;
    }

private:
    QString strip(QString text) const
    {
        if (!suffix().isEmpty() && text.endsWith(suffix())) text.chop(suffix().size());
        if (!prefix().isEmpty() && text.startsWith(prefix())) text.remove(0, prefix().size());
        return text.trimmed();
    }
};

/// "max_distance_scale" -> "MaxDistanceScale".
QString pascalCase(const char *key)
{
    QString result;
    bool upper = true;
    for (const char *c = key; *c; ++c) {
        if (*c == '_') {
            upper = true;
            continue;
        }
        result += upper ? QChar(*c).toUpper() : QChar(*c);
        upper = false;
    }
    return result;
}

QString yesNo(bool b)
{
    return b ? PropertiesDock::tr("yes") : PropertiesDock::tr("no");
}

} // namespace

PropertiesDock::PropertiesDock(Document *document, QWidget *parent)
    : QDockWidget(parent), mDocument(document)
{
    setObjectName(names::kPropertiesDock);
    auto *scroll = new QScrollArea(this);
    scroll->setObjectName(names::kPropertiesDockScrollArea);
    scroll->setWidgetResizable(true);
    auto *content = new QWidget(scroll);
    auto *layout = new QVBoxLayout(content);

    mSelectionBox = new QGroupBox(content);
    mSelectionBox->setObjectName(names::kPropertiesDockSelectionGroupBox);
    mSelectionForm = new QFormLayout(mSelectionBox);
    layout->addWidget(mSelectionBox);

    mSimulationBox = new QGroupBox(content);
    mSimulationBox->setObjectName(names::kPropertiesDockSimulationGroupBox);
    auto *simLayout = new QVBoxLayout(mSimulationBox);
    auto *presetRow = new QHBoxLayout;
    mPresetLabel = new QLabel(mSimulationBox);
    mPresetCombo = new QComboBox(mSimulationBox);
    mPresetCombo->setObjectName(names::kPropertiesDockPresetComboBox);
    mResetButton = new QPushButton(mSimulationBox);
    mResetButton->setObjectName(names::kPropertiesDockResetSettingsButton);
    presetRow->addWidget(mPresetLabel);
    presetRow->addWidget(mPresetCombo, 1);
    presetRow->addWidget(mResetButton);
    simLayout->addLayout(presetRow);
    for (const tweed::FabricPreset &preset : tweed::fabricPresets())
        mPresetCombo->addItem(QString(), QString::fromUtf8(preset.name));
    connect(mPresetCombo, &QComboBox::activated, this, [this](int index) {
        if (index >= 0 && size_t(index) < tweed::fabricPresets().size())
            mDocument->applyPreset(tweed::fabricPresets()[size_t(index)]);
    });
    connect(mResetButton, &QPushButton::clicked, mDocument, &Document::resetSettings);
    layout->addWidget(mSimulationBox);
    layout->addStretch(1);
    buildSettings();

    scroll->setWidget(content);
    setWidget(scroll);
    connect(mDocument, &Document::changed, this, [this](Document::Changes what) {
        if (what & Document::SettingsChanged) updateSettings();
        if (what & ~Document::Changes(Document::SettingsChanged)) updateSelection();
    });
    retranslateUi();
    updateSettings();
}

QString PropertiesDock::editorName(const tweed::SettingField &field)
{
    QString kind;
    switch (field.kind) {
    case tweed::SettingKind::Float:
    case tweed::SettingKind::Int:
        kind = "SpinBox";
        break;
    case tweed::SettingKind::Bool:
        kind = "CheckBox";
        break;
    case tweed::SettingKind::Enum:
        kind = "ComboBox";
        break;
    }
    return "PropertiesDock_" + pascalCase(field.key) + kind;
}

void PropertiesDock::buildSettings()
{
    auto *simLayout = static_cast<QVBoxLayout *>(mSimulationBox->layout());
    QString currentGroup;
    QFormLayout *form = nullptr;
    for (const tweed::SettingField &field : tweed::settingsFields()) {
        if (!form || currentGroup != field.group) {
            currentGroup = field.group;
            auto *box = new QGroupBox(mSimulationBox);
            box->setObjectName("PropertiesDock_" + pascalCase(field.group).remove(' ').remove('-') +
                               "GroupBox");
            box->setProperty("tweedGroup", currentGroup);
            form = new QFormLayout(box);
            mGroups.push_back(box);
            simLayout->addWidget(box);
        }
        QWidget *widget = nullptr;
        const tweed::SettingField *f = &field;
        switch (field.kind) {
        case tweed::SettingKind::Float: {
            auto *spin = new SettingSpinBox(form->parentWidget());
            spin->setDecimals(12);
            spin->setStepType(QAbstractSpinBox::AdaptiveDecimalStepType);
            spin->setKeyboardTracking(false);
            connect(spin, &QDoubleSpinBox::valueChanged, this, [this, f](double value) {
                mDocument->setSetting(*f, value / displayScale(*f));
            });
            widget = spin;
            break;
        }
        case tweed::SettingKind::Int: {
            auto *spin = new QSpinBox(form->parentWidget());
            spin->setRange(int(field.min), int(field.max));
            spin->setKeyboardTracking(false);
            connect(spin, &QSpinBox::valueChanged, this,
                    [this, f](int value) { mDocument->setSetting(*f, value); });
            widget = spin;
            break;
        }
        case tweed::SettingKind::Bool: {
            auto *check = new QCheckBox(form->parentWidget());
            connect(check, &QCheckBox::toggled, this,
                    [this, f](bool on) { mDocument->setSetting(*f, on ? 1.0 : 0.0); });
            widget = check;
            break;
        }
        case tweed::SettingKind::Enum: {
            auto *combo = new QComboBox(form->parentWidget());
            for (size_t i = 0; i < field.enumNames.size(); ++i)
                combo->addItem(QString(), int(i));
            connect(combo, &QComboBox::activated, this,
                    [this, f](int index) { mDocument->setSetting(*f, index); });
            widget = combo;
            break;
        }
        }
        widget->setObjectName(editorName(field));
        auto *label = new QLabel(form->parentWidget());
        label->setBuddy(widget);
        form->addRow(label, widget);
        mEditors.push_back({f, widget, label});
    }
}

double PropertiesDock::displayScale(const tweed::SettingField &field) const
{
    return QByteArray(field.unit) == "m" && mUnit == LengthUnit::Centimetres ? 100.0 : 1.0;
}

QString PropertiesDock::displayUnit(const tweed::SettingField &field) const
{
    if (QByteArray(field.unit) == "m") return mUnit == LengthUnit::Centimetres ? tr("cm") : tr("m");
    return unitText(field.unit);
}

void PropertiesDock::configureEditor(const Editor &editor)
{
    const tweed::SettingField &field = *editor.field;
    const QString unit = displayUnit(field);
    const double scale = displayScale(field);
    editor.label->setText(settingLabel(field));
    const QLocale locale;
    QString range;
    if (field.kind == tweed::SettingKind::Float || field.kind == tweed::SettingKind::Int)
        range = tr("Range: %1 to %2%3")
                    .arg(locale.toString(field.min * scale, 'g', 6),
                         locale.toString(field.max * scale, 'g', 6),
                         unit.isEmpty() ? QString() : " " + unit);
    const QString tip = range.isEmpty() ? settingHelp(field) : settingHelp(field) + "\n" + range;
    editor.widget->setToolTip(tip);
    editor.label->setToolTip(tip);
    if (auto *spin = qobject_cast<QDoubleSpinBox *>(editor.widget)) {
        const QSignalBlocker blocker(spin);
        spin->setRange(field.min * scale, field.max * scale);
        spin->setSuffix(unit.isEmpty() ? QString() : " " + unit);
    } else if (auto *combo = qobject_cast<QComboBox *>(editor.widget)) {
        for (int i = 0; i < combo->count() && size_t(i) < field.enumNames.size(); ++i)
            combo->setItemText(i, enumLabel(field.enumNames[size_t(i)]));
    }
}

void PropertiesDock::setLengthUnit(LengthUnit unit)
{
    if (mUnit == unit) return;
    mUnit = unit;
    for (const Editor &editor : mEditors)
        configureEditor(editor);
    updateSettings();
    updateSelection();
}

void PropertiesDock::changeEvent(QEvent *event)
{
    QDockWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange) retranslateUi();
}

void PropertiesDock::retranslateUi()
{
    setWindowTitle(tr("Properties"));
    mSimulationBox->setTitle(tr("Simulation settings"));
    mPresetLabel->setText(tr("Fabric preset:"));
    mResetButton->setText(tr("Defaults"));
    mResetButton->setToolTip(tr("Reset every simulation setting to its default"));
    const auto presets = tweed::fabricPresets();
    for (int i = 0; i < mPresetCombo->count() && size_t(i) < presets.size(); ++i)
        mPresetCombo->setItemText(i, presetLabel(presets[size_t(i)]));
    for (QGroupBox *box : mGroups)
        box->setTitle(QCoreApplication::translate("SimulationSettings",
                                                  box->property("tweedGroup").toString().toUtf8()));
    for (const Editor &editor : mEditors)
        configureEditor(editor);
    updateSettings();
    updateSelection();
}

void PropertiesDock::updateSettings()
{
    const tweed::SimulationSettings &settings = mDocument->asset().simulation;
    for (const Editor &editor : mEditors) {
        const double value = editor.field->get(settings);
        const QSignalBlocker blocker(editor.widget);
        if (auto *dspin = qobject_cast<QDoubleSpinBox *>(editor.widget))
            dspin->setValue(value * displayScale(*editor.field));
        else if (auto *spin = qobject_cast<QSpinBox *>(editor.widget))
            spin->setValue(int(std::lround(value)));
        else if (auto *check = qobject_cast<QCheckBox *>(editor.widget))
            check->setChecked(value != 0.0);
        else if (auto *combo = qobject_cast<QComboBox *>(editor.widget))
            combo->setCurrentIndex(int(std::lround(value)));
    }
    const QSignalBlocker blocker(mPresetCombo);
    const int preset =
        mPresetCombo->findData(QString::fromStdString(mDocument->asset().presetName));
    mPresetCombo->setCurrentIndex(preset);
    // Edited away from the preset: say so, while the combo still names where it started.
    const auto presets = tweed::fabricPresets();
    if (preset >= 0)
        mPresetCombo->setItemText(
            preset, presets[size_t(preset)].settings == mDocument->asset().simulation
                        ? presetLabel(presets[size_t(preset)])
                        : tr("%1 (edited)").arg(presetLabel(presets[size_t(preset)])));
    for (int i = 0; i < mPresetCombo->count(); ++i)
        if (i != preset) mPresetCombo->setItemText(i, presetLabel(presets[size_t(i)]));
    mSimulationBox->setEnabled(!mDocument->isEmpty());
}

void PropertiesDock::showItem(const OutlinerItem &item)
{
    mItem = item;
    updateSelection();
}

void PropertiesDock::updateSelection()
{
    while (mSelectionForm->rowCount() > 0)
        mSelectionForm->removeRow(0);
    const tweed::Character &character = mDocument->character();
    const tweed::ClothingAsset &asset = mDocument->asset();
    const QLocale locale;
    const double lengthScale = mUnit == LengthUnit::Centimetres ? 100.0 : 1.0;
    const QString lengthUnit = mUnit == LengthUnit::Centimetres ? tr("cm") : tr("m");
    auto row = [this](const QString &label, const QString &value) {
        auto *valueLabel = new QLabel(value, mSelectionBox);
        valueLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
        valueLabel->setWordWrap(true);
        mSelectionForm->addRow(label, valueLabel);
        return valueLabel;
    };
    auto length = [&](float metres) {
        return locale.toString(metres * lengthScale, 'g', 4) + " " + lengthUnit;
    };
    auto vec = [&](const tweed::Vec3 &v) {
        return QString("(%1, %2, %3) %4")
            .arg(locale.toString(v.x * lengthScale, 'g', 4),
                 locale.toString(v.y * lengthScale, 'g', 4),
                 locale.toString(v.z * lengthScale, 'g', 4), lengthUnit);
    };
    auto str = [](const std::string &s) { return QString::fromStdString(s); };
    auto meshRows = [&](const tweed::GraphicsMesh &mesh) {
        row(tr("Name"), str(mesh.name));
        row(tr("Vertices"), locale.toString(qulonglong(mesh.vertexCount())));
        row(tr("Triangles"), locale.toString(qulonglong(mesh.triangleCount())));
        row(tr("Submeshes"), locale.toString(qulonglong(mesh.submeshes.size())));
        row(tr("Skinned"), yesNo(mesh.isSkinned()));
        row(tr("Texture coordinates"), yesNo(!mesh.uvs.empty()));
    };
    auto submeshRows = [&](const tweed::GraphicsMesh &mesh, int index) {
        if (index < 0 || size_t(index) >= mesh.submeshes.size()) return;
        const tweed::Submesh &sub = mesh.submeshes[size_t(index)];
        row(tr("Name"), str(sub.name));
        row(tr("Material"), str(sub.material));
        row(tr("Base colour texture"),
            sub.baseColorTexture.empty() ? tr("none") : str(sub.baseColorTexture));
        row(tr("First triangle"), locale.toString(sub.firstTriangle));
        row(tr("Triangles"), locale.toString(sub.triangleCount));
    };
    auto valid = [](int index, size_t size) { return index >= 0 && size_t(index) < size; };

    QString title = tr("Selection");
    switch (mItem.kind) {
    case OutlinerItem::CharacterMesh:
        if (valid(mItem.index, character.meshes.size())) {
            title = tr("Character mesh");
            meshRows(character.meshes[size_t(mItem.index)]);
        }
        break;
    case OutlinerItem::CharacterSubmesh:
        if (valid(mItem.parent, character.meshes.size())) {
            title = tr("Submesh");
            submeshRows(character.meshes[size_t(mItem.parent)], mItem.index);
        }
        break;
    case OutlinerItem::Lod:
        if (valid(mItem.index, asset.lods.size())) {
            const tweed::GraphicsLod &lod = asset.lods[size_t(mItem.index)];
            title = tr("Garment LoD");
            meshRows(lod.mesh);
            row(tr("Physics mesh"),
                lod.physicsMesh >= 0 ? QString::number(lod.physicsMesh) : tr("none"));
            size_t bound = 0;
            for (const auto &b : lod.skinMap.bindings)
                bound += b.triangle != tweed::SkinMap::kUnbound;
            for (const auto &b : lod.skinMap.tetraBindings) // a soft body's
                bound += b.tetrahedron != tweed::SkinMap::kUnbound;
            row(tr("Skin-map bindings"),
                tr("%1 of %2 vertices").arg(bound).arg(lod.mesh.vertexCount()));
        }
        break;
    case OutlinerItem::LodSubmesh:
        if (valid(mItem.parent, asset.lods.size())) {
            title = tr("Submesh");
            submeshRows(asset.lods[size_t(mItem.parent)].mesh, mItem.index);
        }
        break;
    case OutlinerItem::PhysicsMesh:
        if (valid(mItem.index, asset.physicsMeshes.size())) {
            const tweed::PhysicsMesh &mesh = asset.physicsMeshes[size_t(mItem.index)];
            title = tr("Physics mesh");
            const auto method = tweed::methodName(mesh.settings.method);
            row(tr("Method"), enumLabel(std::string(method).c_str()));
            row(tr("Vertices"), locale.toString(qulonglong(mesh.vertexCount())));
            row(tr("Triangles"), locale.toString(qulonglong(mesh.triangleCount())));
            row(tr("Components"), locale.toString(mesh.report.components));
            row(tr("Boundary loops"), locale.toString(mesh.report.boundaryLoops));
            row(tr("Smallest angle"),
                tr("%1°").arg(locale.toString(mesh.report.minAngleDegrees, 'f', 1)));
            row(tr("Skin-map failures"), locale.toString(mesh.report.skinMapFailures));
        }
        break;
    case OutlinerItem::Bone:
        if (valid(mItem.index, character.skeleton.bones.size())) {
            const auto &bones = character.skeleton.bones;
            const tweed::Bone &bone = bones[size_t(mItem.index)];
            title = tr("Bone");
            row(tr("Name"), str(bone.name));
            row(tr("Parent"), bone.parent >= 0 ? str(bones[size_t(bone.parent)].name) : tr("none"));
            int children = 0;
            for (const auto &b : bones)
                children += b.parent == mItem.index;
            row(tr("Children"), locale.toString(children));
            row(tr("Rest position"), vec(bone.restLocal.translation));
        }
        break;
    case OutlinerItem::CollisionVolume:
        if (valid(mItem.index, asset.collisionVolumes.size())) {
            const tweed::CollisionVolume &v = asset.collisionVolumes[size_t(mItem.index)];
            title = tr("Collision volume");
            row(tr("Name"), str(v.name));
            row(tr("Shape"), enumLabel(std::string(tweed::shapeName(v.shape)).c_str()));
            row(tr("Bone"), valid(v.bone, asset.skeleton.bones.size())
                                ? str(asset.skeleton.bones[size_t(v.bone)].name)
                                : tr("none (model space)"));
            if (v.shape == tweed::CollisionShape::Ellipsoid)
                row(tr("Radii"), vec(v.radii));
            else if (v.shape == tweed::CollisionShape::Box)
                row(tr("Half extents"), vec(v.radii));
            else if (v.shape == tweed::CollisionShape::Convex)
                row(tr("Planes"), QString::number(v.planes.size()));
            else if (v.shape != tweed::CollisionShape::Plane)
                row(tr("Radius"), length(v.radius));
            if (v.shape == tweed::CollisionShape::Capsule ||
                v.shape == tweed::CollisionShape::TaperedCapsule)
                row(tr("Half height"), length(v.halfHeight));
        }
        break;
    case OutlinerItem::Clip:
        if (valid(mItem.index, character.clips.size())) {
            const tweed::AnimationClip &clip = character.clips[size_t(mItem.index)];
            title = tr("Clip");
            row(tr("Name"), str(clip.name));
            row(tr("Duration"), tr("%1 s").arg(locale.toString(clip.duration, 'f', 2)));
            row(tr("Animated bones"), locale.toString(qulonglong(clip.tracks.size())));
        }
        break;
    case OutlinerItem::Group:
    case OutlinerItem::None:
        break;
    }
    if (mSelectionForm->rowCount() == 0) {
        if (mDocument->isEmpty()) {
            row(tr("Document"), tr("empty"));
        } else {
            title = tr("Asset");
            row(tr("Name"), str(asset.name));
            // The file name; the whole path in the tooltip.
            QLabel *source = row(tr("Source character"),
                                 mDocument->characterPath().isEmpty()
                                     ? tr("%1 (missing)").arg(str(asset.source.path))
                                     : QFileInfo(mDocument->characterPath()).fileName());
            source->setToolTip(QDir::toNativeSeparators(mDocument->characterPath()));
            row(tr("Garment LoDs"), locale.toString(qulonglong(asset.lods.size())));
            row(tr("Collision volumes"),
                locale.toString(qulonglong(asset.collisionVolumes.size())));
        }
    }
    mSelectionBox->setTitle(title);
}

} // namespace tweed::editor
