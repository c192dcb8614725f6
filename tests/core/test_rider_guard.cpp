// The run time's rider guard (layer_guard.h) on cases made by hand. Two physics triangles
// sharing an edge and a lining vertex under the first, just past the edge: at rest the guard
// leaves it where the skin map puts it; when the second triangle folds inward over it, the skin
// map alone leaves it outside that triangle and the guard puts it back inside, at its clearance.
// A physics strip bent sharply outward under a graphics shell whose triangles span the bend:
// the lining keeps its side of every physics triangle, yet the shell's graphics triangles cut
// the corner over it; the guard keeps it under the shell as seen. With a cape and its own lining
// over that coat, each lining keeps its clearance from its own shell.
#include "tweed/layer_guard.h"
#include "tweed/skin_map.h"

#include <QTest>

#include <cmath>

using namespace tweed;

namespace {

constexpr float kDepth = 0.05f; // the lining's rest distance under the shell

struct Case
{
    PhysicsMesh physics;
    GraphicsLod lod;
};

Case makeCase()
{
    Case c;
    // Triangle A (0, 1, 2) and B (1, 3, 2) in the plane y = 0, normals +y (the shell's outside).
    c.physics.positions = {{0, 0, 0}, {0, 0, 1}, {1, 0, 0}, {1, 0, 1}};
    c.physics.indices = {0, 1, 2, 1, 3, 2};
    // Three lining vertices under the shell, past the shared edge (x + z = 1), bound to A.
    GraphicsMesh &m = c.lod.mesh;
    m.positions = {{0.55f, -kDepth, 0.55f}, {0.57f, -kDepth, 0.55f}, {0.55f, -kDepth, 0.57f}};
    m.indices = {0, 2, 1};
    m.submeshes.push_back({"Lining", "silk", "", 0, 1, LayerRole::Rider});
    const std::vector<Vec3> normals =
        computeVertexNormals(c.physics.positions, c.physics.indices);
    for (const Vec3 &p : m.positions) {
        SkinBinding b;
        b.triangle = 0;
        b.position = skinPointCoordinates(p, c.physics.positions[0], c.physics.positions[1],
                                          c.physics.positions[2], normals[0], normals[1],
                                          normals[2]);
        b.normal = b.position + Vec3{0, 0, 0.01f};
        b.tangent = b.position + Vec3{0.01f, 0, 0};
        c.lod.skinMap.bindings.push_back(b);
    }
    return c;
}

std::vector<Vec3> deform(const Case &c, const std::vector<Vec3> &physicsPositions, bool guarded)
{
    const std::vector<Vec3> normals = computeVertexNormals(physicsPositions, c.physics.indices);
    std::vector<Vec3> out(c.lod.mesh.vertexCount());
    applySkinMap(c.lod.skinMap, c.physics.indices, physicsPositions, normals, out, nullptr);
    if (guarded)
        keepRidersOnTheirSide(buildRiderGuard(c.lod, c.physics), c.lod.skinMap, c.physics.indices,
                              physicsPositions, normals, out);
    return out;
}

// Height of p over triangle B's plane, along B's outward normal.
float heightOverB(const std::vector<Vec3> &x, const Vec3 &p)
{
    const Vec3 n = normalize(cross(x[3] - x[1], x[2] - x[1]));
    return dot(p - x[1], n);
}

// A physics strip of four triangles across x = -1..1 (z = 0..1) in the plane y = 0, normals +y;
// a graphics shell of two triangles spanning its middle edge (x = +-5 cm), and a lining of
// three vertices 1 cm under the shell beside that edge, each vertex bound to the physics
// triangle under it.
Case makeBendCase()
{
    Case c;
    c.physics.positions = {{-1, 0, 0}, {-1, 0, 1}, {0, 0, 0}, {0, 0, 1}, {1, 0, 0}, {1, 0, 1}};
    c.physics.indices = {0, 1, 2, 1, 3, 2, 2, 3, 4, 3, 5, 4};
    GraphicsMesh &m = c.lod.mesh;
    m.positions = {{-0.05f, 0, 0.2f},       {-0.05f, 0, 0.8f},       {0.05f, 0, 0.2f},
                   {0.05f, 0, 0.8f},        {-0.005f, -0.01f, 0.5f}, {-0.005f, -0.01f, 0.52f},
                   {-0.015f, -0.01f, 0.5f}};
    m.indices = {0, 1, 2, 1, 3, 2, 4, 5, 6};
    m.submeshes.push_back({"Coat", "wool", "", 0, 2, LayerRole::Shell});
    m.submeshes.push_back({"Lining", "silk", "", 2, 1, LayerRole::Rider});
    const std::vector<Vec3> normals =
        computeVertexNormals(c.physics.positions, c.physics.indices);
    for (const Vec3 &p : m.positions) {
        SkinBinding b;
        b.triangle = p.x < 0 ? 1 : 2;
        const uint32_t *t = &c.physics.indices[3 * b.triangle];
        b.position = skinPointCoordinates(p, c.physics.positions[t[0]], c.physics.positions[t[1]],
                                          c.physics.positions[t[2]], normals[t[0]], normals[t[1]],
                                          normals[t[2]]);
        b.normal = b.position + Vec3{0, 0, 0.01f};
        b.tangent = b.position + Vec3{0.01f, 0, 0};
        c.lod.skinMap.bindings.push_back(b);
    }
    return c;
}

// Height of p over the graphics shell's triangle t (0 or 1) of `x`, along its outward normal.
float heightOverShell(const std::vector<Vec3> &x, int t, const Vec3 &p)
{
    const Vec3 &a = x[t == 0 ? 0 : 1], &b = x[t == 0 ? 1 : 3], &c = x[2];
    return dot(p - a, normalize(cross(b - a, c - a)));
}

} // namespace

