#include "viewport/scene_materials.h"

#include <Qt3DRender/QAbstractTexture>
#include <Qt3DRender/QBlendEquation>
#include <Qt3DRender/QBlendEquationArguments>
#include <Qt3DRender/QCamera>
#include <Qt3DRender/QCameraSelector>
#include <Qt3DRender/QClearBuffers>
#include <Qt3DRender/QCullFace>
#include <Qt3DRender/QDepthTest>
#include <Qt3DRender/QEffect>
#include <Qt3DRender/QFilterKey>
#include <Qt3DRender/QGraphicsApiFilter>
#include <Qt3DRender/QLineWidth>
#include <Qt3DRender/QMaterial>
#include <Qt3DRender/QNoDepthMask>
#include <Qt3DRender/QNoDraw>
#include <Qt3DRender/QParameter>
#include <Qt3DRender/QPolygonOffset>
#include <Qt3DRender/QRenderCapture>
#include <Qt3DRender/QRenderPass>
#include <Qt3DRender/QRenderPassFilter>
#include <Qt3DRender/QRenderStateSet>
#include <Qt3DRender/QRenderSurfaceSelector>
#include <Qt3DRender/QShaderProgram>
#include <Qt3DRender/QSortPolicy>
#include <Qt3DRender/QStencilOperation>
#include <Qt3DRender/QStencilOperationArguments>
#include <Qt3DRender/QStencilTest>
#include <Qt3DRender/QStencilTestArguments>
#include <Qt3DRender/QTechnique>
#include <Qt3DRender/QViewport>

#include <QVector4D>

#include <algorithm>
#include <vector>

namespace tweed::editor::scene {

namespace {

using namespace Qt3DRender;

const char *const kSurfaceVertex = R"(#version 150 core
in vec3 vertexPosition;
in vec3 vertexNormal;
in vec2 vertexTexCoord;
in vec4 vertexColor;
out vec3 viewPosition;
out vec3 viewNormal;
out vec2 texCoord;
out vec4 paintColor;
uniform mat4 modelView;
uniform mat3 modelViewNormal;
uniform mat4 mvp;
void main()
{
    viewPosition = (modelView * vec4(vertexPosition, 1.0)).xyz;
    viewNormal = modelViewNormal * vertexNormal;
    texCoord = vertexTexCoord;
    paintColor = vertexColor;
    gl_Position = mvp * vec4(vertexPosition, 1.0);
}
)";

// Three-point studio lighting in view space (the rig follows the camera, as DCC viewports do):
// a warm key from the upper left, a cool fill from the right, a rim from behind, plus a
// sky/ground hemisphere ambient. Lighting is done in linear space and written as sRGB: the
// linear colour is albedo * studioDiffuse + studioAdd. Gamma 2 instead of 2.2: squares and
// square roots are much cheaper than pow() on software GL.
#define TWEED_STUDIO_LIGHT                                                                      \
    "vec3 toLinear(vec3 c) { return c * c; }\n"                                               \
    "const vec3 key = normalize(vec3(-0.45, 0.55, 0.70));\n"                                  \
    "const vec3 fill = normalize(vec3(0.75, 0.05, 0.45));\n"                                  \
    "const vec3 rim = normalize(vec3(0.25, 0.45, -0.85));\n"                                  \
    "vec3 studioDiffuse(vec3 n, vec3 up)\n"                                                    \
    "{\n"                                                                                      \
    "    float hemi = 0.5 + 0.5 * dot(n, up);\n"                                               \
    "    return mix(vec3(0.05, 0.05, 0.055), vec3(0.20, 0.21, 0.23), hemi)\n"                 \
    "           + vec3(1.00, 0.96, 0.90) * 0.95 * max(dot(n, key), 0.0)\n"                     \
    "           + vec3(0.55, 0.62, 0.78) * 0.35 * max(dot(n, fill), 0.0);\n"                    \
    "}\n"                                                                                      \
    "vec3 studioAdd(vec3 n, vec3 v)\n"                                                         \
    "{\n"                                                                                      \
    "    float facing = 1.0 - max(dot(n, v), 0.0);\n"                                          \
    "    vec3 color = vec3(0.55, 0.62, 0.75) * 0.35 * facing * facing * facing *\n"             \
    "                 max(dot(n, rim) * 0.5 + 0.5, 0.0);\n"                                     \
    "    vec3 h = normalize(key + v);\n"                                                       \
    "    float s = max(dot(n, h), 0.0);\n"                                                     \
    "    s *= s; s *= s; s *= s; s *= s; s *= s; // s^32\n"                                    \
    "    return color + vec3(0.10) * s;\n"                                                     \
    "}\n"

const char *const kSurfaceFragment = "#version 150 core\n"
                                     R"(in vec3 viewPosition;
in vec3 viewNormal;
in vec2 texCoord;
in vec4 paintColor;
out vec4 fragColor;
uniform vec4 baseColor;
uniform float useVertexColor;
uniform sampler2D baseColorMap;
uniform float alphaScale;
uniform mat4 viewMatrix;
)" TWEED_STUDIO_LIGHT R"(
void main()
{
    vec3 n = normalize(viewNormal);
    if (!gl_FrontFacing)
        n = -n;
    vec3 v = normalize(-viewPosition);
    // Textures are uploaded top row first; UVs have their origin at the bottom left.
#ifdef BASE_COLOR_MAP
    vec4 tex = texture(baseColorMap, vec2(texCoord.x, 1.0 - texCoord.y));
#else
    vec4 tex = vec4(1.0);
#endif
    vec3 albedo = toLinear(baseColor.rgb) * toLinear(tex.rgb);
    // Painted channels replace the material's colour (a colour ramp over the mesh).
    if (useVertexColor > 0.5) {
        albedo = toLinear(paintColor.rgb);
        tex = vec4(1.0);
    }
    // The view matrix is a rotation: its y column is the world's up in view space, unit length.
    vec3 up = mat3(viewMatrix) * vec3(0.0, 1.0, 0.0);
    vec3 color = albedo * studioDiffuse(n, up) + studioAdd(n, v);
    fragColor = vec4(sqrt(color), baseColor.a * tex.a * alphaScale);
}
)";

