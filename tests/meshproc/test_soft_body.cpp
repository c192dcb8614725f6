// The soft-body path on meshes made in code: the tetrahedral mesh of the iso-surface's volume,
// APEX's tetra skinning, the soft body under gravity, both formats, and the iso-surface cloth
// contracted towards its medial surface.
#include "physics_test_meshes.h"
#include "tweed/asset_file.h"
#include "tweed/cooked.h"
#include "tweed/errors.h"
#include "tweed/meshproc/export.h"
#include "tweed/meshproc/iso_surface.h"
#include "tweed/meshproc/point_cache.h"
#include "tweed/meshproc/physics_mesh.h"
#include "tweed/meshproc/skin_map_build.h"
#include "tweed/meshproc/tetra_mesh.h"
#include "tweed/sim/cloth_data.h"
#include "tweed/sim/cloth_instance.h"
#include "tweed/skin_map.h"
#include "tweed/validate.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>

using namespace tweed;
using namespace tweed::test;

namespace {

/// A closed latitude-longitude sphere (single pole vertices, no seam), outward normals.
GraphicsMesh makeSphere(float radius, int rings, int segments, const Vec3 &centre = {})
{
    GraphicsMesh m;
    m.name = "sphere";
    m.positions.push_back(centre + Vec3{0, radius, 0});
    for (int r = 1; r < rings; ++r) {
        const float theta = kPi * float(r) / float(rings);
        for (int s = 0; s < segments; ++s) {
            const float phi = 2 * kPi * float(s) / float(segments);
            m.positions.push_back(centre + Vec3{std::sin(theta) * std::cos(phi), std::cos(theta),
                                                std::sin(theta) * std::sin(phi)} * radius);
        }
    }
    m.positions.push_back(centre + Vec3{0, -radius, 0});
    const uint32_t south = uint32_t(m.positions.size() - 1);
    auto at = [&](int r, int s) { return uint32_t(1 + (r - 1) * segments + (s % segments)); };
    for (int s = 0; s < segments; ++s)
        m.indices.insert(m.indices.end(), {0, at(1, s + 1), at(1, s)});
    for (int r = 1; r + 1 < rings; ++r)
        for (int s = 0; s < segments; ++s)
            m.indices.insert(m.indices.end(), {at(r, s), at(r, s + 1), at(r + 1, s + 1), at(r, s),
                                               at(r + 1, s + 1), at(r + 1, s)});
    for (int s = 0; s < segments; ++s)
        m.indices.insert(m.indices.end(), {south, at(rings - 1, s), at(rings - 1, s + 1)});
    for (const Vec3 &p : m.positions)
        m.normals.push_back(normalize(p - centre));
    m.submeshes.push_back({"sphere", "cloth", "", 0, uint32_t(m.indices.size() / 3)});
    return m;
}

/// Volume enclosed by closed, outward-wound triangles (divergence theorem).
double enclosedVolume(const std::vector<Vec3> &p, const std::vector<uint32_t> &idx)
{
    double v = 0;
    for (size_t t = 0; t + 2 < idx.size(); t += 3)
        v += double(dot(p[idx[t]], cross(p[idx[t + 1]], p[idx[t + 2]]))) / 6.0;
    return v;
}

double tetraVolume(const std::vector<Vec3> &p, const std::vector<uint32_t> &tets, size_t t)
{
    const Vec3 &a = p[tets[4 * t]], &b = p[tets[4 * t + 1]], &c = p[tets[4 * t + 2]],
               &d = p[tets[4 * t + 3]];
    return double(dot(b - a, cross(c - a, d - a))) / 6.0;
}

double totalVolume(const std::vector<Vec3> &p, const std::vector<uint32_t> &tets)
{
    double v = 0;
    for (size_t t = 0; t < tets.size() / 4; ++t)
        v += tetraVolume(p, tets, t);
    return v;
}

ClothFrame sixtieth()
{
    ClothFrame f;
    f.dt = 1.0f / 60;
    return f;
}

bool allFinite(const std::vector<Vec3> &v)
{
    return std::all_of(v.begin(), v.end(), [](const Vec3 &p) { return isFinite(p); });
}

GenerationSettings tetraSettings(float voxel)
{
    GenerationSettings g;
    g.method = GenerationMethod::Tetrahedra;
    g.voxelSize = voxel;
    return g;
}

/// An asset of one LoD: the graphics mesh, its soft body (pinned where pinned(p)) and the
/// tetra skin map.
template <class Pinned>
ClothingAsset softBodyAsset(const GraphicsMesh &graphics, float voxel, Pinned pinned)
{
    ClothingAsset asset;
    asset.name = "soft";
    asset.skeleton = makeSpine(1.0f);
    GraphicsLod lod;
    lod.mesh = graphics;
    lod.channels.resize(graphics.vertexCount());
    for (size_t v = 0; v < graphics.vertexCount(); ++v)
        lod.channels[FloatChannel::MaxDistance][v] = pinned(graphics.positions[v]) ? 0.0f : 1.0f;
    PhysicsMesh pm = generatePhysicsMesh(graphics, lod.channels, asset.skeleton, tetraSettings(voxel));
    lod.skinMap = buildSkinMap(lod.mesh, lod.channels, pm);
    lod.physicsMesh = 0;
    asset.physicsMeshes.push_back(std::move(pm));
    asset.lods.push_back(std::move(lod));
    return asset;
}

} // namespace

