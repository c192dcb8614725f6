// Collision volumes inside the body: a synthetic body made in code (a capsule around each bone
// of a bent three-bone chain, one of them flattened) gets volumes fitted on every bone; each
// lies inside the body within the collision thickness, measured independently on a denser
// sample of its surface, and still fills a good part of the limb. The enclosing ellipsoids it
// starts from stick out; volumeProtrusion measures a known case exactly.
#include "tweed/cloth_measures.h"
#include "tweed/errors.h"
#include "tweed/meshproc/volume_inside.h"
#include "tweed/sim/colliders.h"

#include <QTest>

#include <cmath>

using namespace tweed;

namespace {

struct Limb
{
    const char *name;
    int parent;
    Vec3 offset;  ///< from the parent's origin, in the parent's frame
    float angle;  ///< about z, radians
    float length; ///< along the bone's +y
    float radius;
    float flatten; ///< scale of the cross-section along the bone's z
};

const Limb kLimbs[] = {{"Thigh", -1, {0, 0, 0}, 0.0f, 0.45f, 0.08f, 1.0f},
                       {"Shin", 0, {0, 0.45f, 0}, 0.7f, 0.4f, 0.06f, 0.6f},
                       {"Foot", 1, {0, 0.4f, 0}, -1.2f, 0.2f, 0.04f, 1.0f}};

constexpr float kThickness = 0.005f;

// A closed capsule mesh around the bone's +y axis from 0 to length, in the bone's frame.
void appendCapsule(GraphicsMesh &mesh, const Limb &limb, const Mat4 &frame, int bone)
{
    constexpr int kRings = 8, kSegments = 24; // per hemisphere
    const uint32_t base = uint32_t(mesh.positions.size());
    const float hh = 0.5f * limb.length - limb.radius;
    int rows = 0;
    for (int half = 0; half < 2; ++half)
        for (int j = 0; j <= kRings; ++j, ++rows) {
            const float theta =
                kPi * 0.5f * (half == 0 ? float(j) / kRings - 1.0f : float(j) / kRings);
            const float y =
                0.5f * limb.length + (half == 0 ? -hh : hh) + limb.radius * std::sin(theta);
            const float rho = limb.radius * std::cos(theta);
            for (int i = 0; i < kSegments; ++i) {
                const float phi = 2 * kPi * float(i) / kSegments;
                const Vec3 local{rho * std::cos(phi), y, rho * std::sin(phi) * limb.flatten};
                mesh.positions.push_back(frame.transformPoint(local));
                BoneInfluence inf;
                inf.bones[0] = uint16_t(bone);
                inf.weights[0] = 1;
                mesh.skin.push_back(inf);
            }
        }
    for (int j = 0; j + 1 < rows; ++j)
        for (int i = 0; i < kSegments; ++i) {
            const uint32_t a = base + uint32_t(j * kSegments + i);
            const uint32_t b = base + uint32_t((j + 1) * kSegments + i);
            const uint32_t c = base + uint32_t((j + 1) * kSegments + (i + 1) % kSegments);
            const uint32_t d = base + uint32_t(j * kSegments + (i + 1) % kSegments);
            // Outward: up the capsule, then around from x towards z.
            for (uint32_t q : {a, b, c, a, c, d})
                mesh.indices.push_back(q);
        }
}

struct Body
{
    Skeleton skeleton;
    std::vector<GraphicsMesh> meshes; ///< one capsule per bone
    std::vector<const GraphicsMesh *> pointers() const
    {
        std::vector<const GraphicsMesh *> out;
        for (const GraphicsMesh &m : meshes)
            out.push_back(&m);
        return out;
    }
};

Body makeBody()
{
    Body body;
    for (const Limb &limb : kLimbs) {
        Bone bone;
        bone.name = limb.name;
        bone.parent = limb.parent;
        bone.restLocal.translation = limb.offset;
        bone.restLocal.rotation = axisAngle({0, 0, 1}, limb.angle);
        body.skeleton.bones.push_back(bone);
    }
    const std::vector<Mat4> global = body.skeleton.restGlobal();
    for (size_t b = 0; b < global.size(); ++b) {
        body.skeleton.bones[b].inverseBind = inverse(global[b]);
        GraphicsMesh mesh;
        mesh.name = kLimbs[b].name;
        appendCapsule(mesh, kLimbs[b], global[b], int(b));
        body.meshes.push_back(mesh);
    }
    return body;
}

// Largest signed distance of the volume's surface (sampled densely) from the body: the union
// of the capsules.
float measuredProtrusion(const CollisionVolume &v, const Body &body)
{
    std::vector<MeshDistance> surfaces;
    for (const GraphicsMesh &m : body.meshes)
        surfaces.emplace_back(m.positions, m.indices);
    const Mat4 bone = inverse(body.skeleton.bones[size_t(v.bone)].inverseBind);
    float worst = -INFINITY;
    for (const Vec3 &p : volumeSurfaceSamples(v, colliderFrame(v, bone), 4000)) {
        float d = INFINITY;
        for (const MeshDistance &s : surfaces)
            d = std::min(d, s.query(p).distance);
        worst = std::max(worst, d);
    }
    return worst;
}

float smallestSize(const CollisionVolume &v)
{
    return v.shape == CollisionShape::Ellipsoid ? std::min({v.radii.x, v.radii.y, v.radii.z})
                                                : v.radius;
}

} // namespace

