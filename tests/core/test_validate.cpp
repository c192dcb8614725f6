// validateAsset: nothing on the clean test asset, and for each planted problem exactly the
// sentences that name it (no more, no fewer). safetyProblems is the subset the readers refuse,
// structuralProblems the subset the writers refuse.
#include "make_test_asset.h"

#include "tweed/validate.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <functional>

using namespace tweed;

namespace {

struct Plant
{
    const char *name;
    std::function<void(ClothingAsset &)> plant;
    std::vector<std::string> problems; ///< exactly what validateAsset reports
    size_t structural = 0; ///< how many of the first problems structuralProblems reports too
    size_t tidy = 0;       ///< how many of the last problems safetyProblems does not report
};

const float kNan = std::nanf("");
const float kInf = INFINITY;

const std::vector<Plant> &plants()
{
    static const std::vector<Plant> list = {
        {"no lod", [](ClothingAsset &a) { a.lods.clear(); }, {"asset has no graphics LoD"}, 0, 1},
        {"triangle index out of range",
         [](ClothingAsset &a) { a.lods[0].mesh.indices[7] = 500; },
         {"lod 0: triangle 2: vertex index 500 is out of range (20 vertices)"},
         1},
        {"index count",
         [](ClothingAsset &a) { a.physicsMeshes[1].indices.push_back(0); },
         {"physics mesh 1: index count 7 is not a multiple of 3"},
         1},
        {"degenerate triangle",
         [](ClothingAsset &a) { a.lods[0].mesh.indices[1] = a.lods[0].mesh.indices[0]; },
         {"lod 0: triangle 0 repeats vertex 0"},
         0,
         1},
        {"submesh gap",
         [](ClothingAsset &a) {
             a.lods[0].mesh.submeshes[1].firstTriangle = 21;
             a.lods[0].mesh.submeshes[1].triangleCount = 3;
         },
         {"lod 0: submesh 1 (\"coat_lining\") starts at triangle 21, expected 20 (submeshes "
          "cover the triangles in order)",
          "lod 0: submeshes cover 23 of 24 triangles"},
         0,
         2},
        {"submesh beyond the mesh",
         [](ClothingAsset &a) { a.lods[1].mesh.submeshes[1].triangleCount = 5; },
         {"lod 1: submesh 1 (\"coat_lining\"): triangles 4 to 9 exceed the mesh's 8 triangles",
          "lod 1: submeshes cover 9 of 8 triangles"},
         1,
         1},
        {"no submeshes",
         [](ClothingAsset &a) { a.lods[1].mesh.submeshes.clear(); },
         {"lod 1: submeshes cover 0 of 8 triangles"},
         0,
         1},
        {"normals size",
         [](ClothingAsset &a) { a.lods[0].mesh.normals.pop_back(); },
         {"lod 0: 19 normals for 20 vertices"},
         1},
        {"uvs size",
         [](ClothingAsset &a) { a.lods[1].mesh.uvs.push_back({}); },
         {"lod 1: 10 uvs for 9 vertices"},
         1},
        {"tangents size",
         [](ClothingAsset &a) { a.lods[1].mesh.tangents.resize(3); },
         {"lod 1: 3 tangents for 9 vertices"},
         1},
        {"skin size",
         [](ClothingAsset &a) { a.physicsMeshes[0].skin.pop_back(); },
         {"physics mesh 0: 8 bone influences for 9 vertices"},
         1},
        {"position not finite",
         [](ClothingAsset &a) { a.lods[0].mesh.positions[3].y = kNan; },
         {"lod 0: vertex 3: position is not finite"}},
        {"uv not finite",
         [](ClothingAsset &a) { a.lods[1].mesh.uvs[2].x = kInf; },
         {"lod 1: vertex 2: uv is not finite"}},
        {"tangent not finite",
         [](ClothingAsset &a) { a.lods[1].mesh.tangents[8].w = kNan; },
         {"lod 1: vertex 8: tangent is not finite"}},
        {"physics normal not finite",
         [](ClothingAsset &a) { a.physicsMeshes[0].normals[4].z = -kInf; },
         {"physics mesh 0: vertex 4: normal is not finite"}},
        {"weights do not sum to one",
         [](ClothingAsset &a) { a.lods[0].mesh.skin[6].weights[0] = 0.7f; },
         {"lod 0: vertex 6: bone weights sum to 1.2, not 1"}},
        {"negative weight",
         [](ClothingAsset &a) {
             a.physicsMeshes[1].skin[2].weights = {1.5f, -0.5f, 0, 0};
         },
         {"physics mesh 1: vertex 2: bone weight -0.5 is negative or not finite"}},
        {"weighted bone out of range",
         [](ClothingAsset &a) { a.lods[0].mesh.skin[6].bones[1] = 9; },
         {"lod 0: vertex 6: bone index 9 is out of range (5 bones)"},
         1},
        {"float channel size",
         [](ClothingAsset &a) { a.lods[1].channels[FloatChannel::MassScale].pop_back(); },
         {"lod 1: channel mass_scale has 8 values for 9 vertices"},
         1},
        {"mask channel size",
         [](ClothingAsset &a) { a.physicsMeshes[0].channels[MaskChannel::LatchMaster].clear(); },
         {"physics mesh 0: channel latch_master has 0 values for 9 vertices"},
         1},
        {"negative distance",
         [](ClothingAsset &a) { a.lods[0].channels[FloatChannel::MaxDistance][4] = -0.1f; },
         {"lod 0: vertex 4: max_distance is -0.1, must not be negative"}},
        {"negative scale",
         [](ClothingAsset &a) { a.physicsMeshes[0].channels[FloatChannel::WindScale][0] = -2; },
         {"physics mesh 0: vertex 0: wind_scale is -2, must not be negative"}},
        {"channel not finite",
         [](ClothingAsset &a) { a.lods[0].channels[FloatChannel::BackstopDistance][11] = kNan; },
         {"lod 0: vertex 11: backstop_distance is not finite"}},
        {"physics mesh index out of range",
         [](ClothingAsset &a) { a.lods[1].physicsMesh = 5; },
         {"lod 1: physics mesh index 5 is out of range (2 physics meshes)"},
         1},
        {"skin map size",
         [](ClothingAsset &a) { a.lods[0].skinMap.bindings.pop_back(); },
         {"lod 0: skin map has 19 bindings for 20 vertices"},
         1},
        {"skin map triangle out of range",
         [](ClothingAsset &a) { a.lods[0].skinMap.bindings[7].triangle = 8; },
         {"lod 0: skin map: vertex 7: triangle 8 is out of range (physics mesh 0 has 8 "
          "triangles)"},
         1},
        {"skin map not finite",
         [](ClothingAsset &a) { a.lods[1].skinMap.bindings[4].tangent.z = kNan; },
         {"lod 1: skin map: vertex 4: coordinates are not finite"}},
        {"skin map without physics mesh",
         [](ClothingAsset &a) { a.lods[0].physicsMesh = -1; },
         {"lod 0: has a skin map but no physics mesh"},
         1},
        {"generation settings",
         [](ClothingAsset &a) {
             a.physicsMeshes[1].settings.weldTolerance = -1;
             a.physicsMeshes[1].settings.method = GenerationMethod::Custom;
             a.physicsMeshes[1].settings.customMeshPath.clear();
         },
         {"physics mesh 1: generation weld tolerance is -1, must be finite and not negative",
          "physics mesh 1: generation method custom needs a custom mesh path"},
         0,
         1},
        {"physics mesh without triangles",
         [](ClothingAsset &a) {
             a.physicsMeshes.push_back(a.physicsMeshes[1]);
             a.physicsMeshes[2].indices.clear();
         },
         {"physics mesh 2: mesh has no triangles"}},
        {"collision bone out of range",
         [](ClothingAsset &a) { a.collisionVolumes[1].bone = 5; },
         {"collision volume 1 (\"head\"): bone index 5 is out of range (5 bones)"},
         1},
        {"collision radius",
         [](ClothingAsset &a) {
             a.collisionVolumes[1].radius = 0;
             a.collisionVolumes[0].radii.y = -0.1f;
             a.collisionVolumes[3].radius2 = kNan;
             a.collisionVolumes[2].halfHeight = -1;
             a.collisionVolumes[4].radius = -1; // a plane has no radius: not a problem
         },
         {"collision volume 0 (\"chest\"): radius y is -0.1, must be positive",
          "collision volume 1 (\"head\"): radius is 0, must be positive",
          "collision volume 2 (\"l_thigh\"): half height is -1, must not be negative",
          "collision volume 3 (\"r_upper_arm\"): second radius is nan, must be positive"}},
        {"collision rotation",
         [](ClothingAsset &a) {
             a.collisionVolumes[2].local.rotation = {0, 0, 0, 2};
         },
         {"collision volume 2 (\"l_thigh\"): rotation is not a unit quaternion"}},
        {"collision transform not finite",
         [](ClothingAsset &a) { a.collisionVolumes[4].local.translation.x = kInf; },
         {"collision volume 4 (\"floor\"): transform is not finite"}},
        {"collision shape",
         [](ClothingAsset &a) { a.collisionVolumes[4].shape = CollisionShape(9); },
         {"collision volume 4: shape 9 is not a valid shape"},
         1},
        {"pendulum bone out of range",
         [](ClothingAsset &a) { a.pendulumBones[0].bone = -1; },
         {"pendulum bone 0: bone index -1 is out of range (5 bones)"},
         1},
        {"pendulum values",
         [](ClothingAsset &a) {
             a.pendulumBones[0].length = 0;
             a.pendulumBones[0].damping = 1.5f;
             a.pendulumBones[0].gravityScale = kNan;
             a.pendulumBones[0].maxAngleDegrees = 270;
         },
         {"pendulum bone 0: length is 0, must lie in (0, 100000] m",
          "pendulum bone 0: damping is 1.5, must lie in [0, 1]",
          "pendulum bone 0: gravity scale is nan, must be finite and within +-1e+06",
          "pendulum bone 0: maximum angle is 270 degrees, must lie in (0, 180]"}},
        {"pendulum twice on a bone",
         [](ClothingAsset &a) { a.pendulumBones.push_back(a.pendulumBones[0]); },
         {"pendulum bone 1: turns the same bone as pendulum bone 0"},
         0,
         1},
        {"parent after child",
         [](ClothingAsset &a) { a.skeleton.bones[1].parent = 3; },
         {"skeleton: bone 1 (\"Bip01 Spine\"): parent 3 does not come before it (parents "
          "must precede their children)"},
         1},
        {"duplicate bone names",
         [](ClothingAsset &a) { a.skeleton.bones[3].name = "Bip01 Spine"; },
         {"skeleton: bone 3 (\"Bip01 Spine\"): bone 1 has the same name; files refer to "
          "bones by name"},
         0,
         1},
        {"bone transforms",
         [](ClothingAsset &a) {
             a.skeleton.bones[2].inverseBind.m[13] = kNan;
             a.skeleton.bones[4].restLocal.rotation.w = 0.5f;
         },
         {"skeleton: bone 2 (\"Bip01 Spine1\"): inverse bind matrix is not finite",
          "skeleton: bone 4 (\"Hood\"): rest rotation is not a unit quaternion"}},
        {"settings",
         [](ClothingAsset &a) {
             a.simulation.damping = 2;
             a.simulation.iterations = 0;
         },
         {"setting damping is 2, outside its range [0, 1]",
          "setting iterations is 0, outside its range [1, 100]"}},
        {"position beyond the bound",
         [](ClothingAsset &a) { a.physicsMeshes[0].positions[7].x = 3e38f; },
         {"physics mesh 0: vertex 7: position (3e+38, 0.9, 0.1) is farther than 100000 m from "
          "the origin"}},
        {"zero-length edge",
         [](ClothingAsset &a) {
             a.physicsMeshes[1].positions[1] = a.physicsMeshes[1].positions[0];
         },
         {"physics mesh 1: triangle 0: edge from vertex 1 to vertex 0 is 0 m long, shorter than "
          "1e-06 m"}},
        {"weight not finite",
         [](ClothingAsset &a) { a.physicsMeshes[0].skin[3].weights[1] = kNan; },
         {"physics mesh 0: vertex 3: bone weight nan is negative or not finite"}},
        {"skin map beyond the bound",
         [](ClothingAsset &a) { a.lods[0].skinMap.bindings[9].position.z = -1e30f; },
         {"lod 0: skin map: vertex 9: coordinates exceed 100000"}},
        {"inverse bind singular",
         [](ClothingAsset &a) {
             Mat4 &m = a.skeleton.bones[1].inverseBind;
             for (int r = 0; r < 3; ++r)
                 m(r, 2) = 2 * m(r, 0); // the third column along the first
         },
         {"skeleton: bone 1 (\"Bip01 Spine\"): inverse bind matrix is not invertible "
          "(determinant 0)"}},
        {"inverse bind huge",
         [](ClothingAsset &a) { a.skeleton.bones[0].inverseBind.m[12] = 1e20f; },
         {"skeleton: bone 0 (\"Root\"): inverse bind matrix has an element of 1e+20, more than "
          "1e+06"}},
        {"collision volume far away",
         [](ClothingAsset &a) {
             a.collisionVolumes[0].local.translation.y = 2e5f;
             a.collisionVolumes[1].radius = 1e9f;
         },
         {"collision volume 0 (\"chest\"): translation (0, 200000, 0.05) is farther than "
          "100000 m from its bone",
          "collision volume 1 (\"head\"): radius is 1e+09 m, more than 100000 m"}},
        {"painted distance huge",
         [](ClothingAsset &a) { a.lods[1].channels[FloatChannel::MaxDistance][2] = 1e10f; },
         {"lod 1: vertex 2: max_distance is 1e+10, more than 100000"}},
        {"unknown model",
         [](ClothingAsset &a) {
             a.simulation.model = 7;
             a.simulation.springIntegrator = -1;
         },
         {"setting model is 7, outside its range [0, 1]",
          "setting spring_integrator is -1, outside its range [0, 1]"}},
        {"source units",
         [](ClothingAsset &a) { a.source.units.metresPerUnit = 0; },
         {"source: metres per unit is 0, must be positive"}},
        {"up axis",
         [](ClothingAsset &a) { a.source.units.upAxis = UpAxis(7); },
         {"source: up axis 7 is not a valid axis"},
         1},
    };
    return list;
}

std::string joined(std::vector<std::string> list)
{
    std::sort(list.begin(), list.end());
    std::string s;
    for (const std::string &p : list)
        s += "\n  " + p;
    return s;
}

} // namespace