class TestSoftBody : public QObject
{
    Q_OBJECT

private slots:
    void tetrahedraFillTheSpheresVolumeWithNoneInverted()
    {
        const GraphicsMesh sphere = makeSphere(0.3f, 24, 48);
        const double enclosed = enclosedVolume(sphere.positions, sphere.indices);
        TetraMeshReport report;
        const PhysicsGeometry g = tetraMesh(sphere.positions, sphere.indices, {0.04f, 0}, &report);
        QVERIFY(report.closedSurface);
        QCOMPARE(report.tetrahedra, uint32_t(g.tetrahedra.size() / 4));
        QVERIFY(report.tetrahedra > 1000);
        double smallest = 1e30;
        for (size_t t = 0; t < g.tetrahedra.size() / 4; ++t)
            smallest = std::min(smallest, tetraVolume(g.positions, g.tetrahedra, t));
        // No inverted or flattened tetrahedron: each keeps a tenth of a cube's sixth at least.
        QVERIFY2(smallest >= 0.1 * 0.04 * 0.04 * 0.04 / 6 * 0.999,
                 qPrintable(QString::number(smallest)));
        const double volume = totalVolume(g.positions, g.tetrahedra);
        qInfo("sphere: %u tetrahedra, volume %.6f of %.6f enclosed (%+.2f%%), smallest %.3f of a "
              "cube's sixth", report.tetrahedra, volume, enclosed, 100 * (volume / enclosed - 1),
              double(report.smallestVolumeRatio));
        QVERIFY2(std::abs(volume - enclosed) < 0.03 * enclosed,
                 qPrintable(QString("%1 vs %2").arg(volume).arg(enclosed)));
        QVERIFY(std::abs(volume - report.volume) < 1e-6 * volume);
        // The boundary triangles are closed, face out and enclose the same volume.
        QVERIFY(std::abs(enclosedVolume(g.positions, g.indices) - volume) < 1e-4 * volume);
        // The boundary lies on the sphere: within a fraction of a voxel of its radius.
        std::vector<bool> boundary(g.positions.size(), false);
        for (uint32_t i : g.indices)
            boundary[i] = true;
        float worst = 0;
        double sum = 0;
        size_t count = 0;
        for (size_t v = 0; v < g.positions.size(); ++v)
            if (boundary[v]) {
                const float off = std::abs(length(g.positions[v]) - 0.3f);
                worst = std::max(worst, off);
                sum += off;
                ++count;
            }
        // (Where a full move would flatten a tetrahedron the vertex stops short.)
        QVERIFY2(worst < 0.75f * 0.04f, qPrintable(QString::number(worst)));
        QVERIFY2(sum / double(count) < 0.15 * 0.04, qPrintable(QString::number(sum / double(count))));
    }

