// Selection, immediate and weld paths, transfers and the skin map on meshes with known answers.
#include "physics_test_meshes.h"
#include "tweed/errors.h"
#include "tweed/meshproc/mesh_quality.h"
#include "tweed/meshproc/physics_geometry.h"
#include "tweed/meshproc/physics_mesh.h"
#include "tweed/meshproc/skin_map_build.h"
#include "tweed/meshproc/transfer.h"
#include "tweed/meshproc/weld.h"
#include "tweed/skin_map.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

using namespace tweed;
using namespace tweed::test;

class TestPhysicsMesh : public QObject
{
    Q_OBJECT

private slots:
    void weldedGrid();
    void smallestAngle();
    void surfaceErrorOfParallelSheets();
    void immediateKeepsSeams();
    void coincidentSheetsStayApart();
    void sheetsTouchingAtAVertexStayApart();
    void seamsOfSeparatePanelsAreStitched();
    void defaultWeldJoinsSeamsKeepsSheetsApart();
    void finAlongASeamLetsTheBodyClose();
    void weldLargeJitteredSoup();
    void weldIndependentOfVertexOrder();
    void selection();
    void transferredWeightsAndChannels();
    void meshNormalsFaceOutward();
    void boneNormalsPointAwayFromBones();
    void skinMapReproducesRestPose();
    void latchMasksHonoured();
    void generateReportsCounts();
    void badInput();
};

void TestPhysicsMesh::weldedGrid()
{
    const GraphicsMesh grid = makeSoupGrid(6, 4, 0.1f);
    const PhysicsGeometry g = weldGeometry(grid, {}, 1e-5f);
    QCOMPARE(g.vertexCount(), size_t(7 * 5));
    QCOMPARE(g.triangleCount(), size_t(6 * 4 * 2));
    const MeshQuality q = measureMeshQuality(g.positions, g.indices);
    QCOMPARE(q.components, 1u);
    QCOMPARE(q.boundaryLoops, 1u);
    QCOMPARE(q.nonManifoldEdges, 0u);
    QCOMPARE(q.nonManifoldVertices, 0u);
    QCOMPARE(q.minAngleDegrees, 45.0f);
    // Every physics vertex sits exactly on its source graphics vertex.
    for (size_t v = 0; v < g.vertexCount(); ++v)
        QCOMPARE(g.positions[v], grid.positions[g.sourceVertex[v]]);
    const auto loops = boundaryLoops(g.positions, g.indices);
    QCOMPARE(loops.size(), size_t(1));
    QCOMPARE(loops[0].vertices.size(), size_t(2 * (6 + 4)));
    QVERIFY(std::abs(loops[0].length - 2.0f) < 1e-5f);

    // A tolerance larger than the jitter of the soup's corners still welds it.
    GraphicsMesh jittered = grid;
    for (size_t v = 0; v < jittered.positions.size(); ++v)
        jittered.positions[v].x += (v % 3) * 2e-4f;
    QCOMPARE(weldGeometry(jittered, {}, 1e-3f).vertexCount(), size_t(35));
    QVERIFY(weldGeometry(jittered, {}, 1e-5f).vertexCount() > size_t(35));
}

// The smallest angle of triangles of known shape: right, obtuse, and a flat one.
void TestPhysicsMesh::smallestAngle()
{
    auto smallest = [](const std::vector<Vec3> &positions) {
        return measureMeshQuality(positions, {0, 1, 2}).minAngleDegrees;
    };
    const double rad = 3.14159265358979323846 / 180.0;
    // Angles 20, 70 and 90 degrees.
    QVERIFY(std::abs(smallest({{0, 0, 0}, {1, 0, 0}, {0, float(std::tan(20 * rad)), 0}}) - 20.0f) <
            1e-4f);
    // Angles 10 (at the origin), 30 and 140 degrees, tilted out of the xy plane.
    const float ac = float(std::sin(30 * rad) / std::sin(140 * rad));
    const Vec3 c{ac * float(std::cos(10 * rad)), 0, ac * float(std::sin(10 * rad))};
    QVERIFY(std::abs(smallest({{0, 0, 0}, {1, 0, 0}, c}) - 10.0f) < 1e-4f);
    // Both meshes together: the smaller wins.
    std::vector<Vec3> two = {{0, 0, 0}, {1, 0, 0}, c, {0, 1, 0}, {1, 1, 0}, {0, 2, 0}};
    QVERIFY(std::abs(measureMeshQuality(two, {0, 1, 2, 3, 4, 5}).minAngleDegrees - 10.0f) < 1e-4f);
    // Three points on a line, or two in one place: no angle at all.
    QCOMPARE(smallest({{0, 0, 0}, {1, 0, 0}, {3, 0, 0}}), 0.0f);
    QCOMPARE(smallest({{0, 0, 0}, {1, 0, 0}, {1, 0, 0}}), 0.0f);
}

