#include "viewport/overlay_image.h"

#include <QPainter>

namespace tweed::editor {

void OverlayImage::paint(QPainter *painter)
{
    painter->setCompositionMode(QPainter::CompositionMode_Source);
    painter->fillRect(QRect(QPoint(0, 0), size()), Qt::transparent);
    painter->setCompositionMode(QPainter::CompositionMode_SourceOver);
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setRenderHint(QPainter::TextAntialiasing);
    mPainter(painter, size());
}

} // namespace tweed::editor
