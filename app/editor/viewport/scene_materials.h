// The viewport's materials (small GLSL 1.50 programs) and its frame graph. The frame graph draws
// in fixed passes, each selected by the render-pass filter key "pass": opaque lit surfaces
// (front faces of the outer layer, of the inner layer, then back faces), the background
// gradient where nothing opaque is, depth-tested lines, transparent surfaces (sorted back to
// front), collision volumes, always-on-top lines (skeleton) and screen-space overlays
// (read-out, bone names).
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
/// (lit per vertex), drawn after every other surface in a pass of their own. Only front faces
/// draw, depth-tested and depth-writing among the volumes, so each pixel takes the colour of
/// its nearest volume (one blend per pixel, not one per layer). With xray the volumes' depths
/// are moved in front of the scene's (the body does not hide them), without it the body hides
/// them. Vertices whose "selected" attribute is 1 take selectedColor.
Qt3DRender::QMaterial *makeVolumeMaterial(const QColor &color, const QColor &selectedColor,
                                          bool xray, Qt3DCore::QNode *parent);
/// The same look for RoundVolumes (scene_geometry.h), ray cast per pixel; selected volumes
/// take selectedColor. With `ellipsoids` the program knows only ellipsoids and spheres (a
/// cheaper test per pixel) and draws the instances of RoundVolumes built with
/// ellipsoidInstances; without, every round shape. In x-ray the proxies' depth orders the
/// volumes (drawn nearest first, RoundVolumes::setEye); without x-ray the program writes the
/// exact hit's depth, so that the body hides a volume exactly where it covers it.
Qt3DRender::QMaterial *makeRoundVolumeMaterial(const QColor &color, const QColor &selectedColor,
                                               bool ellipsoids, bool xray,
                                               Qt3DCore::QNode *parent);