// Two parallel sheets h apart: every sample of either lies exactly h from the other, so the
// largest and the mean error are both h over the diagonal, whatever order the samples come in.
void TestPhysicsMesh::surfaceErrorOfParallelSheets()
{
    const float h = 0.002f;
    const PhysicsGeometry sheet = weldGeometry(makeGrid(80, 80, 0.01f), {}, 1e-6f),
                          lifted = weldGeometry(makeGrid(80, 80, 0.01f, h), {}, 1e-6f);
    QCOMPARE(sheet.vertexCount(), size_t(81 * 81)); // tens of thousands of samples each way
    const double expected = double(h) / (0.8 * std::sqrt(2.0));
    auto check = [&](const std::vector<Vec3> &positions, const std::vector<uint32_t> &indices) {
        const SurfaceError e =
            measureSurfaceError(positions, indices, lifted.positions, lifted.indices);
        QVERIFY2(std::abs(e.max / expected - 1) < 1e-3, qPrintable(QString::number(e.max)));
        QVERIFY2(std::abs(e.mean / expected - 1) < 1e-3, qPrintable(QString::number(e.mean)));
        // The same figures, to the bit, on one thread.
        const SurfaceError one =
            measureSurfaceError(positions, indices, lifted.positions, lifted.indices, 1);
        QVERIFY(one.max == e.max && one.mean == e.mean);
    };
    check(sheet.positions, sheet.indices);
    // Vertices and triangles shuffled: each sample far from the one before it.
    std::vector<uint32_t> order(sheet.vertexCount());
    std::iota(order.begin(), order.end(), 0u);
    std::shuffle(order.begin(), order.end(), std::mt19937(5));
    std::vector<Vec3> positions(order.size());
    for (size_t v = 0; v < order.size(); ++v)
        positions[order[v]] = sheet.positions[v];
    std::vector<uint32_t> triangles(sheet.triangleCount()), indices;
    std::iota(triangles.begin(), triangles.end(), 0u);
    std::shuffle(triangles.begin(), triangles.end(), std::mt19937(6));
    for (const uint32_t t : triangles)
        for (size_t k = 0; k < 3; ++k)
            indices.push_back(order[sheet.indices[3 * size_t(t) + k]]);
    check(positions, indices);
}

void TestPhysicsMesh::immediateKeepsSeams()
{
    const GraphicsMesh tube = makeTube(0.2f, 0.5f, 16, 5);
    const PhysicsGeometry immediate = immediateGeometry(tube, {});
    const PhysicsGeometry welded = weldGeometry(tube, {}, 1e-5f);
    QCOMPARE(immediate.vertexCount(), size_t(17 * 6));
    QCOMPARE(welded.vertexCount(), size_t(16 * 6));
    QCOMPARE(immediate.triangleCount(), welded.triangleCount());
    // The seam is a slit in the immediate mesh: one boundary loop around the whole sheet; the
    // weld closes it into a tube with its two openings.
    QCOMPARE(measureMeshQuality(immediate.positions, immediate.indices).boundaryLoops, 1u);
    const MeshQuality q = measureMeshQuality(welded.positions, welded.indices);
    QCOMPARE(q.boundaryLoops, 2u);
    QCOMPARE(q.components, 1u);
    QCOMPARE(q.nonManifoldVertices, 0u);
}