class TestValidate : public QObject
{
    Q_OBJECT

private slots:
    void cleanAssetHasNoProblems()
    {
        QCOMPARE(joined(validateAsset(test::makeTestAsset({false}))), std::string());
        QCOMPARE(joined(validateAsset(test::makeTestAsset({true}))), std::string());
        QVERIFY(structuralProblems(test::makeTestAsset()).empty());
        QVERIFY(safetyProblems(test::makeTestAsset()).empty());
        QCOMPARE(problemSummary({}), std::string());
    }

    void findsEachPlantedProblem_data()
    {
        QTest::addColumn<int>("index");
        for (size_t i = 0; i < plants().size(); ++i)
            QTest::newRow(plants()[i].name) << int(i);
    }
    void findsEachPlantedProblem()
    {
        QFETCH(int, index);
        const Plant &p = plants()[size_t(index)];
        ClothingAsset asset = test::makeTestAsset();
        p.plant(asset);
        QCOMPARE(joined(validateAsset(asset)), joined(p.problems));
        // The writers refuse exactly the structural problems, the readers the safety problems.
        QCOMPARE(joined(structuralProblems(asset)),
                 joined({p.problems.begin(), p.problems.begin() + std::ptrdiff_t(p.structural)}));
        QCOMPARE(joined(safetyProblems(asset)),
                 joined({p.problems.begin(), p.problems.end() - std::ptrdiff_t(p.tidy)}));
    }