// The same rig lit per vertex, for software renderers (SurfaceLighting::PerVertex), where every
// pixel's instructions cost CPU time: the vertex passes the linear light that multiplies the
// texture and the light added to it, and the pixel only applies the texture and the gamma.
// A pass draws one side of the faces (faceSign), so the normal is turned without
// gl_FrontFacing.
const char *const kVertexLitVertex = "#version 150 core\n"
                                     R"(in vec3 vertexPosition;
in vec3 vertexNormal;
in vec2 vertexTexCoord;
in vec4 vertexColor;
out vec3 litScale;
out vec3 litOffset;
out vec2 texCoord;
uniform mat4 modelView;
uniform mat3 modelViewNormal;
uniform mat4 mvp;
uniform mat4 viewMatrix;
uniform vec4 baseColor;
uniform float useVertexColor;
uniform float faceSign;
)" TWEED_STUDIO_LIGHT R"(
void main()
{
    vec3 n = faceSign * normalize(modelViewNormal * vertexNormal);
    vec3 v = normalize(-(modelView * vec4(vertexPosition, 1.0)).xyz);
    vec3 base = useVertexColor > 0.5 ? vertexColor.rgb : baseColor.rgb;
    vec3 up = mat3(viewMatrix) * vec3(0.0, 1.0, 0.0);
    litScale = toLinear(base) * studioDiffuse(n, up);
    litOffset = studioAdd(n, v);
    texCoord = useVertexColor > 0.5 ? vec2(0.0) : vertexTexCoord;
    gl_Position = mvp * vec4(vertexPosition, 1.0);
}
)";

const char *const kVertexLitFragment = R"(#version 150 core
in vec3 litScale;
in vec3 litOffset;
in vec2 texCoord;
out vec4 fragColor;
uniform sampler2D baseColorMap;
void main()
{
#ifdef BASE_COLOR_MAP
    vec3 tex = texture(baseColorMap, vec2(texCoord.x, 1.0 - texCoord.y)).rgb;
    fragColor = vec4(sqrt(tex * tex * litScale + litOffset), 1.0);
#else
    fragColor = vec4(sqrt(litScale + litOffset), 1.0);
#endif
}
)";

#undef TWEED_STUDIO_LIGHT

// Collision volumes: the shading is done per vertex (the shapes are smooth and the overlay is
// flat-coloured), so each pixel costs one interpolated value and one blend.
const char *const kVolumeVertex = R"(#version 150 core
in vec3 vertexPosition;
in vec3 vertexNormal;
in float selected;
out vec4 color;
uniform mat3 modelViewNormal;
uniform mat4 mvp;
uniform vec4 baseColor;
uniform vec4 selectedColor;
uniform float alphaScale;
void main()
{
    vec3 n = normalize(modelViewNormal * vertexNormal);
    color = mix(baseColor, selectedColor, selected);
    color = vec4(color.rgb * (0.45 + 0.55 * abs(n.z)), color.a * alphaScale);
    gl_Position = mvp * vec4(vertexPosition, 1.0);
    TWEED_XRAY_DEPTH
}
)";

const char *const kVolumeFragment = R"(#version 150 core
in vec4 color;
out vec4 fragColor;
void main()
{
    fragColor = color;
}
)";

// What the round volumes' two vertex programs hand to the ray-casting fragment program, and
// the uniforms both read (in place of their TWEED_ROUND_VOLUME_INTERFACE line).
const char *const kRoundVolumeInterface = R"(out vec3 shapePoint;
out vec3 rayDirection;
out vec2 clipPoint;
out vec2 clipDirection;
flat out vec4 shapeOut;
flat out vec4 color;
uniform mat4 viewMatrix;
uniform mat4 inverseViewMatrix;
uniform mat4 projectionMatrix;
uniform vec4 baseColor;
uniform vec4 selectedColor;
uniform float alphaScale;
)";

