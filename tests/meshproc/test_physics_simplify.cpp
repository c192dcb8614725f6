// Simplification and subdivision on meshes with known answers.
#include "physics_test_meshes.h"
#include "simplify_internal.h"
#include "simplify_lanes.h"
#include "tweed/errors.h"
#include "tweed/meshproc/iso_surface.h"
#include "tweed/meshproc/mesh_quality.h"
#include "tweed/meshproc/physics_geometry.h"
#include "tweed/meshproc/simplify.h"
#include "tweed/meshproc/subdivide.h"
#include "tweed/meshproc/weld.h"

#include <QTest>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>
#include <numeric>

using namespace tweed;
using namespace tweed::test;

namespace {

PhysicsGeometry fromMesh(const GraphicsMesh &m)
{
    return weldGeometry(m, {}, 1e-6f);
}

// A unit sphere: an octahedron midpoint-subdivided and pushed onto the sphere.
PhysicsGeometry sphere(uint32_t rounds)
{
    PhysicsGeometry g;
    g.positions = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
    g.indices = {0, 2, 4, 2, 1, 4, 1, 3, 4, 3, 0, 4, 2, 0, 5, 1, 2, 5, 3, 1, 5, 0, 3, 5};
    for (uint32_t r = 0; r < rounds; ++r) {
        subdivide(g, {1, SubdivisionScheme::Midpoint});
        for (Vec3 &p : g.positions)
            p = normalize(p);
    }
    return g;
}

bool onTubeBoundary(const Vec3 &p, float radius, float height)
{
    const float r = std::sqrt(p.x * p.x + p.z * p.z);
    return (std::abs(p.y) < 1e-5f || std::abs(p.y - height) < 1e-5f) && std::abs(r - radius) < 2e-3f;
}

Vec3 triangleNormal(const PhysicsGeometry &g, size_t t)
{
    const Vec3 &a = g.positions[g.indices[3 * t]], &b = g.positions[g.indices[3 * t + 1]],
               &c = g.positions[g.indices[3 * t + 2]];
    return normalize(cross(b - a, c - a));
}

Vec3 triangleCentre(const PhysicsGeometry &g, size_t t)
{
    return (g.positions[g.indices[3 * t]] + g.positions[g.indices[3 * t + 1]] +
            g.positions[g.indices[3 * t + 2]]) /
           3.0f;
}

// How many edges join two triangles facing opposite ways (a fold).
int foldedEdges(const PhysicsGeometry &g)
{
    std::map<std::pair<uint32_t, uint32_t>, std::vector<size_t>> edges;
    for (size_t t = 0; t < g.triangleCount(); ++t)
        for (size_t k = 0; k < 3; ++k) {
            const uint32_t x = g.indices[3 * t + k], y = g.indices[3 * t + (k + 1) % 3];
            edges[{std::min(x, y), std::max(x, y)}].push_back(t);
        }
    int folds = 0;
    for (const auto &[edge, tris] : edges)
        if (tris.size() == 2 && dot(triangleNormal(g, tris[0]), triangleNormal(g, tris[1])) < 0)
            ++folds;
    return folds;
}

// The largest angle, in degrees, between a triangle of g and the input triangle whose centre is
// nearest its centre.
float largestTurnDegrees(const PhysicsGeometry &g, const PhysicsGeometry &input)
{
    float worst = 0;
    for (size_t t = 0; t < g.triangleCount(); ++t) {
        const Vec3 centre = triangleCentre(g, t);
        size_t nearest = 0;
        float best = std::numeric_limits<float>::infinity();
        for (size_t u = 0; u < input.triangleCount(); ++u) {
            const float d = lengthSquared(triangleCentre(input, u) - centre);
            if (d < best) {
                best = d;
                nearest = u;
            }
        }
        const float c =
            std::clamp(dot(triangleNormal(g, t), triangleNormal(input, nearest)), -1.0f, 1.0f);
        worst = std::max(worst, std::acos(c) * 180 / kPi);
    }
    return worst;
}

// A 60 x 30 cm sheet, flat but for a 3 cm bump around (15, 15) cm.
PhysicsGeometry bumpedSheet()
{
    GraphicsMesh m = makeGrid(60, 30, 0.01f);
    for (Vec3 &p : m.positions) {
        const float dx = p.x - 0.15f, dy = p.y - 0.15f;
        p.z = 0.03f * std::exp(-(dx * dx + dy * dy) / (2 * 0.04f * 0.04f));
    }
    return fromMesh(m);
}

} // namespace

class TestPhysicsSimplify : public QObject
{
    Q_OBJECT

private slots:
    void sphereToTarget();
    void tubeKeepsItsOpenings();
    void targetEdgeLength();
    void bumpKeepsItsVertices();
    void tessellationDoesNotMatter();
    void farFromTheOrigin();
    void manyTrianglesAroundAVertex();
    void deterministic();
    void reportMeasuresLikeMeshQuality();
    void sameOnAnyThreadCount();
    void sameOnEveryLanePath();
    void keepSmallestSortedLikeASort();
    void planeSumLikeQuadricPlanes();
    void domainsJoinWithoutSeams();
    void flipsNeverFold();
    void flipsKeepShallowCreases();
    void relaxedIsoLayerWithoutFolds();
    void staircaseRimWithoutNeedles();
    void angleBoundHolds();
    void inputSliversDoNotBlock();
    void badInput();
    void midpointSubdivision();
    void loopSubdivisionKeepsBoundaries();
};

