// Render-ready outputs (deformGraphicsMesh, ClothInstance::deformGraphics): on a sheet bent into
// a doubly curved surface, the graphics normals carried by the skin map, the normals recomputed
// after skinning and the tangents from the skin map's stored frame all match a finite-difference
// reference of the surface; a seam (vertices doubled along a column, with mirrored UVs) stays
// closed and keeps each side's bitangent sign.
#include "tweed/meshproc/skin_map_build.h"
#include "tweed/sim/cloth_instance.h"

#include <QTest>

#include <cmath>
#include <numbers>

using namespace tweed;

namespace {

constexpr float kSize = 0.5f;   // the sheet: [0, kSize] x [0, kSize] in z = 0
constexpr float kRadiusX = 0.4f; // bent around the y axis with this radius
constexpr float kRadiusY = 0.8f; // and curved along y with this one
constexpr int kSeamColumn = 15;  // of the graphics grid: doubled

/// The bent sheet: where the rest point (x, y, 0) goes.
Vec3 bend(float x, float y)
{
    return {kRadiusX * std::sin(x / kRadiusX), y,
            kRadiusX * (1 - std::cos(x / kRadiusX)) + y * y / (2 * kRadiusY)};
}

/// Reference frame at (x, y) by central differences of bend: normal and tangent (along x).
void referenceFrame(float x, float y, Vec3 &normal, Vec3 &tangent)
{
    const float h = 1e-3f;
    const Vec3 du = (bend(x + h, y) - bend(x - h, y)) / (2 * h);
    const Vec3 dv = (bend(x, y + h) - bend(x, y - h)) / (2 * h);
    normal = normalize(cross(du, dv));
    tangent = normalize(du - normal * dot(normal, du));
}

double degreesBetween(const Vec3 &a, const Vec3 &b)
{
    return std::acos(std::clamp(double(dot(normalize(a), normalize(b))), -1.0, 1.0)) * 180.0 /
           std::numbers::pi;
}

/// n x n grid over the sheet, two triangles per quad (counter-clockwise seen from +z).
void grid(int n, std::vector<Vec3> &positions, std::vector<uint32_t> &indices)
{
    const float step = kSize / float(n - 1);
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c)
            positions.push_back({float(c) * step, float(r) * step, 0});
    auto id = [n](int r, int c) { return uint32_t(r * n + c); };
    for (int r = 0; r + 1 < n; ++r)
        for (int c = 0; c + 1 < n; ++c) {
            indices.insert(indices.end(), {id(r, c), id(r, c + 1), id(r + 1, c + 1)});
            indices.insert(indices.end(), {id(r, c), id(r + 1, c + 1), id(r + 1, c)});
        }
}

struct Sheet
{
    ClothingAsset asset;
    std::shared_ptr<const ClothAssetData> data;
    std::vector<Vec3> bentPhysics, bentPhysicsNormals;
    std::vector<uint32_t> seamCopy; ///< per vertex of the seam column: its copy
};

Sheet makeSheet()
{
    Sheet s;
    PhysicsMesh physics;
    grid(21, physics.positions, physics.indices);
    physics.normals.assign(physics.positions.size(), Vec3{0, 0, 1});
    physics.channels.resize(physics.positions.size());

    GraphicsMesh g;
    g.name = "sheet";
    const int n = 31;
    grid(n, g.positions, g.indices);
    // The seam: the triangles right of column kSeamColumn use copies of its vertices, whose UVs
    // are mirrored (bitangent sign -1, as the whole right half).
    for (int r = 0; r < n; ++r) {
        const uint32_t original = uint32_t(r * n + kSeamColumn);
        s.seamCopy.push_back(uint32_t(g.positions.size()));
        g.positions.push_back(g.positions[original]);
    }
    for (size_t t = 0; t < g.indices.size(); t += 3) {
        int right = 0;
        for (size_t k = 0; k < 3; ++k)
            right += int(g.indices[t + k] % n) > kSeamColumn;
        if (right == 0) continue;
        for (size_t k = 0; k < 3; ++k)
            if (int(g.indices[t + k] % n) == kSeamColumn)
                g.indices[t + k] = s.seamCopy[g.indices[t + k] / n];
    }
    g.normals.assign(g.positions.size(), Vec3{0, 0, 1});
    for (size_t v = 0; v < g.positions.size(); ++v) {
        const bool rightHalf = v >= size_t(n * n) || int(v % n) > kSeamColumn;
        g.tangents.push_back({1, 0, 0, rightHalf ? -1.0f : 1.0f});
    }
    g.submeshes.push_back({"sheet", "cloth", "", 0, uint32_t(g.triangleCount())});
    PaintChannels channels;
    channels.resize(g.positions.size());

    GraphicsLod lod;
    lod.skinMap = buildSkinMap(g, channels, physics);
    lod.mesh = std::move(g);
    lod.channels = std::move(channels);
    lod.physicsMesh = 0;
    s.asset.name = "sheet";
    s.asset.physicsMeshes.push_back(physics);
    s.asset.lods.push_back(std::move(lod));
    s.data = buildClothAssetData(s.asset, 0);

    for (const Vec3 &p : physics.positions)
        s.bentPhysics.push_back(bend(p.x, p.y));
    s.bentPhysicsNormals = computeVertexNormals(s.bentPhysics, physics.indices);
    return s;
}

