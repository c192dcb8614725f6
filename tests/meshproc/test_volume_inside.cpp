// Collision volumes inside the body: a synthetic body made in code (a capsule around each bone
// of a bent three-bone chain, one of them flattened) gets volumes fitted on every bone; each
// lies inside the body within the collision thickness, measured independently on a denser
// sample of its surface, and still fills a good part of the limb. The enclosing ellipsoids it
// starts from stick out; volumeProtrusion measures a known case exactly.
#include "physics_test_meshes.h"
#include "tweed/cloth_measures.h"
#include "tweed/clip_simulation.h"
#include "tweed/errors.h"
#include "tweed/meshproc/volume_inside.h"
#include "tweed/sim/colliders.h"

#include <QTest>

#include <algorithm>
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
                mesh.skin.push_back(test::rigidInfluence(bone));
            }
        }
    test::appendRingTriangles(mesh.indices, base, rows, kSegments); // outwards
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

// One closed tube (radius 6 cm) along two bones, an upper and a lower one of 0.4 m each, its
// weights blending from one to the other over 10 cm each side of the joint, and a clip of one
// second that bends the joint by 100 degrees: the body folds at the joint, so volumes that lie
// inside it at rest stick out of it once bent.
struct BendingBody
{
    Skeleton skeleton;
    GraphicsMesh mesh;
    AnimationClip bend;
};