void TestPhysicsSimplify::sphereToTarget()
{
    PhysicsGeometry g = sphere(5); // 8 * 4^5 triangles
    const size_t before = g.vertexCount();
    SimplifySettings s;
    s.targetVertices = 300;
    const auto start = std::chrono::steady_clock::now();
    const SimplifyReport r = simplify(g, s);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    QCOMPARE(r.verticesBefore, uint32_t(before));
    QCOMPARE(r.verticesAfter, 300u);
    // The phases' times are measured, and within the call's.
    for (const double phase : {r.secondsSetup, r.secondsPasses, r.secondsExact, r.secondsFinish})
        QVERIFY(phase > 0);
    QVERIFY(r.secondsSetup + r.secondsPasses + r.secondsExact + r.secondsFinish <= seconds);
    QCOMPARE(g.vertexCount(), size_t(300));
    QCOMPARE(g.triangleCount(), size_t(2 * 300 - 4)); // a closed sphere: Euler
    const MeshQuality q = measureMeshQuality(g.positions, g.indices);
    QCOMPARE(q.boundaryLoops, 0u);
    QCOMPARE(q.components, 1u);
    QCOMPARE(q.nonManifoldEdges, 0u);
    QCOMPARE(q.nonManifoldVertices, 0u);
    // No triangle turned over: every normal points out of the sphere.
    for (size_t t = 0; t < g.triangleCount(); ++t) {
        const Vec3 &a = g.positions[g.indices[3 * t]], &b = g.positions[g.indices[3 * t + 1]],
                   &c = g.positions[g.indices[3 * t + 2]];
        QVERIFY(dot(cross(b - a, c - a), a + b + c) > 0);
    }
    // The chord error of 300 vertices on a unit sphere is about 1.5% of the radius.
    QVERIFY2(r.error.max < 0.01f, qPrintable(QString::number(r.error.max)));
    QVERIFY(r.error.mean < r.error.max && r.error.mean > 0);
    QVERIFY2(r.minAngleDegrees > 20, qPrintable(QString::number(r.minAngleDegrees)));
    QCOMPARE(r.minAngleDegrees, q.minAngleDegrees);
    QVERIFY(r.edgeLengthSpread < 0.3f);
    for (uint32_t src : g.sourceVertex)
        QVERIFY(src == PhysicsGeometry::kNoSource || src < before);
}

void TestPhysicsSimplify::tubeKeepsItsOpenings()
{
    const float radius = 0.2f, height = 0.6f;
    PhysicsGeometry g = fromMesh(makeTube(radius, height, 64, 40));
    SimplifySettings s;
    s.targetVertices = 160;
    const SimplifyReport r = simplify(g, s);
    QCOMPARE(r.verticesAfter, 160u);
    const MeshQuality q = measureMeshQuality(g.positions, g.indices);
    QCOMPARE(q.boundaryLoops, 2u);
    QCOMPARE(q.components, 1u);
    QCOMPARE(q.nonManifoldVertices, 0u);
    // Boundary vertices stay on the hems.
    for (const BoundaryLoop &loop : boundaryLoops(g.positions, g.indices)) {
        QVERIFY(loop.vertices.size() >= 8);
        for (uint32_t v : loop.vertices)
            QVERIFY(onTubeBoundary(g.positions[v], radius, height));
        // Each hem is still (nearly) the whole circle.
        QVERIFY2(loop.length > 0.97f * 2 * kPi * radius,
                 qPrintable(QString::number(loop.length)));
    }
    for (size_t t = 0; t < g.triangleCount(); ++t) {
        const Vec3 &a = g.positions[g.indices[3 * t]], &b = g.positions[g.indices[3 * t + 1]],
                   &c = g.positions[g.indices[3 * t + 2]];
        const Vec3 centre = (a + b + c) / 3.0f;
        QVERIFY2(dot(normalize(cross(b - a, c - a)), normalize(Vec3{centre.x, 0, centre.z})) > 0,
                 qPrintable(QString("%1 %2 %3 / %4 %5 %6 / %7 %8 %9")
                                .arg(a.x).arg(a.y).arg(a.z).arg(b.x).arg(b.y).arg(b.z)
                                .arg(c.x).arg(c.y).arg(c.z)));
    }
    QVERIFY(r.error.max < 0.01f);
}

void TestPhysicsSimplify::targetEdgeLength()
{
    PhysicsGeometry g = fromMesh(makeGrid(100, 100, 0.01f)); // 1 m square, 1 cm cells
    SimplifySettings s;
    s.targetEdgeLength = 0.05f;
    const SimplifyReport r = simplify(g, s);
    const MeshQuality q = measureMeshQuality(g.positions, g.indices);
    QVERIFY2(q.edgeLengthMean > 0.035f && q.edgeLengthMean < 0.065f,
             qPrintable(QString::number(q.edgeLengthMean)));
    // A flat sheet simplifies without any surface error and keeps its outline.
    QVERIFY(r.error.max < 1e-5f);
    const auto loops = boundaryLoops(g.positions, g.indices);
    QCOMPARE(loops.size(), size_t(1));
    QVERIFY(std::abs(loops[0].length - 4.0f) < 1e-4f);
    QVERIFY2(r.minAngleDegrees > 15, qPrintable(QString::number(r.minAngleDegrees)));
}

void TestPhysicsSimplify::bumpKeepsItsVertices()
{
    // The vertices go where the shape is, the flat part gives them up (its collapses cost only
    // the small edge-length term).
    PhysicsGeometry g = bumpedSheet();
    SimplifySettings s;
    s.targetVertices = 150;
    const SimplifyReport r = simplify(g, s);
    QCOMPARE(r.verticesAfter, 150u);
    // The bump (within 10 cm of its top) is 17% of the sheet (25.5 of 150 vertices if they were
    // spread evenly); it keeps a larger share (about 19%: the edge-length term, which grows
    // with the collapsed area, keeps the flat part from thinning out).
    int onBump = 0;
    for (const Vec3 &p : g.positions)
        onBump += (p.x - 0.15f) * (p.x - 0.15f) + (p.y - 0.15f) * (p.y - 0.15f) < 0.01f;
    QVERIFY2(onBump > 27, qPrintable(QString::number(onBump)));
    // The bump is kept within a fraction of its height.
    QVERIFY2(r.error.max * std::sqrt(0.6f * 0.6f + 0.3f * 0.3f + 0.03f * 0.03f) < 0.005f,
             qPrintable(QString::number(r.error.max)));
    QVERIFY(r.minAngleDegrees > 10);
}