struct Errors
{
    double normalMax = 0, normalMean = 0, tangentMax = 0;
    double interiorNormalMax = 0; ///< more than a physics cell (2.5 cm) from the sheet's border
};

Errors compare(const Sheet &s, const std::vector<Vec3> &normals, const std::vector<Vec4> &tangents)
{
    Errors e;
    const std::vector<Vec3> &rest = s.asset.lods[0].mesh.positions;
    for (size_t v = 0; v < rest.size(); ++v) {
        Vec3 n, t;
        referenceFrame(rest[v].x, rest[v].y, n, t);
        const double en = degreesBetween(normals[v], n);
        e.normalMax = std::max(e.normalMax, en);
        const float margin = 0.026f;
        if (rest[v].x > margin && rest[v].x < kSize - margin && rest[v].y > margin &&
            rest[v].y < kSize - margin)
            e.interiorNormalMax = std::max(e.interiorNormalMax, en);
        e.normalMean += en / double(rest.size());
        if (!tangents.empty())
            e.tangentMax =
                std::max(e.tangentMax, degreesBetween({tangents[v].x, tangents[v].y, tangents[v].z}, t));
    }
    return e;
}

} // namespace

class TestRenderOutputs : public QObject
{
    Q_OBJECT

private slots:
    void normalsAndTangentsMatchTheCurvedSheet()
    {
        const Sheet s = makeSheet();
        QCOMPARE(s.asset.lods[0].skinMap.bindings.size(), s.asset.lods[0].mesh.vertexCount());
        for (const SkinBinding &b : s.asset.lods[0].skinMap.bindings)
            QVERIFY(b.triangle != SkinMap::kUnbound);

        for (const bool recompute : {false, true}) {
            GraphicsOutputOptions options;
            options.recomputeNormals = recompute;
            std::vector<Vec3> positions, normals;
            std::vector<Vec4> tangents;
            deformGraphicsMesh(*s.data, s.bentPhysics, s.bentPhysicsNormals, {}, options,
                               positions, &normals, &tangents);
            QCOMPARE(tangents.size(), positions.size());
            // Positions: the graphics vertices lie on the bent physics mesh, within its chord
            // error (a 2.5 cm grid on a 40 cm radius: under 0.2 mm).
            const std::vector<Vec3> &rest = s.asset.lods[0].mesh.positions;
            for (size_t v = 0; v < rest.size(); ++v)
                QVERIFY2(distance(positions[v], bend(rest[v].x, rest[v].y)) < 3e-4f,
                         qPrintable(QString::number(v)));
            // Unit, orthogonal frames; bitangent sign as authored.
            for (size_t v = 0; v < rest.size(); ++v) {
                const Vec3 t{tangents[v].x, tangents[v].y, tangents[v].z};
                QVERIFY(std::abs(length(normals[v]) - 1) < 1e-5f);
                QVERIFY(std::abs(length(t) - 1) < 1e-5f);
                QVERIFY(std::abs(dot(t, normals[v])) < 1e-5f);
                QCOMPARE(tangents[v].w, s.asset.lods[0].mesh.tangents[v].w);
            }
            const Errors e = compare(s, normals, tangents);
            qInfo("%s normals: largest %.3f deg (%.3f inside), mean %.3f deg; tangents: largest "
                  "%.3f deg",
                  recompute ? "recomputed" : "skin-map", e.normalMax, e.interiorNormalMax,
                  e.normalMean, e.tangentMax);
            // The sheet turns 72 degrees across x: the rest normals would be 36 degrees off at
            // its sides. Inside, the skin map's normals (interpolated physics normals) are
            // within 0.04 degrees (measured) and the recomputed ones (from graphics triangles
            // lying flat within each physics triangle, 3.6 degrees of turn per cell) within
            // 0.36; on the border both see one side only, about half a cell's turn (2.0).
            QVERIFY2(e.interiorNormalMax < (recompute ? 0.6 : 0.1),
                     qPrintable(QString::number(e.interiorNormalMax)));
            QVERIFY2(e.normalMax < 2.5, qPrintable(QString::number(e.normalMax)));
            QVERIFY2(e.normalMean < (recompute ? 0.5 : 0.3), qPrintable(QString::number(e.normalMean)));
            QVERIFY2(e.tangentMax < 2.5, qPrintable(QString::number(e.tangentMax)));
            // The seam: recomputed normals are welded (the same bits on both sides).
            if (recompute) {
                const int n = 31;
                for (int r = 0; r < n; ++r) {
                    const uint32_t a = uint32_t(r * n + kSeamColumn), b = s.seamCopy[size_t(r)];
                    QVERIFY(normals[a] == normals[b]);
                    QCOMPARE(tangents[a].w, 1.0f);
                    QCOMPARE(tangents[b].w, -1.0f);
                }
            }
        }
    }