    void aBoxIsFilledToItsVolumeAndAnOpenSheetToASlab()
    {
        // A closed box 0.5 x 0.3 x 0.2, not aligned with the grid.
        GraphicsMesh box;
        const Vec3 lo{0.013f, -0.021f, 0.007f}, size{0.5f, 0.3f, 0.2f};
        for (int c = 0; c < 8; ++c)
            box.positions.push_back(lo + Vec3{c & 1 ? size.x : 0, c & 2 ? size.y : 0, c & 4 ? size.z : 0});
        box.indices = {0, 2, 1, 1, 2, 3, 4, 5, 6, 5, 7, 6, 0, 1, 4, 1, 5, 4,
                       2, 6, 3, 3, 6, 7, 0, 4, 2, 2, 4, 6, 1, 3, 5, 3, 7, 5};
        QVERIFY(enclosedVolume(box.positions, box.indices) > 0);
        TetraMeshReport report;
        const PhysicsGeometry g = tetraMesh(box.positions, box.indices, {0.025f, 0}, &report);
        const double expected = 0.5 * 0.3 * 0.2;
        QVERIFY2(std::abs(report.volume - expected) < 0.03 * expected,
                 qPrintable(QString::number(report.volume)));
        QVERIFY(report.smallestVolumeRatio >= 0.1f * 0.999f);

        // An open sheet: the slab within the offset on either side.
        const GraphicsMesh sheet = makeGrid(10, 10, 0.05f);
        TetraMeshReport slab;
        tetraMesh(sheet.positions, sheet.indices, {0.02f, 0.04f}, &slab);
        QVERIFY(!slab.closedSurface);
        const double slabVolume = 0.5 * 0.5 * 0.08;
        QVERIFY2(slab.volume > 0.9 * slabVolume && slab.volume < 1.5 * slabVolume,
                 qPrintable(QString::number(slab.volume)));
        QVERIFY_THROWS_EXCEPTION(InputError, tetraMesh(sheet.positions, sheet.indices, {-1.0f, 0}));
        QVERIFY_THROWS_EXCEPTION(InputError, tetraMesh(sheet.positions, {}, {}));
    }

    void tetraSkinningReproducesTheGraphicsMeshAtRestAndMovesRigidly()
    {
        const GraphicsMesh sphere = makeSphere(0.3f, 16, 32, {0.1f, 0.5f, 0});
        ClothingAsset asset = softBodyAsset(sphere, 0.06f, [](const Vec3 &) { return false; });
        const PhysicsMesh &pm = asset.physicsMeshes[0];
        const SkinMap &map = asset.lods[0].skinMap;
        QVERIFY(!pm.tetrahedra.empty());
        QVERIFY(map.bindings.empty());
        QCOMPARE(map.tetraBindings.size(), sphere.vertexCount());
        size_t outside = 0;
        for (size_t v = 0; v < sphere.vertexCount(); ++v) {
            const TetraBinding &b = map.tetraBindings[v];
            QVERIFY(b.tetrahedron < pm.tetrahedronCount());
            if (std::min({b.position.x, b.position.y, b.position.z,
                          1 - b.position.x - b.position.y - b.position.z}) < -1e-4f)
                ++outside;
        }
        QVERIFY(outside > 0); // some vertices lie beyond the snapped surface: nearest tetrahedra
        std::vector<Vec3> positions(sphere.vertexCount()), normals(sphere.vertexCount());
        applyTetraSkinMap(map, pm.tetrahedra, pm.positions, positions, &normals);
        QVERIFY2(maxDistanceBetween(positions, sphere.positions) < 1e-5f,
                 qPrintable(QString::number(maxDistanceBetween(positions, sphere.positions))));
        QVERIFY(maxDistanceBetween(normals, sphere.normals) < 1e-4f);
        // A rigid motion of the soft body moves the graphics mesh the same way.
        const Mat4 motion = Mat4::translation({0.2f, -0.1f, 0.3f}) *
                            Mat4::rotation(axisAngle(normalize(Vec3{1, 2, 3}), 0.7f));
        std::vector<Vec3> moved;
        for (const Vec3 &p : pm.positions)
            moved.push_back(motion.transformPoint(p));
        applyTetraSkinMap(map, pm.tetrahedra, moved, positions, &normals);
        for (size_t v = 0; v < sphere.vertexCount(); ++v) {
            QVERIFY(distance(positions[v], motion.transformPoint(sphere.positions[v])) < 1e-5f);
            QVERIFY(distance(normals[v], motion.transformVector(sphere.normals[v])) < 1e-4f);
        }
        // The run time's graphics output is the same at rest.
        ClothInstance instance(buildClothAssetData(asset), asset.simulation);
        instance.reset(sixtieth());
        std::vector<Vec3> out;
        instance.deformGraphics(out, nullptr);
        QVERIFY(maxDistanceBetween(out, sphere.positions) < 1e-5f);
    }