void TestPhysicsSimplify::tessellationDoesNotMatter()
{
    // The bumped sheet and its copy midpoint-subdivided twice are the same surface, with 16
    // times the faces per area: simplified to the same count, they come out alike.
    PhysicsGeometry coarse = bumpedSheet();
    PhysicsGeometry fine = coarse;
    subdivide(fine, {2, SubdivisionScheme::Midpoint});
    SimplifySettings s;
    s.targetVertices = 150;
    s.relaxPasses = 0;
    const SimplifyReport a = simplify(coarse, s), b = simplify(fine, s);
    QCOMPARE(a.verticesAfter, b.verticesAfter);
    QVERIFY2(std::abs(a.edgeLengthSpread - b.edgeLengthSpread) < 0.05f,
             qPrintable(QString("%1 %2").arg(a.edgeLengthSpread).arg(b.edgeLengthSpread)));
    QVERIFY2(b.error.mean < 1.25f * a.error.mean && a.error.mean < 1.25f * b.error.mean,
             qPrintable(QString("%1 %2").arg(a.error.mean).arg(b.error.mean)));
}

void TestPhysicsSimplify::farFromTheOrigin()
{
    // The bumped sheet of bumpKeepsItsVertices 100 m away from the origin, where a float
    // holds a position to about 8 micrometres and the absolute quadric of a vertex (its
    // squared distance to planes 100 m from the origin) would lose the flat part's costs,
    // a few square centimetres, in rounding. The quadrics kept relative to their vertex
    // simplify it as at the origin.
    auto bumpedSheet = [](const Vec3 &offset) {
        GraphicsMesh m = makeGrid(60, 30, 0.01f);
        for (Vec3 &p : m.positions) {
            const float dx = p.x - 0.15f, dy = p.y - 0.15f;
            p.z = 0.03f * std::exp(-(dx * dx + dy * dy) / (2 * 0.04f * 0.04f));
            p = p + offset;
        }
        return fromMesh(m);
    };
    const Vec3 offset{100, -40, 60};
    PhysicsGeometry near = bumpedSheet({}), far = bumpedSheet(offset);
    SimplifySettings s;
    s.targetVertices = 150;
    const SimplifyReport rNear = simplify(near, s), rFar = simplify(far, s);
    QCOMPARE(rFar.verticesAfter, 150u);
    auto onBump = [](const PhysicsGeometry &g, const Vec3 &o) {
        int count = 0;
        for (const Vec3 &p : g.positions) {
            const float dx = p.x - o.x - 0.15f, dy = p.y - o.y - 0.15f;
            count += dx * dx + dy * dy < 0.01f;
        }
        return count;
    };
    const int bumpNear = onBump(near, {}), bumpFar = onBump(far, offset);
    // The sheet is a regular grid, whose flat part's collapses tie but for rounding: a shift of
    // a millimetre changes the bump's count by up to five (25 to 33 over such shifts), so the
    // far sheet is compared with the nearest count of the sheet shifted by 0, 1 and 2 mm.
    int nearest = std::abs(bumpFar - bumpNear);
    for (const float shift : {0.001f, 0.002f}) {
        PhysicsGeometry shifted = bumpedSheet({shift, 0, 0});
        simplify(shifted, s);
        nearest = std::min(nearest, std::abs(bumpFar - onBump(shifted, {shift, 0, 0})));
    }
    QVERIFY2(nearest <= bumpNear / 10,
             qPrintable(QString("%1 %2 (nearest %3)").arg(bumpNear).arg(bumpFar).arg(nearest)));
    QVERIFY2(rFar.error.max < 1.25f * rNear.error.max,
             qPrintable(QString("%1 %2").arg(rNear.error.max).arg(rFar.error.max)));
    QVERIFY2(rFar.minAngleDegrees > 10, qPrintable(QString::number(rFar.minAngleDegrees)));
    const MeshQuality q = measureMeshQuality(far.positions, far.indices);
    QCOMPARE(q.boundaryLoops, 1u);
    QCOMPARE(q.nonManifoldEdges + q.nonManifoldVertices, 0u);
}

void TestPhysicsSimplify::manyTrianglesAroundAVertex()
{
    // A closed double cone: two apexes with 64 triangles each (more than a vertex's corners
    // kept in place, so they start in an overflow list) around a ring of 64 vertices, itself
    // made of two rings so that collapses along it gather yet more triangles on a survivor.
    PhysicsGeometry g;
    const uint32_t n = 64;
    g.positions = {{0, 1, 0}, {0, -1, 0}};
    for (uint32_t ring = 0; ring < 2; ++ring)
        for (uint32_t i = 0; i < n; ++i) {
            const float angle = 2 * kPi * float(i) / float(n);
            const float y = ring == 0 ? 0.02f : -0.02f;
            g.positions.push_back({std::cos(angle), y, std::sin(angle)});
        }
    for (uint32_t i = 0; i < n; ++i) {
        const uint32_t a = 2 + i, b = 2 + (i + 1) % n, c = 2 + n + i, d = 2 + n + (i + 1) % n;
        g.indices.insert(g.indices.end(), {0, b, a, a, b, d, a, d, c, 1, c, d});
    }
    QCOMPARE(measureMeshQuality(g.positions, g.indices).boundaryLoops, 0u);
    SimplifySettings s;
    s.targetVertices = 24;
    const SimplifyReport r = simplify(g, s);
    QCOMPARE(r.verticesAfter, 24u);
    QCOMPARE(g.triangleCount(), size_t(2 * 24 - 4)); // still a closed surface
    const MeshQuality q = measureMeshQuality(g.positions, g.indices);
    QCOMPARE(q.components, 1u);
    QCOMPARE(q.nonManifoldEdges + q.nonManifoldVertices, 0u);
    for (size_t t = 0; t < g.triangleCount(); ++t) {
        const Vec3 &a = g.positions[g.indices[3 * t]], &b = g.positions[g.indices[3 * t + 1]],
                   &c = g.positions[g.indices[3 * t + 2]];
        QVERIFY(dot(cross(b - a, c - a), a + b + c) > 0); // facing out
    }
}