// Round collision volumes (RoundVolumes in scene_geometry.h): each is drawn as the front faces
// of a convex proxy around it (RoundVolumeProxy), and every fragment casts its view ray against the
// exact shape in the shape's own space, where an ellipsoid is a unit sphere and a capsule or
// tapered capsule the hull of two spheres on the y axis. The proxy point and the ray's direction
// are affine in the proxy's corners, so they are interpolated exactly. The ray starts a little
// outside the proxy on the eye's side (not at the eye: in the space of a thin ellipsoid the eye
// is thousands of radii away). Where the x-ray is off the hit's depth is written, so that the
// body hides the volume. Variants: ELLIPSOID (one sphere, no cone) and WRITE_DEPTH; the vertex
// program's TWEED_XRAY_DEPTH is replaced by the x-ray's depth mapping or by nothing.
const char *const kRoundVolumeVertex = R"(#version 150 core
in vec3 localPosition;
in vec3 frameX;
in vec3 frameY;
in vec3 frameZ;
in vec3 frameOrigin;
in vec3 shapeScale;
in vec4 shape;
in float selected;
TWEED_ROUND_VOLUME_INTERFACE
void main()
{
    mat3 frame = mat3(frameX, frameY, frameZ);
    vec3 world = frame * localPosition + frameOrigin;
    vec4 view = viewMatrix * vec4(world, 1.0);
    gl_Position = projectionMatrix * view;
    // The view ray through this point: from the eye (perspective) or along the view axis
    // (orthographic).
    vec3 directionView = mix(view.xyz, vec3(0.0, 0.0, -1.0), projectionMatrix[3][3]);
    clipPoint = gl_Position.zw;
    clipDirection = (projectionMatrix * vec4(directionView, 0.0)).zw;
    shapePoint = shapeScale * localPosition;
    rayDirection = shapeScale * (inverse(frame) * (mat3(inverseViewMatrix) * directionView));
    shapeOut = shape;
    color = mix(baseColor, selectedColor, selected);
    color.a *= alphaScale;
    TWEED_XRAY_DEPTH
}
)";

// Ellipsoids and spheres as instances of one static mesh (RoundVolumes built with
// `ellipsoidInstances`): per instance the volume's frame (its axes turned so that x is the
// shortest), radii and what it draws (0: its outline seen from the eye, 1: its prism, 2: the
// prism turned, for an eye inside it; selected in y). The mesh holds the outline's 8 corners
// (cornerKind 0, the corner's number in unitCorner.x) and the unit prism's 16 (cornerKind 1);
// the corners of the part not drawn go outside the clip volume, so their triangles are
// rejected before rasterising. The outline is ellipsoidOutlineProxy (scene_geometry.cpp)
// computed here from the camera, so that a frame re-sends 68 bytes a volume, not the proxies.
const char *const kEllipsoidInstanceVertex = R"(#version 150 core
in vec3 unitCorner;
in float cornerKind;
in vec3 frameX;
in vec3 frameY;
in vec3 frameZ;
in vec3 frameOrigin;
in vec3 radii;
in vec2 drawMode;
TWEED_ROUND_VOLUME_INTERFACE
void main()
{
    shapeOut = vec4(1.0, 1.0, 0.0, 0.0);
    color = mix(baseColor, selectedColor, drawMode.y);
    color.a *= alphaScale;
    bool outline = drawMode.x < 0.5;
    if (outline != (cornerKind < 0.5)) {
        shapePoint = vec3(0.0);
        rayDirection = vec3(0.0, 0.0, 1.0);
        clipPoint = vec2(0.0, 1.0);
        clipDirection = vec2(0.0);
        gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
        return;
    }
    mat3 frame = mat3(frameX, frameY, frameZ);
    mat3 toLocal = transpose(frame);
    vec3 scale = 1.0 / radii;
    vec3 unit;
    if (outline) {
        const float pi = 3.14159265;
        bool parallel = projectionMatrix[3][3] > 0.5;
        vec3 toward;
        float offset = 0.0;
        float radius = 1.0;
        if (parallel) {
            toward = normalize(scale * (toLocal * inverseViewMatrix[2].xyz));
        } else {
            vec3 e = scale * (toLocal * (inverseViewMatrix[3].xyz - frameOrigin));
            float d = length(e);
            toward = e / d;
            offset = 1.0 / d;
            radius = sqrt(1.0 - offset * offset);
        }
        vec3 other = abs(toward.x) < 0.6 ? vec3(1.0, 0.0, 0.0) : vec3(0.0, 1.0, 0.0);
        vec3 u = normalize(cross(toward, other));
        vec3 w = cross(toward, u);
        float reach = 1.01 * radius / cos(pi / 8.0);
        float a = (unitCorner.x + 0.5) * 0.25 * pi;
        vec3 onCircle = toward * offset + (u * cos(a) + w * sin(a)) * reach;
        if (parallel) {
            unit = onCircle + toward;
        } else {
            vec3 e = toward / offset;
            unit = e + (onCircle - e) * ((1.0 / offset - 1.0) / (1.0 / offset - offset));
        }
    } else {
        // The prism is symmetric about its centre: its corners taken opposite turn every face.
        unit = drawMode.x > 1.5 ? -unitCorner : unitCorner;
    }
    vec3 world = frame * (unit * radii) + frameOrigin;
    vec4 view = viewMatrix * vec4(world, 1.0);
    gl_Position = projectionMatrix * view;
    vec3 directionView = mix(view.xyz, vec3(0.0, 0.0, -1.0), projectionMatrix[3][3]);
    clipPoint = gl_Position.zw;
    clipDirection = (projectionMatrix * vec4(directionView, 0.0)).zw;
    shapePoint = unit;
    rayDirection = scale * (toLocal * (mat3(inverseViewMatrix) * directionView));
    TWEED_XRAY_DEPTH
}
)";

