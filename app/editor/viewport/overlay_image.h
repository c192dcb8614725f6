// A texture image painted with QPainter on the UI thread: the viewport's screen-space text
// (frame-time read-out, bone names), drawn by Qt3D over the scene so frame grabs include it.
#pragma once

#include <Qt3DRender/QPaintedTextureImage>

#include <functional>

namespace tweed::editor {

class OverlayImage : public Qt3DRender::QPaintedTextureImage
{
public:
    using Painter = std::function<void(QPainter *painter, const QSize &size)>;
    OverlayImage(Painter painter, Qt3DCore::QNode *parent = nullptr)
        : Qt3DRender::QPaintedTextureImage(parent), mPainter(std::move(painter))
    {
    }

protected:
    void paint(QPainter *painter) override;

private:
    Painter mPainter;
};

} // namespace tweed::editor