void TestPhysicsSimplify::deterministic()
{
    // The same input gives the same output, bit for bit (the passes break ties by index).
    PhysicsGeometry a = sphere(5);
    for (size_t i = 0; i < a.positions.size(); ++i)
        a.positions[i] = a.positions[i] * (1.0f + 0.05f * std::sin(float(i) * 0.7f));
    PhysicsGeometry b = a;
    SimplifySettings s;
    s.targetVertices = 500;
    simplify(a, s);
    simplify(b, s);
    QCOMPARE(a.indices, b.indices);
    QCOMPARE(a.positions.size(), b.positions.size());
    for (size_t i = 0; i < a.positions.size(); ++i)
        QVERIFY(a.positions[i] == b.positions[i]);
    QCOMPARE(a.sourceVertex, b.sourceVertex);
}

void TestPhysicsSimplify::reportMeasuresLikeMeshQuality()
{
    // The report's smallest angle and edge spread come from measureTriangleQuality, which skips
    // measureMeshQuality's topology: the same figures, to the bit, on an open, bumpy mesh (with a
    // hole, so boundary edges count too) and on a closed one.
    PhysicsGeometry open = sphere(4);
    for (size_t i = 0; i < open.positions.size(); ++i)
        open.positions[i] = open.positions[i] * (1.0f + 0.08f * std::sin(float(i) * 1.3f));
    std::vector<uint32_t> kept;
    for (size_t t = 0; t < open.indices.size() / 3; ++t)
        if (open.positions[open.indices[3 * t]].y < 0.8f)
            kept.insert(kept.end(), open.indices.begin() + long(3 * t),
                        open.indices.begin() + long(3 * t + 3));
    open.indices = kept;
    for (PhysicsGeometry g : {open, sphere(3)}) {
        SimplifySettings s;
        s.targetVertices = 150;
        const SimplifyReport r = simplify(g, s);
        const MeshQuality full = measureMeshQuality(g.positions, g.indices);
        const MeshQuality light = measureTriangleQuality(g.positions, g.indices);
        QVERIFY(full.edgeLengthSpread > 0);
        // (== rather than QCOMPARE, whose floats compare fuzzily)
        QVERIFY(r.minAngleDegrees == full.minAngleDegrees);
        QVERIFY(r.edgeLengthSpread == full.edgeLengthSpread);
        QVERIFY(light.edgeLengthMean == full.edgeLengthMean);
        QCOMPARE(light.triangles, full.triangles);
    }
}

void TestPhysicsSimplify::sameOnAnyThreadCount()
{
    // A mesh large enough for the first passes to run in four domains at once: one thread
    // taking them in turn and two or more taking them side by side give the same bits.
    PhysicsGeometry input = sphere(7);
    QVERIFY(input.positions.size() > 65000);
    for (Vec3 &p : input.positions)
        p = p * (1.0f + 0.1f * std::sin(5 * p.x) * std::cos(4 * p.y) * std::sin(3 * p.z));
    // Each vertex its own source, so that the regions collapsed into each survivor are kept.
    input.sourceVertex.resize(input.positions.size());
    std::iota(input.sourceVertex.begin(), input.sourceVertex.end(), 0u);
    SimplifySettings s;
    s.targetVertices = 2000;
    s.measureError = false;
    s.threads = 1;
    PhysicsGeometry one = input;
    const SimplifyReport r = simplify(one, s);
    QCOMPARE(r.verticesAfter, 2000u);
    // The regions share out every input vertex.
    QCOMPARE(one.regionStart.size(), size_t(2001));
    std::vector<uint32_t> sources = one.region;
    std::sort(sources.begin(), sources.end());
    QCOMPARE(sources, input.sourceVertex);
    for (const uint32_t threads : {2u, 0u}) {
        s.threads = threads;
        PhysicsGeometry many = input;
        simplify(many, s);
        QCOMPARE(many.indices, one.indices);
        QCOMPARE(many.positions.size(), one.positions.size());
        for (size_t i = 0; i < one.positions.size(); ++i)
            QVERIFY(many.positions[i] == one.positions[i]);
        QCOMPARE(many.sourceVertex, one.sourceVertex);
        QCOMPARE(many.regionStart, one.regionStart);
        QCOMPARE(many.region, one.region);
    }
    const MeshQuality q = measureMeshQuality(one.positions, one.indices);
    QCOMPARE(q.nonManifoldEdges, 0u);
    QCOMPARE(q.nonManifoldVertices, 0u);
    QCOMPARE(q.boundaryLoops, 0u);
    QCOMPARE(foldedEdges(one), 0);
}