const char *const kRoundVolumeFragment = R"(#version 150 core
in vec3 shapePoint;
in vec3 rayDirection;
in vec2 clipPoint;
in vec2 clipDirection;
flat in vec4 shapeOut;
flat in vec4 color;
out vec4 fragColor;
void main()
{
#ifdef ELLIPSOID
    // The unit sphere, with the ray's direction d as interpolated (not normalised: one
    // inverse square root instead of a length and a division per fragment): the ray's squared
    // distance from the centre times d.d, from the proxy point (whose length is about 1, so
    // nothing cancels), is p.p d.d - (p.d)^2; the cosine between the ray and the normal where
    // it enters is the square root of 1 minus the squared distance.
    float dd = dot(rayDirection, rayDirection);
    float b = dot(shapePoint, rayDirection);
    float h = b * b - dd * (dot(shapePoint, shapePoint) - 1.0);
    if (h <= 0.0)
        discard;
    float root = sqrt(h);
    float facing = root * inversesqrt(dd);
    fragColor = vec4(color.rgb * (0.45 + 0.55 * facing), color.a);
#ifdef WRITE_DEPTH
    // The entry point lies (b + root) / d.d directions d before the proxy point.
    vec2 clip = clipPoint - ((b + root) / dd) * clipDirection;
    gl_FragDepth = 0.5 + 0.5 * clip.x / clip.y;
#endif
#else
    float rayLength = length(rayDirection);
    vec3 rd = rayDirection / rayLength;
    float reach = shapeOut.w;
    vec3 ro = shapePoint - reach * rd;
    float ra = shapeOut.x;
    float rb = shapeOut.y;
    vec3 pa = vec3(0.0, -shapeOut.z, 0.0);
    vec3 pb = vec3(0.0, shapeOut.z, 0.0);
    float t = 1e20;
    vec3 n = vec3(0.0, 0.0, 1.0);
    // The two end spheres.
    vec3 oa = ro - pa;
    float b = dot(oa, rd);
    vec3 q = oa - b * rd;
    float h = ra * ra - dot(q, q);
    if (h > 0.0) {
        t = -b - sqrt(h);
        n = (oa + t * rd) / ra;
    }
    vec3 ob = ro - pb;
    b = dot(ob, rd);
    q = ob - b * rd;
    h = rb * rb - dot(q, q);
    if (h > 0.0 && -b - sqrt(h) < t) {
        t = -b - sqrt(h);
        n = (ob + t * rd) / rb;
    }
    // The cone between them, tangent to both (after Inigo Quilez's rounded cone).
    vec3 ba = pb - pa;
    float rr = ra - rb;
    float m0 = dot(ba, ba);
    float d2 = m0 - rr * rr;
    if (d2 > 1e-6 * m0) {
        float m1 = dot(ba, oa);
        float m2 = dot(ba, rd);
        float m3 = dot(rd, oa);
        float k2 = d2 - m2 * m2;
        float k1 = d2 * m3 - m1 * m2 + m2 * rr * ra;
        float k0 = d2 * dot(oa, oa) - m1 * m1 + m1 * rr * ra * 2.0 - m0 * ra * ra;
        float hc = k1 * k1 - k0 * k2;
        if (hc > 0.0 && abs(k2) > 1e-12) {
            float tc = (-sqrt(hc) - k1) / k2;
            float y = m1 - ra * rr + tc * m2;
            if (y > 0.0 && y < d2 && tc < t) {
                t = tc;
                n = d2 * (oa + tc * rd) - ba * y;
            }
        }
    }
    if (t > 1e19)
        discard;
    float facing = abs(dot(normalize(n), rd));
    float back = reach - t;
    fragColor = vec4(color.rgb * (0.45 + 0.55 * facing), color.a);
#ifdef WRITE_DEPTH
    vec2 clip = clipPoint - (back / rayLength) * clipDirection;
    gl_FragDepth = 0.5 + 0.5 * clip.x / clip.y;
#endif
#endif
}
)";