class TestRiderGuard : public QObject
{
    Q_OBJECT

private slots:
    void guardKeepsTheRestPose()
    {
        const Case c = makeCase();
        const RiderGuard guard = buildRiderGuard(c.lod, c.physics);
        QCOMPARE(guard.riders.size(), size_t(3));
        for (float clearance : guard.physics.clearance)
            QVERIFY(std::abs(clearance - kDepth) < 1e-5f);
        const std::vector<Vec3> rest = deform(c, c.physics.positions, true);
        for (size_t v = 0; v < rest.size(); ++v)
            QVERIFY(distance(rest[v], c.lod.mesh.positions[v]) < 1e-5f);
    }

    void riderStaysInsideAFoldedNeighbour()
    {
        const Case c = makeCase();
        // B turns 60 degrees inward about the shared edge.
        std::vector<Vec3> folded = c.physics.positions;
        const Vec3 mid{0.5f, 0, 0.5f}, across{0.5f, 0, 0.5f};
        const float angle = kPi / 3;
        folded[3] = mid + across * std::cos(angle) + Vec3{0, -length(across), 0} * std::sin(angle);
        const std::vector<Vec3> loose = deform(c, folded, false);
        const std::vector<Vec3> guarded = deform(c, folded, true);
        for (size_t v = 0; v < loose.size(); ++v) {
            // The skin map alone keeps it under A but leaves it outside the folded B.
            QVERIFY2(heightOverB(folded, loose[v]) > 0.01f,
                     std::to_string(heightOverB(folded, loose[v])).c_str());
            // The guard puts it back inside B at its rest clearance.
            QVERIFY2(heightOverB(folded, guarded[v]) <= -kDepth + 1e-4f,
                     std::to_string(heightOverB(folded, guarded[v])).c_str());
        }
        // A shell part that is no rider is never moved.
        Case shells = c;
        shells.lod.mesh.submeshes[0].role = LayerRole::Shell;
        QVERIFY(buildRiderGuard(shells.lod, shells.physics).empty());
    }

    void riderStaysUnderAGraphicsShellSpanningASharpBend()
    {
        const Case c = makeBendCase();
        const RiderGuard guard = buildRiderGuard(c.lod, c.physics);
        QCOMPARE(guard.riders.size(), size_t(3));
        for (float clearance : guard.shell.clearance)
            QVERIFY2(std::abs(clearance - 0.01f) < 1e-5f, std::to_string(clearance).c_str());
        const std::vector<Vec3> rest = deform(c, c.physics.positions, true);
        for (size_t v = 0; v < rest.size(); ++v)
            QVERIFY(distance(rest[v], c.lod.mesh.positions[v]) < 1e-5f);
        // The strip's right half bends down by 90 degrees about its middle edge (a shoulder).
        std::vector<Vec3> bent = c.physics.positions;
        bent[4] = {0, -1, 0};
        bent[5] = {0, -1, 1};
        const std::vector<Vec3> loose = deform(c, bent, false);
        const std::vector<Vec3> guarded = deform(c, bent, true);
        for (size_t v = 4; v < 7; ++v)
            for (int t = 0; t < 2; ++t) {
                // The skin map alone leaves the lining 2 cm outside the shell's triangles that
                // cut the corner (it stays under every physics triangle).
                QVERIFY2(heightOverShell(loose, t, loose[v]) > 0.01f,
                         std::to_string(heightOverShell(loose, t, loose[v])).c_str());
                // The guard keeps it under them at its rest clearance.
                QVERIFY2(heightOverShell(guarded, t, guarded[v]) <= -0.01f + 1e-4f,
                         std::to_string(heightOverShell(guarded, t, guarded[v])).c_str());
            }
        // The shell itself is not moved.
        for (size_t v = 0; v < 4; ++v)
            QCOMPARE(guarded[v], loose[v]);
    }

    void eachRiderKeepsItsOwnShellsSide()
    {
        // The bend case with a cape 10 cm over the coat and a lining of its own 1 cm under it:
        // each lining keeps 1 cm from the graphics shell it rides on, the second one too.
        Case c = makeBendCase();
        GraphicsMesh &m = c.lod.mesh;
        const size_t coatAndLining = m.vertexCount();
        for (size_t v = 0; v < coatAndLining; ++v) {
            m.positions.push_back(m.positions[v] + Vec3{0, 0.1f, 0});
            SkinBinding b = c.lod.skinMap.bindings[v];
            b.position.z += 0.1f;
            b.normal.z += 0.1f;
            b.tangent.z += 0.1f;
            c.lod.skinMap.bindings.push_back(b);
        }
        const size_t indexCount = m.indices.size();
        for (size_t k = 0; k < indexCount; ++k)
            m.indices.push_back(m.indices[k] + uint32_t(coatAndLining));
        m.submeshes.push_back({"Cape", "wool", "", 3, 2, LayerRole::Shell});
        m.submeshes.push_back({"CapeLining", "silk", "", 5, 1, LayerRole::Rider});
        const RiderGuard guard = buildRiderGuard(c.lod, c.physics);
        QCOMPARE(guard.riders.size(), size_t(6));
        for (float clearance : guard.shell.clearance)
            QVERIFY2(std::abs(clearance - 0.01f) < 1e-5f, std::to_string(clearance).c_str());
        const std::vector<Vec3> rest = deform(c, c.physics.positions, true);
        for (size_t v = 0; v < rest.size(); ++v)
            QVERIFY(distance(rest[v], m.positions[v]) < 1e-5f);
    }
};

QTEST_APPLESS_MAIN(TestRiderGuard)
#include "test_rider_guard.moc"