void TestPhysicsSimplify::sameOnEveryLanePath()
{
    // The edge costs four at a time (AVX2, where the processor has it) give the same bits as
    // the two-lane and scalar costs: a bumpy sphere and an open tube (boundary edges take the
    // scalar costs) simplified on both paths come out the same.
    simplify_detail::setFourLanes(true);
    if (!simplify_detail::fourLanes())
        QSKIP("this processor has no AVX2: only the two-lane path runs here");
    PhysicsGeometry bumpy = sphere(5);
    for (size_t i = 0; i < bumpy.positions.size(); ++i)
        bumpy.positions[i] = bumpy.positions[i] * (1.0f + 0.05f * std::sin(float(i) * 0.7f));
    for (PhysicsGeometry input : {bumpy, fromMesh(makeTube(0.2f, 0.6f, 64, 40))}) {
        SimplifySettings s;
        s.targetVertices = 300;
        s.measureError = false;
        PhysicsGeometry four = input, two = input;
        simplify(four, s);
        simplify_detail::setFourLanes(false);
        QVERIFY(!simplify_detail::fourLanes());
        simplify(two, s);
        simplify_detail::setFourLanes(true);
        QCOMPARE(four.indices, two.indices);
        QCOMPARE(four.positions.size(), two.positions.size());
        for (size_t i = 0; i < four.positions.size(); ++i)
            QVERIFY(four.positions[i] == two.positions[i]);
    }
}

void TestPhysicsSimplify::keepSmallestSortedLikeASort()
{
    // The passes' choice of candidates: the `count` smallest (cost bits, vertex) keys in order,
    // as a full sort gives them, for costs spread over many exponents and with ties (equal
    // costs go to the lower vertex), on short lists (sorted by comparisons) and long ones (by
    // counting passes on the cost bits).
    uint32_t state = 12345;
    auto next = [&] { return state = state * 1664525u + 1013904223u; };
    for (const size_t n : {size_t(40), size_t(300), size_t(5000), size_t(40000)}) {
        std::vector<uint64_t> keys(n);
        for (uint32_t v = 0; v < n; ++v) {
            // Exponents over about 2^-40 .. 2^20, some costs repeated, some zero.
            const uint32_t r = next();
            float cost = std::ldexp(float(r >> 12) / float(1u << 20), int(r % 61) - 40);
            if (r % 7 == 0)
                cost = 0.25f;
            if (r % 29 == 0)
                cost = 0;
            uint32_t bits;
            std::memcpy(&bits, &cost, sizeof bits);
            keys[v] = (uint64_t(bits) << 32) | v;
        }
        std::vector<uint64_t> sorted = keys;
        std::sort(sorted.begin(), sorted.end());
        for (const size_t count : {size_t(1), n / 10, n / 3, n, n + 5}) {
            std::vector<uint64_t> work = keys, buffer;
            const std::span<const uint64_t> chosen =
                simplify_detail::keepSmallestSorted(work, count, buffer);
            QCOMPARE(chosen.size(), std::min(count, n));
            QVERIFY(std::equal(chosen.begin(), chosen.end(), sorted.begin()));
        }
    }
}

void TestPhysicsSimplify::planeSumLikeQuadricPlanes()
{
    // The set-up sums each vertex's face planes with PlaneSum (two entries at a time in SSE2
    // lanes): every entry must be the bits Quadric::plane(n, d, 1) summed one at a time gives,
    // for unit and axis normals, distances of either sign, zero and minus zero, and a start
    // that is not zero.
    uint32_t state = 777;
    auto uniform = [&] {
        state = state * 1664525u + 1013904223u;
        return float(state >> 8) / float(1u << 24) * 2 - 1;
    };
    for (int trial = 0; trial < 200; ++trial) {
        simplify_detail::Quadric start;
        if (trial % 2)
            start = simplify_detail::Quadric::plane(normalize(Vec3{1, 2, 3}), 0.5, 3.0);
        simplify_detail::Quadric reference = start;
        simplify_detail::PlaneSum sum(start);
        for (int face = 0; face < 1 + trial % 9; ++face) {
            Vec3 n = normalize(Vec3{uniform(), uniform(), uniform()});
            if (face % 4 == 3)
                n = Vec3{0, face % 8 == 3 ? -1.0f : 1.0f, 0};
            double d = double(uniform()) * std::ldexp(1.0, -(trial % 30));
            if (face % 5 == 4)
                d = trial % 2 ? -0.0 : 0.0;
            reference += simplify_detail::Quadric::plane(n, d, 1.0);
            sum.add(n, d);
        }
        const simplify_detail::Quadric q = sum.quadric();
        const double got[10] = {q.a00, q.a01, q.a02, q.a11, q.a12, q.a22, q.b0, q.b1, q.b2, q.c};
        const double want[10] = {reference.a00, reference.a01, reference.a02, reference.a11,
                                 reference.a12, reference.a22, reference.b0,  reference.b1,
                                 reference.b2,  reference.c};
        for (int k = 0; k < 10; ++k)
            QVERIFY2(std::memcmp(&got[k], &want[k], sizeof(double)) == 0,
                     qPrintable(QString("trial %1, entry %2").arg(trial).arg(k)));
    }
}

