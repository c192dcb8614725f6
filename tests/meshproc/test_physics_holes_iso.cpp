// Hole closing and the iso-surface path on meshes with known answers.
#include "physics_test_meshes.h"
#include "test_paths.h"
#include "tweed/errors.h"
#include "tweed/meshproc/bone_segments.h"
#include "tweed/meshproc/garment.h"
#include "tweed/meshproc/holes.h"
#include "tweed/meshproc/import.h"
#include "tweed/meshproc/iso_surface.h"
#include "tweed/meshproc/mesh_quality.h"
#include "tweed/meshproc/physics_geometry.h"
#include "tweed/meshproc/physics_mesh.h"
#include "tweed/meshproc/simplify.h"
#include "tweed/meshproc/weld.h"

#include <QTest>

#include <filesystem>

using namespace tweed;
using namespace tweed::test;

namespace {

// A welded grid with the triangles of the listed cells removed.
PhysicsGeometry gridWithHoles(int n, float cell, const std::vector<std::pair<int, int>> &holes)
{
    GraphicsMesh m = makeGrid(n, n, cell);
    std::vector<bool> keep(m.triangleCount(), true);
    for (auto [i, j] : holes) {
        keep[size_t(2 * (j * n + i))] = false;
        keep[size_t(2 * (j * n + i) + 1)] = false;
    }
    return weldGeometry(m, keep, 1e-6f);
}

// How many times the ray from origin along dir crosses the mesh.
int crossings(const PhysicsGeometry &g, const Vec3 &origin, const Vec3 &dir)
{
    int count = 0;
    for (size_t t = 0; t < g.triangleCount(); ++t) {
        const Vec3 &a = g.positions[g.indices[3 * t]], &b = g.positions[g.indices[3 * t + 1]],
                   &c = g.positions[g.indices[3 * t + 2]];
        const Vec3 e1 = b - a, e2 = c - a, p = cross(dir, e2);
        const float det = dot(e1, p);
        if (std::abs(det) < 1e-12f)
            continue;
        const Vec3 s = origin - a;
        const float u = dot(s, p) / det;
        const Vec3 q = cross(s, e1);
        const float v = dot(dir, q) / det;
        const float dist = dot(e2, q) / det;
        if (u >= 0 && v >= 0 && u + v <= 1 && dist > 0)
            ++count;
    }
    return count;
}

GraphicsMesh doubleSkirt(float inner, float outer, float height)
{
    GraphicsMesh skirt = makeTube(outer, height, 48, 16, "shell");
    GraphicsMesh lining = makeTube(inner, height, 48, 16, "lining");
    for (Vec3 &n : lining.normals)
        n = -n; // the lining faces the body
    appendMesh(skirt, lining);
    return skirt;
}

// Why a mesh is not a clean sheet, empty when it is: a non-manifold edge or vertex, a triangle
// without area or with an angle under minAngle degrees.
QString sliverProblem(const PhysicsGeometry &g, float minAngle)
{
    const MeshQuality q = measureMeshQuality(g.positions, g.indices);
    if (q.nonManifoldEdges > 0 || q.nonManifoldVertices > 0)
        return QString("%1 non-manifold edges, %2 non-manifold vertices")
            .arg(q.nonManifoldEdges)
            .arg(q.nonManifoldVertices);
    for (size_t t = 0; t < g.triangleCount(); ++t) {
        const Vec3 &a = g.positions[g.indices[3 * t]], &b = g.positions[g.indices[3 * t + 1]],
                   &c = g.positions[g.indices[3 * t + 2]];
        if (!(length(cross(b - a, c - a)) > 0))
            return QString("triangle %1 has no area").arg(t);
    }
    if (q.minAngleDegrees < minAngle)
        return QString("smallest angle %1 degrees").arg(double(q.minAngleDegrees));
    return {};
}

// A character's meshes merged (all of them when names is empty) with the bones that skin them.
struct Garment
{
    GraphicsMesh mesh;
    std::vector<BoneSegment> body;
};
Garment garmentOf(const std::string &path, const std::vector<std::string> &names)
{
    const Character character = importCharacter(path);
    Garment g;
    g.mesh = names.empty() ? mergeAllMeshes(character) : mergeGarmentMeshes(character, names);
    g.body = boneSegments(character.skeleton, g.mesh.skin);
    return g;
}

} // namespace