const char *const kLineVertex = R"(#version 150 core
in vec3 vertexPosition;
in vec4 vertexColor;
out vec4 color;
out vec3 worldPosition;
uniform mat4 modelMatrix;
uniform mat4 mvp;
uniform vec4 lineColor;
uniform float useVertexColor;
uniform float depthBias;
void main()
{
    color = useVertexColor > 0.5 ? vertexColor : lineColor;
    worldPosition = (modelMatrix * vec4(vertexPosition, 1.0)).xyz;
    gl_Position = mvp * vec4(vertexPosition, 1.0);
    gl_Position.z -= depthBias * gl_Position.w;
}
)";

// Ellipsoids' outlines (VolumeOutlines): instances of the unit sphere's, each point placed by
// its instance's axes (times the radii) and centre.
const char *const kVolumeLineVertex = R"(#version 150 core
in vec3 vertexPosition;
in vec3 axisX;
in vec3 axisY;
in vec3 axisZ;
in vec3 centre;
in vec4 vertexColor;
out vec4 color;
out vec3 worldPosition;
uniform mat4 viewProjectionMatrix;
uniform float depthBias;
void main()
{
    worldPosition = axisX * vertexPosition.x + axisY * vertexPosition.y +
                    axisZ * vertexPosition.z + centre;
    color = vertexColor;
    gl_Position = viewProjectionMatrix * vec4(worldPosition, 1.0);
    gl_Position.z -= depthBias * gl_Position.w;
}
)";

const char *const kLineFragment = R"(#version 150 core
in vec4 color;
in vec3 worldPosition;
out vec4 fragColor;
uniform float fadeRadius;
void main()
{
    float fade = fadeRadius > 0.0 ? 1.0 - smoothstep(0.35 * fadeRadius, fadeRadius,
                                                     length(worldPosition.xz)) : 1.0;
    fragColor = vec4(color.rgb, color.a * fade);
}
)";

// The gradient is smooth enough to be computed per vertex of a finely divided quad: each pixel
// then costs one interpolated colour. It lies on the far plane and is drawn after the opaque
// surfaces, so the pixels they cover are not shaded twice.
const char *const kBackgroundVertex = R"(#version 150 core
in vec3 vertexPosition;
out vec3 color;
uniform vec4 topColor;
uniform vec4 bottomColor;
void main()
{
    vec2 screen = vertexPosition.xy * 2.0 - 1.0;
    float t = smoothstep(-1.0, 1.0, screen.y);
    color = mix(bottomColor.rgb, topColor.rgb, t);
    color *= 1.0 - 0.10 * dot(screen * 0.7, screen * 0.7);
    gl_Position = vec4(screen, 1.0, 1.0);
}
)";

const char *const kBackgroundFragment = R"(#version 150 core
in vec3 color;
out vec4 fragColor;
void main()
{
    fragColor = vec4(color, 1.0);
}
)";

const char *const kScreenVertex = R"(#version 150 core
in vec3 vertexPosition;
out vec2 texCoord;
uniform vec4 rect;
void main()
{
    texCoord = vertexPosition.xy;
    gl_Position = vec4(mix(rect.xy, rect.zw, vertexPosition.xy), 0.0, 1.0);
}
)";

const char *const kScreenFragment = R"(#version 150 core
in vec2 texCoord;
out vec4 fragColor;
uniform sampler2D overlay;
void main()
{
    fragColor = texture(overlay, vec2(texCoord.x, 1.0 - texCoord.y));
}
)";

QVector4D toVector(const QColor &c)
{
    return QVector4D(float(c.redF()), float(c.greenF()), float(c.blueF()), float(c.alphaF()));
}

// An OpenGL 3.2 core technique of `effect` with the shader program of `vertex` and `fragment`
// (the caller adds the technique's render passes, then the technique to the effect).
QShaderProgram *makeCoreTechnique(QEffect *effect, const char *vertex, const char *fragment,
                                  QTechnique **techniqueOut)
{
    auto *technique = new QTechnique(effect);
    technique->graphicsApiFilter()->setApi(QGraphicsApiFilter::OpenGL);
    technique->graphicsApiFilter()->setProfile(QGraphicsApiFilter::CoreProfile);
    technique->graphicsApiFilter()->setMajorVersion(3);
    technique->graphicsApiFilter()->setMinorVersion(2);
    auto *program = new QShaderProgram(technique);
    program->setVertexShaderCode(vertex);
    program->setFragmentShaderCode(fragment);
    *techniqueOut = technique;
    return program;
}

