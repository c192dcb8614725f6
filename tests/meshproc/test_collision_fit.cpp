// Fitting collision volumes to bones: the Jacobi eigen-decomposition, an ellipsoid recovered
// from points sampled inside a known ellipsoid (axes, radii, centre, in the bone's frame), the
// covered share, the sample character's upper arm and thigh, splitting an ellipsoid, and the
// errors for bad input.
#include "test_paths.h"

#include "tweed/meshproc/collision_fit.h"
#include "tweed/errors.h"
#include "tweed/meshproc/import.h"
#include "tweed/sim/colliders.h"

#include <QTest>

#include <cmath>
#include <random>

using namespace tweed;

namespace {

// The volume's frame in model space at the bind pose, as the simulation places it.
Transform bindFrame(const Skeleton &skeleton, const CollisionVolume &volume)
{
    return colliderFrame(volume, inverse(skeleton.bones[size_t(volume.bone)].inverseBind));
}

// Weighted share of the bone's vertices (weight >= threshold) inside the volume at bind pose.
float shareInside(const Character &character, const std::vector<int> &meshes,
                  const CollisionVolume &volume, float threshold)
{
    const ColliderPose pose = colliderPose(volume, bindFrame(character.skeleton, volume), 0.0f);
    double inside = 0, total = 0;
    for (int m : meshes) {
        const GraphicsMesh &mesh = character.meshes[size_t(m)];
        for (size_t v = 0; v < mesh.positions.size(); ++v) {
            float w = 0;
            for (int k = 0; k < kMaxBoneInfluences; ++k)
                if (mesh.skin[v].bones[size_t(k)] == volume.bone)
                    w += mesh.skin[v].weights[size_t(k)];
            if (w < threshold) continue;
            total += w;
            if (colliderDistance(pose, mesh.positions[v]) <= 1e-4f) inside += w;
        }
    }
    return total > 0 ? float(inside / total) : 0.0f;
}

Vec3 bonePosition(const Skeleton &skeleton, int bone)
{
    return inverse(skeleton.bones[size_t(bone)].inverseBind).column(3);
}

} // namespace

class TestCollisionFit : public QObject
{
    Q_OBJECT

private slots:
    void jacobiFindsTheEigenvectorsOfARotatedDiagonal()
    {
        const Quat q = normalize(axisAngle({1, 2, 3}, 0.7f));
        const Mat4 r = Mat4::rotation(q);
        const double d[3] = {9, 4, 1};
        std::array<std::array<double, 3>, 3> a{};
        for (int i = 0; i < 3; ++i)
            for (int j = 0; j < 3; ++j)
                for (int k = 0; k < 3; ++k)
                    a[size_t(i)][size_t(j)] += double(r(i, k)) * d[k] * double(r(j, k));
        const SymmetricEigen e = symmetricEigen3(a);
        for (int i = 0; i < 3; ++i) {
            QVERIFY2(std::abs(e.eigenvalues[size_t(i)] - d[i]) < 1e-5,
                     qPrintable(QString::number(e.eigenvalues[size_t(i)])));
            QVERIFY(std::abs(std::abs(dot(e.eigenvectors[size_t(i)], r.column(i))) - 1) < 1e-5f);
        }
        QVERIFY(dot(cross(e.eigenvectors[0], e.eigenvectors[1]), e.eigenvectors[2]) > 0.999f);
    }