class TestPhysicsHolesIso : public QObject
{
    Q_OBJECT

private slots:
    void tubeOpeningsStayOpen();
    void smallHoleClosedLargeOpeningKept();
    void chosenLoopsClosed();
    void doubleLayerSkirtBecomesOneLayer();
    void layersFartherApartStillOneLayer();
    void openHoleInTheOuterLayer();
    void tiltedSheetAtTheOffset();
    void isoSurfaceFromGenerationSettings();
    void sampleCoatLayerWithoutSlivers();
    void characterLayersWithoutSlivers_data();
    void characterLayersWithoutSlivers();
    void badInput();
};

void TestPhysicsHolesIso::tubeOpeningsStayOpen()
{
    PhysicsGeometry tube = weldGeometry(makeTube(0.2f, 0.5f, 24, 6), {}, 1e-6f);
    const size_t triangles = tube.triangleCount();
    const CloseHolesReport r = closeHoles(tube, {0.5f, {}});
    QCOMPARE(r.loops.size(), size_t(2));
    for (const BoundaryLoop &loop : r.loops) {
        QCOMPARE(loop.vertices.size(), size_t(24));
        QVERIFY(std::abs(loop.length - 24 * 2 * 0.2f * std::sin(kPi / 24)) < 1e-4f);
    }
    QCOMPARE(r.closed, 0u);
    QCOMPARE(tube.triangleCount(), triangles);
}

void TestPhysicsHolesIso::smallHoleClosedLargeOpeningKept()
{
    // A 10 x 10 sheet (outline 4 m) with a one-cell hole (0.4 m) and a 2 x 2 cell hole (0.8 m).
    PhysicsGeometry g = gridWithHoles(10, 0.1f, {{2, 2}, {6, 6}, {7, 6}, {6, 7}, {7, 7}});
    QCOMPARE(measureMeshQuality(g.positions, g.indices).boundaryLoops, 3u);
    const CloseHolesReport r = closeHoles(g, {1.0f, {}});
    QCOMPARE(r.loops.size(), size_t(3));
    QCOMPARE(r.closed, 2u);
    QCOMPARE(r.trianglesAdded, 2u + 6u); // a quad and an octagon's worth of boundary
    QVERIFY2(r.minAngleDegrees >= 45.0f - 1e-3f, qPrintable(QString::number(r.minAngleDegrees)));
    const MeshQuality q = measureMeshQuality(g.positions, g.indices);
    QCOMPARE(q.boundaryLoops, 1u);
    QCOMPARE(q.nonManifoldEdges, 0u);
    QCOMPARE(q.nonManifoldVertices, 0u);
    QVERIFY(std::abs(boundaryLoops(g.positions, g.indices)[0].length - 4.0f) < 1e-4f);
    // The patches face the same way as the sheet (+z).
    for (size_t t = 0; t < g.triangleCount(); ++t) {
        const Vec3 &a = g.positions[g.indices[3 * t]], &b = g.positions[g.indices[3 * t + 1]],
                   &c = g.positions[g.indices[3 * t + 2]];
        QVERIFY(cross(b - a, c - a).z > 0);
    }
    // Exactly the removed area came back.
    QVERIFY(std::abs(measureSurfaceError(g.positions, g.indices,
                                         weldGeometry(makeGrid(10, 10, 0.1f), {}, 1e-6f).positions,
                                         weldGeometry(makeGrid(10, 10, 0.1f), {}, 1e-6f).indices)
                         .max) < 1e-5f);
}

void TestPhysicsHolesIso::chosenLoopsClosed()
{
    PhysicsGeometry g = gridWithHoles(6, 0.1f, {{2, 2}});
    const auto loops = boundaryLoops(g.positions, g.indices);
    QCOMPARE(loops.size(), size_t(2));
    const uint32_t small = loops[0].length < loops[1].length ? 0u : 1u;
    const CloseHolesReport r = closeHoles(g, {0.0f, {small}});
    QCOMPARE(r.closed, 1u);
    QCOMPARE(measureMeshQuality(g.positions, g.indices).boundaryLoops, 1u);
    QVERIFY_THROWS_EXCEPTION(InputError, closeHoles(g, {0.0f, {7u}}));
    QVERIFY_THROWS_EXCEPTION(InputError, closeHoles(g, {-1.0f, {}}));
}