// A render pass of the technique drawing with the program, tagged `tag` for the frame graph's
// pass filters.
QRenderPass *taggedPass(QTechnique *technique, QShaderProgram *program, const QString &tag)
{
    auto *pass = new QRenderPass(technique);
    pass->setShaderProgram(program);
    auto *key = new QFilterKey(pass);
    key->setName(QStringLiteral("pass"));
    key->setValue(tag);
    pass->addFilterKey(key);
    technique->addRenderPass(pass);
    return pass;
}

void addCullFace(QRenderPass *pass, QCullFace::CullingMode mode)
{
    auto *cull = new QCullFace(pass);
    cull->setMode(mode);
    pass->addRenderState(cull);
}

// A material with one OpenGL 3.2 core technique and one render pass tagged `pass`.
QMaterial *makeMaterial(const char *vertex, const char *fragment, const char *pass,
                        Qt3DCore::QNode *parent, QRenderPass **renderPassOut = nullptr)
{
    auto *material = new QMaterial(parent);
    auto *effect = new QEffect(material);
    QTechnique *technique = nullptr;
    QShaderProgram *program = makeCoreTechnique(effect, vertex, fragment, &technique);
    QRenderPass *renderPass = taggedPass(technique, program, QString::fromLatin1(pass));
    effect->addTechnique(technique);
    material->setEffect(effect);
    if (renderPassOut)
        *renderPassOut = renderPass;
    return material;
}

void addAlphaBlending(QRenderPass *pass, bool premultiplied)
{
    auto *equation = new QBlendEquation(pass);
    equation->setBlendFunction(QBlendEquation::Add);
    auto *arguments = new QBlendEquationArguments(pass);
    arguments->setSourceRgb(premultiplied ? QBlendEquationArguments::One
                                          : QBlendEquationArguments::SourceAlpha);
    arguments->setDestinationRgb(QBlendEquationArguments::OneMinusSourceAlpha);
    arguments->setSourceAlpha(QBlendEquationArguments::One);
    arguments->setDestinationAlpha(QBlendEquationArguments::OneMinusSourceAlpha);
    pass->addRenderState(equation);
    pass->addRenderState(arguments);
}

void addDepthTest(QRenderPass *pass, QDepthTest::DepthFunction function)
{
    auto *depth = new QDepthTest(pass);
    depth->setDepthFunction(function);
    pass->addRenderState(depth);
}

QRenderPassFilter *passFilter(const char *pass, Qt3DCore::QNode *parent)
{
    auto *filter = new QRenderPassFilter(parent);
    auto *key = new QFilterKey(filter);
    key->setName(QStringLiteral("pass"));
    key->setValue(QString::fromLatin1(pass));
    filter->addMatch(key);
    return filter;
}

} // namespace

QMaterial *makeSurfaceMaterial(const QColor &color, QAbstractTexture *texture,
                               Qt3DCore::QNode *parent, const SurfaceOptions &options)
{
    const bool transparent = color.alphaF() < 0.999;
    const float hiddenAlpha = options.hiddenAlpha;
    const bool perVertex = !transparent && options.lighting == SurfaceLighting::PerVertex;
    QRenderPass *pass = nullptr;
    // A textured and an untextured program: a branch on a uniform would still cost the texture
    // fetch per pixel where the rasteriser runs both sides (software GL).
    const auto withTexture = [](const char *fragment) {
        return QByteArray(fragment).replace("#version 150 core\n",
                                            "#version 150 core\n#define BASE_COLOR_MAP\n");
    };
    static const QByteArray textured = withTexture(kSurfaceFragment);
    static const QByteArray texturedVertexLit = withTexture(kVertexLitFragment);
    const char *fragment = perVertex ? (texture ? texturedVertexLit.constData() : kVertexLitFragment)
                                     : (texture ? textured.constData() : kSurfaceFragment);
    QMaterial *material =
        makeMaterial(perVertex ? kVertexLitVertex : kSurfaceVertex, fragment,
                     transparent                            ? "transparent"
                     : options.layer == SurfaceLayer::Inner ? "opaque-inner"
                                                            : "opaque",
                     parent, &pass);
    material->addParameter(new QParameter(QStringLiteral("baseColor"), toVector(color)));
    material->addParameter(new QParameter(QStringLiteral("alphaScale"), 1.0f));
    material->addParameter(new QParameter(QStringLiteral("useVertexColor"), 0.0f));
    if (texture)
        material->addParameter(new QParameter(QStringLiteral("baseColorMap"), texture));
    addCullFace(pass, transparent ? QCullFace::NoCulling : QCullFace::Back);
    addDepthTest(pass, QDepthTest::LessOrEqual);
    if (transparent) {
        addAlphaBlending(pass, false);
        pass->addRenderState(new QNoDepthMask(pass));
        if (hiddenAlpha > 0) {
            // A second pass draws the parts behind other surfaces, fainter (x-ray).
            auto *technique = static_cast<QTechnique *>(pass->parent());
            QRenderPass *hidden =
                taggedPass(technique, pass->shaderProgram(), QStringLiteral("transparent"));
            hidden->addParameter(new QParameter(QStringLiteral("alphaScale"),
                                                hiddenAlpha / float(color.alphaF())));
            addCullFace(hidden, QCullFace::NoCulling);
            addDepthTest(hidden, QDepthTest::Greater);
            addAlphaBlending(hidden, false);
            hidden->addRenderState(new QNoDepthMask(hidden));
        }
    } else {
        // The back faces, once every front face is drawn: on a software renderer a back face
        // drawn first costs its whole shading for a pixel that a front face then covers.
        // Hidden pixels are not free there either (the rasteriser still walks and depth-tests
        // each small triangle), so a closed surface draws none.
        std::vector<QRenderPass *> passes{pass};
        if (!options.closed) {
            auto *technique = static_cast<QTechnique *>(pass->parent());
            QRenderPass *back =
                taggedPass(technique, pass->shaderProgram(), QStringLiteral("opaque-back"));
            addCullFace(back, QCullFace::Front);
            addDepthTest(back, QDepthTest::LessOrEqual);
            passes.push_back(back);
        }
        if (perVertex) {
            pass->addParameter(new QParameter(QStringLiteral("faceSign"), 1.0f));
            if (passes.size() > 1)
                passes[1]->addParameter(new QParameter(QStringLiteral("faceSign"), -1.0f));
        }
        // Pushes filled surfaces back a little so wireframes on them draw cleanly.
        for (QRenderPass *p : passes) {
            auto *offset = new QPolygonOffset(p);
            offset->setScaleFactor(1.0f);
            offset->setDepthSteps(1.0f);
            p->addRenderState(offset);
        }
    }
    return material;
}