    void ellipsoidFromSampledPointsRecoversAxesAndRadii()
    {
        // One bone, rotated and moved; a solid ellipsoid of points in model space, rotated
        // differently, all driven by that bone.
        Skeleton skeleton;
        Bone bone;
        bone.name = "Thing";
        Transform boneBind;
        boneBind.translation = {0.1f, 1.0f, 0.2f};
        boneBind.rotation = normalize(axisAngle({0, 0, 1}, 0.4f));
        bone.inverseBind = inverse(Mat4::fromTransform(boneBind));
        skeleton.bones.push_back(bone);

        const Vec3 radii{0.12f, 0.3f, 0.06f}; // along the ellipsoid's own x, y, z
        const Quat orientation = normalize(axisAngle({1, 0.5f, -0.3f}, 1.1f));
        const Vec3 centre{0.15f, 1.25f, 0.18f};
        GraphicsMesh mesh;
        std::mt19937 random(7);
        std::uniform_real_distribution<float> unit(-1.0f, 1.0f);
        while (mesh.positions.size() < 20000) {
            const Vec3 u{unit(random), unit(random), unit(random)};
            if (lengthSquared(u) > 1) continue;
            mesh.positions.push_back(centre + rotate(orientation, mulComponents(u, radii)));
            BoneInfluence influence;
            influence.weights[0] = 1;
            mesh.skin.push_back(influence);
        }

        CollisionFitSettings settings;
        settings.coverage = 1.0f;
        CollisionFitReport report;
        const CollisionVolume v =
            fitVolume(skeleton, {&mesh}, 0, CollisionShape::Ellipsoid, settings, &report);
        QCOMPARE(v.bone, 0);
        QCOMPARE(v.shape, CollisionShape::Ellipsoid);
        QCOMPARE(QString::fromStdString(v.name), QStringLiteral("Thing"));
        QCOMPARE(report.vertices, 20000u);
        QCOMPARE(report.coveredShare, 1.0f);
        // The longest axis becomes local y, then x, then z.
        QVERIFY2(std::abs(v.radii.y - 0.3f) < 0.006f, qPrintable(QString::number(v.radii.y)));
        QVERIFY2(std::abs(v.radii.x - 0.12f) < 0.004f, qPrintable(QString::number(v.radii.x)));
        QVERIFY2(std::abs(v.radii.z - 0.06f) < 0.003f, qPrintable(QString::number(v.radii.z)));

        // In model space (bone bind pose * local) the axes and centre are the known ones.
        const Transform frame = bindFrame(skeleton, v);
        QVERIFY(distance(frame.translation, centre) < 0.003f);
        const Vec3 truthX = rotate(orientation, {1, 0, 0});
        const Vec3 truthY = rotate(orientation, {0, 1, 0});
        const Vec3 truthZ = rotate(orientation, {0, 0, 1});
        QVERIFY(std::abs(dot(rotate(frame.rotation, {0, 1, 0}), truthY)) > 0.999f);
        QVERIFY(std::abs(dot(rotate(frame.rotation, {1, 0, 0}), truthX)) > 0.995f);
        QVERIFY(std::abs(dot(rotate(frame.rotation, {0, 0, 1}), truthZ)) > 0.995f);
        // The local frame is the one relative to the bone: bone bind * local = model frame.
        const Vec3 viaBone = Mat4::fromTransform(boneBind).transformPoint(v.local.translation);
        QVERIFY(distance(viaBone, centre) < 0.003f);
        // Local y points away from the bone's origin.
        QVERIFY(dot(rotate(frame.rotation, {0, 1, 0}), centre - boneBind.translation) >= 0);

        // A smaller coverage gives a smaller volume holding at least that share.
        settings.coverage = 0.8f;
        const CollisionVolume smaller =
            fitVolume(skeleton, {&mesh}, 0, CollisionShape::Ellipsoid, settings, &report);
        QVERIFY(report.coveredShare >= 0.8f && report.coveredShare < 0.82f);
        QVERIFY(smaller.radii.y < v.radii.y);
        // Lighter weights below the threshold leave vertices out.
        for (auto &influence : mesh.skin)
            influence.weights[0] = 0.2f;
        QVERIFY_THROWS_EXCEPTION(InputError,
                                 fitVolume(skeleton, {&mesh}, 0, CollisionShape::Sphere));
    }

    void everyShapeHoldsTheChosenShare()
    {
        const Character character = importCharacter(test::kSampleCharacter);
        const int body = character.findMesh("Body");
        QVERIFY(body >= 0);
        CollisionFitSettings settings;
        settings.meshes = {body};
        settings.coverage = 0.9f;
        const int thigh = character.skeleton.find("LeftUpperLeg");
        for (CollisionShape shape :
             {CollisionShape::Ellipsoid, CollisionShape::Sphere, CollisionShape::Capsule,
              CollisionShape::TaperedCapsule, CollisionShape::Box, CollisionShape::Convex}) {
            CollisionFitReport report;
            const CollisionVolume v = fitVolume(character, thigh, shape, settings, &report);
            QCOMPARE(v.shape, shape);
            QVERIFY(report.vertices > 20);
            QVERIFY2(report.coveredShare >= 0.9f, qPrintable(QString::number(report.coveredShare)));
            // Measured independently: the volume placed by the simulation's own frame.
            const float share = shareInside(character, {body}, v, settings.weightThreshold);
            QVERIFY2(share >= 0.895f && share < 0.97f, qPrintable(QString::number(share)));
        }
    }

