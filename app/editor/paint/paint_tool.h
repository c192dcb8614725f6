// The viewport tool that paints a garment LoD's channels: brush and smooth strokes, fills,
// gradients, value picking and lasso/box selection on the garment as drawn (skinned pose or the
// running simulation), with the channel shown as a colour ramp on the garment or its physics
// mesh. A whole gesture is previewed locally and becomes ONE document edit when it ends.
#pragma once

#include "viewport/viewport_tool.h"

#include "tweed/channels.h"
#include "tweed/meshproc/garment_map.h"
#include "tweed/meshproc/paint.h"

#include <QColor>
#include <QObject>
#include <QPointF>
#include <QPointer>
#include <QPolygonF>
#include <QString>

#include <optional>
#include <vector>

namespace tweed::editor {

class Document;
class Viewport;

enum class PaintToolKind { Brush, Smooth, Fill, Gradient, Pick, Lasso, Box };
enum class PaintMirror { Off, X, Y, Z };

/// What is painted: one of the float channels or one of the mask channels.
struct PaintTarget
{
    bool mask = false;
    int channel = 0; ///< a FloatChannel or a MaskChannel
    friend bool operator==(const PaintTarget &, const PaintTarget &) = default;
};

/// Everything the dock lets the artist choose. Lengths in metres.
struct PaintSettings
{
    int lod = 0;
    PaintTarget target;
    /// Mask channels: the bits a gesture sets (Set, Add), clears (Subtract) or keeps (Multiply).
    uint32_t bits = 1;
    PaintToolKind tool = PaintToolKind::Brush;
    tweed::BrushSettings brush;
    float secondValue = 1.0f; ///< the gradient's end value (brush.value is its start)
    bool fillConnected = false; ///< Fill: only the connected piece under the cursor
    PaintMirror mirror = PaintMirror::Off;
    bool mirrorByTopology = false;
    float mirrorTolerance = 0.01f;
    bool paintThrough = false; ///< otherwise only vertices the camera sees change
    bool showOnPhysics = false;
    float rampMin = 0.0f;
    float rampMax = 0.1f;
};

class PaintTool : public QObject, public ViewportTool
{
    Q_OBJECT

public:
    PaintTool(Document *document, Viewport *viewport, QObject *parent = nullptr);
    QString displayName() const override { return tr("Paint"); }
    ~PaintTool() override;

    const PaintSettings &settings() const { return mSettings; }
    /// The values the legend shows, largest first: the ramp's top, middle and bottom, and above
    /// them the largest painted value when it lies above the ramp (drawn in the top colour).
    std::vector<float> legendValues() const;
    void setSettings(const PaintSettings &settings);

    /// Makes this the viewport's tool and colours the garment by the channel (or stops).
    void setActive(bool active);
    bool isActive() const { return mActive; }
    /// How the legend shows lengths: metres times scale, followed by unit.
    void setLengthUnit(double scale, const QString &unit);

    /// The ramp colour of t in [0, 1]: dark blue, cyan, yellow, red.
    static QColor rampColor(float t);
    /// Mask display colours: any of the chosen bits set / none set.
    static QColor maskOnColor() { return QColor(255, 140, 30); }
    static QColor maskOffColor() { return QColor(60, 64, 80); }

    /// Dab centres of the last brush or smooth stroke, world space (tests, diagnostics).
    const std::vector<Vec3> &lastStrokeCenters() const { return mStrokeCenters; }
    /// Gradient end points of the last gradient, world space.
    const std::vector<Vec3> &lastGradientPoints() const { return mGradientPoints; }
    /// Average time of one dab with its colour update, milliseconds (latency read-out).
    double averageDabMs() const { return mDabCount ? mDabMs / mDabCount : 0.0; }
    /// A sphere drawn while hovering: a vertex's Max Distance sphere or its backstop sphere.
    struct SphereMark
    {
        uint32_t vertex = 0;
        Vec3 center;
        float radius = 0;
        bool backstop = false;
    };
    const std::vector<SphereMark> &hoverSpheres() const { return mSpheres; }
    /// The garment's positions as drawn, in LoD vertex order (refreshed on each event).
    const std::vector<Vec3> &drawnPositions() const { return mPositions; }