void TestPhysicsMesh::coincidentSheetsStayApart()
{
    for (bool flip : {false, true}) {
        GraphicsMesh two = makeGrid(3, 3, 0.1f);
        appendMesh(two, makeGrid(3, 3, 0.1f, 0.0f, flip));
        const PhysicsGeometry g = weldGeometry(two, {}, 1e-4f);
        QCOMPARE(g.vertexCount(), size_t(2 * 16));
        const MeshQuality q = measureMeshQuality(g.positions, g.indices);
        QCOMPARE(q.components, 2u);
        QCOMPARE(q.boundaryLoops, 2u);
        QCOMPARE(q.nonManifoldEdges, 0u);
        QCOMPARE(q.nonManifoldVertices, 0u);
    }
}

void TestPhysicsMesh::sheetsTouchingAtAVertexStayApart()
{
    // Two grids meeting at one corner, and a third sharing an edge-length of boundary with the
    // first but folded back onto it: none may be welded into a non-manifold vertex.
    GraphicsMesh m = makeSoupGrid(2, 2, 0.1f);
    GraphicsMesh other = makeSoupGrid(2, 2, 0.1f);
    for (Vec3 &p : other.positions)
        p = p + Vec3{0.2f, 0.2f, 0};
    appendMesh(m, other);
    const PhysicsGeometry g = weldGeometry(m, {}, 1e-5f);
    const MeshQuality q = measureMeshQuality(g.positions, g.indices);
    QCOMPARE(q.components, 2u);
    QCOMPARE(q.nonManifoldVertices, 0u);
    QCOMPARE(g.vertexCount(), size_t(18));
}

void TestPhysicsMesh::seamsOfSeparatePanelsAreStitched()
{
    // Two panels side by side with their own vertices along the shared edge: one sheet.
    GraphicsMesh m = makeSoupGrid(2, 2, 0.1f);
    GraphicsMesh right = makeSoupGrid(2, 2, 0.1f);
    for (Vec3 &p : right.positions)
        p.x += 0.2f;
    appendMesh(m, right);
    const PhysicsGeometry g = weldGeometry(m, {}, 1e-5f);
    QCOMPARE(g.vertexCount(), size_t(5 * 3));
    const MeshQuality q = measureMeshQuality(g.positions, g.indices);
    QCOMPARE(q.components, 1u);
    QCOMPARE(q.boundaryLoops, 1u);
}

void TestPhysicsMesh::defaultWeldJoinsSeamsKeepsSheetsApart()
{
    // Every quad split off (as for UVs and normals), and a second such sheet 5 mm above: at
    // the default tolerance each sheet is one piece with one rim, and the two stay apart.
    GraphicsMesh m = makeSoupGrid(4, 3, 0.05f);
    appendMesh(m, makeSoupGrid(4, 3, 0.05f, 0.005f));
    const PhysicsGeometry g = weldGeometry(m, {}, GenerationSettings{}.weldTolerance);
    QCOMPARE(g.vertexCount(), size_t(2 * 5 * 4));
    const MeshQuality q = measureMeshQuality(g.positions, g.indices);
    QCOMPARE(q.components, 2u);
    QCOMPARE(q.boundaryLoops, 2u);
    QCOMPARE(q.nonManifoldEdges, 0u);
}