    void convexHullTightensWithMorePlanes()
    {
        // A solid octahedron |x| + |y| + |z| <= 0.2 of points driven by one bone: its convex fit
        // holds every point, is a box at 6 planes and nears the octahedron's volume with more.
        Skeleton skeleton;
        Bone bone;
        bone.name = "Gem";
        skeleton.bones.push_back(bone);
        GraphicsMesh mesh;
        std::mt19937 random(11);
        std::uniform_real_distribution<float> unit(-0.2f, 0.2f);
        while (mesh.positions.size() < 20000) {
            const Vec3 p{unit(random), unit(random), unit(random) * 0.8f};
            if (std::abs(p.x) + std::abs(p.y) + std::abs(p.z) > 0.2f) continue;
            mesh.positions.push_back(p + Vec3{0.3f, 1.0f, 0});
            BoneInfluence influence;
            influence.weights[0] = 1;
            mesh.skin.push_back(influence);
        }
        const auto volumeOf = [](const CollisionVolume &v) { // Monte Carlo in the local frame
            const ColliderPose pose = colliderPose(v, Transform{}, 0.0f);
            std::mt19937 r(3);
            std::uniform_real_distribution<float> u(-0.25f, 0.25f);
            int inside = 0;
            constexpr int kSamples = 100000;
            for (int i = 0; i < kSamples; ++i)
                if (colliderDistance(pose, {u(r), u(r), u(r)}) <= 0) ++inside;
            return 0.125f * float(inside) / float(kSamples);
        };
        CollisionFitSettings settings;
        settings.coverage = 1.0f;
        float previous = INFINITY;
        for (uint32_t planes : {6u, 12u, 24u}) {
            settings.convexPlanes = planes;
            CollisionFitReport report;
            const CollisionVolume v =
                fitVolume(skeleton, {&mesh}, 0, CollisionShape::Convex, settings, &report);
            QCOMPARE(v.shape, CollisionShape::Convex);
            QVERIFY(v.planes.size() <= planes);
            QVERIFY(convexPlanesProblem(v.planes).empty());
            QCOMPARE(report.coveredShare, 1.0f);
            const float volume = volumeOf(v);
            QVERIFY2(volume < previous, qPrintable(QString::number(double(volume))));
            previous = volume;
        }
        const float octahedron = 4.0f / 3.0f * 0.2f * 0.2f * 0.2f * 0.8f;
        QVERIFY2(previous < 1.6f * octahedron, qPrintable(QString::number(double(previous))));
        QVERIFY(previous > 0.9f * octahedron);
        // Too many or too few planes are refused.
        settings.convexPlanes = 40;
        QVERIFY_THROWS_EXCEPTION(InputError,
                                 fitVolume(skeleton, {&mesh}, 0, CollisionShape::Convex, settings));
    }

    void sampleUpperArmAndThighGetSensibleVolumes()
    {
        const Character character = importCharacter(test::kSampleCharacter);
        const Skeleton &skeleton = character.skeleton;
        const int body = character.findMesh("Body");
        QVERIFY(body >= 0);
        CollisionFitSettings settings;
        settings.meshes = {body};
        struct Limb
        {
            const char *bone, *child;
            float minLength, maxLength, minRadius, maxRadius; // metres
        };
        for (const Limb &limb :
             {Limb{"LeftUpperArm", "LeftLowerArm", 0.08f, 0.25f, 0.025f, 0.08f},
              Limb{"RightUpperLeg", "RightLowerLeg", 0.12f, 0.35f, 0.045f, 0.13f}}) {
            const int bone = skeleton.find(limb.bone);
            const int child = skeleton.find(limb.child);
            QVERIFY(bone >= 0 && child >= 0);
            CollisionFitReport report;
            const CollisionVolume v =
                fitVolume(character, bone, CollisionShape::Ellipsoid, settings, &report);
            const QString what = QString("%1: radii %2 %3 %4")
                                     .arg(limb.bone)
                                     .arg(v.radii.x)
                                     .arg(v.radii.y)
                                     .arg(v.radii.z);
            // The long axis runs along the limb, from the joint towards the next one.
            const Transform frame = bindFrame(skeleton, v);
            const Vec3 limbDirection =
                normalize(bonePosition(skeleton, child) - bonePosition(skeleton, bone));
            QVERIFY2(dot(rotate(frame.rotation, {0, 1, 0}), limbDirection) > 0.95f,
                     qPrintable(what));
            // Half the limb's length, and a limb's thickness.
            QVERIFY2(v.radii.y > limb.minLength && v.radii.y < limb.maxLength, qPrintable(what));
            for (float r : {v.radii.x, v.radii.z})
                QVERIFY2(r > limb.minRadius && r < limb.maxRadius, qPrintable(what));
            QVERIFY(v.radii.y > 1.5f * std::max(v.radii.x, v.radii.z));
            // The centre lies between the joints, near the bone's segment.
            const Vec3 a = bonePosition(skeleton, bone), b = bonePosition(skeleton, child);
            const float t = dot(frame.translation - a, b - a) / lengthSquared(b - a);
            QVERIFY2(t > 0.2f && t < 0.8f, qPrintable(what + " t " + QString::number(t)));
            QVERIFY(shareInside(character, {body}, v, settings.weightThreshold) >= 0.95f);
        }
    }