void TestPhysicsSimplify::domainsJoinWithoutSeams()
{
    // A 1.6 m square of 1 cm cells (25,921 vertices) is collapsed first in four domains, with
    // the vertices where they meet held until the passes on the whole sheet: those must then
    // go too, leaving even edges everywhere (a strip of 1 cm edges left along a seam would
    // show as short edges and thin triangles).
    PhysicsGeometry g = fromMesh(makeGrid(160, 160, 0.01f));
    QCOMPARE(g.positions.size(), size_t(161 * 161));
    SimplifySettings s;
    s.targetEdgeLength = 0.05f;
    s.relaxPasses = 0;
    const SimplifyReport r = simplify(g, s);
    const MeshQuality q = measureMeshQuality(g.positions, g.indices);
    QVERIFY2(q.edgeLengthMean > 0.035f && q.edgeLengthMean < 0.065f,
             qPrintable(QString::number(q.edgeLengthMean)));
    QVERIFY2(q.edgeLengthSpread < 0.3f, qPrintable(QString::number(q.edgeLengthSpread)));
    float shortest = std::numeric_limits<float>::infinity();
    for (size_t t = 0; t < g.triangleCount(); ++t)
        for (size_t k = 0; k < 3; ++k)
            shortest = std::min(shortest, length(g.positions[g.indices[3 * t + k]] -
                                                 g.positions[g.indices[3 * t + (k + 1) % 3]]));
    QVERIFY2(shortest > 0.015f, qPrintable(QString::number(shortest)));
    // (as without domains: 12.8 degrees before the flips and moves)
    QVERIFY2(r.minAngleDegrees > 10, qPrintable(QString::number(r.minAngleDegrees)));
    QVERIFY(r.error.max < 1e-5f);
    const auto loops = boundaryLoops(g.positions, g.indices);
    QCOMPARE(loops.size(), size_t(1));
    QVERIFY(std::abs(loops[0].length - 6.4f) < 1e-4f);
}

void TestPhysicsSimplify::flipsNeverFold()
{
    // Two nearly coplanar triangles (from a simplified iso-surface skirt) whose quad a c b d is
    // not convex at b: flipping ab to cd would give (c, a, d) better angles but fold (d, b, c)
    // over it. No collapse runs (the target is the vertex count), only the quality passes.
    SimplifySettings s;
    s.targetVertices = 4;
    s.relaxPasses = 1;
    PhysicsGeometry g;
    g.positions = {{0.132547f, 0.35f, 0.175354f}, {0.12696f, 0.335f, 0.179238f},
                   {0.137961f, 0.33f, 0.170965f}, {0.1103f, 0.3225f, 0.190329f}};
    g.indices = {0, 1, 2, 1, 0, 3};
    QCOMPARE(simplify(g, s).flips, 0u);
    QCOMPARE(foldedEdges(g), 0);
    // A convex rhombus split along its long diagonal is flipped to the short one.
    g.positions = {{-1, 0, 0}, {1, 0, 0}, {0, 0.3f, 0}, {0, -0.3f, 0}};
    g.indices = {0, 1, 2, 1, 0, 3};
    QCOMPARE(simplify(g, s).flips, 1u);
    QCOMPARE(foldedEdges(g), 0);
    for (size_t t = 0; t < 2; ++t) {
        const Vec3 &a = g.positions[g.indices[3 * t]], &b = g.positions[g.indices[3 * t + 1]],
                   &c = g.positions[g.indices[3 * t + 2]];
        QVERIFY(cross(b - a, c - a).z > 0); // facing the same way as before
    }
}

void TestPhysicsSimplify::flipsKeepShallowCreases()
{
    // The rhombus of flipsNeverFold folded by 7.6 degrees along its long diagonal ab (a shallow
    // valley, within the flips' coplanar tolerance), in a ring twice its size on the same two
    // planes so that no vertex of it is on a boundary. The short diagonal cd would have better
    // angles but run 0.02 above the valley floor, off the input surface, so ab stays. No
    // collapse runs.
    SimplifySettings s;
    s.targetVertices = 8;
    s.relaxPasses = 1;
    PhysicsGeometry g;
    g.positions = {{-1, 0, 0},  {1, 0, 0}, {0, 0.3f, 0.02f}, {0, -0.3f, 0.02f},
                   {-2, 0, 0},  {2, 0, 0}, {0, 0.6f, 0.04f}, {0, -0.6f, 0.04f}};
    g.indices = {0, 1, 2, 1, 0, 3, 0, 2, 6, 0, 6, 4, 2, 1, 5,
                 2, 5, 6, 3, 0, 4, 3, 4, 7, 1, 3, 7, 1, 7, 5};
    // Whether a triangle holds the long diagonal: its ends are the inner vertices on y = 0 (the
    // relaxation may slide them along the valley).
    auto hasLongDiagonal = [](const PhysicsGeometry &m) {
        for (size_t t = 0; t < m.triangleCount(); ++t) {
            int ends = 0;
            for (size_t k = 0; k < 3; ++k) {
                const Vec3 &p = m.positions[m.indices[3 * t + k]];
                ends += std::abs(p.y) < 1e-6f && std::abs(p.x) < 1.5f;
            }
            if (ends == 2)
                return true;
        }
        return false;
    };
    PhysicsGeometry flat = g;
    simplify(g, s);
    QVERIFY(hasLongDiagonal(g));
    // Flat, the same rhombus is flipped to its short diagonal.
    for (Vec3 &p : flat.positions)
        p.z = 0;
    simplify(flat, s);
    QVERIFY(!hasLongDiagonal(flat));
}

