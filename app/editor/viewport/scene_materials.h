// The viewport's materials (small GLSL 1.50 programs) and its frame graph. The frame graph draws
// in fixed passes, each selected by the render-pass filter key "pass": opaque lit surfaces
// (front faces of the outer layer, of the inner layer, then back faces), the background
// gradient where nothing opaque is, depth-tested lines, transparent surfaces (sorted back to
// front), always-on-top lines (skeleton) and screen-space overlays (read-out, bone names).
#pragma once

#include <QColor>
#include <QRectF>

namespace Qt3DCore {
class QNode;
}
namespace Qt3DRender {
class QAbstractTexture;
class QCamera;
class QFrameGraphNode;
class QMaterial;
class QParameter;
class QRenderCapture;
} // namespace Qt3DRender
class QObject;

namespace tweed::editor::scene {

/// Which of the opaque passes draws a surface's front faces: the outer layer (garments) first,
/// then what it covers (the body), so that a covered pixel fails the depth test before it is
/// shaded. The order changes what a frame costs, never what it shows.
enum class SurfaceLayer { Outer, Inner };

/// How an opaque surface is lit: per pixel, or per vertex with the texture still per pixel (for
/// software renderers, which pay per pixel instruction; the highlight and rim lose some
/// sharpness on coarse meshes). Transparent surfaces are lit per pixel.
enum class SurfaceLighting { PerPixel, PerVertex };

struct SurfaceOptions
{
    float hiddenAlpha = 0;                  ///< see makeSurfaceMaterial
    SurfaceLayer layer = SurfaceLayer::Outer;
    bool closed = false;                    ///< isClosedSurface(): no back faces drawn
    SurfaceLighting lighting = SurfaceLighting::PerPixel;
};

/// Lit surface: base colour times the base-colour texture when one is given; two-sided, with
/// a three-point studio light rig fixed to the camera. Transparent when the colour's alpha is
/// below one (then drawn in the transparent pass without writing depth); a transparent surface
/// with hiddenAlpha > 0 also shows through what hides it, with that alpha (x-ray). An opaque
/// surface draws its front faces in its layer's pass and its back faces after every front face
/// (a back face is seen only through an opening, so most of them are hidden by then); a closed
/// surface draws no back faces.
Qt3DRender::QMaterial *makeSurfaceMaterial(const QColor &color,
                                           Qt3DRender::QAbstractTexture *texture,
                                           Qt3DCore::QNode *parent,
                                           const SurfaceOptions &options = {});

/// Collision volumes: translucent closed shapes shaded by how squarely they face the viewer
/// (lit per vertex). Only front faces draw, and each pixel takes the colour of one volume
/// (the stencil keeps later ones out), so overlapping volumes cost one blend per pixel, not one
/// per layer. One pass: with xray the volumes draw over what hides them (no depth test),
/// without it the body hides them. Vertices whose "selected" attribute is 1 take selectedColor.
Qt3DRender::QMaterial *makeVolumeMaterial(const QColor &color, const QColor &selectedColor,
                                          bool xray, Qt3DCore::QNode *parent);
/// The same look for RoundVolumes (scene_geometry.h), ray cast per pixel; selected volumes
/// take selectedColor. With `ellipsoids` the program knows only ellipsoids and spheres (a
/// cheaper test per pixel); without, every round shape.
Qt3DRender::QMaterial *makeRoundVolumeMaterial(const QColor &color, const QColor &selectedColor,
                                               bool ellipsoids, bool xray,
                                               Qt3DCore::QNode *parent);
// What the volumes cost under Mesa's llvmpipe (Testwuson.X's 59 fitted ellipsoids, CPU time
// per frame while playing): about a quarter of the frame, in rasterising every pixel of every
// overlapping proxy, whether or not it is shaded. Measured and not kept:
// - the round volumes as tessellated meshes (no discard, so the stencil and depth tests come
//   before the shader): x-ray and surface no cheaper;
// - without the x-ray, the proxies' front faces with no depth written (the body rejects hidden
//   pixels before the shader, but the look changes where a volume crosses the body): no
//   cheaper, so a pixel rejected early costs the rasteriser about what a shaded one does;
// - an off-screen layer at half the view's size blended over the frame: its render-target
//   branch cost as much as the pixels it saved, and the blend more (x-ray +36% against +26%
//   drawn straight into the frame, the blend fitted to the volumes' rectangle on screen).
// What the cost scales with (Testwuson.X, medians of 5 alternated runs on a loaded machine,
// x-ray against hidden): the pixels the proxies cover, layer upon layer, not the entities,
// draws or uploads (two entities, one draw each, about 90 KB a frame). The window at half the
// pixels halves the volumes' cost; the volumes drawn at half their size (a quarter of the
// pixels, the same draws) cost +7-10% against +26%, which leaves about 0.3 ms a frame for
// everything but pixels. Per pixel, neither the program nor the blend is the cost: a flat
// colour without discard +20%, no blending +24%, a box proxy (fewer triangles, more pixels)
// +29%; opaque flat proxies with neither stencil nor blending still cost +12%. Fitted volumes
// cover their union about twice over (a torso's stacked discs up to 5 times face on), and no
// fitted volume lies wholly inside another, so skipping those gains nothing; skipping volumes
// whose outline on screen lies inside one drawn before (exact with the stencil's first-wins)
// would save 0-23% of the volumes' pixels depending on the view.
// What is left to try: fewer overlapping pixels (merging the stacked discs of a torso in the
// fit), or a cheaper way than a render-target branch to draw at half size.

struct LineStyle
{
    QColor color = Qt::white;     ///< used when the geometry has no vertexColor attribute
    bool vertexColors = false;    ///< take the colour from the vertexColor attribute
    bool onTop = false;           ///< ignore depth (x-ray), drawn after everything else
    float depthBias = 2e-4f;      ///< pulls lines towards the camera (clip space)
    float fadeRadius = 0;         ///< fade out with distance from the origin in xz; 0 = never
    /// false: never smoothed, even in a view without multisampling, where the frame graph
    /// smooths lines (FrameGraphOptions). Under llvmpipe every smoothed segment goes through a
    /// per-primitive stage on the drawing thread and rasterises as a wider quad: the collision
    /// volumes' 2,800 outline segments on Testwuson.X cost +44% frame time smoothed, +15% not.
    bool smooth = true;
};
Qt3DRender::QMaterial *makeLineMaterial(const LineStyle &style, Qt3DCore::QNode *parent);

/// Full-screen vertical gradient behind everything, computed per vertex (draw it on a finely
/// divided quad over [0, 1]^2) and drawn after the opaque surfaces, only where they left the
/// far plane.
Qt3DRender::QMaterial *makeBackgroundMaterial(const QColor &top, const QColor &bottom,
                                              Qt3DCore::QNode *parent);

/// A textured screen rectangle (premultiplied alpha) over the scene. `rect` is returned so the
/// caller can move it: x0, y0, x1, y1 in normalised device coordinates.
Qt3DRender::QMaterial *makeScreenQuadMaterial(Qt3DRender::QAbstractTexture *texture,
                                              Qt3DRender::QParameter **rect,
                                              Qt3DCore::QNode *parent);

struct FrameGraphOptions
{
    /// Lines drawn antialiased (GL_LINE_SMOOTH), for a view without multisampling.
    bool smoothLines = false;
};

/// The frame graph for `surface`, rendering from `camera`; `capture` receives the node that
/// grabs frames.
Qt3DRender::QFrameGraphNode *makeFrameGraph(QObject *surface, Qt3DRender::QCamera *camera,
                                            Qt3DRender::QRenderCapture **capture,
                                            const FrameGraphOptions &options = {});

} // namespace tweed::editor::scene