BendingBody makeBendingBody(float degrees = 100.0f)
{
    BendingBody body;
    Bone upper, lower;
    upper.name = "Upper";
    lower.name = "Lower";
    lower.parent = 0;
    lower.restLocal.translation = {0, 0.4f, 0};
    body.skeleton.bones = {upper, lower};
    test::bindAtRest(body.skeleton);
    constexpr int kRows = 41, kSegments = 24;
    constexpr float kRadius = 0.06f, kLength = 0.8f;
    GraphicsMesh &mesh = body.mesh;
    mesh.name = "Body";
    auto weigh = [](float y) {
        BoneInfluence inf;
        const float w = std::clamp((y - 0.3f) / 0.2f, 0.0f, 1.0f);
        inf.bones[0] = 0;
        inf.weights[0] = 1 - w;
        inf.bones[1] = 1;
        inf.weights[1] = w;
        return inf;
    };
    for (int j = 0; j < kRows; ++j)
        for (int i = 0; i < kSegments; ++i) {
            const float y = kLength * float(j) / float(kRows - 1);
            const float phi = 2 * kPi * float(i) / kSegments;
            mesh.positions.push_back({kRadius * std::cos(phi), y, kRadius * std::sin(phi)});
            mesh.skin.push_back(weigh(y));
        }
    for (int j = 0; j + 1 < kRows; ++j)
        for (int i = 0; i < kSegments; ++i) {
            const uint32_t a = uint32_t(j * kSegments + i), b = uint32_t(j * kSegments + (i + 1) % kSegments);
            const uint32_t c = a + kSegments, d = b + kSegments;
            mesh.indices.insert(mesh.indices.end(), {a, c, b, b, c, d});
        }
    // The caps: a centre vertex at each end.
    for (int end = 0; end < 2; ++end) {
        const float y = end == 0 ? 0.0f : kLength;
        const uint32_t centre = uint32_t(mesh.positions.size());
        mesh.positions.push_back({0, y, 0});
        mesh.skin.push_back(weigh(y));
        const uint32_t ring = end == 0 ? 0 : uint32_t((kRows - 1) * kSegments);
        for (int i = 0; i < kSegments; ++i) {
            const uint32_t a = ring + uint32_t(i), b = ring + uint32_t((i + 1) % kSegments);
            if (end == 0)
                mesh.indices.insert(mesh.indices.end(), {centre, a, b});
            else
                mesh.indices.insert(mesh.indices.end(), {centre, b, a});
        }
    }
    body.bend.name = "Bend";
    body.bend.duration = 1.0;
    BoneTrack track;
    track.bone = 1;
    track.rotations = {{0.0, Quat{}}, {1.0, axisAngle({0, 0, 1}, degrees * kPi / 180.0f)}};
    track.translations = {{0.0, Vec3{0, 0.4f, 0}}};
    body.bend.tracks.push_back(track);
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

    void fittedOverAClipStayInsideInEveryFrame()
    {
        const BendingBody body = makeBendingBody();
        // The tube is closed and its normals point out: the axis is inside, 1 cm out is out.
        const MeshDistance rest(body.mesh.positions, body.mesh.indices);
        QVERIFY(std::abs(rest.query({0, 0.2f, 0}).distance + 0.06f) < 2e-3f);
        QVERIFY(std::abs(rest.query({0.07f, 0.2f, 0}).distance - 0.01f) < 2e-3f);

        const std::vector<AnimationClip> clips{body.bend};
        const BodyMotion motion(body.skeleton, {&body.mesh}, clips);
        QCOMPARE(int(motion.poseCount()), 1 + 61); // the bind pose, frames 0 to 60
        // Every frame at 60 a second, measured as the measures do (core's volumeProtrusion on
        // the body posed from scratch), and half-way between frames too.
        auto worstOverClip = [&](const CollisionVolume &v, double fps) {
            float worst = 0;
            MeshDistance posed(body.mesh.positions, body.mesh.indices);
            for (int f = 0; f <= int(fps); ++f) {
                const std::vector<Mat4> skinning =
                    skinningMatricesAt(body.skeleton, &body.bend, double(f) / fps);
                std::vector<Vec3> positions;
                skinVertices(body.mesh.positions, body.mesh.skin, skinning, positions);
                posed.update(positions);
                const Mat4 bone = skinning[size_t(v.bone)] *
                                  inverse(body.skeleton.bones[size_t(v.bone)].inverseBind);
                worst = std::max(worst, volumeProtrusion(v, bone, posed));
            }
            return worst;
        };
        CollisionFitSettings settings;
        for (int bone = 0; bone < 2; ++bone) {
            // Fitted in the bind pose only, the volume sticks out of the bent body.
            float bindOnly = 0;
            for (const CollisionVolume &v : fitVolumesInside(body.skeleton, {&body.mesh}, bone,
                                                             CollisionShape::Ellipsoid, settings,
                                                             kThickness))
                bindOnly = std::max(bindOnly, worstOverClip(v, 60));
            QVERIFY2(bindOnly > 2 * kThickness, qPrintable(QString::number(bindOnly)));
            // Fitted over the clip it does not, in any frame, and agrees with the measure.
            InsideFitReport report;
            const std::vector<CollisionVolume> volumes =
                fitVolumesInside(body.skeleton, {&body.mesh}, bone, CollisionShape::Ellipsoid,
                                 settings, kThickness, &report, &motion);
            QVERIFY(!volumes.empty());
            QCOMPARE(report.protrusions.size(), volumes.size());
            QVERIFY(report.posesPerClip.at(0) > 0); // the bend made it shrink
            float size = 0;
            for (size_t i = 0; i < volumes.size(); ++i) {
                const float measured = worstOverClip(volumes[i], 60);
                QVERIFY2(measured <= kThickness + 1e-5f, qPrintable(QString::number(measured)));
                QVERIFY2(std::abs(measured - report.protrusions[i]) < 1e-5f,
                         qPrintable(QString("%1 %2").arg(measured).arg(report.protrusions[i])));
                QVERIFY(std::abs(volumeProtrusion(volumes[i], motion) - measured) < 1e-5f);
                size = std::max(size, smallestSize(volumes[i]));
            }
            // Still a volume of the limb: at least a third of its radius.
            QVERIFY2(size >= 0.02f, qPrintable(QString::number(size)));
        }
    }

    // A limb folded far (150 degrees) at its joint: the end of each bone's volume near the
    // joint sticks out by more than the limb is thick. The volume gives way at that end (and
    // moves along the bone) instead of flattening across the limb to a millimetre (as a fit
    // that shrinks every axis about a fixed centre did: 1.4 mm on the upper bone).
    void volumesOfAFoldedLimbKeepTheirThickness()
    {
        const float degrees = 150.0f;
        const BendingBody body = makeBendingBody(degrees);
        const BodyMotion motion(body.skeleton, {&body.mesh}, {body.bend});
        const std::vector<BoneFit> fits =
            fitBonesInside(body.skeleton, {&body.mesh}, {0, 1}, CollisionShape::Ellipsoid, {},
                           kThickness, &motion);
        for (const BoneFit &fit : fits) {
            const QString what = QString("%1 degrees, bone %2").arg(degrees).arg(fit.bone);
            QVERIFY2(fit.error.empty(), qPrintable(what + " " + fit.error.c_str()));
            float size = 0;
            for (size_t i = 0; i < fit.volumes.size(); ++i) {
                const float p = volumeProtrusion(fit.volumes[i], motion);
                QVERIFY2(p <= kThickness + 1e-5f, qPrintable(what + " " + QString::number(p)));
                size = std::max(size, smallestSize(fit.volumes[i]));
            }
            // At least 40% of the limb's radius (6 cm).
            QVERIFY2(size >= 0.024f, qPrintable(what + " size " + QString::number(size)));
        }
    }

    // The flesh slides across the bone: in a second pose the tube (radius 6 cm) lies 4 cm to
    // the side of where it is at rest, so only the lens where both poses' tubes overlap, 8 cm
    // wide, can hold a volume. Shrunk about its centre on the bone, a volume is at most 2 cm
    // across that way (plus the thickness); moving inwards as it shrinks, it fills the lens.
    void boxesAndCapsulesMoveInwardsAsTheyShrink()
    {
        const BendingBody body = makeBendingBody();
        std::vector<PosedBody> poses(2);
        std::vector<Vec3> slid = body.mesh.positions;
        for (Vec3 &p : slid)
            p.x += 0.04f;
        poses[0].surfaces.emplace_back(body.mesh.positions, body.mesh.indices);
        poses[1].surfaces.emplace_back(slid, body.mesh.indices);
        for (PosedBody &pose : poses)
            pose.boneGlobal = {Mat4{}, Mat4::translation({0, 0.4f, 0})};
        CollisionVolume capsule;
        capsule.shape = CollisionShape::Capsule;
        capsule.bone = 0;
        capsule.local.translation = {0, 0.4f, 0};
        capsule.radius = capsule.radius2 = 0.055f;
        capsule.halfHeight = 0.25f;
        CollisionVolume box = capsule;
        box.shape = CollisionShape::Box;
        box.radii = {0.04f, 0.3f, 0.04f};
        for (const CollisionVolume &start : {capsule, box}) {
            const CollisionVolume v = shrinkInsideBody(start, poses, kThickness);
            const QString what = start.shape == CollisionShape::Box ? "box" : "capsule";
            QVERIFY2(volumeProtrusion(v, poses) <= kThickness + 1e-5f,
                     qPrintable(what + " " + QString::number(volumeProtrusion(v, poses))));
            // Across the slide: about its fixed centre at most 2 cm plus the thickness (the
            // old fit left 2.2 cm of capsule radius and 1.3 cm of box); moved towards the
            // lens's middle, more (the lens holds a 4 cm radius).
            const float across = start.shape == CollisionShape::Box ? v.radii.x : v.radius;
            QVERIFY2(across >= 0.02f + kThickness + 0.003f, qPrintable(what + " " +
                                                                       QString::number(across)));
            QVERIFY2(v.local.translation.x > 0.005f,
                     qPrintable(what + " " + QString::number(v.local.translation.x)));
            // Still as long as the lens lets it be.
            QVERIFY2(v.radii.y >= 0.2f, qPrintable(what + " " + QString::number(v.radii.y)));
        }
    }

    // The fit over a clip tells its progress a round at a time and stops when asked, through
    // the same function the editor's Auto-Fit calls (fitBonesInside).
    void fitOverAClipReportsProgressAndStops()
    {
        const BendingBody body = makeBendingBody();
        const BodyMotion motion(body.skeleton, {&body.mesh}, {body.bend});
        std::vector<float> heard;
        const std::vector<BoneFit> fits = fitBonesInside(
            body.skeleton, {&body.mesh}, {0, 1}, CollisionShape::Ellipsoid, {}, kThickness,
            &motion, [&heard](float fraction, std::string_view) {
                heard.push_back(fraction);
                return true;
            });
        QCOMPARE(fits.size(), size_t(2));
        QVERIFY(heard.size() >= 3);
        QVERIFY(std::is_sorted(heard.begin(), heard.end()));
        QVERIFY(heard.front() >= 0.0f && heard.back() <= 1.0f);
        for (const BoneFit &fit : fits) {
            QVERIFY2(fit.error.empty(), fit.error.c_str());
            QVERIFY(fit.report.protrusionAfter <= kThickness + 1e-5f);
        }
        int calls = 0;
        QVERIFY_THROWS_EXCEPTION(
            Cancelled, fitBonesInside(body.skeleton, {&body.mesh}, {0, 1},
                                      CollisionShape::Ellipsoid, {}, kThickness, &motion,
                                      [&calls](float, std::string_view) { return ++calls < 2; }));
    }

    void segmentCapsulesStayInsideTheBentGarment()
    {
        // The tube of makeBendingBody without its caps is the whole garment: the capsule along
        // the upper bone as sized in the bind pose is a core the bend leaves clear; one twice as
        // near the skin is crossed by the inside of the bend.
        const BendingBody body = makeBendingBody();
        const size_t tubeVertices = body.mesh.positions.size() - 2;
        const std::vector<Vec3> positions(body.mesh.positions.begin(),
                                          body.mesh.positions.begin() + ptrdiff_t(tubeVertices));
        const std::vector<BoneInfluence> skin(body.mesh.skin.begin(),
                                              body.mesh.skin.begin() + ptrdiff_t(tubeVertices));
        std::vector<uint32_t> indices;
        for (size_t i = 0; i + 2 < body.mesh.indices.size(); i += 3)
            if (std::max({body.mesh.indices[i], body.mesh.indices[i + 1], body.mesh.indices[i + 2]}) <
                tubeVertices)
                indices.insert(indices.end(), body.mesh.indices.begin() + ptrdiff_t(i),
                               body.mesh.indices.begin() + ptrdiff_t(i + 3));
        const std::vector<CollisionVolume> core =
            boneSegmentCapsules(body.skeleton, positions, skin, kThickness);
        QCOMPARE(core.size(), size_t(1));
        QCOMPARE(core[0].bone, 0);
        // 0.3 of the tube's 6 cm radius less the thickness, as long as the bone.
        QVERIFY(std::abs(core[0].radius - 0.013f) < 1e-4f);
        QVERIFY(std::abs(core[0].halfHeight - (0.2f - 0.013f)) < 1e-4f);
        const float coreDepth = test::deepestInsideVolumes(core, body.skeleton, positions, indices, skin,
                                                           {body.bend}, kThickness);
        QVERIFY2(coreDepth < 1e-4f, qPrintable(QString::number(double(coreDepth))));
        // 0.6 of the radius less the thickness.
        std::vector<CollisionVolume> bind = core;
        bind[0].radius = bind[0].radius2 = 0.031f;
        bind[0].halfHeight = 0.2f - 0.031f;
        const float before = test::deepestInsideVolumes(bind, body.skeleton, positions, indices,
                                                        skin, {body.bend}, kThickness);
        QVERIFY2(before > 0.005f, qPrintable(QString::number(double(before))));

        const BodyMotion motion(body.skeleton, {}, {body.bend});
        SegmentFitReport report;
        const std::vector<CollisionVolume> kept = capsulesOutOfSkinned(
            bind, body.skeleton, positions, indices, skin, kThickness, motion, &report);
        QCOMPARE(kept.size(), size_t(1));
        QCOMPARE(report.changed, 1u);
        QCOMPARE(report.dropped, 0u);
        QVERIFY(std::abs(report.deepestBefore - before) < 1e-3f);
        QCOMPARE(report.posesPerClip.size(), size_t(1));
        QVERIFY(report.posesPerClip[0] > 0 && report.posesPerClip[0] < int(motion.poseCount()));
        const float after = test::deepestInsideVolumes(kept, body.skeleton, positions, indices, skin,
                                                       {body.bend}, kThickness);
        QVERIFY2(after < 1e-4f, qPrintable(QString::number(double(after))));
        // It gives way at the joint's end and keeps most of the limb: the far end stays where it
        // was, and it stays at least two thirds as thick.
        const Vec3 axis = rotate(kept[0].local.rotation, {0, 1, 0});
        const float lowEnd = dot(kept[0].local.translation, axis) - kept[0].halfHeight;
        QVERIFY(std::abs(lowEnd - (0.2f - bind[0].halfHeight)) < 2e-3f);
        QVERIFY(kept[0].halfHeight < bind[0].halfHeight);
        QVERIFY(kept[0].radius > 0.66f * bind[0].radius);
        // A capsule with no garment near it over the motion is kept as it was.
        const std::vector<CollisionVolume> again = capsulesOutOfSkinned(
            kept, body.skeleton, positions, indices, skin, kThickness, motion, &report);
        QCOMPARE(report.changed, 0u);
        QCOMPARE(again[0].radius, kept[0].radius);
        QCOMPARE(again[0].halfHeight, kept[0].halfHeight);

        CollisionVolume sphere = bind[0];
        sphere.shape = CollisionShape::Sphere;
        QVERIFY_THROWS_EXCEPTION(InputError, capsulesOutOfSkinned({sphere}, body.skeleton, positions,
                                                                  indices, skin, kThickness, motion));
        const Body other = makeBody(); // three bones
        const BodyMotion otherMotion(other.skeleton, {});
        QVERIFY_THROWS_EXCEPTION(InputError, capsulesOutOfSkinned(bind, body.skeleton, positions, indices,
                                                                  skin, kThickness, otherMotion));
        QVERIFY_THROWS_EXCEPTION(InputError, boneSegmentCapsules(body.skeleton, positions, {}, kThickness));
        QVERIFY_THROWS_EXCEPTION(InputError, boneSegmentCapsules(body.skeleton, positions, skin, -1.0f));
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