    void aSoftBodyHangingUnderGravityKeepsItsVolume()
    {
        // A ball pinned at its top cap (Max Distance 0), falling under gravity for two seconds.
        const GraphicsMesh sphere = makeSphere(0.2f, 12, 24, {0, 1.0f, 0});
        ClothingAsset asset =
            softBodyAsset(sphere, 0.05f, [](const Vec3 &p) { return p.y > 1.17f; });
        const PhysicsMesh &pm = asset.physicsMeshes[0];
        const double rest = totalVolume(pm.positions, pm.tetrahedra);
        SimulationSettings s = asset.simulation;
        s.stretchCompliance = 1.0f; // soft edges: the volume is what holds the shape
        s.volumeCompliance = 0;
        s.hardStretchLimit = false;
        s.tethers = false;
        ClothInstance soft(buildClothData(pm), s);
        for (int f = 0; f < 120; ++f)
            soft.update(sixtieth());
        const std::vector<Vec3> &p = soft.positions();
        QVERIFY(allFinite(p));
        float sag = 0;
        for (size_t v = 0; v < p.size(); ++v)
            sag = std::max(sag, pm.positions[v].y - p[v].y);
        QVERIFY2(sag > 0.01f, qPrintable(QString::number(sag))); // it does hang and stretch
        const double volume = totalVolume(p, pm.tetrahedra);
        qInfo("hanging ball: sag %.4f m, volume %+.3f%% after 2 s", double(sag),
              100 * (volume / rest - 1));
        QVERIFY2(std::abs(volume - rest) < 0.03 * rest,
                 qPrintable(QString("%1 of %2").arg(volume).arg(rest)));
    }

    void theVolumeConstraintsRestoreASqueezedBody()
    {
        // A free ball squeezed to 0.7 of its size (a third of its volume) with the softest edges:
        // the volume constraints bring the volume back; at the largest compliance (a bulk
        // modulus of 1 Pa) it stays squeezed.
        const GraphicsMesh sphere = makeSphere(0.2f, 12, 24);
        ClothingAsset asset = softBodyAsset(sphere, 0.05f, [](const Vec3 &) { return false; });
        const PhysicsMesh &pm = asset.physicsMeshes[0];
        const double rest = totalVolume(pm.positions, pm.tetrahedra);
        std::vector<Vec3> squeezed;
        for (const Vec3 &p : pm.positions)
            squeezed.push_back(p * 0.7f);
        const std::vector<Vec3> still(squeezed.size());
        auto volumeAfter = [&](float compliance) {
            SimulationSettings s = asset.simulation;
            s.gravityScale = 0;
            s.stretchCompliance = 1.0f;
            s.areaDensity = 100; // heavy particles: the soft edges barely push back
            s.volumeCompliance = compliance;
            s.hardStretchLimit = false;
            s.tethers = false;
            ClothInstance body(buildClothData(pm), s);
            body.reset(sixtieth());
            body.setState(squeezed, still);
            for (int f = 0; f < 30; ++f)
                body.update(sixtieth());
            return totalVolume(body.positions(), pm.tetrahedra);
        };
        const double kept = volumeAfter(0), loose = volumeAfter(1.0f);
        qInfo("squeezed to %.3f: volume %.3f with the constraints, %.3f without", 0.343,
              kept / rest, loose / rest);
        QVERIFY2(std::abs(kept - rest) < 0.05 * rest, qPrintable(QString("%1 of %2").arg(kept).arg(rest)));
        QVERIFY2(loose < 0.8 * rest, qPrintable(QString("%1 of %2").arg(loose).arg(rest)));
    }

    void aSoftBodyExportsAsAPointCache()
    {
        // The simulated graphics mesh of a hanging ball, frame by frame, into a PC2 file.
        const GraphicsMesh sphere = makeSphere(0.2f, 12, 24, {0, 1.0f, 0});
        const ClothingAsset asset =
            softBodyAsset(sphere, 0.05f, [](const Vec3 &p) { return p.y > 1.17f; });
        QTemporaryDir dir;
        const std::string path = dir.filePath("ball.pc2").toStdString();
        ExportOptions options;
        options.format = ExportFormat::PointCache;
        options.frames = 20;
        const ExportReport report = exportAsset(asset, path, options);
        const PointCache cache = readPc2(path);
        QCOMPARE(cache.frames.size(), size_t(20));
        float sag = 0;
        for (const std::vector<Vec3> &frame : cache.frames) {
            QCOMPARE(frame.size(), sphere.vertexCount());
            QVERIFY(allFinite(frame));
        }
        for (size_t v = 0; v < sphere.vertexCount(); ++v)
            sag = std::max(sag, sphere.positions[v].y - cache.frames.back()[v].y);
        QVERIFY2(sag > 0.002f, qPrintable(QString::number(sag))); // the ball hangs and stretches
        // Every vertex stays within the Max Distance its tetrahedron's corners allow.
        QVERIFY2(report.cacheMaxExcess <= 1e-4f, qPrintable(QString::number(report.cacheMaxExcess)));
    }