    void splitEllipsoidCoversTheOriginal()
    {
        CollisionVolume v;
        v.name = "Torso";
        v.bone = 3;
        v.radii = {0.1f, 0.08f, 0.3f}; // longest along local z
        v.local.translation = {0.01f, 0.2f, -0.05f};
        v.local.rotation = normalize(axisAngle({0.3f, 1, 0.2f}, 0.8f));
        const auto [first, second] = splitEllipsoid(v);
        QCOMPARE(QString::fromStdString(first.name), QStringLiteral("Torso 1"));
        QCOMPARE(QString::fromStdString(second.name), QStringLiteral("Torso 2"));
        QCOMPARE(first.bone, 3);
        QCOMPARE(first.shape, CollisionShape::Ellipsoid);
        QCOMPARE(first.local.rotation, v.local.rotation);
        // Centres along the long axis, each a quarter of it from the middle.
        const Vec3 axis = rotate(v.local.rotation, {0, 0, 1});
        QVERIFY(distance(first.local.translation, v.local.translation - axis * 0.075f) < 1e-5f);
        QVERIFY(distance(second.local.translation, v.local.translation + axis * 0.075f) < 1e-5f);
        // Together they reach exactly as far along the axis.
        QVERIFY(std::abs(first.radii.z + 0.075f - 0.3f) < 1e-5f);
        QVERIFY(first.radii.x > v.radii.x && first.radii.x < 1.1f * v.radii.x);

        // Every point of the original (surface included) is inside one of the halves.
        const auto poseOf = [](const CollisionVolume &volume) {
            return colliderPose(volume, colliderFrame(volume, Mat4::identity()), 0);
        };
        const ColliderPose whole = poseOf(v);
        const ColliderPose a = poseOf(first);
        const ColliderPose b = poseOf(second);
        std::mt19937 random(3);
        std::normal_distribution<float> normal;
        for (int i = 0; i < 5000; ++i) {
            const Vec3 dir = normalize(Vec3{normal(random), normal(random), normal(random)});
            const Vec3 onSurface =
                v.local.translation + rotate(v.local.rotation, mulComponents(dir, v.radii));
            QVERIFY(std::abs(colliderDistance(whole, onSurface)) < 1e-4f);
            QVERIFY2(std::min(colliderDistance(a, onSurface), colliderDistance(b, onSurface)) <=
                         1e-5f,
                     qPrintable(QString::number(i)));
        }
        // The tips of the long axis lie on the halves' surfaces.
        const Vec3 tip = v.local.translation + axis * 0.3f;
        QVERIFY(std::abs(colliderDistance(b, tip)) < 1e-4f);

        CollisionVolume capsule = v;
        capsule.shape = CollisionShape::Capsule;
        QVERIFY_THROWS_EXCEPTION(InputError, splitEllipsoid(capsule));
    }

    void badInputIsRejectedWithClearErrors()
    {
        const Character character = importCharacter(test::kSampleCharacter);
        const int body = character.findMesh("Body");
        CollisionFitSettings settings;
        settings.meshes = {body};
        // The root bone ("Hips" may skin; find a bone that skins nothing in the body: Toes or
        // a bone with no weights above the threshold) gives an InputError naming it.
        int empty = -1;
        for (size_t b = 0; b < character.skeleton.bones.size() && empty < 0; ++b) {
            try {
                fitVolume(character, int(b), CollisionShape::Sphere, settings);
            } catch (const InputError &error) {
                empty = int(b);
                QVERIFY(QString(error.what())
                            .contains(QString::fromStdString(character.skeleton.bones[b].name)));
                QVERIFY(QString(error.what()).contains("drives no vertex"));
            }
        }
        QVERIFY(empty >= 0);
        QVERIFY_THROWS_EXCEPTION(InputError, fitVolume(character, -1, CollisionShape::Sphere));
        QVERIFY_THROWS_EXCEPTION(InputError, fitVolume(character, 999, CollisionShape::Sphere));
        QVERIFY_THROWS_EXCEPTION(InputError, fitVolume(character, 1, CollisionShape::Plane));
        settings.coverage = 0;
        QVERIFY_THROWS_EXCEPTION(InputError,
                                 fitVolume(character, 1, CollisionShape::Sphere, settings));
        settings.coverage = 0.9f;
        settings.meshes = {42};
        QVERIFY_THROWS_EXCEPTION(InputError,
                                 fitVolume(character, 1, CollisionShape::Sphere, settings));
    }
};

QTEST_GUILESS_MAIN(TestCollisionFit)
#include "test_collision_fit.moc"