    void weightsWithinTheToleranceAreFine()
    {
        ClothingAsset asset = test::makeTestAsset();
        asset.lods[0].mesh.skin[6].weights[0] += 0.0009f;
        asset.lods[0].mesh.skin[7].weights[0] -= 0.0009f;
        // An unweighted slot may name any bone: it is never read.
        asset.lods[0].mesh.skin[8].bones[3] = 999;
        QVERIFY(validateAsset(asset).empty());
        asset.lods[0].mesh.skin[6].weights[0] += 0.0002f;
        QCOMPARE(validateAsset(asset).size(), size_t(1));
    }

    void unskinnedAndUnsimulatedLodsAreValid()
    {
        // A graphics mesh without skin weights and a LoD without physics mesh or skin map.
        ClothingAsset asset = test::makeTestAsset();
        asset.lods[1].mesh.skin.clear();
        asset.lods[1].mesh.tangents.clear();
        asset.lods[1].physicsMesh = -1;
        asset.lods[1].skinMap.bindings.clear();
        QCOMPARE(joined(validateAsset(asset)), std::string());
    }

    void longListsAreSummarised()
    {
        ClothingAsset asset = test::makeTestAsset();
        GraphicsMesh &mesh = asset.lods[0].mesh;
        for (Vec3 &p : mesh.positions)
            p.x = kNan;
        const size_t n = mesh.vertexCount();
        std::vector<std::string> problems = validateAsset(asset);
        QCOMPARE(problems.size(), n);

        // 100 vertices: 20 are listed, the rest counted.
        for (int i = 0; i < 80; ++i)
            mesh.positions.push_back({kNan, 0, 0});
        asset.lods[0].channels.resize(100);
        mesh.normals.clear();
        mesh.tangents.clear();
        mesh.uvs.clear();
        mesh.skin.clear();
        asset.lods[0].skinMap.bindings.resize(100, SkinBinding{SkinMap::kUnbound, {}, {}, {}});
        problems = validateAsset(asset);
        QCOMPARE(problems.size(), size_t(21));
        QCOMPARE(problems[0], std::string("lod 0: vertex 0: position is not finite"));
        QCOMPARE(problems[20], std::string("lod 0: 80 more vertices with a bad position"));
        QCOMPARE(problemSummary(problems),
                 std::string("lod 0: vertex 0: position is not finite (and 20 more problems)"));
    }
};

QTEST_GUILESS_MAIN(TestValidate)
#include "test_validate.moc"
