// The properties panel: the selected outliner item's properties (read-only facts) and the
// simulation settings, edited generically from tweed::settingsFields(): one editor per field,
// grouped by field.group, with units, ranges and tooltips from the table. Every edit goes
// through Document::setSetting() (one undo step per field, consecutive edits merged).
#pragma once

#include "selection.h"
#include "units.h"

#include <QDockWidget>

#include <vector>

class QComboBox;
class QFormLayout;
class QGroupBox;
class QLabel;
class QPushButton;
class QVBoxLayout;
class QWidget;

namespace tweed {
struct SettingField;
}

namespace tweed::editor {

class Document;

class PropertiesDock : public QDockWidget
{
    Q_OBJECT

public:
    PropertiesDock(Document *document, QWidget *parent = nullptr);

    void setLengthUnit(LengthUnit unit);
    LengthUnit lengthUnit() const { return mUnit; }

    /// The objectName of a setting's editor: PropertiesDock_<PascalKey><Kind>, e.g.
    /// "PropertiesDock_DampingSpinBox", "PropertiesDock_UseComplianceCheckBox".
    static QString editorName(const tweed::SettingField &field);

public slots:
    void showItem(const tweed::editor::OutlinerItem &item);

protected:
    void changeEvent(QEvent *event) override;

private:
    struct Editor
    {
        const tweed::SettingField *field;
        QWidget *widget;
        QLabel *label;
    };

    void buildSettings();
    void retranslateUi();
    void updateSettings();
    void updateSelection();
    /// How a field's value is displayed: the factor and unit text.
    double displayScale(const tweed::SettingField &field) const;
    QString displayUnit(const tweed::SettingField &field) const;
    void configureEditor(const Editor &editor);

    Document *mDocument;
    LengthUnit mUnit = LengthUnit::Centimetres;
    OutlinerItem mItem;
    QGroupBox *mSelectionBox;
    QFormLayout *mSelectionForm;
    QGroupBox *mSimulationBox;
    QLabel *mPresetLabel;
    QComboBox *mPresetCombo;
    QPushButton *mResetButton;
    std::vector<QGroupBox *> mGroups;
    std::vector<Editor> mEditors;
};

} // namespace tweed::editor