    bool mousePress(QMouseEvent *event) override;
    bool mouseMove(QMouseEvent *event) override;
    bool mouseRelease(QMouseEvent *event) override;
    bool keyPress(QKeyEvent *event) override;
    void leave() override;
    void paintOverlay(QPainter &painter, const QSize &size) override;
    bool hasOverlay() const override { return true; }

signals:
    /// The tool was switched on or off (also when another viewport tool took over).
    void activeChanged(bool active);
    /// Pick value: the value under the cursor (float channels) ...
    void valuePicked(float value);
    /// ... or the mask of the nearest corner (mask channels).
    void maskPicked(uint32_t mask);
    /// A gesture could not be applied (shown by the dock).
    void errorOccurred(const QString &message);
    /// [ and ] in the viewport: the brush radius should become radius (metres).
    void radiusRequested(float radius);
    /// A gesture changed the document; status text for the dock.
    void status(const QString &message);

private:
    enum class Gesture { None, Stroke, Polygon };

    bool prepareGeometry();
    void invalidateGeometry();
    const tweed::VertexGraph &graph();
    const std::vector<uint32_t> &mirrorMap();
    tweed::SurfaceHit pick(const QPointF &pixel) const;
    tweed::ViewPoint viewPoint() const;
    std::vector<uint32_t> visibleOnly(std::vector<uint32_t> vertices) const;
    /// Area-weighted normals of the drawn mesh at the given vertices.
    std::vector<Vec3> normalsAt(const std::vector<uint32_t> &vertices) const;
    /// The value shown for a float channel at v: the gesture's copy for the painted channel.
    float floatValue(tweed::FloatChannel channel, uint32_t v) const;
    /// The edit that applies the brush's mode and strength to every vertex alike.
    tweed::ValueEdit uniformEdit(const std::vector<uint32_t> &vertices) const;
    /// A mask after the chosen mode with the chosen bits.
    uint32_t maskOp(uint32_t mask) const;

    // Values being edited: a copy of the document's channel plus the gesture's changes.
    void beginEdit();
    void dab(const tweed::SurfaceHit &hit);
    void strokeTo(const QPointF &pixel);
    /// Applies new values (floats) or masks (mask channels) to the local copy, mirrored.
    void applyLocal(const tweed::ValueEdit &edit);
    void applyLocalMasks(const std::vector<uint32_t> &vertices);
    void commitEdit(const QString &text);
    void cancelEdit();

    void fillAt(const tweed::SurfaceHit &hit);
    void gradientClick(const tweed::SurfaceHit &hit);
    void pickAt(const tweed::SurfaceHit &hit);
    void selectPolygon();

    void updateColors();
    void updateHover(const QPointF &pixel);
    void updateSpheres(const tweed::SurfaceHit &hit);
    void clearViewportState();
    QString channelText() const;
    bool channelIsLength() const;

    Document *mDocument;
    QPointer<Viewport> mViewport; ///< may go first when the main window closes
    PaintSettings mSettings;
    bool mActive = false;

    // Geometry of the painted LoD as drawn.
    bool mTopologyValid = false;
    int mGeometryLod = -1;
    std::vector<GarmentPart> mParts;
    std::vector<uint32_t> mIndices; ///< the LoD's triangles (the BVH refers to them)
    std::vector<Vec3> mPositions;
    tweed::SurfaceBvh mBvh;
    std::optional<tweed::VertexGraph> mGraph;
    std::optional<std::vector<uint32_t>> mMirror;
    PaintMirror mMirrorAxis = PaintMirror::Off;
    bool mMirrorTopology = false;
    float mMirrorTolerance = 0;

    // The gesture in progress.
    Gesture mGesture = Gesture::None;
    bool mEditing = false;
    std::vector<float> mValues;   ///< float channel: local copy
    std::vector<uint32_t> mMasks; ///< mask channel: local copy
    std::vector<char> mTouched;
    Vec3 mLastDab;
    QPointF mLastDabPixel;
    bool mHasLastDab = false;
    std::vector<Vec3> mStrokeCenters;
    QPolygonF mPolygon;
    std::optional<tweed::SurfaceHit> mGradientStart;
    std::vector<Vec3> mGradientPoints;

    // Hover.
    std::optional<QPointF> mHoverPixel;
    std::optional<tweed::SurfaceHit> mHoverHit;
    std::vector<SphereMark> mSpheres;

    double mLengthScale = 100.0;
    QString mLengthUnit = QStringLiteral("cm");
    double mDabMs = 0;
    int mDabCount = 0;
};

} // namespace tweed::editor
