// Painting operations on meshes with known answers: picks against brute force, refits, sphere
// queries, visibility on closed meshes, brush modes and falloffs, smoothing, fills, surface
// distances, gradients, lasso selection and mirroring; and picks on the sample character's coat.
#include "tweed/errors.h"
#include "tweed/meshproc/import.h"
#include "tweed/meshproc/paint.h"

#include "test_paths.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

using namespace tweed;

namespace {

struct TestMesh
{
    std::vector<Vec3> positions;
    std::vector<uint32_t> indices;
};

/// An nx x ny quad grid of the given spacing in the z = 0 plane, from (x0, y0); each quad split
/// along the diagonal that mirrors across x = 0, so the grid is symmetric when x0 = -nx/2.
TestMesh makeGrid(int nx, int ny, float spacing, float x0 = 0, float y0 = 0)
{
    TestMesh m;
    for (int j = 0; j <= ny; ++j)
        for (int i = 0; i <= nx; ++i)
            m.positions.push_back({(x0 + float(i)) * spacing, (y0 + float(j)) * spacing, 0});
    const auto at = [nx](int i, int j) { return uint32_t(j * (nx + 1) + i); };
    for (int j = 0; j < ny; ++j)
        for (int i = 0; i < nx; ++i) {
            const uint32_t a = at(i, j), b = at(i + 1, j), c = at(i + 1, j + 1), d = at(i, j + 1);
            if (x0 + float(i) + 0.5f >= 0)
                m.indices.insert(m.indices.end(), {a, b, c, a, c, d});
            else
                m.indices.insert(m.indices.end(), {a, b, d, b, c, d});
        }
    return m;
}

/// A closed UV sphere (poles shared, no seam duplicates).
TestMesh makeSphere(float radius, int rings, int segments)
{
    TestMesh m;
    m.positions.push_back({0, radius, 0});
    for (int r = 1; r < rings; ++r) {
        const float phi = kPi * float(r) / float(rings);
        for (int s = 0; s < segments; ++s) {
            const float theta = 2 * kPi * float(s) / float(segments);
            m.positions.push_back({radius * std::sin(phi) * std::cos(theta), radius * std::cos(phi),
                                   radius * std::sin(phi) * std::sin(theta)});
        }
    }
    m.positions.push_back({0, -radius, 0});
    const uint32_t south = uint32_t(m.positions.size() - 1);
    const auto ring = [segments](int r, int s) {
        return uint32_t(1 + (r - 1) * segments + (s % segments));
    };
    for (int s = 0; s < segments; ++s)
        m.indices.insert(m.indices.end(), {0, ring(1, s + 1), ring(1, s)});
    for (int r = 1; r < rings - 1; ++r)
        for (int s = 0; s < segments; ++s)
            m.indices.insert(m.indices.end(), {ring(r, s), ring(r, s + 1), ring(r + 1, s + 1),
                                               ring(r, s), ring(r + 1, s + 1), ring(r + 1, s)});
    for (int s = 0; s < segments; ++s)
        m.indices.insert(m.indices.end(), {south, ring(rings - 1, s), ring(rings - 1, s + 1)});
    return m;
}

/// The closest hit by testing every triangle (Möller–Trumbore, both faces).
SurfaceHit bruteRaycast(const TestMesh &m, const Vec3 &o, const Vec3 &d)
{
    SurfaceHit best;
    for (uint32_t t = 0; t < m.indices.size() / 3; ++t) {
        const Vec3 a = m.positions[m.indices[3 * t]], b = m.positions[m.indices[3 * t + 1]],
                   c = m.positions[m.indices[3 * t + 2]];
        const Vec3 e1 = b - a, e2 = c - a, p = cross(d, e2);
        const float det = dot(e1, p);
        if (det == 0) continue;
        const Vec3 tv = o - a;
        const float u = dot(tv, p) / det;
        const Vec3 q = cross(tv, e1);
        const float v = dot(d, q) / det;
        const float dist = dot(e2, q) / det;
        if (u < 0 || v < 0 || u + v > 1 || dist < 0 || dist >= best.t) continue;
        best.triangle = t;
        best.t = dist;
        best.bary = {1 - u - v, u, v};
        best.point = o + d * dist;
    }
    return best;
}

std::vector<uint32_t> bruteSphere(const TestMesh &m, const Vec3 &c, float r)
{
    std::vector<uint32_t> out;
    for (uint32_t v : m.indices)
        if (lengthSquared(m.positions[v] - c) <= r * r) out.push_back(v);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

Vec3 randomUnit(std::mt19937 &rng)
{
    std::normal_distribution<float> n;
    return normalize(Vec3{n(rng), n(rng), n(rng)});
}

/// A bumpy closed surface: the sphere with its radius varied by a few sines.
TestMesh makeBumpySphere()
{
    TestMesh m = makeSphere(0.5f, 40, 64);
    for (Vec3 &p : m.positions)
        p = p * (1.0f + 0.15f * std::sin(9 * p.x) * std::cos(7 * p.y) + 0.1f * std::sin(11 * p.z));
    return m;
}

float valueAt(const ValueEdit &e, uint32_t v, float otherwise)
{
    const auto it = std::lower_bound(e.vertices.begin(), e.vertices.end(), v);
    return it != e.vertices.end() && *it == v ? e.values[size_t(it - e.vertices.begin())]
                                              : otherwise;
}

} // namespace

class TestPaint : public QObject
{
    Q_OBJECT

private slots:
    void raycastMatchesBruteForce();
    void raycastNormalFacesOrigin();
    void occludedRespectsSegment();
    void refitMatchesRebuild();
    void sphereQueryMatchesBruteForce();
    void visibilityHidesFarSide();
    void visibilityOrthographic();
    void falloffShapes();
    void brushModes();
    void brushClampsAndSkipsUnchanged();
    void coatPicks();
    void graphWeldsSeams();
    void smoothing();
    void fillReachesOneSheet();
    void surfaceDistanceFollowsFold();
    void surfaceDistanceOnPlaneIsStraight();
    void coatDistances();
    void gradient();
    void exponentialGradientDoublesPerLevel();
    void pickInterpolates();
    void polygonSelection();
    void mirrorByPositionOnGrid();
    void mirrorByTopologyOnJitteredGrid();
    void mirrorEditCopiesValues();
    void badInput();
};

void TestPaint::exponentialGradientDoublesPerLevel()
{
    // A 6 x 8 grid pinned along row 0: rows are the levels (every edge advances at most a row).
    const TestMesh grid = makeGrid(6, 8, 0.1f);
    const VertexGraph graph = buildVertexGraph(grid.positions, grid.indices);
    std::vector<uint32_t> pins;
    for (uint32_t i = 0; i <= 6; ++i)
        pins.push_back(i);
    std::vector<float> values(grid.positions.size(), 1.0f);
    const ValueEdit edit = exponentialGradientValues(graph, values, pins, 2.0f, 5);
    for (size_t k = 0; k < edit.vertices.size(); ++k)
        values[edit.vertices[k]] = edit.values[k];
    for (uint32_t v = 0; v < values.size(); ++v) {
        const int row = int(v / 7);
        QCOMPARE(values[v], row < 5 ? std::pow(2.0f, float(5 - row)) : 1.0f);
        // Each level is twice the one below it, down to the fifth.
        if (row >= 1 && row <= 5) QCOMPARE(values[v - 7], 2.0f * values[v]);
    }
    // Unchanged values are left out: rows 5 to 8 already held 1.
    QCOMPARE(edit.vertices.size(), size_t(5 * 7));
    // Another factor: a third per level.
    const ValueEdit thirds = exponentialGradientValues(graph, values, pins, 3.0f, 2);
    QCOMPARE(thirds.values.front(), 9.0f);
    QVERIFY_THROWS_EXCEPTION(InputError, exponentialGradientValues(graph, values, pins, 0.0f, 3));
    QVERIFY_THROWS_EXCEPTION(InputError, exponentialGradientValues(graph, values, {}, 2.0f, 3));
    QVERIFY_THROWS_EXCEPTION(InputError,
                             exponentialGradientValues(graph, values, {9999}, 2.0f, 3));
}

void TestPaint::raycastMatchesBruteForce()
{
    const TestMesh m = makeBumpySphere();
    const SurfaceBvh bvh(m.positions, m.indices);
    QVERIFY(!bvh.empty());
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    int hits = 0;
    for (int i = 0; i < 2000; ++i) {
        const Vec3 o = Vec3{u(rng), u(rng), u(rng)} * 1.5f;
        // Half the rays aim at the mesh's middle region, so most of them hit.
        const Vec3 d = i % 2 ? randomUnit(rng) : normalize(Vec3{u(rng), u(rng), u(rng)} * 0.3f - o);
        const SurfaceHit expected = bruteRaycast(m, o, d);
        const SurfaceHit hit = bvh.raycast(o, d);
        QCOMPARE(hit.found(), expected.found());
        if (!hit.found()) continue;
        ++hits;
        QVERIFY(std::abs(hit.t - expected.t) < 1e-5f);
        QVERIFY(distance(hit.point, expected.point) < 1e-4f);
        // The same triangle, or (on a shared edge) one reaching the same point.
        if (hit.triangle != expected.triangle)
            QVERIFY(std::abs(hit.t - expected.t) < 1e-6f);
        else
            QVERIFY(distance(hit.bary, expected.bary) < 1e-4f);
        // Nothing lies nearer: a limit just below the hit's distance finds nothing.
        QVERIFY(!bvh.raycast(o, d, hit.t * 0.999f).found());
    }
    QVERIFY2(hits > 1000, qPrintable(QString::number(hits)));

    // A non-unit direction: the same hit, t still a distance.
    const SurfaceHit unit = bvh.raycast({0, 0, 3}, {0, 0, -1});
    const SurfaceHit scaled = bvh.raycast({0, 0, 3}, {0, 0, -4});
    QVERIFY(unit.found());
    QCOMPARE(scaled.triangle, unit.triangle);
    QVERIFY(std::abs(scaled.t - unit.t) < 1e-5f);
    QVERIFY(std::abs(unit.t - (3.0f - unit.point.z)) < 1e-5f);
}

void TestPaint::raycastNormalFacesOrigin()
{
    const TestMesh grid = makeGrid(10, 10, 0.1f);
    const SurfaceBvh bvh(grid.positions, grid.indices);
    for (const float side : {1.0f, -1.0f}) {
        const SurfaceHit hit = bvh.raycast({0.33f, 0.47f, side}, {0, 0, -side});
        QVERIFY(hit.found());
        QVERIFY(std::abs(hit.t - 1.0f) < 1e-6f);
        QVERIFY(distance(hit.point, Vec3{0.33f, 0.47f, 0}) < 1e-6f);
        QVERIFY(distance(hit.normal, Vec3{0, 0, side}) < 1e-6f);
        // The hit's triangle contains the point: its barycentric blend gives it back.
        const uint32_t *c = &grid.indices[3 * hit.triangle];
        const Vec3 p = grid.positions[c[0]] * hit.bary.x + grid.positions[c[1]] * hit.bary.y +
                       grid.positions[c[2]] * hit.bary.z;
        QVERIFY(distance(p, hit.point) < 1e-6f);
        // Quad (3, 4) of the grid holds the point.
        QCOMPARE(hit.triangle / 2, uint32_t(4 * 10 + 3));
    }
    QVERIFY(!bvh.raycast({0.33f, 0.47f, 1}, {0, 0, 1}).found());        // pointing away
    QVERIFY(!bvh.raycast({2, 2, 1}, {0, 0, -1}).found());               // beside the grid
    QVERIFY(!bvh.raycast({0.33f, 0.47f, 1}, {0, 0, -1}, 0.5f).found()); // too short
}

void TestPaint::occludedRespectsSegment()
{
    const TestMesh grid = makeGrid(10, 10, 0.1f);
    const SurfaceBvh bvh(grid.positions, grid.indices);
    QVERIFY(bvh.occluded({0.5f, 0.5f, 1}, {0, 0, -2}, 1.0f));
    QVERIFY(!bvh.occluded({0.5f, 0.5f, 1}, {0, 0, -2}, 0.49f)); // ends above the plane
    QVERIFY(bvh.occluded({0.5f, 0.5f, 1}, {0, 0, -2}, 0.51f));
    QVERIFY(!bvh.occluded({0.5f, 0.5f, 1}, {0, 0, 2}, 10.0f));
    QVERIFY(!SurfaceBvh().occluded({0, 0, 1}, {0, 0, -1}, 10.0f));
    QVERIFY(!SurfaceBvh().raycast({0, 0, 1}, {0, 0, -1}).found());
}

void TestPaint::refitMatchesRebuild()
{
    const TestMesh m = makeBumpySphere();
    SurfaceBvh bvh(m.positions, m.indices);
    // Deform: twist about y and stretch, as skinning would.
    TestMesh moved = m;
    for (Vec3 &p : moved.positions) {
        const float a = 1.5f * p.y;
        p = {p.x * std::cos(a) - p.z * std::sin(a), 1.3f * p.y + 0.2f,
             p.x * std::sin(a) + p.z * std::cos(a)};
    }
    bvh.refit(moved.positions);
    const SurfaceBvh rebuilt(moved.positions, moved.indices);
    std::mt19937 rng(11);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    int hits = 0;
    for (int i = 0; i < 1000; ++i) {
        const Vec3 o = Vec3{u(rng), u(rng), u(rng)} * 1.5f;
        const Vec3 d = normalize(Vec3{u(rng), u(rng), u(rng)} * 0.3f - o);
        const SurfaceHit a = bvh.raycast(o, d), b = rebuilt.raycast(o, d);
        QCOMPARE(a.found(), b.found());
        if (!a.found()) continue;
        ++hits;
        QCOMPARE(a.triangle, b.triangle);
        QCOMPARE(a.t, b.t);
        QVERIFY(distance(a.point, b.point) < 1e-6f);
        const SurfaceHit brute = bruteRaycast(moved, o, d);
        QVERIFY(std::abs(brute.t - a.t) < 1e-5f);
        // The sphere query runs on the refitted positions too.
        QCOMPARE(bvh.verticesInSphere(a.point, 0.1f), bruteSphere(moved, a.point, 0.1f));
    }
    QVERIFY(hits > 500);
    QVERIFY_THROWS_EXCEPTION(InputError, bvh.refit({Vec3{}}));
}

void TestPaint::sphereQueryMatchesBruteForce()
{
    const TestMesh m = makeBumpySphere();
    const SurfaceBvh bvh(m.positions, m.indices);
    std::mt19937 rng(3);
    std::uniform_real_distribution<float> u(-0.7f, 0.7f);
    size_t total = 0;
    for (int i = 0; i < 300; ++i) {
        const Vec3 c{u(rng), u(rng), u(rng)};
        const float r = 0.02f + 0.3f * float(i % 10) / 10.0f;
        const std::vector<uint32_t> got = bvh.verticesInSphere(c, r);
        QCOMPARE(got, bruteSphere(m, c, r));
        total += got.size();
    }
    QVERIFY(total > 1000);
    // Unused vertices never count.
    TestMesh withLoose = makeGrid(4, 4, 0.1f);
    withLoose.positions.push_back({0.2f, 0.2f, 0.01f});
    const SurfaceBvh loose(withLoose.positions, withLoose.indices);
    const std::vector<uint32_t> near = loose.verticesInSphere({0.2f, 0.2f, 0}, 0.05f);
    QCOMPARE(near, std::vector<uint32_t>{12});
}

void TestPaint::visibilityHidesFarSide()
{
    const TestMesh m = makeSphere(0.5f, 24, 48);
    const SurfaceBvh bvh(m.positions, m.indices);
    std::vector<uint32_t> all(m.positions.size());
    std::iota(all.begin(), all.end(), 0u);
    const ViewPoint view{{0, 0, 3}, {0, 0, -1}, false};
    const std::vector<uint32_t> seen = visibleVertices(bvh, m.positions, all, view);
    QVERIFY(!seen.empty());
    // From (0, 0, 3) the sphere's visible cap ends where the tangent cone touches it: z = r^2/3.
    const float rim = 0.25f / 3.0f;
    int near = 0;
    for (uint32_t v : all) {
        const bool visible = std::binary_search(seen.begin(), seen.end(), v);
        const float z = m.positions[v].z;
        if (z > rim + 0.03f) {
            QVERIFY2(visible, qPrintable(QString("vertex %1 at z %2 hidden").arg(v).arg(z)));
            ++near;
        }
        if (z < rim - 0.03f)
            QVERIFY2(!visible, qPrintable(QString("vertex %1 at z %2 seen").arg(v).arg(z)));
    }
    QVERIFY(near > 200);
}

void TestPaint::visibilityOrthographic()
{
    // Two parallel sheets: looking down -z, the lower one is hidden where the upper covers it.
    TestMesh m = makeGrid(10, 10, 0.1f);
    const TestMesh lower = makeGrid(20, 4, 0.1f, -5, 3);
    const uint32_t base = uint32_t(m.positions.size());
    for (Vec3 p : lower.positions)
        m.positions.push_back({p.x, p.y, -0.2f});
    for (uint32_t i : lower.indices)
        m.indices.push_back(base + i);
    const SurfaceBvh bvh(m.positions, m.indices);
    std::vector<uint32_t> all(m.positions.size());
    std::iota(all.begin(), all.end(), 0u);
    const std::vector<uint32_t> seen =
        visibleVertices(bvh, m.positions, all, {{}, {0, 0, -1}, true});
    // Vertices right below the upper sheet's border are left out: their rays graze its edge.
    for (uint32_t v : all) {
        const Vec3 p = m.positions[v];
        if (p.z < 0 && (std::abs(p.x) < 0.01f || std::abs(p.x - 1) < 0.01f)) continue;
        const bool covered = p.z < 0 && p.x > 0 && p.x < 1;
        QCOMPARE(std::binary_search(seen.begin(), seen.end(), v), !covered);
    }
    // Looking up +z everything of the lower sheet shows and the covered part of the upper hides.
    const std::vector<uint32_t> fromBelow =
        visibleVertices(bvh, m.positions, all, {{}, {0, 0, 1}, true});
    for (uint32_t v : all) {
        const Vec3 p = m.positions[v];
        if (p.z == 0 && (std::abs(p.y - 0.3f) < 0.01f || std::abs(p.y - 0.7f) < 0.01f)) continue;
        const bool covered = p.z == 0 && p.y > 0.3f && p.y < 0.7f;
        QCOMPARE(std::binary_search(fromBelow.begin(), fromBelow.end(), v), !covered);
    }
}

void TestPaint::falloffShapes()
{
    const float r = 0.2f;
    for (Falloff f : {Falloff::Constant, Falloff::Linear, Falloff::Smooth, Falloff::Sharp}) {
        QCOMPARE(falloffWeight(f, 0, r), 1.0f);
        QCOMPARE(falloffWeight(f, 0.21f, r), 0.0f);
        float last = 1.0f;
        for (int i = 1; i <= 20; ++i) { // never rises outwards
            const float w = falloffWeight(f, r * float(i) / 20.0f, r);
            QVERIFY(w <= last && w >= 0);
            last = w;
        }
    }
    QCOMPARE(falloffWeight(Falloff::Constant, 0.2f, r), 1.0f);
    QCOMPARE(falloffWeight(Falloff::Linear, 0.05f, r), 0.75f);
    QCOMPARE(falloffWeight(Falloff::Linear, 0.2f, r), 0.0f);
    QCOMPARE(falloffWeight(Falloff::Smooth, 0.1f, r), 0.5f);
    QVERIFY(std::abs(falloffWeight(Falloff::Sharp, 0.1f, r) - 0.25f) < 1e-6f);
    QVERIFY(std::abs(falloffWeight(Falloff::Smooth, 0.05f, r) - 0.84375f) < 1e-6f);
    // Smooth is flat at the centre, sharp is not.
    QVERIFY(1 - falloffWeight(Falloff::Smooth, 0.002f, r) < 1e-3f);
    QVERIFY(1 - falloffWeight(Falloff::Sharp, 0.002f, r) > 1e-2f);
    QVERIFY_THROWS_EXCEPTION(InputError, falloffWeight(Falloff::Linear, 0.1f, 0));
    QVERIFY_THROWS_EXCEPTION(InputError, falloffWeight(Falloff::Linear, 0.1f, NAN));
}

void TestPaint::brushModes()
{
    const TestMesh grid = makeGrid(20, 20, 0.01f); // 20 cm square, 1 cm spacing
    const SurfaceBvh bvh(grid.positions, grid.indices);
    const std::vector<float> values(grid.positions.size(), 0.5f);
    const SurfaceHit hit = bvh.raycast({0.1f, 0.1f, 1}, {0, 0, -1});
    QVERIFY(hit.found());
    BrushSettings brush;
    brush.radius = 0.055f; // no grid vertex on the rim
    brush.falloff = Falloff::Linear;
    const std::vector<uint32_t> candidates = bvh.verticesInSphere(hit.point, brush.radius);
    const ViewPoint view{{0.1f, 0.1f, 1}, {0, 0, -1}, false};
    const std::vector<uint32_t> inView = visibleVertices(bvh, grid.positions, candidates, view);
    QCOMPARE(inView, candidates); // nothing occludes a flat sheet seen from above

    struct Case
    {
        PaintMode mode;
        float value;
        float expectedCentre; // from 0.5 with weight 1
    };
    for (const Case c :
         {Case{PaintMode::Set, 0.9f, 0.9f}, Case{PaintMode::Add, 0.3f, 0.8f},
          Case{PaintMode::Subtract, 0.2f, 0.3f}, Case{PaintMode::Multiply, 0.5f, 0.25f}}) {
        brush.mode = c.mode;
        brush.value = c.value;
        brush.strength = 1.0f;
        const ValueEdit e = brushDab(grid.positions, values, inView, hit.point, brush);
        QVERIFY(std::is_sorted(e.vertices.begin(), e.vertices.end()));
        QCOMPARE(e.vertices.size(), e.values.size());
        const uint32_t centre = 10 * 21 + 10;
        QVERIFY(std::abs(valueAt(e, centre, 0.5f) - c.expectedCentre) < 1e-6f);
        for (size_t i = 0; i < e.vertices.size(); ++i) {
            const float d = distance(grid.positions[e.vertices[i]], hit.point);
            QVERIFY(d < brush.radius);
            const float w = 1 - d / brush.radius;
            QVERIFY(std::abs(e.values[i] - (0.5f + (c.expectedCentre - 0.5f) * w)) < 1e-5f);
        }
        // Linear falloff: everything strictly inside the radius changed (the rim has weight 0).
        size_t inside = 0;
        for (uint32_t v : inView)
            inside += distance(grid.positions[v], hit.point) < brush.radius - 1e-6f;
        QCOMPARE(e.vertices.size(), inside);
        QVERIFY(inside > 60);
        // Half strength moves half way at the centre.
        brush.strength = 0.5f;
        const ValueEdit half = brushDab(grid.positions, values, inView, hit.point, brush);
        QVERIFY(std::abs(valueAt(half, centre, 0.5f) - (0.5f + (c.expectedCentre - 0.5f) / 2)) <
                1e-6f);
    }
}

void TestPaint::brushClampsAndSkipsUnchanged()
{
    const TestMesh grid = makeGrid(10, 10, 0.01f);
    std::vector<float> values(grid.positions.size(), 0.8f);
    values[0] = 1.0f;
    std::vector<uint32_t> all(grid.positions.size());
    std::iota(all.begin(), all.end(), 0u);
    BrushSettings brush;
    brush.radius = 0.5f;
    brush.falloff = Falloff::Constant;
    brush.mode = PaintMode::Add;
    brush.value = 0.5f;
    brush.minValue = 0;
    brush.maxValue = 1;
    const ValueEdit e = brushDab(grid.positions, values, all, {0, 0, 0}, brush);
    // Every vertex reaches the ceiling; vertex 0 was already there and is left out.
    QCOMPARE(e.vertices.size(), all.size() - 1);
    QCOMPARE(e.vertices.front(), 1u);
    for (float v : e.values)
        QCOMPARE(v, 1.0f);
    // Set to the value a vertex already has: no change recorded.
    brush.mode = PaintMode::Set;
    brush.value = 0.8f;
    const ValueEdit same = brushDab(grid.positions, values, all, {0, 0, 0}, brush);
    QCOMPARE(same.vertices, std::vector<uint32_t>{0});
    // Duplicate and unordered candidates give one sorted entry each.
    const ValueEdit dup = brushDab(grid.positions, values, {5, 3, 5, 3}, {0, 0, 0}, brush);
    QCOMPARE(dup.vertices.size(), size_t(0));
    brush.value = 0.1f;
    const ValueEdit dup2 = brushDab(grid.positions, values, {5, 3, 5, 3}, {0, 0, 0}, brush);
    QCOMPARE(dup2.vertices, (std::vector<uint32_t>{3, 5}));
}

void TestPaint::coatPicks()
{
    const Character sample = importCharacter(test::kSampleCharacter);
    const int index = sample.findMesh("Coat");
    QVERIFY(index >= 0);
    const GraphicsMesh &coat = sample.meshes[size_t(index)];
    const TestMesh m{coat.positions, coat.indices};
    const SurfaceBvh bvh(m.positions, m.indices);
    Vec3 lo = m.positions[0], hi = m.positions[0];
    for (const Vec3 &p : m.positions) {
        lo = minComponents(lo, p);
        hi = maxComponents(hi, p);
    }
    const Vec3 mid = (lo + hi) * 0.5f;
    std::mt19937 rng(5);
    std::uniform_real_distribution<float> u(0.0f, 1.0f);
    int hits = 0;
    for (int i = 0; i < 300; ++i) {
        // Rays from a shell around the coat towards random points inside its box.
        const Vec3 o = mid + randomUnit(rng) * (length(hi - lo) * 1.5f);
        const Vec3 target{lo.x + (hi.x - lo.x) * u(rng), lo.y + (hi.y - lo.y) * u(rng),
                          lo.z + (hi.z - lo.z) * u(rng)};
        const Vec3 d = normalize(target - o);
        const SurfaceHit expected = bruteRaycast(m, o, d);
        const SurfaceHit hit = bvh.raycast(o, d);
        QCOMPARE(hit.found(), expected.found());
        if (!hit.found()) continue;
        ++hits;
        QVERIFY(std::abs(hit.t - expected.t) < 1e-5f);
        QVERIFY(hit.triangle == expected.triangle || std::abs(hit.t - expected.t) < 1e-6f);
        QVERIFY(dot(hit.normal, d) <= 0);
        // Nothing lies between the origin and the hit.
        QVERIFY(!bvh.occluded(o, d, hit.t * 0.999f));
        const float r = 0.05f;
        QCOMPARE(bvh.verticesInSphere(hit.point, r), bruteSphere(m, hit.point, r));
    }
    QVERIFY(hits > 50);

    // A dab's visibility on the coat against brute-force shadow rays to the eye.
    const Vec3 eye = mid + Vec3{0.1f, 0.2f, 1.0f} * length(hi - lo);
    size_t checked = 0, hidden = 0;
    for (int i = 0; i < 12; ++i) {
        const Vec3 target{lo.x + (hi.x - lo.x) * u(rng), lo.y + (hi.y - lo.y) * u(rng), mid.z};
        const SurfaceHit hit = bvh.raycast(eye, normalize(target - eye));
        if (!hit.found()) continue;
        const std::vector<uint32_t> near = bvh.verticesInSphere(hit.point, 0.25f);
        const std::vector<uint32_t> seen =
            visibleVertices(bvh, m.positions, near, {eye, {}, false}, 1e-4f);
        for (uint32_t v : near) {
            const Vec3 toEye = eye - m.positions[v];
            const Vec3 start = m.positions[v] + normalize(toEye) * 1e-4f;
            const SurfaceHit blocker = bruteRaycast(m, start, normalize(eye - start));
            const bool visible = !blocker.found() || blocker.t > length(eye - start);
            // Shadow rays that graze a triangle's edge may go either way; skip the near misses.
            if (blocker.found() && std::abs(blocker.t - length(eye - start)) < 1e-4f) continue;
            QCOMPARE(std::binary_search(seen.begin(), seen.end(), v), visible);
            ++checked;
            hidden += !visible;
        }
    }
    QVERIFY(checked > 200);
    QVERIFY2(hidden > 0 && hidden < checked, qPrintable(QString("%1 of %2 hidden, %3 triangles")
                                                            .arg(hidden)
                                                            .arg(checked)
                                                            .arg(m.indices.size() / 3)));
}

void TestPaint::graphWeldsSeams()
{
    // A 6 x 2 grid cut along x = 0.3 into two panels whose seam vertices are duplicated.
    TestMesh m = makeGrid(6, 2, 0.1f);
    std::vector<uint32_t> twin(m.positions.size(), SurfaceHit::kNone);
    for (int j = 0; j <= 2; ++j) {
        const uint32_t v = uint32_t(j * 7 + 3);
        twin[v] = uint32_t(m.positions.size());
        m.positions.push_back(m.positions[v]);
    }
    for (size_t t = 0; t < m.indices.size(); t += 3) {
        Vec3 c = (m.positions[m.indices[t]] + m.positions[m.indices[t + 1]] +
                  m.positions[m.indices[t + 2]]) /
                 3.0f;
        if (c.x > 0.3f) // the right panel uses the copies
            for (int k = 0; k < 3; ++k)
                if (twin[m.indices[t + k]] != SurfaceHit::kNone)
                    m.indices[t + k] = twin[m.indices[t + k]];
    }
    const VertexGraph g = buildVertexGraph(m.positions, m.indices);
    QCOMPARE(g.offsets.size(), m.positions.size() + 1);
    for (int j = 0; j <= 2; ++j) {
        const uint32_t v = uint32_t(j * 7 + 3);
        QCOMPARE(g.weldedTo[v], v);
        QCOMPARE(g.weldedTo[twin[v]], v);
        // Both copies list the same neighbours: both panels' vertices around the seam.
        const std::vector<uint32_t> a(g.neighbours.begin() + g.offsets[v],
                                      g.neighbours.begin() + g.offsets[v + 1]);
        const std::vector<uint32_t> b(g.neighbours.begin() + g.offsets[twin[v]],
                                      g.neighbours.begin() + g.offsets[twin[v] + 1]);
        QCOMPARE(a, b);
        QVERIFY(std::find(a.begin(), a.end(), uint32_t(j * 7 + 2)) != a.end());
        QVERIFY(std::find(a.begin(), a.end(), uint32_t(j * 7 + 4)) != a.end());
    }
    // The middle seam vertex (1 row up) has six neighbours, as on an uncut grid.
    QCOMPARE(g.offsets[11] - g.offsets[10], 6u);
    // A fill from the left panel crosses the seam.
    QCOMPARE(connectedRegion(g, 0).size(), m.positions.size());
    // Nearly coincident copies weld only within the tolerance.
    TestMesh shifted = m;
    for (int j = 0; j <= 2; ++j)
        shifted.positions[twin[uint32_t(j * 7 + 3)]].x += 1e-4f;
    QCOMPARE(buildVertexGraph(shifted.positions, shifted.indices, 1e-3f).weldedTo, g.weldedTo);
    const VertexGraph apart = buildVertexGraph(shifted.positions, shifted.indices, 1e-6f);
    QCOMPARE(apart.weldedTo[twin[3]], twin[3]);
    QCOMPARE(connectedRegion(apart, 0).size(), size_t(3 * 4));
}

void TestPaint::smoothing()
{
    const TestMesh grid = makeGrid(20, 20, 0.01f);
    const VertexGraph g = buildVertexGraph(grid.positions, grid.indices);
    std::mt19937 rng(1);
    std::uniform_real_distribution<float> u(0.0f, 1.0f);
    std::vector<float> values(grid.positions.size());
    for (float &v : values)
        v = u(rng);
    std::vector<uint32_t> all(grid.positions.size());
    std::iota(all.begin(), all.end(), 0u);
    BrushSettings brush;
    brush.radius = 1.0f;
    brush.falloff = Falloff::Constant;
    const auto variance = [](const std::vector<float> &x) {
        double mean = 0, var = 0;
        for (float v : x)
            mean += v;
        mean /= double(x.size());
        for (float v : x)
            var += (v - mean) * (v - mean);
        return var / double(x.size());
    };
    std::vector<float> smoothed = values;
    const ValueEdit e = smoothDab(grid.positions, values, g, all, {0.1f, 0.1f, 0}, brush);
    QVERIFY(e.vertices.size() > all.size() * 9 / 10);
    for (size_t i = 0; i < e.vertices.size(); ++i) {
        smoothed[e.vertices[i]] = e.values[i];
        // Jacobi: the mean of the old neighbour values.
        const uint32_t v = e.vertices[i];
        double mean = 0;
        for (uint32_t k = g.offsets[v]; k < g.offsets[v + 1]; ++k)
            mean += values[g.neighbours[k]];
        mean /= double(g.offsets[v + 1] - g.offsets[v]);
        QVERIFY(std::abs(e.values[i] - float(mean)) < 1e-5f);
    }
    QVERIFY(variance(smoothed) < 0.5 * variance(values));
    // A constant field stays as it is: nothing changes.
    const std::vector<float> constant(grid.positions.size(), 0.4f);
    QVERIFY(smoothDab(grid.positions, constant, g, all, {0.1f, 0.1f, 0}, brush).vertices.empty());
    // Outside the radius nothing moves; with a falloff the centre moves more than the rim.
    brush.radius = 0.05f;
    brush.falloff = Falloff::Linear;
    brush.strength = 0.5f;
    const ValueEdit local = smoothDab(grid.positions, values, g, all, {0.1f, 0.1f, 0}, brush);
    for (size_t i = 0; i < local.vertices.size(); ++i)
        QVERIFY(distance(grid.positions[local.vertices[i]], Vec3{0.1f, 0.1f, 0}) < 0.05f);
    QVERIFY(!local.vertices.empty());
}

void TestPaint::fillReachesOneSheet()
{
    TestMesh m = makeGrid(5, 5, 0.1f);
    const TestMesh other = makeGrid(4, 3, 0.1f, 7, 0);
    const uint32_t base = uint32_t(m.positions.size());
    m.positions.insert(m.positions.end(), other.positions.begin(), other.positions.end());
    for (uint32_t i : other.indices)
        m.indices.push_back(base + i);
    const VertexGraph g = buildVertexGraph(m.positions, m.indices);
    const std::vector<uint32_t> first = connectedRegion(g, 7);
    QCOMPARE(first.size(), size_t(36));
    QCOMPARE(first.back(), base - 1);
    const std::vector<uint32_t> second = connectedRegion(g, base + 3);
    QCOMPARE(second.size(), size_t(20));
    QCOMPARE(second.front(), base);
    std::vector<float> values(m.positions.size(), 0.0f);
    values[2] = 1.0f;
    const ValueEdit e = fillValues(values, second, 1.0f);
    QCOMPARE(e.vertices, second);
    for (float v : e.values)
        QCOMPARE(v, 1.0f);
    // Values that already have the fill value are left out.
    const ValueEdit f = fillValues(values, first, 1.0f);
    QCOMPARE(f.vertices.size(), size_t(35));
    QVERIFY(!std::binary_search(f.vertices.begin(), f.vertices.end(), 2u));
}

void TestPaint::surfaceDistanceFollowsFold()
{
    // A strip 2 cm wide folded like a hairpin: 50 cm out along x at z = 0, 5 cm up at x = 0.5,
    // 50 cm back at z = 5 cm. Cross-sections every centimetre.
    TestMesh m;
    std::vector<Vec3> spine;
    for (int i = 0; i <= 50; ++i)
        spine.push_back({0.01f * float(i), 0, 0});
    for (int i = 1; i <= 5; ++i)
        spine.push_back({0.5f, 0, 0.01f * float(i)});
    for (int i = 49; i >= 0; --i)
        spine.push_back({0.01f * float(i), 0, 0.05f});
    for (const Vec3 &p : spine) {
        m.positions.push_back(p);
        m.positions.push_back(p + Vec3{0, 0.02f, 0});
    }
    for (uint32_t i = 0; i + 1 < spine.size(); ++i)
        m.indices.insert(m.indices.end(),
                         {2 * i, 2 * i + 2, 2 * i + 3, 2 * i, 2 * i + 3, 2 * i + 1});
    const SurfaceBvh bvh(m.positions, m.indices);
    const VertexGraph g = buildVertexGraph(m.positions, m.indices);
    // Pick from below: the lower layer at its start.
    const SurfaceHit hit = bvh.raycast({0.002f, 0.001f, -1}, {0, 0, 1});
    QVERIFY(hit.found());
    QVERIFY(std::abs(hit.point.z) < 1e-6f);
    const std::vector<float> d = surfaceDistances(m.positions, m.indices, g, hit);
    QCOMPARE(d.size(), m.positions.size());
    const uint32_t far = uint32_t(m.positions.size() - 2); // (0, 0, 0.05), the upper layer's end
    const float straight = distance(hit.point, m.positions[far]);
    QVERIFY(straight < 0.06f);
    QVERIFY2(std::abs(d[far] - 1.05f) < 0.01f, qPrintable(QString::number(d[far])));
    QVERIFY(d[far] > 15 * straight);
    // Distances grow along the strip and never undercut the straight line.
    for (size_t i = 1; i < spine.size(); ++i)
        QVERIFY(d[2 * i] > d[2 * (i - 1)]);
    for (size_t v = 0; v < m.positions.size(); ++v)
        QVERIFY(d[v] >= distance(hit.point, m.positions[v]) - 1e-6f);
    // An unconnected piece is at infinity.
    TestMesh two = m;
    const uint32_t base = uint32_t(two.positions.size());
    two.positions.push_back({0, 0, 1});
    two.positions.push_back({1, 0, 1});
    two.positions.push_back({0, 1, 1});
    two.indices.insert(two.indices.end(), {base, base + 1, base + 2});
    const std::vector<float> d2 = surfaceDistances(
        two.positions, two.indices, buildVertexGraph(two.positions, two.indices), hit);
    QVERIFY(std::isinf(d2[base]));
    QCOMPARE(d2[far], d[far]);
}

void TestPaint::surfaceDistanceOnPlaneIsStraight()
{
    // On a flat sheet distances along the surface are straight-line distances: edge paths alone
    // would zigzag (up to 8% longer on this grid); the unfolding across triangles removes that.
    const TestMesh grid = makeGrid(40, 40, 0.025f);
    const SurfaceBvh bvh(grid.positions, grid.indices);
    const VertexGraph g = buildVertexGraph(grid.positions, grid.indices);
    for (const Vec3 source : {Vec3{0.313f, 0.577f, 0}, Vec3{0.001f, 0.002f, 0}}) {
        const SurfaceHit hit = bvh.raycast(source + Vec3{0, 0, 1}, {0, 0, -1});
        QVERIFY(hit.found());
        const std::vector<float> d = surfaceDistances(grid.positions, grid.indices, g, hit);
        double worst = 0, sum = 0;
        for (size_t v = 0; v < grid.positions.size(); ++v) {
            const float straight = distance(grid.positions[v], hit.point);
            QVERIFY(d[v] >= straight - 1e-5f);
            const double rel = (d[v] - straight) / std::max(straight, 0.025f);
            worst = std::max(worst, rel);
            sum += rel;
        }
        const double mean = sum / double(grid.positions.size());
        QVERIFY2(worst < 1e-4 && mean < 1e-5,
                 qPrintable(QString("worst %1 mean %2").arg(worst).arg(mean)));
    }

    // A faceted cylinder (32 sides, radius 0.2, seam welded) unrolls into a plane: from a vertex,
    // the distance to the vertex k sides around and dz up is hypot(k * side, dz).
    const int sides = 32, rows = 20;
    TestMesh tube = makeGrid(sides, rows, 0.02f);
    const float radius = 0.2f, side = 2 * radius * std::sin(kPi / float(sides));
    for (Vec3 &p : tube.positions) {
        const float angle = 2 * kPi * p.x / (0.02f * float(sides));
        p = {radius * std::cos(angle), p.y, radius * std::sin(angle)};
    }
    const VertexGraph tg = buildVertexGraph(tube.positions, tube.indices, 1e-5f);
    SurfaceHit atVertex;
    const uint32_t source = 10 * (sides + 1) + 0; // column 0 (on the welded seam), row 10
    for (uint32_t t = 0; t < tube.indices.size() / 3 && !atVertex.found(); ++t)
        for (int k = 0; k < 3; ++k)
            if (tube.indices[3 * t + k] == source) {
                atVertex.triangle = t;
                atVertex.bary = {k == 0 ? 1.0f : 0.0f, k == 1 ? 1.0f : 0.0f, k == 2 ? 1.0f : 0.0f};
            }
    const std::vector<float> d = surfaceDistances(tube.positions, tube.indices, tg, atVertex);
    float worst = 0;
    for (int j = 0; j <= rows; ++j)
        for (int i = 0; i <= sides; ++i) {
            const int around = std::min(i, sides - i);
            const float expected = std::hypot(float(around) * side, 0.02f * float(j - 10));
            worst = std::max(worst, std::abs(d[uint32_t(j * (sides + 1) + i)] - expected));
        }
    QVERIFY2(worst < 1e-4f, qPrintable(QString::number(worst)));
}

void TestPaint::coatDistances()
{
    const Character sample = importCharacter(test::kSampleCharacter);
    const GraphicsMesh &coat = sample.meshes[size_t(sample.findMesh("Coat"))];
    const VertexGraph g = buildVertexGraph(coat.positions, coat.indices);
    // Welding: every vertex sits at its representative's position, and distinct positions
    // have distinct representatives.
    std::vector<std::pair<std::tuple<float, float, float>, uint32_t>> byPosition;
    for (uint32_t v = 0; v < coat.positions.size(); ++v) {
        const Vec3 p = coat.positions[v];
        QVERIFY(distance(p, coat.positions[g.weldedTo[v]]) <= 1e-6f);
        byPosition.push_back({{p.x, p.y, p.z}, g.weldedTo[v]});
    }
    std::sort(byPosition.begin(), byPosition.end());
    size_t distinct = 0, reps = 0;
    for (size_t i = 0; i < byPosition.size(); ++i)
        distinct += i == 0 || byPosition[i].first != byPosition[i - 1].first;
    for (uint32_t v = 0; v < coat.positions.size(); ++v)
        reps += g.weldedTo[v] == v;
    QVERIFY(reps <= distinct);
    QVERIFY(reps < coat.positions.size()); // the coat has UV or normal seams
    // Distances along the surface never undercut the straight line and reach the whole piece.
    const SurfaceBvh bvh(coat.positions, coat.indices);
    SurfaceHit hit;
    for (int i = 0; i < 20 && !hit.found(); ++i)
        hit = bvh.raycast({0.05f * float(i - 10), 1.2f, 3}, {0, 0, -1});
    QVERIFY(hit.found());
    const std::vector<float> d = surfaceDistances(coat.positions, coat.indices, g, hit);
    const std::vector<uint32_t> region = connectedRegion(g, coat.indices[3 * hit.triangle]);
    size_t finite = 0;
    for (size_t v = 0; v < d.size(); ++v) {
        finite += std::isfinite(d[v]);
        if (std::isfinite(d[v])) QVERIFY(d[v] >= distance(hit.point, coat.positions[v]) - 1e-5f);
    }
    QCOMPARE(finite, region.size());
}

void TestPaint::gradient()
{
    const TestMesh strip = makeGrid(20, 2, 0.05f); // 1 m long
    const SurfaceBvh bvh(strip.positions, strip.indices);
    const VertexGraph g = buildVertexGraph(strip.positions, strip.indices);
    const SurfaceHit a = bvh.raycast({0, 0.05f, 1}, {0, 0, -1});
    const SurfaceHit b = bvh.raycast({1, 0.05f, 1}, {0, 0, -1});
    QVERIFY(a.found() && b.found());
    const std::vector<float> values(strip.positions.size(), -1.0f);
    const ValueEdit e = gradientValues(strip.positions, strip.indices, g, values, a, 0.2f, b, 0.8f);
    QCOMPARE(e.vertices.size(), strip.positions.size());
    std::vector<float> result = values;
    for (size_t i = 0; i < e.vertices.size(); ++i)
        result[e.vertices[i]] = e.values[i];
    const auto at = [](int i, int j) { return uint32_t(j * 21 + i); };
    QVERIFY(std::abs(result[at(0, 1)] - 0.2f) < 1e-6f);
    QVERIFY(std::abs(result[at(20, 1)] - 0.8f) < 1e-6f);
    QVERIFY(std::abs(result[at(10, 1)] - 0.5f) < 1e-6f);
    for (int j = 0; j <= 2; ++j)
        for (int i = 1; i <= 20; ++i)
            QVERIFY(result[at(i, j)] > result[at(i - 1, j)]);
    // Along the middle row the surface distance is exact: a linear ramp.
    for (int i = 0; i <= 20; ++i)
        QVERIFY(std::abs(result[at(i, 1)] - (0.2f + 0.6f * float(i) / 20.0f)) < 1e-5f);
    // Restricted to some vertices, only those change.
    const ValueEdit some = gradientValues(strip.positions, strip.indices, g, values, a, 0.2f, b,
                                          0.8f, {at(5, 0), at(3, 2)});
    QCOMPARE(some.vertices, (std::vector<uint32_t>{at(5, 0), at(3, 2)}));
    QCOMPARE(some.values[0], result[at(5, 0)]);
}

void TestPaint::pickInterpolates()
{
    const TestMesh grid = makeGrid(4, 4, 0.1f);
    const SurfaceBvh bvh(grid.positions, grid.indices);
    std::vector<float> values;
    for (const Vec3 &p : grid.positions)
        values.push_back(2 * p.x + 3 * p.y); // linear: interpolation is exact
    const SurfaceHit hit = bvh.raycast({0.23f, 0.17f, 1}, {0, 0, -1});
    QVERIFY(hit.found());
    QVERIFY(std::abs(pickValue(grid.indices, values, hit) - (2 * 0.23f + 3 * 0.17f)) < 1e-5f);
    QVERIFY_THROWS_EXCEPTION(InputError, pickValue(grid.indices, values, SurfaceHit{}));
    QVERIFY_THROWS_EXCEPTION(InputError, pickValue(grid.indices, {1.0f}, hit));
}

void TestPaint::polygonSelection()
{
    const TestMesh grid = makeGrid(10, 10, 0.1f); // the unit square
    // Maps the unit square onto clip space [-1, 1]: a 100 x 100 view shows x right, y up.
    Mat4 vp;
    vp(0, 0) = 2;
    vp(0, 3) = -1;
    vp(1, 1) = 2;
    vp(1, 3) = -1;
    const auto pixel = [](const Vec3 &p) { return Vec2{p.x * 100, (1 - p.y) * 100}; };
    // A box from pixel (25, 25) to (65, 55): x in [0.25, 0.65], y in [0.45, 0.75].
    const std::vector<Vec2> box{{25, 25}, {65, 25}, {65, 55}, {25, 55}};
    std::vector<uint32_t> expected;
    for (uint32_t v = 0; v < grid.positions.size(); ++v) {
        const Vec3 p = grid.positions[v];
        if (p.x > 0.25f && p.x < 0.65f && p.y > 0.45f && p.y < 0.75f) expected.push_back(v);
    }
    QCOMPARE(expected.size(), size_t(4 * 3));
    QCOMPARE(verticesInPolygon(grid.positions, vp, 100, 100, box), expected);
    // A concave lasso (an L): the notch stays out (even-odd rule).
    const std::vector<Vec2> ell{{5, 5}, {35, 5}, {35, 65}, {95, 65}, {95, 95}, {5, 95}};
    const std::vector<uint32_t> inL = verticesInPolygon(grid.positions, vp, 100, 100, ell);
    for (uint32_t v = 0; v < grid.positions.size(); ++v) {
        const Vec2 q = pixel(grid.positions[v]);
        const bool in = q.x > 5 && q.x < 95 && q.y > 5 && q.y < 95 && (q.x < 35 || q.y > 65);
        QCOMPARE(std::binary_search(inL.begin(), inL.end(), v), in);
    }
    QVERIFY(!inL.empty());
    QVERIFY(verticesInPolygon(grid.positions, vp, 100, 100, {{0, 0}, {100, 100}}).empty());

    // Perspective looking down -z from the origin (w = -z): a copy of the grid behind the camera
    // would project into the same pixels mirrored; it is left out.
    TestMesh both;
    for (const Vec3 &p : grid.positions)
        both.positions.push_back({p.x - 0.5f, p.y - 0.5f, -1});
    for (const Vec3 &p : grid.positions)
        both.positions.push_back({0.5f - p.x, 0.5f - p.y, 1});
    Mat4 persp;
    persp(0, 0) = 1;
    persp(1, 1) = 1;
    persp(2, 2) = -1;
    persp(2, 3) = -0.2f;
    persp(3, 2) = -1;
    persp(3, 3) = 0;
    const std::vector<Vec2> whole{{0, 0}, {100, 0}, {100, 100}, {0, 100}};
    const std::vector<uint32_t> seen = verticesInPolygon(both.positions, persp, 100, 100, whole);
    QVERIFY(!seen.empty());
    for (uint32_t v : seen)
        QVERIFY(v < grid.positions.size());
    // Orthographic, looking down -z from z = 0 with near 0.1 and far 10: the copy behind the
    // camera (z = +1) lies before the near plane and is left out although w = 1 everywhere.
    Mat4 ortho;
    ortho(0, 0) = 1;
    ortho(1, 1) = 1;
    ortho(2, 2) = -2.0f / 9.9f;
    ortho(2, 3) = -10.1f / 9.9f;
    const std::vector<uint32_t> orthoSeen =
        verticesInPolygon(both.positions, ortho, 100, 100, whole);
    QCOMPARE(orthoSeen.size(), grid.positions.size());
    QCOMPARE(orthoSeen.back(), uint32_t(grid.positions.size() - 1));
    QVERIFY_THROWS_EXCEPTION(InputError, verticesInPolygon(grid.positions, vp, 0, 100, box));
}

namespace {
/// The symmetric grid of the mirror tests: x from -0.5 to 0.5, 0.1 apart; vertex (i, j) mirrors
/// to (10 - i, j).
TestMesh symmetricGrid()
{
    return makeGrid(10, 6, 0.1f, -5, 0);
}
uint32_t trueMirror(uint32_t v)
{
    return (v / 11) * 11 + (10 - v % 11);
}
} // namespace

void TestPaint::mirrorByPositionOnGrid()
{
    const TestMesh m = symmetricGrid();
    const std::vector<uint32_t> mirror = mirrorByPosition(m.positions, MirrorAxis::X, 1e-4f);
    for (uint32_t v = 0; v < m.positions.size(); ++v)
        QCOMPARE(mirror[v], trueMirror(v));
    // Across y nothing matches except where the grid is symmetric in y (it is not: y >= 0).
    const std::vector<uint32_t> acrossY = mirrorByPosition(m.positions, MirrorAxis::Y, 1e-4f);
    for (uint32_t v = 0; v < m.positions.size(); ++v)
        QCOMPARE(acrossY[v], m.positions[v].y == 0 ? v : SurfaceHit::kNone);
    // Shifted by more than the tolerance: unmatched; within: matched.
    TestMesh shifted = m;
    shifted.positions[0].y += 0.003f;
    QCOMPARE(mirrorByPosition(shifted.positions, MirrorAxis::X, 1e-3f)[0], SurfaceHit::kNone);
    QCOMPARE(mirrorByPosition(shifted.positions, MirrorAxis::X, 1e-2f)[0], 10u);
    QCOMPARE(mirrorByPosition(shifted.positions, MirrorAxis::X, 1e-2f)[10], 0u);
}

void TestPaint::mirrorByTopologyOnJitteredGrid()
{
    TestMesh m = symmetricGrid();
    std::mt19937 rng(9);
    std::uniform_real_distribution<float> u(-0.015f, 0.015f);
    for (Vec3 &p : m.positions)
        if (p.x != 0) { // the plane's column stays exact: the seeds
            p.x += u(rng);
            p.y += u(rng);
            p.z += u(rng);
        }
    const std::vector<uint32_t> byPosition = mirrorByPosition(m.positions, MirrorAxis::X, 1e-4f);
    size_t matched = 0;
    for (uint32_t v = 0; v < m.positions.size(); ++v)
        if (byPosition[v] != SurfaceHit::kNone) {
            QCOMPARE(byPosition[v], v); // only the plane's column
            ++matched;
        }
    QCOMPARE(matched, size_t(7));
    const VertexGraph g = buildVertexGraph(m.positions, m.indices);
    const std::vector<uint32_t> mirror =
        mirrorByTopology(m.positions, m.indices, g, MirrorAxis::X, 1e-4f);
    for (uint32_t v = 0; v < m.positions.size(); ++v)
        QCOMPARE(mirror[v], trueMirror(v));
    // Without any seed nothing can be matched.
    TestMesh noSeeds = m;
    for (Vec3 &p : noSeeds.positions)
        p.x += 0.3f;
    const std::vector<uint32_t> none =
        mirrorByTopology(noSeeds.positions, noSeeds.indices, g, MirrorAxis::X, 1e-4f);
    QVERIFY(
        std::all_of(none.begin(), none.end(), [](uint32_t x) { return x == SurfaceHit::kNone; }));
}

void TestPaint::mirrorEditCopiesValues()
{
    const TestMesh m = symmetricGrid();
    const std::vector<uint32_t> mirror = mirrorByPosition(m.positions, MirrorAxis::X, 1e-4f);
    ValueEdit edit;
    edit.vertices = {1, 9, 14, 27}; // 1 and 9 are mirrors; 27 lies on the plane (i = 5)
    edit.values = {0.1f, 0.9f, 0.4f, 0.6f};
    const ValueEdit out = mirrorEdit(edit, mirror);
    QCOMPARE(out.vertices, (std::vector<uint32_t>{1, 9, 14, 18, 27}));
    QCOMPARE(out.values, (std::vector<float>{0.1f, 0.9f, 0.4f, 0.4f, 0.6f}));
    // Two edited vertices sharing a mirror: the first in the edit's order gives it.
    std::vector<uint32_t> shared = mirror;
    shared[2] = 8;
    shared[3] = 8;
    const ValueEdit two = mirrorEdit({{3, 2}, {0.3f, 0.2f}}, shared);
    QCOMPARE(two.vertices, (std::vector<uint32_t>{2, 3, 8}));
    QCOMPARE(two.values, (std::vector<float>{0.2f, 0.3f, 0.3f}));
    // Unmatched vertices add nothing.
    std::vector<uint32_t> unmatched(mirror.size(), SurfaceHit::kNone);
    QCOMPARE(mirrorEdit(edit, unmatched).vertices, edit.vertices);
    QVERIFY_THROWS_EXCEPTION(InputError, mirrorEdit({{500}, {1.0f}}, mirror));
    QVERIFY_THROWS_EXCEPTION(InputError, mirrorEdit({{1, 2}, {1.0f}}, mirror));
}

void TestPaint::badInput()
{
    const TestMesh grid = makeGrid(2, 2, 0.1f);
    std::vector<uint32_t> bad = grid.indices;
    bad[4] = 99;
    QVERIFY_THROWS_EXCEPTION(InputError, SurfaceBvh(grid.positions, bad));
    bad = grid.indices;
    bad.pop_back();
    QVERIFY_THROWS_EXCEPTION(InputError, SurfaceBvh(grid.positions, bad));
    std::vector<Vec3> nan = grid.positions;
    nan[1].y = NAN;
    QVERIFY_THROWS_EXCEPTION(InputError, SurfaceBvh(nan, grid.indices));
    const SurfaceBvh bvh(grid.positions, grid.indices);
    QVERIFY_THROWS_EXCEPTION(InputError, bvh.verticesInSphere({}, NAN));
    QVERIFY_THROWS_EXCEPTION(InputError, bvh.verticesInSphere({}, -1));
    QVERIFY_THROWS_EXCEPTION(
        InputError, (void)visibleVertices(bvh, grid.positions, {42}, {{0, 0, 1}, {}, false}));
    const std::vector<float> values(grid.positions.size(), 0.0f);
    BrushSettings brush;
    QVERIFY_THROWS_EXCEPTION(InputError, brushDab(grid.positions, values, {42}, {}, brush));
    QVERIFY_THROWS_EXCEPTION(InputError, brushDab(grid.positions, {0.0f}, {0}, {}, brush));
    brush.radius = INFINITY;
    QVERIFY_THROWS_EXCEPTION(InputError, brushDab(grid.positions, values, {0}, {}, brush));
    brush.radius = 0.1f;
    brush.strength = 2;
    QVERIFY_THROWS_EXCEPTION(InputError, brushDab(grid.positions, values, {0}, {}, brush));
    brush.strength = 1;
    const VertexGraph g = buildVertexGraph(grid.positions, grid.indices);
    QVERIFY_THROWS_EXCEPTION(InputError, buildVertexGraph(grid.positions, bad));
    QVERIFY_THROWS_EXCEPTION(InputError, buildVertexGraph(grid.positions, grid.indices, NAN));
    QVERIFY_THROWS_EXCEPTION(InputError, smoothDab({Vec3{}}, {0.0f}, g, {0}, {}, brush));
    QVERIFY_THROWS_EXCEPTION(InputError, connectedRegion(g, 9));
    QVERIFY_THROWS_EXCEPTION(InputError, fillValues(values, {9}, 1.0f));
    SurfaceHit hit;
    QVERIFY_THROWS_EXCEPTION(InputError, surfaceDistances(grid.positions, grid.indices, g, hit));
    hit.triangle = 8;
    QVERIFY_THROWS_EXCEPTION(InputError, surfaceDistances(grid.positions, grid.indices, g, hit));
    hit.triangle = 0;
    QVERIFY_THROWS_EXCEPTION(
        InputError, gradientValues(grid.positions, grid.indices, g, {1.0f}, hit, 0, hit, 1));
    QVERIFY_THROWS_EXCEPTION(InputError, mirrorByPosition(grid.positions, MirrorAxis::X, -1));
    QVERIFY_THROWS_EXCEPTION(InputError, mirrorByPosition(nan, MirrorAxis::X, 0.1f));
}

QTEST_APPLESS_MAIN(TestPaint)
#include "test_paint.moc"