    void unweldedSeamWouldOpen()
    {
        // Without the welding, each side of the seam sees only its own triangles: the two copies'
        // normals differ. (Checks that the welded test above can fail.)
        Sheet s = makeSheet();
        auto data = std::make_shared<ClothAssetData>(*s.data);
        QVERIFY(!data->graphicsWeld.empty());
        data->graphicsWeld.clear();
        GraphicsOutputOptions options;
        options.recomputeNormals = true;
        std::vector<Vec3> positions, normals;
        deformGraphicsMesh(*data, s.bentPhysics, s.bentPhysicsNormals, {}, options, positions,
                           &normals, nullptr);
        double worst = 0;
        for (int r = 0; r < 31; ++r)
            worst = std::max(worst, degreesBetween(normals[size_t(r * 31 + kSeamColumn)],
                                                   normals[s.seamCopy[size_t(r)]]));
        QVERIFY2(worst > 0.5, qPrintable(QString::number(worst)));
    }

    void instanceOutputsAtRest()
    {
        // Through a ClothInstance at rest: positions as authored, normals +z either way,
        // tangents +x, and no tangents when they are not asked for.
        const Sheet s = makeSheet();
        ClothInstance cloth(s.data, s.asset.simulation);
        cloth.reset(ClothFrame{});
        GraphicsOutput out;
        for (const bool recompute : {false, true}) {
            cloth.deformGraphics(out, {recompute, true});
            QCOMPARE(out.positions.size(), s.asset.lods[0].mesh.vertexCount());
            QCOMPARE(out.tangents.size(), out.positions.size());
            for (size_t v = 0; v < out.positions.size(); ++v) {
                QVERIFY(distance(out.positions[v], s.asset.lods[0].mesh.positions[v]) < 1e-5f);
                QVERIFY(distance(out.normals[v], Vec3{0, 0, 1}) < 1e-4f);
                QVERIFY(distance(Vec3{out.tangents[v].x, out.tangents[v].y, out.tangents[v].z},
                                 Vec3{1, 0, 0}) < 1e-4f);
            }
        }
        cloth.deformGraphics(out, {false, false});
        QVERIFY(out.tangents.empty());
        // The older entry point gives the same positions and skin-map normals.
        std::vector<Vec3> positions, normals;
        cloth.deformGraphics(positions, &normals);
        QVERIFY(positions == out.positions);
        QVERIFY(normals == out.normals);
    }
};

QTEST_GUILESS_MAIN(TestRenderOutputs)
#include "test_render_outputs.moc"
