#include "paint/paint_widgets.h"

#include <QGridLayout>
#include <QPainter>
#include <QPainterPath>
#include <QToolButton>

namespace tweed::editor {

FalloffPreview::FalloffPreview(QWidget *parent) : QWidget(parent)
{
    setMinimumSize(72, 32);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
}

void FalloffPreview::setFalloff(tweed::Falloff falloff)
{
    mFalloff = falloff;
    update();
}

void FalloffPreview::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QRectF area = QRectF(rect()).adjusted(3, 3, -3, -3);
    painter.fillRect(rect(), palette().base());
    painter.setPen(QPen(palette().mid().color(), 1));
    painter.drawLine(area.bottomLeft(), area.bottomRight());
    QPainterPath curve;
    QPainterPath fill;
    constexpr int samples = 48;
    fill.moveTo(area.bottomLeft());
    for (int i = 0; i <= samples; ++i) {
        const float d = float(i) / samples;
        const float w = tweed::falloffWeight(mFalloff, d, 1.0f);
        const QPointF p(area.left() + area.width() * d, area.bottom() - area.height() * w);
        if (i == 0)
            curve.moveTo(p);
        else
            curve.lineTo(p);
        fill.lineTo(p);
    }
    fill.lineTo(area.bottomRight());
    fill.closeSubpath();
    QColor shade = palette().highlight().color();
    shade.setAlpha(60);
    painter.fillPath(fill, shade);
    painter.setPen(QPen(palette().highlight().color(), 2));
    painter.drawPath(curve);
}

MaskBitsPicker::MaskBitsPicker(const QString &namePrefix, QWidget *parent) : QWidget(parent)
{
    setObjectName(namePrefix);
    auto *grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setSpacing(1);
    for (int bit = 0; bit < 32; ++bit) {
        auto *button = new QToolButton(this);
        button->setObjectName(QStringLiteral("%1_Bit%2").arg(namePrefix).arg(bit));
        button->setText(QString::number(bit));
        button->setCheckable(true);
        button->setChecked(mBits & (1u << bit));
        button->setAutoRaise(false);
        button->setFixedSize(26, 22);
        button->setToolTip(tr("Latch group %1").arg(bit));
        connect(button, &QToolButton::toggled, this, [this, bit](bool on) {
            const uint32_t bits = on ? mBits | (1u << bit) : mBits & ~(1u << bit);
            if (bits == mBits)
                return;
            mBits = bits;
            emit bitsChanged(mBits);
        });
        grid->addWidget(button, bit / 8, bit % 8);
        mButtons.push_back(button);
    }
}

void MaskBitsPicker::setBits(uint32_t bits)
{
    if (bits == mBits)
        return;
    mBits = bits;
    for (int bit = 0; bit < 32; ++bit) {
        const QSignalBlocker block(mButtons[size_t(bit)]);
        mButtons[size_t(bit)]->setChecked(bits & (1u << bit));
    }
    emit bitsChanged(mBits);
}

} // namespace tweed::editor
