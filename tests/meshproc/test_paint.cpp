// Painting operations on meshes with known answers: picks against brute force, refits, sphere
// queries, visibility on closed meshes, brush modes and falloffs, smoothing, fills, surface
// distances, gradients, lasso selection and mirroring; and picks on the sample character's coat.
#include "tweed/errors.h"
#include "tweed/import.h"
#include "tweed/paint.h"

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
        if (det == 0)
            continue;
        const Vec3 tv = o - a;
        const float u = dot(tv, p) / det;
        const Vec3 q = cross(tv, e1);
        const float v = dot(d, q) / det;
        const float dist = dot(e2, q) / det;
        if (u < 0 || v < 0 || u + v > 1 || dist < 0 || dist >= best.t)
            continue;
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
        if (lengthSquared(m.positions[v] - c) <= r * r)
            out.push_back(v);
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
    void badInput();
};

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
        const Vec3 d = i % 2 ? randomUnit(rng)
                             : normalize(Vec3{u(rng), u(rng), u(rng)} * 0.3f - o);
        const SurfaceHit expected = bruteRaycast(m, o, d);
        const SurfaceHit hit = bvh.raycast(o, d);
        QCOMPARE(hit.found(), expected.found());
        if (!hit.found())
            continue;
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
    QVERIFY(!bvh.raycast({0.33f, 0.47f, 1}, {0, 0, 1}).found()); // pointing away
    QVERIFY(!bvh.raycast({2, 2, 1}, {0, 0, -1}).found());        // beside the grid
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
        if (!a.found())
            continue;
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
        if (p.z < 0 && (std::abs(p.x) < 0.01f || std::abs(p.x - 1) < 0.01f))
            continue;
        const bool covered = p.z < 0 && p.x > 0 && p.x < 1;
        QCOMPARE(std::binary_search(seen.begin(), seen.end(), v), !covered);
    }
    // Looking up +z everything of the lower sheet shows and the covered part of the upper hides.
    const std::vector<uint32_t> fromBelow =
        visibleVertices(bvh, m.positions, all, {{}, {0, 0, 1}, true});
    for (uint32_t v : all) {
        const Vec3 p = m.positions[v];
        if (p.z == 0 && (std::abs(p.y - 0.3f) < 0.01f || std::abs(p.y - 0.7f) < 0.01f))
            continue;
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
    for (const Case c : {Case{PaintMode::Set, 0.9f, 0.9f}, Case{PaintMode::Add, 0.3f, 0.8f},
                         Case{PaintMode::Subtract, 0.2f, 0.3f},
                         Case{PaintMode::Multiply, 0.5f, 0.25f}}) {
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
        if (!hit.found())
            continue;
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
    QVERIFY_THROWS_EXCEPTION(InputError, (void)visibleVertices(bvh, grid.positions, {42},
                                                               {{0, 0, 1}, {}, false}));
    const std::vector<float> values(grid.positions.size(), 0.0f);
    BrushSettings brush;
    QVERIFY_THROWS_EXCEPTION(InputError, brushDab(grid.positions, values, {42}, {}, brush));
    QVERIFY_THROWS_EXCEPTION(InputError, brushDab(grid.positions, {0.0f}, {0}, {}, brush));
    brush.radius = INFINITY;
    QVERIFY_THROWS_EXCEPTION(InputError, brushDab(grid.positions, values, {0}, {}, brush));
    brush.radius = 0.1f;
    brush.strength = 2;
    QVERIFY_THROWS_EXCEPTION(InputError, brushDab(grid.positions, values, {0}, {}, brush));
}

QTEST_APPLESS_MAIN(TestPaint)
#include "test_paint.moc"