void TestPhysicsMesh::finAlongASeamLetsTheBodyClose()
{
    // A roof of two panels (15 degrees each side) with their own vertices along the ridge, and a
    // two-sided fin standing on the ridge (two coincident sheets of opposite winding): four
    // triangles meet at each ridge edge. The roof's panels, whose faces agree best, are stitched
    // into one sheet; the fin's sides stay apart from it and from each other.
    const float c = std::cos(15.0f * kPi / 180), s = std::sin(15.0f * kPi / 180);
    GraphicsMesh m;
    for (const float side : {-1.0f, 1.0f}) {
        GraphicsMesh panel = makeGrid(2, 3, 0.1f, 0.0f, side > 0);
        for (Vec3 &p : panel.positions)
            p = Vec3{side * p.x * c, -p.x * s, p.y};
        appendMesh(m, panel);
    }
    for (const bool flip : {false, true}) {
        GraphicsMesh fin = makeGrid(2, 3, 0.1f, 0.0f, flip);
        for (Vec3 &p : fin.positions)
            p = Vec3{0, p.x, p.y};
        appendMesh(m, fin);
    }
    const PhysicsGeometry g = weldGeometry(m, {}, GenerationSettings{}.weldTolerance);
    const MeshQuality q = measureMeshQuality(g.positions, g.indices);
    QCOMPARE(q.components, 3u);
    QCOMPARE(q.boundaryLoops, 3u);
    QCOMPARE(q.nonManifoldEdges, 0u);
    QCOMPARE(q.nonManifoldVertices, 0u);
    QCOMPARE(g.vertexCount(), size_t(5 * 4 + 2 * 3 * 4)); // the roof's ridge vertices shared
}

namespace {

// A soup grid of 0.01 m cells whose corners are moved by up to a quarter of tolerance per axis.
GraphicsMesh jitteredSoup(int nx, int ny, float tolerance, uint32_t seed)
{
    GraphicsMesh m = makeSoupGrid(nx, ny, 0.01f);
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> jitter(-0.25f * tolerance, 0.25f * tolerance);
    for (Vec3 &p : m.positions)
        p = p + Vec3{jitter(rng), jitter(rng), jitter(rng)};
    return m;
}

// Whether a and b are the same welded mesh up to the numbering of their vertices: the
// triangles (in the same order) map corner to corner through one bijection of vertices, and
// matched vertices lie within distance of each other.
bool sameUpToRenumbering(const PhysicsGeometry &a, const PhysicsGeometry &b, float distance)
{
    if (a.vertexCount() != b.vertexCount() || a.indices.size() != b.indices.size())
        return false;
    std::vector<uint32_t> aToB(a.vertexCount(), UINT32_MAX), bToA(b.vertexCount(), UINT32_MAX);
    for (size_t c = 0; c < a.indices.size(); ++c) {
        const uint32_t va = a.indices[c], vb = b.indices[c];
        if (aToB[va] == UINT32_MAX && bToA[vb] == UINT32_MAX) {
            aToB[va] = vb;
            bToA[vb] = va;
        } else if (aToB[va] != vb || bToA[vb] != va) {
            return false;
        }
        if (length(a.positions[va] - b.positions[vb]) > distance)
            return false;
    }
    return true;
}

} // namespace

void TestPhysicsMesh::weldLargeJitteredSoup()
{
    const float tolerance = 1e-3f;
    const int nx = 120, ny = 90;
    const GraphicsMesh soup = jitteredSoup(nx, ny, tolerance, 11);
    QCOMPARE(soup.vertexCount(), size_t(4 * nx * ny));
    const PhysicsGeometry g = weldGeometry(soup, {}, tolerance);
    QCOMPARE(g.vertexCount(), size_t((nx + 1) * (ny + 1)));
    QCOMPARE(g.triangleCount(), size_t(2 * nx * ny));
    const MeshQuality q = measureMeshQuality(g.positions, g.indices);
    QCOMPARE(q.components, 1u);
    QCOMPARE(q.boundaryLoops, 1u);
    QCOMPARE(q.nonManifoldEdges, 0u);
    QCOMPARE(q.nonManifoldVertices, 0u);
    // Each vertex is one of the corners it stands for, near its grid point, and no two share one.
    std::vector<bool> seen(size_t((nx + 1) * (ny + 1)), false);
    for (size_t v = 0; v < g.vertexCount(); ++v) {
        const Vec3 p = g.positions[v];
        QCOMPARE(p, soup.positions[g.sourceVertex[v]]);
        const float i = std::round(p.x / 0.01f), j = std::round(p.y / 0.01f);
        QVERIFY(length(p - Vec3{0.01f * i, 0.01f * j, 0}) < tolerance);
        const size_t cell = size_t(j) * size_t(nx + 1) + size_t(i);
        QVERIFY(!seen[cell]);
        seen[cell] = true;
    }
    // A tolerance below the jitter welds almost nothing.
    QVERIFY(weldGeometry(soup, {}, 1e-6f).vertexCount() > size_t(3 * nx * ny));
}