namespace {

// A translucent volume pass, drawn after every other surface: front faces, blended, depth
// tested and written, so that each pixel takes the colour of its nearest volume and, drawn
// front to back, the volumes behind it fail the depth test before their program runs.
QRenderPass *volumePass(QTechnique *technique, QShaderProgram *program,
                        QDepthTest::DepthFunction depth)
{
    QRenderPass *pass = taggedPass(technique, program, QStringLiteral("volumes"));
    addCullFace(pass, QCullFace::Back);
    addDepthTest(pass, depth);
    addAlphaBlending(pass, false);
    return pass;
}

// A volume material: one pass, blended, nearest volume first; the x-ray draws over everything.
QMaterial *makeVolumeMaterial(const char *vertex, const char *fragment, const QColor &color,
                              const QColor &selectedColor, bool xray,
                              Qt3DCore::QNode *parent)
{
    auto *material = new QMaterial(parent);
    auto *effect = new QEffect(material);
    QTechnique *technique = nullptr;
    // The x-ray maps the volumes' depths into the nearer half of the scene's (an affine map of
    // clip z, so depth stays right across a triangle): they pass the depth test over anything
    // further than twice the near plane's distance, and still order among themselves. A
    // smaller share costs precision: at a 64th, two ellipsoids of the sample's chest, side by
    // side with their flat proxy faces 1 mm apart, fought in stripes.
    const QByteArray xrayDepth =
        xray ? QByteArrayLiteral(
                   "gl_Position.z = (gl_Position.z + gl_Position.w) * 0.5 - gl_Position.w;")
             : QByteArray();
    const QByteArray vertexCode = QByteArray(vertex)
                                     .replace("TWEED_XRAY_DEPTH", xrayDepth)
                                     .replace("TWEED_ROUND_VOLUME_INTERFACE", kRoundVolumeInterface);
    QShaderProgram *program =
        makeCoreTechnique(effect, vertexCode.constData(), fragment, &technique);
    volumePass(technique, program, xray ? QDepthTest::Less : QDepthTest::LessOrEqual);
    effect->addTechnique(technique);
    material->setEffect(effect);
    material->addParameter(new QParameter(QStringLiteral("baseColor"), toVector(color)));
    material->addParameter(new QParameter(QStringLiteral("alphaScale"), 1.0f));
    material->addParameter(new QParameter(QStringLiteral("selectedColor"),
                                          toVector(selectedColor)));
    return material;
}

} // namespace

QMaterial *makeVolumeMaterial(const QColor &color, const QColor &selectedColor, bool xray,
                              Qt3DCore::QNode *parent)
{
    return makeVolumeMaterial(kVolumeVertex, kVolumeFragment, color, selectedColor, xray,
                              parent);
}

QMaterial *makeRoundVolumeMaterial(const QColor &color, const QColor &selectedColor,
                                   bool ellipsoids, bool xray, Qt3DCore::QNode *parent)
{
    QByteArray defines;
    if (ellipsoids)
        defines += "#define ELLIPSOID\n";
    if (!xray)
        defines += "#define WRITE_DEPTH\n";
    const QByteArray fragment =
        QByteArray(kRoundVolumeFragment)
            .replace("#version 150 core\n", "#version 150 core\n" + defines);
    // The front faces of the proxies (convex): their depth is nearer than the shape's, so that
    // the depth test against nearer volumes is made before the ray cast. A proxy that holds the
    // camera is drawn turned (RoundVolumes::setEye).
    return makeVolumeMaterial(ellipsoids ? kEllipsoidInstanceVertex : kRoundVolumeVertex,
                              fragment.constData(), color, selectedColor, xray, parent);
}