void TestPhysicsHolesIso::doubleLayerSkirtBecomesOneLayer()
{
    const float height = 0.4f;
    const GraphicsMesh skirt = doubleSkirt(0.20f, 0.21f, height);
    IsoSurfaceSettings s;
    s.voxelSize = 0.01f;
    s.offset = 0.01f;
    IsoSurfaceReport report;
    const std::vector<BoneSegment> body = {{{0, -0.2f, 0}, {0, 0.8f, 0}}};
    const PhysicsGeometry g = isoSurface(skirt.positions, skirt.indices, body, s, &report);
    QVERIFY(report.extractedTriangles > report.keptTriangles);
    const MeshQuality q = measureMeshQuality(g.positions, g.indices);
    QCOMPARE(q.components, 1u);
    QCOMPARE(q.boundaryLoops, 2u); // the waist and the hem: an open sheet, not a sausage
    QCOMPARE(q.nonManifoldEdges, 0u);
    QCOMPARE(q.nonManifoldVertices, 0u);
    // The layer lies outside the outer fabric, about the offset away (away from the rims, where
    // it turns round the fabric's edge).
    for (const Vec3 &p : g.positions) {
        const float r = std::sqrt(p.x * p.x + p.z * p.z);
        if (p.y < 0.02f || p.y > height - 0.02f)
            continue;
        QVERIFY2(r > 0.21f && r < 0.21f + 0.01f + 0.012f, qPrintable(QString::number(r)));
    }
    // One layer: every ray from the axis crosses it once.
    for (int a = 0; a < 24; ++a)
        for (float y : {0.1f, 0.2f, 0.3f}) {
            const float angle = 2 * kPi * (float(a) + 0.37f) / 24;
            QCOMPARE(crossings(g, {0, y, 0}, {std::cos(angle), 0.013f, std::sin(angle)}), 1);
        }
    QVERIFY(report.simplify.verticesAfter < report.simplify.verticesBefore);
}

void TestPhysicsHolesIso::layersFartherApartStillOneLayer()
{
    // Layers 3 cm apart with a 5 mm offset: two separate shells; the inner one is covered.
    const GraphicsMesh skirt = doubleSkirt(0.20f, 0.23f, 0.4f);
    IsoSurfaceSettings s;
    s.voxelSize = 0.005f;
    s.offset = 0.005f;
    s.maxLayerGap = 0.05f;
    s.simplify.targetVertices = 600;
    const std::vector<BoneSegment> body = {{{0, -0.2f, 0}, {0, 0.8f, 0}}};
    const PhysicsGeometry g = isoSurface(skirt.positions, skirt.indices, body, s);
    QCOMPARE(g.vertexCount(), size_t(600));
    QCOMPARE(measureMeshQuality(g.positions, g.indices).components, 1u);
    for (const Vec3 &p : g.positions)
        if (p.y > 0.02f && p.y < 0.38f)
            QVERIFY2(std::sqrt(p.x * p.x + p.z * p.z) > 0.23f,
                     qPrintable(QString::number(std::sqrt(p.x * p.x + p.z * p.z))));
    for (int a = 0; a < 12; ++a) {
        const float angle = 2 * kPi * (float(a) + 0.21f) / 12;
        QCOMPARE(crossings(g, {0, 0.2f, 0}, {std::cos(angle), 0, std::sin(angle)}), 1);
    }
}

void TestPhysicsHolesIso::openHoleInTheOuterLayer()
{
    // A window cut in the outer fabric: an inside/outside test would leak through it; the
    // result must still be one layer (dipping to the lining under the window).
    GraphicsMesh skirt = doubleSkirt(0.20f, 0.21f, 0.4f);
    std::vector<uint32_t> indices;
    for (size_t t = 0; t < skirt.triangleCount(); ++t) {
        const Vec3 c = (skirt.positions[skirt.indices[3 * t]] + skirt.positions[skirt.indices[3 * t + 1]] +
                        skirt.positions[skirt.indices[3 * t + 2]]) / 3.0f;
        const bool window = c.x > 0.15f && c.y > 0.12f && c.y < 0.28f &&
                            std::sqrt(c.x * c.x + c.z * c.z) > 0.205f;
        if (!window)
            indices.insert(indices.end(), skirt.indices.begin() + long(3 * t),
                           skirt.indices.begin() + long(3 * t + 3));
    }
    IsoSurfaceSettings s;
    s.voxelSize = 0.005f;
    s.offset = 0.006f;
    const std::vector<BoneSegment> body = {{{0, -0.2f, 0}, {0, 0.8f, 0}}};
    const PhysicsGeometry g = isoSurface(skirt.positions, indices, body, s);
    QCOMPARE(measureMeshQuality(g.positions, g.indices).components, 1u);
    for (int a = 0; a < 24; ++a) {
        const float angle = 2 * kPi * (float(a) + 0.37f) / 24;
        QCOMPARE(crossings(g, {0, 0.2f, 0}, {std::cos(angle), 0.011f, std::sin(angle)}), 1);
    }
}