void TestPhysicsMesh::weldIndependentOfVertexOrder()
{
    // A jittered soup, and apart from it two coincident grids (one flipped) that must stay apart.
    const float tolerance = 1e-3f;
    GraphicsMesh m = jitteredSoup(30, 20, tolerance, 5);
    GraphicsMesh sheets = makeGrid(4, 4, 0.01f, 1.0f);
    appendMesh(sheets, makeGrid(4, 4, 0.01f, 1.0f, true));
    appendMesh(m, sheets);
    std::vector<uint32_t> order(m.vertexCount());
    std::iota(order.begin(), order.end(), 0u);
    std::shuffle(order.begin(), order.end(), std::mt19937(3));
    GraphicsMesh shuffled; // vertex v of m is vertex order[v] of shuffled
    shuffled.positions.resize(m.vertexCount());
    for (size_t v = 0; v < m.vertexCount(); ++v)
        shuffled.positions[order[v]] = m.positions[v];
    for (const uint32_t i : m.indices)
        shuffled.indices.push_back(order[i]);

    for (const float t : {0.0f, tolerance}) {
        const PhysicsGeometry a = weldGeometry(m, {}, t), b = weldGeometry(shuffled, {}, t);
        QVERIFY(sameUpToRenumbering(a, b, t > 0 ? 2 * tolerance : 0.0f));
        const MeshQuality q = measureMeshQuality(a.positions, a.indices);
        QCOMPARE(q.nonManifoldVertices, 0u);
        QCOMPARE(q.nonManifoldEdges, 0u);
        if (t > 0) {
            QCOMPARE(a.vertexCount(), size_t(31 * 21 + 2 * 25));
            QCOMPARE(q.components, 3u);
        }
    }
}

void TestPhysicsMesh::selection()
{
    GraphicsMesh m = makeTube(0.2f, 0.5f, 8, 4, "skirt");
    appendMesh(m, makeSoupGrid(2, 2, 0.1f));
    PaintChannels channels;
    channels.resize(m.vertexCount());
    GenerationSettings settings;
    std::vector<bool> all = selectTriangles(m, channels, settings);
    QCOMPARE(std::count(all.begin(), all.end(), true), long(m.triangleCount()));

    settings.submeshes = {"grid"};
    std::vector<bool> grid = selectTriangles(m, channels, settings);
    QCOMPARE(std::count(grid.begin(), grid.end(), true), 8L);
    QVERIFY(!grid[0] && grid[m.triangleCount() - 1]);

    // Physics mask off on the tube's top ring: its triangles drop out.
    settings.submeshes.clear();
    for (uint32_t s = 0; s <= 8; ++s)
        channels[MaskChannel::Physics][4 * 9 + s] = 0;
    std::vector<bool> masked = selectTriangles(m, channels, settings);
    QCOMPARE(std::count(masked.begin(), masked.end(), true), long(m.triangleCount() - 16));
    const PhysicsGeometry g = weldGeometry(m, masked, 1e-5f);
    QCOMPARE(g.vertexCount(), size_t(8 * 4 + 9));
    settings.usePhysicsMask = false;
    all = selectTriangles(m, channels, settings);
    QCOMPARE(std::count(all.begin(), all.end(), true), long(m.triangleCount()));

    settings.submeshes = {"sleeve"};
    try {
        selectTriangles(m, channels, settings);
        QFAIL("an unknown submesh must be refused");
    } catch (const InputError &e) {
        QVERIFY(std::string(e.what()).find("skirt") != std::string::npos);
        QVERIFY(std::string(e.what()).find("grid") != std::string::npos);
    }
}