// What the volumes cost under Mesa's llvmpipe (Testwuson.X's 59 fitted ellipsoids, CPU time
// per frame while playing): the pixels the proxies cover, layer upon layer, not the entities,
// draws or uploads (two entities, one draw each, about 90 KB a frame); neither the program nor
// the blend is much of it (a flat colour costs about what the ray cast does).
// llvmpipe runs the depth test before the program, and skips a block of pixels that all fail
// it, only when the program writes neither depth nor a stencil value that a discard could
// leave unwritten. So the volumes use no stencil: drawn nearest first and depth-writing among
// themselves, every layer behind the nearest is rejected before the ray cast. Medians of six
// runs, each against the stencil version in the same session (loaded machine, noisy): x-ray
// +33% -> +21% (runs 7-29% against 24-50%). Before, a stencil let the first volume drawn win a
// pixel, which ran every layer's program before its test. Without x-ray the exact depth written
// by the program makes llvmpipe test late; front faces without the stencil took it from +44% to
// +33% (27-35% against 27-54%). Using the proxies' depth there instead is cheaper (+14%) but wrong
// where a volume crosses the skin: fitted volumes lie just under it, and the proxies (up to a
// few percent outside the shape, and on an ellipsoid's flat caps up to its thinnest radius)
// then show through as rings; a faceted mesh inside the shape hides the true poke-through.
// Measured and not kept before: tessellated meshes instead of ray-cast proxies (no cheaper); an
// off-screen layer at half the view's size blended over the frame (its render-target branch
// cost as much as the pixels it saved). The window at half the pixels halves the volumes'
// cost.
// Counted (each proxy fragment adding to the frame): on Testwuson.X the proxies rasterised 334K
// fragments over 102K pixels, 262K of them on the shape; a fragment costs about the same drawn
// or rejected by the depth test (all 334K drawn blended without a depth test cost what the
// x-ray did, +2.3 ms). The volumes drawn off screen cost +2-5%: it is the fragments. So the
// ellipsoids draw as flat outlines from outside (ellipsoidOutlineProxy, 1.07 times the shape,
// where the prism was 1.27 times it on average): 277K fragments. CPU against volumes hidden,
// medians of 7, 10 and 12 rounds in three loaded sessions, each pairing the prism (first) with
// the outline: x-ray +25/+24/+27% -> +16/+15/+21%, surface +32/+27/+35% -> +24/+32/+28%
// (rounds spread by 20 points; tweed-bench's three rounds do not separate them). What is left:
// the layers (2.5 fragments of shape per covered pixel); the 14 fitted discs (thinnest radius
// under 2 mm) give half of them and add 13K covered pixels, so merging a torso's stacked discs
// in the fit is what could take it further.
// Measured with the ray cast made 300 times dearer (so that the shading, not the machine's
// noise, sets the frame time): x-ray 43 ms against 10 ms hidden, surface 95 ms. So with x-ray
// llvmpipe's early depth test already skips about 60% of the proxies' fragments (the nearest
// first order leaves little: the covered pixels are 37% of the fragments), while the surface
// look's written depth makes it shade every fragment, 2.2 times the x-ray's work. A stencil
// test that passes and writes nothing (which makes llvmpipe check the mask after its early
// depth test) changed x-ray by 43.3 -> 41.7 ms, within the noise: not kept. Volumes that a
// nearer ellipsoid hides entirely are left out (RoundVolumes::isHidden; 8-11 of the 59 on
// Testwuson.X, mostly small ones): in that measure surface 95.3/93.7/92.1/95.0 ->
// 92.8/90.8/89.2/90.0 ms (four pairs, about 3.5% of its shading), x-ray unchanged (their
// fragments failed the early depth test already).
// Tried and not kept (volume-draw8, commit 5b1046f): every round volume as an instance of one
// closed mesh (rings per end around a cone, placed by the program; corners out by half a
// segment's sagitta), so that the depth is rasterised and tested before the program in the
// surface look too. Measured with the looks interleaved every 10 frames in one process (one
// editor run cycling the modes, 200 frames each; two runs at load 13), CPU per frame on
// Testwuson.X: hidden 10.8/10.6 ms; surface: ray cast 13.7/12.7, mesh of 16 segments and 4
// steps per end (256 triangles a volume) 14.0/13.6, of 8 x 2 (48) 12.4/11.6; x-ray: ray cast
// 13.1/12.4, 16 x 4 15.3/14.5, 8 x 2 12.8/12.2. Under llvmpipe each thousand triangles costs
// about 0.13 ms, which eats what the early depth test saves; and a mesh coarse enough to be
// cheap hides true poke-through in the surface look: against the ray cast, 1,451 (8 x 2) and
// 608 (16 x 4) of the about 5,400 pixels where volumes show through the body differ, whole
// small patches gone at 8 x 2. A mesh only of the visible cap (no back faces) would halve
// the triangles, not more.
// Where the CPU goes, per thread (volume-draw9: the looks interleaved in one process, each
// thread's schedstat summed over its turns; Testwuson.X's 70 fitted ellipsoids, 200 frames a
// look, load 15-17): hidden 3.7 ms UI thread (Qt3D submits from it), 7.4-8.0 llvmpipe's two
// rasteriser threads, 0.4 Qt3D's job pool. Shown, x-ray +0.45 / +2.0-2.8 / +0.2, surface
// +0.5 / +2.7 / +0.2, wireframe (3,360 segments) +0.7 / +1.0 / +0.2. So the fragments are
// most of it, but the entity itself (its per-frame buffers, draw and jobs) costs about 0.65 ms,
// 5-6% of the frame, in every look; our own code in it (fill(), hiddenVolumes) is under 0.1 ms
// (perf). With the volumes frozen (no refill, so no buffer changes) the Qt3D pool's share went
// back to the hidden figure (x-ray 0.65 -> 0.47 ms, surface 0.69 -> 0.46; hidden 0.42) and the
// UI thread's fell by 0.17-0.27 ms: about 0.4 ms a frame is Qt3D handling the changed buffers. llvmpipe shades each triangle's 4x4 blocks apart, so a block on an edge shared by two
// triangles of one proxy runs twice; counted on a model of its rasteriser, the octagon fan
// takes 40 block runs for 21 blocks at a screen radius of 8 px, 103 for 67 at 16, 314 for 242
// at 32 (hexagon 34/96/303, square 30/92/315). Tried and not kept: the outline as a hexagon or
// a square (ellipsoidOutlineProxy), interleaved with the octagon in one process: llvmpipe CPU
// per frame x-ray 10.79 (8 sides) / 10.82 (6) / 10.90 (4) ms, surface 11.41 / 11.05 / 11.09,
// hidden 7.97: no difference above the noise.
// volume-static: the volumes' meshes are built once and only each volume's frame is re-sent
// (ellipsoids and spheres: RoundVolumes' instances of one static mesh, the outline computed
// in the vertex program; their wireframe: instances of the unit sphere's outline,
// VolumeOutlines), 4.5-4.8 KB a frame on Testwuson.X instead of about 56 KB (x-ray, surface)
// and 188 KB (wireframe); the ellipsoid test per fragment needs no normalised ray. Measured
// with the looks interleaved (--frame-times 120), ten runs in three sessions (load 3.5-7),
// each paired with the same binary with the instances turned off; CPU per frame over the
// volumes hidden, median of the runs: x-ray +19.9% -> +13.5%, surface +24.8% -> +19.5%,
// wireframe +16.9% -> +12.5%. The gain showed at load 6-7 (four pairs: x-ray +24.8 ->
// +11.5%, surface +32.3 -> +19.5%, wireframe +20.2 -> +8.5%) and not above the noise at
// load 3.5 (six pairs): what is left is mostly the fragments (volume-draw9's per-thread
// figures above). Tried and not kept: the outlines' frames as a uniform array (QParameter
// frames[0], 64 volumes a draw) with the line buffer built once: wireframe +2.0/+2.1 ms
// against +1.3/+1.0 for the refilled buffer in the same session (a changed parameter seems to cost Qt3D more than a
// changed buffer; not profiled).

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
    /// Instances of a unit shape (VolumeOutlines in scene_geometry.h): each point placed by
    /// its instance's axisX, axisY, axisZ (scaled by the radii) and centre attributes.
    bool volumeFrames = false;
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