void TestPhysicsHolesIso::tiltedSheetAtTheOffset()
{
    // A flat sheet tilted off every grid axis, on a grid large enough to be filled by two
    // threads: the distance field visits only the nodes near each triangle (its plane's slab
    // within its box grown by the band), so any node it wrongly skipped would leave a hole or a
    // dent. The layer over a plane is exact: surface nets average points of the offset plane.
    const float offset = 0.02f, h = 0.01f, side = 0.6f;
    GraphicsMesh sheet = makeGrid(30, 30, side / 30);
    const float ax = 35 * kPi / 180, az = 25 * kPi / 180;
    auto rotate = [&](const Vec3 &p) {
        const Vec3 q{p.x, p.y * std::cos(ax) - p.z * std::sin(ax), p.y * std::sin(ax) + p.z * std::cos(ax)};
        return Vec3{q.x * std::cos(az) - q.y * std::sin(az), q.x * std::sin(az) + q.y * std::cos(az), q.z};
    };
    const Vec3 centre{side / 2, side / 2, 0};
    for (Vec3 &p : sheet.positions)
        p = rotate(p - centre);
    const Vec3 n = rotate({0, 0, 1}), u = rotate({1, 0, 0}), v = rotate({0, 1, 0});
    IsoSurfaceSettings s;
    s.voxelSize = h;
    s.offset = offset;
    s.simplify.targetVertices = 100000000; // keep the extracted layer as it is
    // The body behind the sheet: the layer on the +n side is the outer one.
    const std::vector<BoneSegment> body = {{n * -0.3f - v * 0.3f, n * -0.3f + v * 0.3f}};
    IsoSurfaceReport report;
    const PhysicsGeometry g = isoSurface(sheet.positions, sheet.indices, body, s, &report);
    QVERIFY(size_t(report.gridX) * report.gridY * report.gridZ > 100000);
    const MeshQuality q = measureMeshQuality(g.positions, g.indices);
    QCOMPARE(q.components, 1u);
    QCOMPARE(q.boundaryLoops, 1u);
    QCOMPARE(q.nonManifoldEdges, 0u);
    int inner = 0;
    for (const Vec3 &p : g.positions) {
        // Away from the rim, where the layer turns round the sheet's edge.
        if (std::abs(dot(p, u)) > side / 2 - 4 * h || std::abs(dot(p, v)) > side / 2 - 4 * h)
            continue;
        ++inner;
        QVERIFY2(std::abs(dot(p, n) - offset) < 1e-3f, qPrintable(QString::number(dot(p, n))));
    }
    // The whole inner part of the sheet is covered: about one vertex per voxel face.
    QVERIFY2(inner > 0.8f * std::pow((side - 8 * h) / h, 2.0f), qPrintable(QString::number(inner)));
}

void TestPhysicsHolesIso::isoSurfaceFromGenerationSettings()
{
    GraphicsMesh skirt = doubleSkirt(0.20f, 0.21f, 0.4f);
    GenerationSettings settings;
    settings.method = GenerationMethod::IsoSurface;
    settings.voxelSize = 0.01f;
    settings.isoOffset = 0.01f;
    settings.targetVertices = 300;
    const PhysicsMesh pm = generatePhysicsMesh(skirt, {}, makeSpine(0.4f), settings);
    QCOMPARE(pm.report.vertices, 300u);
    QCOMPARE(pm.report.components, 1u);
    QCOMPARE(pm.report.boundaryLoops, 2u);
    // Distance to the garment: about the offset, as a fraction of the diagonal.
    const float diagonal = std::sqrt(0.42f * 0.42f * 2 + 0.4f * 0.4f);
    QVERIFY(pm.report.surfaceErrorMax * diagonal < 0.03f);
    QVERIFY(pm.report.surfaceErrorMean * diagonal > 0.005f);
    for (const BoneInfluence &inf : pm.skin)
        QVERIFY(std::abs(inf.weights[0] + inf.weights[1] + inf.weights[2] + inf.weights[3] - 1) < 1e-5f);
}