// A coarse tube whose vertices lie on the fine graphics tube but between its rows.
PhysicsGeometry coarseTube(float radius, float height, int segments, int rings, float inset)
{
    PhysicsGeometry g;
    for (int r = 0; r <= rings; ++r) {
        const float y = inset + (height - 2 * inset) * float(r) / float(rings);
        for (int s = 0; s < segments; ++s) {
            const float a = 2 * kPi * float(s) / float(segments);
            g.positions.push_back({radius * std::cos(a), y, radius * std::sin(a)});
            g.sourceVertex.push_back(PhysicsGeometry::kNoSource);
        }
    }
    for (uint32_t r = 0; r < uint32_t(rings); ++r)
        for (uint32_t s = 0; s < uint32_t(segments); ++s) {
            const uint32_t n = uint32_t(segments);
            const uint32_t a = r * n + s, b = r * n + (s + 1) % n, c = a + n, d = b + n;
            g.indices.insert(g.indices.end(), {a, c, b, b, c, d});
        }
    return g;
}

void TestPhysicsMesh::transferredWeightsAndChannels()
{
    const float height = 1.0f;
    const GraphicsMesh tube = makeTube(0.2f, height, 32, 8);
    PaintChannels channels;
    channels.resize(tube.vertexCount());
    for (size_t v = 0; v < tube.vertexCount(); ++v) {
        channels[FloatChannel::MaxDistance][v] = 0.1f * tube.positions[v].y; // linear in y
        channels[MaskChannel::LatchMaster][v] = tube.positions[v].y < 0.5f ? 1u : 2u;
    }
    const PhysicsMesh pm = makePhysicsMesh(tube, channels, makeSpine(height),
                                           coarseTube(0.2f, height, 8, 3, 0.07f), {});
    QCOMPARE(pm.skin.size(), pm.positions.size());
    for (size_t v = 0; v < pm.vertexCount(); ++v) {
        const BoneInfluence &inf = pm.skin[v];
        float sum = 0, top = 0;
        for (int k = 0; k < kMaxBoneInfluences; ++k) {
            sum += inf.weights[size_t(k)];
            if (inf.bones[size_t(k)] == 1)
                top += inf.weights[size_t(k)];
        }
        QVERIFY(std::abs(sum - 1) < 1e-6f);
        // The graphics weights are linear in y, so barycentric interpolation is exact.
        const float y = pm.positions[v].y;
        QVERIFY2(std::abs(top - y / height) < 1e-4f, qPrintable(QString::number(top)));
        QVERIFY(std::abs(pm.channels[FloatChannel::MaxDistance][v] - 0.1f * y) < 1e-5f);
        QCOMPARE(pm.channels[MaskChannel::LatchMaster][v], y < 0.5f ? 1u : 2u);
        QCOMPARE(pm.channels[FloatChannel::MassScale][v], 1.0f);
    }

    // With source vertices the values are copied exactly.
    PhysicsGeometry welded = weldGeometry(tube, {}, 1e-5f);
    const PhysicsMesh exact = makePhysicsMesh(tube, channels, makeSpine(height), welded, {});
    for (size_t v = 0; v < exact.vertexCount(); ++v)
        for (uint16_t bone : {0, 1})
            QCOMPARE(boneWeight(exact.skin[v], bone),
                     boneWeight(tube.skin[welded.sourceVertex[v]], bone));
}

void TestPhysicsMesh::meshNormalsFaceOutward()
{
    const GraphicsMesh tube = makeTube(0.2f, 1.0f, 32, 8);
    PhysicsGeometry inward = coarseTube(0.2f, 1.0f, 8, 3, 0.0f);
    for (size_t t = 0; t < inward.indices.size(); t += 3)
        std::swap(inward.indices[t + 1], inward.indices[t + 2]);
    const PhysicsMesh pm = makePhysicsMesh(tube, {}, makeSpine(1.0f), inward, {});
    for (size_t v = 0; v < pm.vertexCount(); ++v) {
        const Vec3 radial = normalize(Vec3{pm.positions[v].x, 0, pm.positions[v].z});
        QVERIFY(dot(pm.normals[v], radial) > 0.6f);
    }
}