void TestPhysicsSimplify::relaxedIsoLayerWithoutFolds()
{
    // The unsimplified iso-surface layer of a double skirt (manifold, no folds, angles of 25
    // degrees and more) simplified to 2 cm edges: the flips and relaxation moves once folded
    // three edges over near (0.13, 0.32, 0.17).
    GraphicsMesh skirt = makeTube(0.21f, 0.4f, 48, 16, "shell");
    appendMesh(skirt, makeTube(0.20f, 0.4f, 48, 16, "lining"));
    IsoSurfaceSettings iso;
    iso.voxelSize = 0.01f;
    iso.offset = 0.01f;
    iso.simplify.targetVertices = 100000000; // keep the layer as extracted
    const PhysicsGeometry layer =
        isoSurface(skirt.positions, skirt.indices, {{{0, -0.2f, 0}, {0, 0.8f, 0}}}, iso);
    QCOMPARE(foldedEdges(layer), 0);
    for (uint32_t passes : {0u, 1u, 3u}) {
        PhysicsGeometry g = layer;
        SimplifySettings s;
        s.targetEdgeLength = 0.02f;
        s.relaxPasses = passes;
        const SimplifyReport r = simplify(g, s);
        QVERIFY(r.verticesAfter < r.verticesBefore / 2);
        QCOMPARE(foldedEdges(g), 0);
        const float turn = largestTurnDegrees(g, layer);
        QVERIFY2(turn <= s.maxNormalChangeDegrees, qPrintable(QString::number(double(turn))));
        const MeshQuality q = measureMeshQuality(g.positions, g.indices);
        QCOMPARE(q.nonManifoldEdges + q.nonManifoldVertices, 0u);
    }
}

void TestPhysicsSimplify::staircaseRimWithoutNeedles()
{
    // A 41 x 41 cell sheet with every other cell along its edge cut away: a rim of short edges
    // turning by 90 degrees at every vertex (like an iso-surface's), reduced heavily. With every
    // rim vertex kept as a corner, the coarse interior met the rim in needles of about one
    // degree. At 30 vertices (a target edge of 8 cells) the staircase may straighten; at 60 (6
    // cells) straightening it would move the rim too far, and the interior stops short of
    // needles instead of reaching the target.
    const int n = 41;
    const float cell = 1.0f / n;
    const GraphicsMesh grid = makeGrid(n, n, cell);
    std::vector<bool> keep(grid.triangleCount(), true);
    for (int k = 0; k < n; k += 2)
        for (auto [i, j] : {std::pair{k, 0}, {k, n - 1}, {0, k}, {n - 1, k}})
            keep[size_t(2 * (j * n + i))] = keep[size_t(2 * (j * n + i) + 1)] = false;
    const PhysicsGeometry input = weldGeometry(grid, keep, 1e-6f);
    const std::vector<BoundaryLoop> rimBefore = boundaryLoops(input.positions, input.indices);
    QCOMPARE(rimBefore.size(), size_t(1));
    for (uint32_t target : {30u, 60u}) {
        PhysicsGeometry g = input;
        SimplifySettings s;
        s.targetVertices = target;
        const SimplifyReport r = simplify(g, s);
        if (target == 30)
            QVERIFY2(r.verticesAfter < 200, qPrintable(QString::number(r.verticesAfter)));
        QVERIFY2(r.minAngleDegrees >= 2.0f, qPrintable(QString::number(double(r.minAngleDegrees))));
        const MeshQuality q = measureMeshQuality(g.positions, g.indices);
        QCOMPARE(q.nonManifoldEdges + q.nonManifoldVertices, 0u);
        // The rim is a subset of the input rim's vertices, and every input rim vertex stays
        // within one step of the staircase of it.
        const std::vector<BoundaryLoop> rim = boundaryLoops(g.positions, g.indices);
        QCOMPARE(rim.size(), size_t(1));
        const std::vector<uint32_t> &loop = rim[0].vertices;
        for (uint32_t v : loop)
            QVERIFY(std::any_of(rimBefore[0].vertices.begin(), rimBefore[0].vertices.end(),
                                [&](uint32_t w) { return input.positions[w] == g.positions[v]; }));
        for (uint32_t w : rimBefore[0].vertices) {
            const Vec3 &p = input.positions[w];
            float nearest = std::numeric_limits<float>::infinity();
            for (size_t i = 0; i < loop.size(); ++i) {
                const Vec3 &a = g.positions[loop[i]], &b = g.positions[loop[(i + 1) % loop.size()]];
                const float t = std::clamp(dot(p - a, b - a) / lengthSquared(b - a), 0.0f, 1.0f);
                nearest = std::min(nearest, length(p - a - (b - a) * t));
            }
            QVERIFY2(nearest <= cell, qPrintable(QString::number(double(nearest / cell))));
        }
    }
}

// A corrugated sheet: ridges along y, 6 cm apart. Collapses along the ridges cost no quadric
// error and across them a lot, so the cheapest collapses make long thin triangles.
PhysicsGeometry corrugatedSheet()
{
    GraphicsMesh m = makeGrid(60, 60, 0.01f);
    for (Vec3 &p : m.positions)
        p.z = 0.008f * std::sin(2 * kPi * p.x / 0.06f);
    return fromMesh(m);
}

void TestPhysicsSimplify::angleBoundHolds()
{
    const PhysicsGeometry input = corrugatedSheet();
    const float inputAngle = measureMeshQuality(input.positions, input.indices).minAngleDegrees;
    QVERIFY2(inputAngle > 30, qPrintable(QString::number(double(inputAngle))));
    for (float bound : {8.0f, 15.0f}) {
        for (uint32_t relax : {0u, 3u}) {
            PhysicsGeometry g = input;
            SimplifySettings s;
            s.targetVertices = 150;
            s.minAngleDegrees = bound;
            s.relaxPasses = relax;
            const SimplifyReport r = simplify(g, s);
            QCOMPARE(r.targetVertices, 150u);
            QCOMPARE(r.verticesAfter, 150u);
            const float angle = measureMeshQuality(g.positions, g.indices).minAngleDegrees;
            QVERIFY2(angle >= bound - 1e-3f,
                     qPrintable(QString("%1 below %2").arg(double(angle)).arg(double(bound))));
            QCOMPARE(r.minAngleDegrees, angle);
        }
    }
    // Without the bound the same collapses make slivers (the sheet does tempt them).
    PhysicsGeometry g = input;
    SimplifySettings s;
    s.targetVertices = 150;
    s.minAngleDegrees = 0;
    s.relaxPasses = 0;
    simplify(g, s);
    const float angle = measureMeshQuality(g.positions, g.indices).minAngleDegrees;
    QVERIFY2(angle < 8, qPrintable(QString::number(double(angle))));
}

