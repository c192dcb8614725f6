// File > New Cloth Patch / New Rope: the size, resolution, held edge and fabric of a piece of
// cloth with no character (tweed/meshproc/swatch.h), for trying a fabric. The main window makes
// it off the UI thread and replaces the document with it, as File > Open does.
#pragma once

#include "tweed/meshproc/swatch.h"

#include <QDialog>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QSpinBox;

namespace tweed::editor {

class SwatchDialog : public QDialog
{
    Q_OBJECT

public:
    /// A rope dialog when `rope`, else a cloth patch dialog.
    explicit SwatchDialog(bool rope, QWidget *parent = nullptr);

    bool isRope() const { return mRope; }
    /// The options as the widgets set them.
    tweed::SwatchOptions options() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();

    bool mRope;
    QLabel *mWidthLabel, *mHeightLabel, *mResolutionLabel, *mPinnedLabel, *mPresetLabel;
    QDoubleSpinBox *mWidth, *mHeight;
    QSpinBox *mResolution;
    QComboBox *mPinned, *mPreset;
};

} // namespace tweed::editor