void TestPhysicsMesh::boneNormalsPointAwayFromBones()
{
    const GraphicsMesh tube = makeTube(0.2f, 1.0f, 32, 8);
    GenerationSettings settings;
    settings.normals = NormalSource::Bones;
    const PhysicsMesh pm =
        makePhysicsMesh(tube, {}, makeSpine(1.0f), coarseTube(0.2f, 1.0f, 8, 3, 0.0f), settings);
    for (size_t v = 0; v < pm.vertexCount(); ++v) {
        const Vec3 radial = normalize(Vec3{pm.positions[v].x, 0, pm.positions[v].z});
        QVERIFY(dot(pm.normals[v], radial) > 0.9999f);
    }
}

void TestPhysicsMesh::skinMapReproducesRestPose()
{
    // Graphics: a fine tube with a wavy surface; physics: a coarse tube inside it.
    GraphicsMesh tube = makeTube(0.2f, 1.0f, 48, 12);
    for (Vec3 &p : tube.positions) {
        const float a = std::atan2(p.z, p.x);
        const float r = 0.2f + 0.01f * std::sin(5 * a) + 0.005f * std::cos(9 * p.y);
        p = {r * std::cos(a), p.y, r * std::sin(a)};
    }
    tube.normals = computeVertexNormals(tube.positions, tube.indices);
    PhysicsMesh pm = makePhysicsMesh(tube, {}, makeSpine(1.0f), coarseTube(0.19f, 1.0f, 10, 4, 0.0f),
                                     {});
    SkinMapReport report;
    const SkinMap map = buildSkinMap(tube, {}, pm, {}, &report);
    QCOMPARE(map.bindings.size(), tube.vertexCount());
    QVERIFY(report.failedVertices.empty());
    QCOMPARE(report.bound, uint32_t(tube.vertexCount()));
    QVERIFY(report.maxOffset > 0.0f && report.maxOffset < 0.05f);
    QCOMPARE(pm.report.skinMapFailures, 0u);

    std::vector<Vec3> positions(tube.vertexCount()), normals(tube.vertexCount());
    const std::vector<Vec3> physicsNormals = computeVertexNormals(pm.positions, pm.indices);
    applySkinMap(map, pm.indices, pm.positions, physicsNormals, positions, &normals);
    const float size = 1.0f; // the tube's height
    QVERIFY2(maxDistanceBetween(positions, tube.positions) < 1e-5f * size,
             qPrintable(QString::number(maxDistanceBetween(positions, tube.positions))));
    for (size_t v = 0; v < normals.size(); ++v)
        QVERIFY(dot(normals[v], tube.normals[v]) > 0.9999f);

    // Moving the physics mesh rigidly moves the graphics mesh with it.
    std::vector<Vec3> moved = pm.positions;
    for (Vec3 &p : moved)
        p += Vec3{0.3f, -0.1f, 0.05f};
    applySkinMap(map, pm.indices, moved, physicsNormals, positions, nullptr);
    for (size_t v = 0; v < positions.size(); ++v)
        QVERIFY(distance(positions[v], tube.positions[v] + Vec3{0.3f, -0.1f, 0.05f}) < 1e-5f);
}