void TestPhysicsSimplify::inputSliversDoNotBlock()
{
    // A sheet whose every cell is split into a 2 degree sliver and a fan of the rest: the
    // collapses around the slivers may keep angles as small as those they replace, so the
    // target is still reached, and no angle ends below the input's smallest.
    const int n = 30;
    const float cell = 0.01f;
    PhysicsGeometry g;
    auto at = [&](int i, int j) { return uint32_t(j * (n + 1) + i); };
    for (int j = 0; j <= n; ++j)
        for (int i = 0; i <= n; ++i)
            g.positions.push_back({float(i) * cell, float(j) * cell, 0});
    // In each cell an extra vertex just above the middle of its lower edge: the triangle on
    // that edge is a sliver.
    const float lift = 0.5f * cell * std::tan(2.0f * kPi / 180.0f);
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i) {
            const uint32_t m = uint32_t(g.positions.size());
            g.positions.push_back({(float(i) + 0.5f) * cell, float(j) * cell + lift, 0});
            const uint32_t a = at(i, j), b = at(i + 1, j), c = at(i + 1, j + 1), d = at(i, j + 1);
            for (uint32_t k : {a, b, m, b, c, m, c, d, m, d, a, m})
                g.indices.push_back(k);
        }
    const float inputAngle = measureMeshQuality(g.positions, g.indices).minAngleDegrees;
    QVERIFY(inputAngle < 2.5f);
    for (uint32_t relax : {0u, 3u}) {
        PhysicsGeometry out = g;
        SimplifySettings s;
        s.targetVertices = 100;
        s.relaxPasses = relax;
        const SimplifyReport r = simplify(out, s);
        QCOMPARE(r.verticesAfter, 100u);
        QVERIFY(measureMeshQuality(out.positions, out.indices).minAngleDegrees >=
                inputAngle - 1e-3f);
    }
}

void TestPhysicsSimplify::badInput()
{
    PhysicsGeometry g = sphere(2);
    QVERIFY_THROWS_EXCEPTION(InputError, simplify(g, {}));
    SimplifySettings s;
    s.targetEdgeLength = -1;
    QVERIFY_THROWS_EXCEPTION(InputError, simplify(g, s));
    s.targetEdgeLength = std::nanf("");
    QVERIFY_THROWS_EXCEPTION(InputError, simplify(g, s));
    s = {};
    s.targetVertices = 10;
    s.minAngleDegrees = 45;
    QVERIFY_THROWS_EXCEPTION(InputError, simplify(g, s));
    PhysicsGeometry broken = g;
    broken.indices[4] = 100000;
    s = {};
    s.targetVertices = 10;
    QVERIFY_THROWS_EXCEPTION(InputError, simplify(broken, s));
    // A target above the vertex count changes nothing but the triangles' quality passes.
    s.targetVertices = 1000000;
    PhysicsGeometry same = g;
    QCOMPARE(simplify(same, s).collapses, 0u);
    QCOMPARE(same.vertexCount(), g.vertexCount());
}

void TestPhysicsSimplify::midpointSubdivision()
{
    PhysicsGeometry g = fromMesh(makeGrid(3, 2, 0.1f));
    const SubdivideReport r = subdivide(g, {1, SubdivisionScheme::Midpoint});
    QCOMPARE(r.verticesBefore, 12u);
    QCOMPARE(r.verticesAfter, 12u + 23u); // one per edge: 3*3 + 4*2 + 6 diagonals
    QCOMPARE(r.trianglesAfter, 48u);
    const MeshQuality q = measureMeshQuality(g.positions, g.indices);
    QCOMPARE(q.boundaryLoops, 1u);
    QCOMPARE(q.nonManifoldVertices, 0u);
    QVERIFY(std::abs(boundaryLoops(g.positions, g.indices)[0].length - 1.0f) < 1e-5f);
    for (const Vec3 &p : g.positions)
        QCOMPARE(p.z, 0.0f);
    QCOMPARE(std::count(g.sourceVertex.begin(), g.sourceVertex.end(), PhysicsGeometry::kNoSource),
             23L);
    QVERIFY_THROWS_EXCEPTION(InputError, subdivide(g, {9, SubdivisionScheme::Midpoint}));
}

void TestPhysicsSimplify::loopSubdivisionKeepsBoundaries()
{
    const float radius = 0.2f, height = 0.5f;
    PhysicsGeometry g = fromMesh(makeTube(radius, height, 12, 4));
    subdivide(g, {2, SubdivisionScheme::Loop});
    const MeshQuality q = measureMeshQuality(g.positions, g.indices);
    QCOMPARE(q.boundaryLoops, 2u);
    QCOMPARE(q.triangles, uint32_t(12 * 4 * 2 * 16));
    for (const BoundaryLoop &loop : boundaryLoops(g.positions, g.indices))
        for (uint32_t v : loop.vertices) {
            const float y = g.positions[v].y;
            QVERIFY(std::abs(y) < 1e-5f || std::abs(y - height) < 1e-5f);
        }
    // Loop's rules pull interior vertices slightly inside the polygonal tube, never outside.
    for (const Vec3 &p : g.positions)
        QVERIFY(std::sqrt(p.x * p.x + p.z * p.z) <= radius + 1e-5f);
}

QTEST_APPLESS_MAIN(TestPhysicsSimplify)
#include "test_physics_simplify.moc"