QMaterial *makeLineMaterial(const LineStyle &style, Qt3DCore::QNode *parent)
{
    QRenderPass *pass = nullptr;
    QMaterial *material =
        makeMaterial(style.volumeFrames ? kVolumeLineVertex : kLineVertex,
                     kLineFragment, style.onTop ? "ontop" : "lines", parent, &pass);
    material->addParameter(new QParameter(QStringLiteral("lineColor"), toVector(style.color)));
    material->addParameter(
        new QParameter(QStringLiteral("useVertexColor"), style.vertexColors ? 1.0f : 0.0f));
    material->addParameter(new QParameter(QStringLiteral("depthBias"), style.depthBias));
    material->addParameter(new QParameter(QStringLiteral("fadeRadius"), style.fadeRadius));
    addDepthTest(pass, style.onTop ? QDepthTest::Always : QDepthTest::LessOrEqual);
    addAlphaBlending(pass, false);
    if (style.onTop || style.fadeRadius > 0)
        pass->addRenderState(new QNoDepthMask(pass));
    if (!style.smooth) {
        // A pass's own state wins over the frame graph's.
        auto *width = new QLineWidth(pass);
        width->setSmooth(false);
        pass->addRenderState(width);
    }
    return material;
}

QMaterial *makeBackgroundMaterial(const QColor &top, const QColor &bottom,
                                  Qt3DCore::QNode *parent)
{
    QRenderPass *pass = nullptr;
    QMaterial *material =
        makeMaterial(kBackgroundVertex, kBackgroundFragment, "background", parent, &pass);
    material->addParameter(new QParameter(QStringLiteral("topColor"), toVector(top)));
    material->addParameter(new QParameter(QStringLiteral("bottomColor"), toVector(bottom)));
    addDepthTest(pass, QDepthTest::LessOrEqual);
    pass->addRenderState(new QNoDepthMask(pass));
    addCullFace(pass, QCullFace::NoCulling);
    return material;
}

QMaterial *makeScreenQuadMaterial(QAbstractTexture *texture, QParameter **rect,
                                  Qt3DCore::QNode *parent)
{
    QRenderPass *pass = nullptr;
    QMaterial *material = makeMaterial(kScreenVertex, kScreenFragment, "hud", parent, &pass);
    material->addParameter(new QParameter(QStringLiteral("overlay"), texture));
    *rect = new QParameter(QStringLiteral("rect"), QVector4D(-1, -1, 1, 1));
    material->addParameter(*rect);
    addDepthTest(pass, QDepthTest::Always);
    pass->addRenderState(new QNoDepthMask(pass));
    addCullFace(pass, QCullFace::NoCulling);
    addAlphaBlending(pass, true);
    return material;
}

QFrameGraphNode *makeFrameGraph(QObject *surface, QCamera *camera, QRenderCapture **capture,
                                const FrameGraphOptions &options)
{
    auto *selector = new QRenderSurfaceSelector;
    selector->setSurface(surface);
    auto *viewport = new QViewport(selector);
    viewport->setNormalizedRect(QRectF(0, 0, 1, 1));
    auto *cameraSelector = new QCameraSelector(viewport);
    cameraSelector->setCamera(camera);

    auto *clear = new QClearBuffers(cameraSelector);
    clear->setBuffers(QClearBuffers::ColorDepthStencilBuffer);
    clear->setClearColor(QColor(40, 42, 46));
    new QNoDraw(clear);

    passFilter("opaque", cameraSelector);
    passFilter("opaque-inner", cameraSelector);
    passFilter("opaque-back", cameraSelector);
    passFilter("background", cameraSelector);
    // Lines are blended: smoothing only widens their edges into partly covered pixels.
    const auto lineParent = [&]() -> Qt3DCore::QNode * {
        if (!options.smoothLines)
            return cameraSelector;
        auto *states = new QRenderStateSet(cameraSelector);
        auto *width = new QLineWidth(states);
        width->setSmooth(true);
        states->addRenderState(width);
        return states;
    };
    passFilter("lines", lineParent());
    auto *sort = new QSortPolicy(cameraSelector);
    sort->setSortTypes(QList<QSortPolicy::SortType>{QSortPolicy::BackToFront});
    passFilter("transparent", sort);
    passFilter("volumes", cameraSelector);
    passFilter("ontop", lineParent());
    // A capture reads the frame at the end of its own branch, so it sits on the last one.
    *capture = new QRenderCapture(cameraSelector);
    passFilter("hud", *capture);
    return selector;
}

} // namespace tweed::editor::scene