void TestPhysicsMesh::latchMasksHonoured()
{
    // Physics: two parallel sheets, the lower one master group 1, the upper (z = 0.1) group 2.
    GraphicsMesh sheets = makeSoupGrid(4, 4, 0.1f, 0.0f);
    appendMesh(sheets, makeSoupGrid(4, 4, 0.1f, 0.1f));
    PaintChannels sheetChannels;
    sheetChannels.resize(sheets.vertexCount());
    for (size_t v = 0; v < sheets.vertexCount(); ++v)
        sheetChannels[MaskChannel::LatchMaster][v] = sheets.positions[v].z > 0.05f ? 2u : 1u;
    PhysicsMesh pm =
        makePhysicsMesh(sheets, sheetChannels, {}, weldGeometry(sheets, {}, 1e-5f), {});

    // Graphics: a sheet at z = 0.03, nearer the lower sheet, whose left half latches to group 2
    // and one vertex to group 4 (no such master).
    GraphicsMesh g = makeSoupGrid(4, 4, 0.1f, 0.03f);
    PaintChannels channels;
    channels.resize(g.vertexCount());
    for (size_t v = 0; v < g.vertexCount(); ++v)
        channels[MaskChannel::LatchSlave][v] = g.positions[v].x < 0.2f ? 2u : 1u;
    channels[MaskChannel::LatchSlave][7] = 4u;
    SkinMapReport report;
    const SkinMap map = buildSkinMap(g, channels, pm, {}, &report);
    QCOMPARE(report.failedVertices, std::vector<uint32_t>{7u});
    QCOMPARE(pm.report.skinMapFailures, 1u);
    QCOMPARE(map.bindings[7].triangle, SkinMap::kUnbound);
    for (size_t v = 0; v < g.vertexCount(); ++v) {
        if (v == 7)
            continue;
        const uint32_t t = map.bindings[v].triangle;
        const float z = pm.positions[pm.indices[3 * t]].z;
        QCOMPARE(z > 0.05f, g.positions[v].x < 0.2f);
    }
    // Bound vertices still reproduce the rest pose, whichever sheet they follow.
    std::vector<Vec3> positions = g.positions;
    positions[7] = {};
    applySkinMap(map, pm.indices, pm.positions, computeVertexNormals(pm.positions, pm.indices),
                 positions, nullptr);
    positions[7] = g.positions[7];
    QVERIFY(maxDistanceBetween(positions, g.positions) < 1e-5f);
    QVERIFY(report.farBindings > 0); // 0.07 from the upper sheet: beyond half an edge
}

void TestPhysicsMesh::generateReportsCounts()
{
    const GraphicsMesh tube = makeTube(0.2f, 0.5f, 16, 5);
    GenerationSettings settings;
    settings.method = GenerationMethod::Weld;
    const PhysicsMesh pm = generatePhysicsMesh(tube, {}, makeSpine(0.5f), settings);
    QCOMPARE(pm.report.vertices, 96u);
    QCOMPARE(pm.report.triangles, 160u);
    QCOMPARE(pm.report.components, 1u);
    QCOMPARE(pm.report.boundaryLoops, 2u);
    QVERIFY(pm.report.surfaceErrorMax < 1e-6f);
    QVERIFY(pm.report.minAngleDegrees > 20.0f);
    QCOMPARE(pm.settings, settings);
    settings.method = GenerationMethod::Immediate;
    QCOMPARE(generatePhysicsMesh(tube, {}, makeSpine(0.5f), settings).report.vertices, 102u);
}

void TestPhysicsMesh::badInput()
{
    const GraphicsMesh tube = makeTube(0.2f, 0.5f, 16, 5);
    GenerationSettings settings;
    settings.weldTolerance = -1;
    QVERIFY_THROWS_EXCEPTION(InputError, generatePhysicsMesh(tube, {}, {}, settings));
    settings.weldTolerance = std::nanf("");
    QVERIFY_THROWS_EXCEPTION(InputError, generatePhysicsMesh(tube, {}, {}, settings));
    settings = {};
    settings.method = GenerationMethod::Simplify;
    QVERIFY_THROWS_EXCEPTION(InputError, generatePhysicsMesh(tube, {}, {}, settings));
    settings = {};
    PaintChannels none;
    none.resize(tube.vertexCount());
    std::fill(none[MaskChannel::Physics].begin(), none[MaskChannel::Physics].end(), 0u);
    QVERIFY_THROWS_EXCEPTION(InputError, generatePhysicsMesh(tube, none, {}, settings));
    PaintChannels wrong;
    wrong.resize(3);
    QVERIFY_THROWS_EXCEPTION(InputError, generatePhysicsMesh(tube, wrong, {}, settings));
}

QTEST_APPLESS_MAIN(TestPhysicsMesh)
#include "test_physics_mesh.moc"