    void aSoftBodyRoundTripsThroughBothFormats()
    {
        const GraphicsMesh sphere = makeSphere(0.25f, 10, 20);
        ClothingAsset asset = softBodyAsset(sphere, 0.06f, [](const Vec3 &p) { return p.y > 0.2f; });
        asset.simulation.volumeCompliance = 0.002f;
        asset.physicsMeshes[0].settings.isoContraction = 0.5f;
                QVERIFY(validateAsset(asset).empty());
        const ClothingAsset fromText = readAssetText(writeAssetText(asset), "soft.tweed");
        QVERIFY(fromText == asset);
        const ClothingAsset fromCooked = readCooked(writeCooked(asset), "soft.tweedc");
        QVERIFY(fromCooked.physicsMeshes[0].tetrahedra == asset.physicsMeshes[0].tetrahedra);
        QVERIFY(fromCooked.lods[0].skinMap == asset.lods[0].skinMap);
        QCOMPARE(fromCooked.physicsMeshes[0].settings.isoContraction, 0.5f);
        QCOMPARE(fromCooked.simulation.volumeCompliance, 0.002f);
        QCOMPARE(fromCooked.physicsMeshes[0].settings.method, GenerationMethod::Tetrahedra);
        // A tetrahedron naming a missing vertex, or a binding a missing tetrahedron, is refused.
        ClothingAsset bad = asset;
        bad.physicsMeshes[0].tetrahedra[5] = uint32_t(bad.physicsMeshes[0].vertexCount());
        QVERIFY(!validateAsset(bad).empty());
        bad = asset;
        bad.lods[0].skinMap.tetraBindings[0].tetrahedron = 1u << 30;
        QVERIFY(!validateAsset(bad).empty());
        bad = asset;
        bad.lods[0].skinMap.tetraBindings[3].normal.y = std::nanf("");
        QVERIFY(!validateAsset(bad).empty());
    }

    void theContractedIsoSurfaceLiesOnTheLayersMedialSurface()
    {
        // Two layers, radius 0.2 and 0.24: the outer layer is one offset beyond 0.24, the
        // medial surface of the shell around both lies at 0.22.
        GraphicsMesh layers = makeTube(0.2f, 0.6f, 48, 12);
        appendMesh(layers, makeTube(0.24f, 0.6f, 48, 12));
        IsoSurfaceSettings s;
        s.voxelSize = 0.01f;
        s.offset = 0.02f;
        s.maxLayerGap = 0.1f;
        auto meanRadius = [](const PhysicsGeometry &g) {
            double sum = 0;
            size_t n = 0;
            for (const Vec3 &p : g.positions)
                if (p.y > 0.1f && p.y < 0.5f) { // away from the rims
                    sum += std::sqrt(p.x * p.x + p.z * p.z);
                    ++n;
                }
            return float(sum / double(n));
        };
        const float outer = meanRadius(isoSurface(layers.positions, layers.indices, {}, s));
        QVERIFY2(std::abs(outer - 0.26f) < 0.01f, qPrintable(QString::number(outer)));
        s.contraction = 1;
        const float medial = meanRadius(isoSurface(layers.positions, layers.indices, {}, s));
        QVERIFY2(std::abs(medial - 0.22f) < 0.01f, qPrintable(QString::number(medial)));
        s.contraction = 0.5f;
        const float half = meanRadius(isoSurface(layers.positions, layers.indices, {}, s));
        QVERIFY2(std::abs(half - 0.24f) < 0.01f, qPrintable(QString::number(half)));
    }
};

QTEST_GUILESS_MAIN(TestSoftBody)
#include "test_soft_body.moc"
