// Small widgets of the Paint dock: the falloff curve preview and the 32-bit mask picker.
#pragma once

#include "tweed/meshproc/paint.h"

#include <QWidget>

#include <cstdint>
#include <vector>

class QToolButton;

namespace tweed::editor {

/// Draws a brush falloff's weight from the centre (left) to the rim (right).
class FalloffPreview : public QWidget
{
    Q_OBJECT

public:
    explicit FalloffPreview(QWidget *parent = nullptr);
    void setFalloff(tweed::Falloff falloff);
    tweed::Falloff falloff() const { return mFalloff; }
    QSize sizeHint() const override { return {96, 40}; }

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    tweed::Falloff mFalloff = tweed::Falloff::Smooth;
};

/// 32 checkable bits (latch groups) in four rows of eight, named <prefix>_Bit<i>.
class MaskBitsPicker : public QWidget
{
    Q_OBJECT

public:
    MaskBitsPicker(const QString &namePrefix, QWidget *parent = nullptr);
    uint32_t bits() const { return mBits; }
    void setBits(uint32_t bits);
    QToolButton *bitButton(int bit) const { return mButtons[size_t(bit)]; }

signals:
    void bitsChanged(uint32_t bits);

private:
    std::vector<QToolButton *> mButtons;
    uint32_t mBits = 1;
};

} // namespace tweed::editor