void TestPhysicsHolesIso::sampleCoatLayerWithoutSlivers()
{
    // The coat over its lining at the default voxel used to keep zero-area triangles: a face
    // where the field has a saddle and nodes at about the iso value made cell vertices coincide,
    // a gap of one face in the layer made a slit that smoothing the rim shrank to a point.
    const Garment coat = garmentOf(test::kSampleCharacter, {"Coat", "CoatLining"});
    IsoSurfaceSettings s;
    s.simplify.targetVertices = 100000000; // the extracted layer as it is
    const PhysicsGeometry layer = isoSurface(coat.mesh.positions, coat.mesh.indices, coat.body, s);
    QString problem = sliverProblem(layer, 2.0f);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    const MeshQuality q = measureMeshQuality(layer.positions, layer.indices);
    QCOMPARE(q.components, 1u);
    // One layer: a ray from the spine to the front or back crosses it once at most (towards the
    // sides it may pass a sleeve as well).
    int once = 0, rays = 0;
    for (float y = 0.95f; y < 1.36f; y += 0.05f)
        for (int a = 0; a < 36; ++a) {
            const float angle = 2 * kPi * (float(a) + 0.37f) / 36;
            if (std::abs(std::cos(angle)) > 0.7f)
                continue;
            const int n = crossings(layer, {0, y, 0}, {std::cos(angle), 0.013f, std::sin(angle)});
            QVERIFY2(n <= 1, qPrintable(QString("y %1, direction %2: %3 crossings")
                                            .arg(double(y))
                                            .arg(a)
                                            .arg(n)));
            once += n;
            ++rays;
        }
    QVERIFY2(once > rays * 9 / 10, qPrintable(QString("%1 of %2").arg(once).arg(rays)));

    // The whole path at its defaults (simplified to an edge of two voxels), as tweed-cli
    // create --method iso runs it.
    s.simplify.targetVertices = 0;
    const PhysicsGeometry simplified =
        isoSurface(coat.mesh.positions, coat.mesh.indices, coat.body, s);
    problem = sliverProblem(simplified, 1.0f);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    const MeshQuality sq = measureMeshQuality(simplified.positions, simplified.indices);
    QCOMPARE(sq.components, 1u);
    QCOMPARE(sq.boundaryLoops, q.boundaryLoops);
    // Simplified much further, as the characters test does (--target-vertices 400).
    s.simplify.targetVertices = 400;
    const PhysicsGeometry coarse = isoSurface(coat.mesh.positions, coat.mesh.indices, coat.body, s);
    problem = sliverProblem(coarse, 1.0f);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

void TestPhysicsHolesIso::characterLayersWithoutSlivers_data()
{
    QTest::addColumn<QString>("file");
    QTest::newRow("human") << "Collada/human.zae";
    QTest::newRow("Testwuson") << "X/Testwuson.X";
    QTest::newRow("BCN_Epileptic") << "X/BCN_Epileptic.X";
    QTest::newRow("spider") << "FBX/spider.fbx";
}

void TestPhysicsHolesIso::characterLayersWithoutSlivers()
{
    QFETCH(QString, file);
    const std::string path = test::kTestModels + "/" + file.toStdString();
    if (!std::filesystem::exists(path))
        QSKIP("assimp-testmodels is not installed");
    const Garment body = garmentOf(path, {});
    IsoSurfaceSettings s;
    s.simplify.targetVertices = 100000000;
    const PhysicsGeometry layer = isoSurface(body.mesh.positions, body.mesh.indices, body.body, s);
    QString problem = sliverProblem(layer, 2.0f);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    s.simplify.targetVertices = 0;
    const PhysicsGeometry simplified =
        isoSurface(body.mesh.positions, body.mesh.indices, body.body, s);
    problem = sliverProblem(simplified, 1.0f);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QCOMPARE(measureMeshQuality(simplified.positions, simplified.indices).boundaryLoops,
             measureMeshQuality(layer.positions, layer.indices).boundaryLoops);
    // Reduced heavily, the rim's short edges once met the coarse interior in needles (0.3 to
    // 0.44 degrees on human, Testwuson and spider at 400 vertices).
    PhysicsGeometry coarse = layer;
    SimplifySettings heavy;
    heavy.targetVertices = 400;
    simplify(coarse, heavy);
    problem = sliverProblem(coarse, 2.0f);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

void TestPhysicsHolesIso::badInput()
{
    const GraphicsMesh skirt = doubleSkirt(0.20f, 0.21f, 0.4f);
    IsoSurfaceSettings s;
    s.voxelSize = -1;
    QVERIFY_THROWS_EXCEPTION(InputError, isoSurface(skirt.positions, skirt.indices, {}, s));
    s.voxelSize = 1e-6f; // a grid of billions of nodes
    QVERIFY_THROWS_EXCEPTION(InputError, isoSurface(skirt.positions, skirt.indices, {}, s));
    s.voxelSize = std::nanf("");
    QVERIFY_THROWS_EXCEPTION(InputError, isoSurface(skirt.positions, skirt.indices, {}, s));
    QVERIFY_THROWS_EXCEPTION(InputError, isoSurface(skirt.positions, {}, {}, {}));
}

QTEST_APPLESS_MAIN(TestPhysicsHolesIso)
#include "test_physics_holes_iso.moc"