class TestVolumeInside : public QObject
{
    Q_OBJECT
private slots:
    void theBodyIsClosedAndOutward()
    {
        const Body body = makeBody();
        for (size_t b = 0; b < body.meshes.size(); ++b) {
            const MeshDistance d(body.meshes[b].positions, body.meshes[b].indices);
            const Mat4 bone = inverse(body.skeleton.bones[b].inverseBind);
            const Vec3 middle = bone.transformPoint({0, 0.5f * kLimbs[b].length, 0});
            QVERIFY(std::abs(d.query(middle).distance + kLimbs[b].radius * kLimbs[b].flatten) <
                    2e-3f);
            const Vec3 out =
                bone.transformPoint({kLimbs[b].radius + 0.01f, 0.5f * kLimbs[b].length, 0});
            QVERIFY(std::abs(d.query(out).distance - 0.01f) < 1e-3f);
        }
    }

    void fittedVolumesLieInsideTheBody()
    {
        const Body body = makeBody();
        CollisionFitSettings settings;
        for (CollisionShape shape : {CollisionShape::Ellipsoid, CollisionShape::Capsule,
                                     CollisionShape::TaperedCapsule, CollisionShape::Sphere})
            for (int bone = 0; bone < 3; ++bone) {
                const QString what =
                    QString("shape %1 bone %2").arg(int(shape)).arg(kLimbs[bone].name);
                InsideFitReport report;
                const std::vector<CollisionVolume> volumes = fitVolumesInside(
                    body.skeleton, body.pointers(), bone, shape, settings, kThickness, &report);
                QVERIFY2(!volumes.empty(), qPrintable(what));
                // An enclosing ellipsoid or sphere sticks out of a capsule (an enclosing capsule
                // may fit it); the result does not.
                if (shape == CollisionShape::Ellipsoid || shape == CollisionShape::Sphere)
                    QVERIFY2(report.protrusionBefore > kThickness,
                             qPrintable(what + " " + QString::number(report.protrusionBefore)));
                QVERIFY2(report.protrusionAfter <= kThickness + 1e-5f, qPrintable(what));
                float size = 0;
                for (const CollisionVolume &v : volumes) {
                    QCOMPARE(v.bone, bone);
                    QCOMPARE(v.shape, shape);
                    const float p = measuredProtrusion(v, body);
                    QVERIFY2(p <= kThickness + 1e-3f,
                             qPrintable(what + " protrudes " + QString::number(p)));
                    size = std::max(size, smallestSize(v));
                }
                // Not shrunk to nothing: at least half the limb's thinnest half-width.
                const float thinnest = kLimbs[bone].radius * kLimbs[bone].flatten;
                QVERIFY2(size >= 0.5f * thinnest,
                         qPrintable(what + " size " + QString::number(size)));
            }
    }

    void protrusionOfAKnownVolume()
    {
        const Body body = makeBody();
        // A sphere of 10 cm on the thigh's axis: 2 cm outside the 8 cm capsule.
        CollisionVolume sphere;
        sphere.shape = CollisionShape::Sphere;
        sphere.bone = 0;
        sphere.radius = 0.1f;
        sphere.local.translation = {0, 0.2f, 0};
        const float p = volumeProtrusion(sphere, body.skeleton, {&body.meshes[0]});
        QVERIFY2(std::abs(p - 0.02f) < 1e-3f, qPrintable(QString::number(p)));
        // Shrunk inside: within the thickness, and no smaller than it needs to be.
        const std::vector<PosedBody> poses = bodyPoses(body.skeleton, {&body.meshes[0]});
        const CollisionVolume inside = shrinkInsideBody(sphere, poses, kThickness);
        QVERIFY(volumeProtrusion(inside, body.skeleton, {&body.meshes[0]}) <= kThickness + 1e-5f);
        QVERIFY2(inside.radius > 0.08f, qPrintable(QString::number(inside.radius)));
        QVERIFY_THROWS_EXCEPTION(InputError,
                                 fitVolumesInside(body.skeleton, body.pointers(), 0,
                                                  CollisionShape::Ellipsoid, {}, -1.0f));
    }
};

QTEST_APPLESS_MAIN(TestVolumeInside)
#include "test_volume_inside.moc"
