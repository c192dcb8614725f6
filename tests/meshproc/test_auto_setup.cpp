// Auto Setup on a synthetic character made in code: a body of capsules along a bone chain (a
// torso on the hips, two legs of two bones each) wearing a flared skirt weighted to the left
// leg on its left and the right leg on its right (the bones alone tear it at the front and back
// when the legs swing), with a lining just inside it, and a walk that swings the legs. Auto
// Setup guesses the layers, pins the waistband, repairs the weights, keeps the lining inside the
// skirt over the walk and fits volumes inside the body; without a body mesh it falls back to
// the bone segments; without clips it checks the procedural motions; Cancel changes nothing.
#include "physics_test_meshes.h"
#include "tweed/clip_simulation.h"
#include "tweed/errors.h"
#include "tweed/meshproc/auto_setup.h"
#include "tweed/meshproc/volume_inside.h"
#include "tweed/sim/colliders.h"

#include <QTest>

#include <algorithm>
#include <cmath>

using namespace tweed;

namespace {

constexpr float kHipY = 0.95f;

// A closed capsule from a to b (model space) of the given radius, rigidly skinned to bone.
void appendCapsule(GraphicsMesh &mesh, Vec3 a, Vec3 b, float radius, int bone)
{
    constexpr int kRings = 6, kSegments = 20;
    const uint32_t base = uint32_t(mesh.positions.size());
    const Vec3 axis = normalize(b - a);
    const Vec3 side = normalize(cross(std::abs(axis.y) < 0.9f ? Vec3{0, 1, 0} : Vec3{1, 0, 0}, axis));
    const Vec3 other = cross(axis, side);
    int rows = 0;
    for (int half = 0; half < 2; ++half)
        for (int j = 0; j <= kRings; ++j, ++rows) {
            const float theta = kPi * 0.5f * (half == 0 ? float(j) / kRings - 1.0f : float(j) / kRings);
            const Vec3 centre = half == 0 ? a : b;
            for (int i = 0; i < kSegments; ++i) {
                const float phi = 2 * kPi * float(i) / kSegments;
                const Vec3 ring = side * std::cos(phi) + other * std::sin(phi);
                mesh.positions.push_back(centre + axis * (radius * std::sin(theta)) +
                                         ring * (radius * std::cos(theta)));
                mesh.skin.push_back(test::rigidInfluence(bone));
            }
        }
    test::appendRingTriangles(mesh.indices, base, rows, kSegments, true);
}

// An open flared tube from the waist (top, radius rTop) to the hem: the hips carry the top,
// each leg the lower part of its side.
GraphicsMesh makeSkirt(const std::string &name, float top, float bottom, float rTop, float rBottom)
{
    constexpr int kSegments = 48, kRings = 20;
    GraphicsMesh m;
    m.name = name;
    for (int r = 0; r <= kRings; ++r) {
        const float s = float(r) / kRings; // 0 at the waist
        const float y = top + (bottom - top) * s;
        const float radius = rTop + (rBottom - rTop) * s;
        for (int i = 0; i < kSegments; ++i) {
            const float a = 2 * kPi * float(i) / kSegments;
            const Vec3 p{radius * std::cos(a), y, radius * std::sin(a)};
            m.positions.push_back(p);
            m.normals.push_back({std::cos(a), 0, std::sin(a)});
            m.uvs.push_back({float(i) / kSegments, s});
            BoneInfluence inf;
            const float leg = std::clamp(1.6f * s, 0.0f, 1.0f);
            inf.bones = {0, uint16_t(p.x < 0 ? 2 : 4), 0, 0};
            inf.weights = {1 - leg, leg, 0, 0};
            m.skin.push_back(inf);
        }
    }
    for (uint32_t r = 0; r < uint32_t(kRings); ++r)
        for (uint32_t i = 0; i < uint32_t(kSegments); ++i) {
            const uint32_t a = r * kSegments + i, b = r * kSegments + (i + 1) % kSegments;
            const uint32_t c = a + kSegments, d = b + kSegments;
            // Outward: y goes down the rows, so (a, b, c) turns from x to z, then down.
            m.indices.insert(m.indices.end(), {a, b, c, b, d, c});
        }
    m.submeshes.push_back({name, "cloth", "", 0, uint32_t(m.indices.size() / 3)});
    return m;
}

// hipsScale: the hips bone scaled by it and its children's offsets divided by it (an armature
// exported in centimetres: the same rest pose and skinning in metres).
Character makeCharacter(bool withBody, bool withClip, float hipsScale = 1.0f)
{
    Character c;
    auto bone = [&](const char *name, int parent, Vec3 offset) {
        Bone b;
        b.name = name;
        b.parent = parent;
        b.restLocal.translation = parent == 0 ? offset * (1.0f / hipsScale) : offset;
        if (parent < 0) b.restLocal.scale = {hipsScale, hipsScale, hipsScale};
        c.skeleton.bones.push_back(b);
    };
    bone("Hips", -1, {0, kHipY, 0});
    bone("Spine", 0, {0, 0.3f, 0});
    bone("LeftLeg", 0, {-0.09f, -0.1f, 0});
    bone("LeftShin", 2, {0, -0.4f * (1.0f / hipsScale), 0});
    bone("RightLeg", 0, {0.09f, -0.1f, 0});
    bone("RightShin", 4, {0, -0.4f * (1.0f / hipsScale), 0});
    test::bindAtRest(c.skeleton);

    if (withBody) {
        GraphicsMesh body;
        body.name = "Body";
        appendCapsule(body, {0, 1.0f, 0}, {0, 1.5f, 0}, 0.14f, 0);
        for (float x : {-0.09f, 0.09f}) {
            const int leg = x < 0 ? 2 : 4;
            appendCapsule(body, {x, 0.78f, 0}, {x, 0.5f, 0}, 0.07f, leg);
            appendCapsule(body, {x, 0.36f, 0}, {x, 0.1f, 0}, 0.07f, leg + 1);
        }
        body.submeshes.push_back({"Body", "skin", "", 0, uint32_t(body.indices.size() / 3)});
        c.meshes.push_back(body);
    }
    c.meshes.push_back(makeSkirt("Skirt", 1.05f, 0.55f, 0.17f, 0.25f));
    c.meshes.push_back(makeSkirt("Lining", 1.04f, 0.65f, 0.16f, 0.225f));
    c.meshSkinnedInSource.assign(c.meshes.size(), true);

    if (withClip) {
        AnimationClip walk;
        walk.name = "Walk";
        walk.duration = 2.0;
        for (int leg : {2, 4}) {
            const float side = leg == 2 ? 1.0f : -1.0f;
            walk.tracks.push_back(test::rotationTrack(leg, {1, 0, 0}, 2.0, 40, [side](double t) {
                return 0.45f * float(std::sin(kPi * t)) * side;
            }));
        }
        c.clips.push_back(walk);
    }
    return c;
}

// Auto Setup of the skirt and its lining on the character without a body mesh (no rounds, half
// a second of each clip checked).
AutoSetupResult setUpWithoutBody(float hipsScale = 1.0f)
{
    AutoSetupOptions options;
    options.rounds = 0;
    options.checkSeconds = 0.5;
    options.create.shellMeshes = {"Skirt"};
    options.create.riderMeshes = {"Lining"};
    return autoSetup(makeCharacter(false, true, hipsScale), options);
}

// A tube `length` long hanging from bone 1 at its top (makeTube's weights: bone 1's share is
// y / length), swung about its bottom by the root bone `amplitude` radians each way at
// `hertz`, for two seconds.
Character makeSwingingTube(float length, float amplitude, float hertz)
{
    Character c;
    c.skeleton = test::makeSpine(length);
    c.meshes.push_back(test::makeTube(0.15f * length, length, 16, 20, "Tube"));
    c.meshSkinnedInSource.assign(1, true);
    c.clips.push_back(test::rotationClip("Swing", 0, {0, 0, 1}, 2.0, 80, [=](double t) {
        return amplitude * float(std::sin(2 * kPi * hertz * t));
    }));
    return c;
}

// A torso of two capsules (hips, chest) in a sleeve 3.5 cm outside it, weighted from the hips
// to the chest over the waist; the chest bends `bend` rad forward and back.
Character makeBendingTorso(float bend = 0.8f)
{
    Character c;
    Bone hips;
    hips.name = "Hips";
    hips.restLocal.translation = {0, 0.95f, 0};
    Bone chest;
    chest.name = "Chest";
    chest.parent = 0;
    chest.restLocal.translation = {0, 0.25f, 0};
    c.skeleton.bones = {hips, chest};
    test::bindAtRest(c.skeleton);
    GraphicsMesh body;
    body.name = "Body";
    appendCapsule(body, {0, 0.8f, 0}, {0, 1.12f, 0}, 0.13f, 0);
    appendCapsule(body, {0, 1.24f, 0}, {0, 1.5f, 0}, 0.13f, 1);
    body.submeshes.push_back({"Body", "skin", "", 0, uint32_t(body.indices.size() / 3)});
    c.meshes.push_back(body);
    GraphicsMesh sleeve = makeSkirt("Sleeve", 1.45f, 0.85f, 0.165f, 0.165f);
    for (size_t v = 0; v < sleeve.positions.size(); ++v) {
        const float w = std::clamp((sleeve.positions[v].y - 1.1f) / 0.2f, 0.0f, 1.0f);
        sleeve.skin[v].bones = {0, 1, 0, 0};
        sleeve.skin[v].weights = {1 - w, w, 0, 0};
    }
    c.meshes.push_back(sleeve);
    c.meshSkinnedInSource.assign(c.meshes.size(), true);
    c.clips.push_back(test::rotationClip("Bend", 1, {1, 0, 0}, 2.0, 40, [bend](double t) {
        return bend * float(std::sin(kPi * t / 2));
    }));
    return c;
}

// A cape over the skirt's back (makeCharacter's): a half tube 4 cm outside the skirt from its
// waistband down to 0.6 m, given to a far bone on each side, as Blender's automatic weights
// give a cape to the hands: its left half to the left shin, its right half to the right shin.
GraphicsMesh makeCapeOnTheShins()
{
    constexpr int kAcross = 16, kRings = 12;
    GraphicsMesh m;
    m.name = "Cape";
    for (int r = 0; r <= kRings; ++r) {
        const float s = float(r) / kRings;
        const float y = 1.05f + (0.6f - 1.05f) * s;
        const float radius = 0.17f + 0.08f * (1.05f - y) / 0.5f + 0.04f; // the skirt's, and 4 cm
        for (int i = 0; i <= kAcross; ++i) {
            const float a = kPi + kPi * float(i) / kAcross; // behind: z <= 0
            const Vec3 p{radius * std::cos(a), y, radius * std::sin(a)};
            m.positions.push_back(p);
            m.normals.push_back({std::cos(a), 0, std::sin(a)});
            m.uvs.push_back({float(i) / kAcross, s});
            m.skin.push_back(test::rigidInfluence(p.x < 0 ? 3 : 5));
        }
    }
    for (uint32_t r = 0; r < uint32_t(kRings); ++r)
        for (uint32_t i = 0; i < uint32_t(kAcross); ++i) {
            const uint32_t a = r * (kAcross + 1) + i, b = a + 1, c = a + kAcross + 1, d = c + 1;
            m.indices.insert(m.indices.end(), {a, b, c, b, d, c}); // outward, as the skirt's
        }
    m.submeshes.push_back({"Cape", "cloth", "", 0, uint32_t(m.indices.size() / 3)});
    return m;
}

float maxDistanceAt(const ClothingAsset &asset, size_t v)
{
    const PhysicsMesh &physics = asset.physicsMeshes.front();
    return physics.channels[FloatChannel::MaxDistance][v];
}

// A two-second clip in which one bone slides from `base` by `offset` and back, eased (sin^2).
AnimationClip easedSlide(int bone, Vec3 base, Vec3 offset)
{
    AnimationClip slide;
    slide.name = "Slide";
    slide.duration = 2.0;
    BoneTrack track;
    track.bone = bone;
    for (int k = 0; k <= 40; ++k) {
        const double t = 2.0 * k / 40;
        const float s = float(std::sin(kPi * t / 2.0));
        track.translations.push_back({t, base + offset * (s * s)});
    }
    slide.tracks.push_back(track);
    return slide;
}

struct EdgeExtremes
{
    float stretch = 1; ///< largest skinned over rest length
    float squeeze = 1; ///< largest rest over skinned length
};

// An edge's extremes over 21 poses spread over the clip (for the two-second slides, ten a
// second, as Auto Setup samples them), skinned with the physics mesh's weights as written.
EdgeExtremes skinnedEdgeExtremes(const PhysicsMesh &physics, const Skeleton &skeleton, const AnimationClip &clip,
                                 uint32_t a, uint32_t b)
{
    EdgeExtremes e;
    const float rest = distance(physics.positions[a], physics.positions[b]);
    std::vector<Vec3> x;
    for (int s = 0; s <= 20; ++s) {
        skinVertices(physics.positions, physics.skin, skinningMatricesAt(skeleton, &clip, clip.duration * s / 20), x);
        const float now = distance(x[a], x[b]);
        e.stretch = std::max(e.stretch, now / rest);
        e.squeeze = std::max(e.squeeze, rest / std::max(1e-6f, now));
    }
    return e;
}

} // namespace

class TestAutoSetup : public QObject
{
    Q_OBJECT
private slots:
    void sameResultOnAnyThreadCount()
    {
        // The check simulates the clips side by side on several threads, or one clip on a
        // pool: the asset and every clip's measures are the same on one thread, two and the
        // default (one per core). Two clips, so both ways run.
        Character c = makeCharacter(true, true);
        AnimationClip second = c.clips.front();
        second.name = "WalkFast";
        for (BoneTrack &track : second.tracks)
            for (auto &key : track.rotations)
                key.time *= 0.6;
        second.duration *= 0.6;
        c.clips.push_back(second);
        auto run = [&](int threads) {
            AutoSetupOptions options;
            options.create.shellMeshes = {"Skirt"};
            options.create.riderMeshes = {"Lining"};
            options.rounds = 1;
            options.checkSeconds = 0.5;
            options.threads = threads;
            return autoSetup(c, options);
        };
        QCOMPARE(AutoSetupOptions{}.threads, 0);
        const AutoSetupResult one = run(1);
        QCOMPARE(one.report.clips.size(), size_t(2));
        for (int threads : {2, 0}) {
            const AutoSetupResult other = run(threads);
            QVERIFY2(other.asset == one.asset, qPrintable(QString::number(threads)));
            QCOMPARE(other.report.clips.size(), one.report.clips.size());
            for (size_t k = 0; k < one.report.clips.size(); ++k) {
                const ClipMeasures &a = one.report.clips[k].measures, &b = other.report.clips[k].measures;
                QCOMPARE(b.frames, a.frames);
                QCOMPARE(b.meanMaxStretch, a.meanMaxStretch);
                QCOMPARE(b.sum.maxStretch, a.sum.maxStretch);
                QCOMPARE(b.sum.maxDistanceHitShare(), a.sum.maxDistanceHitShare());
            }
        }
        QVERIFY_THROWS_EXCEPTION(InputError, run(65));
    }

    void aCapeTheRigGaveToFarBonesHangsFromTheLayerBeneath()
    {
        // The shins carry the cape (its halves tear apart as the legs swing): it takes the
        // skirt's weights beneath it, so its top follows the hips as the skirt's waistband does,
        // and it hangs from its top: no vertex below its top band is pinned to follow its
        // target (a pin at the humanoid's cape hem, with a free neighbour held at its limit
        // beside it, stretched 1.64 on RunTurn).
        Character character = makeCharacter(true, true);
        character.meshes.push_back(makeCapeOnTheShins());
        character.meshSkinnedInSource.assign(character.meshes.size(), true);
        AutoSetupOptions options;
        options.rounds = 1;
        options.checkSeconds = 1.0;
        options.create.shellMeshes = {"Skirt", "Cape"};
        options.create.riderMeshes = {"Lining"};
        const AutoSetupResult result = autoSetup(character, options);
        const PhysicsMesh &physics = result.asset.physicsMeshes.front();
        const bool took = std::any_of(result.report.actions.begin(), result.report.actions.end(),
                                      [](const std::string &a) { return a.find("outer shell pieces") != std::string::npos; });
        QVERIFY(took);
        size_t capeTop = 0, capeBelow = 0;
        for (size_t v = 0; v < physics.vertexCount(); ++v) {
            const Vec3 p = physics.positions[v];
            const float skirt = 0.17f + 0.08f * (1.05f - p.y) / 0.5f;
            if (!(p.z < -0.02f && std::hypot(p.x, p.z) > skirt + 0.025f)) continue; // the cape's
            if (p.y > 1.02f) { // its top band
                ++capeTop;
                const float hips = test::boneWeight(physics.skin[v], 0);
                QVERIFY2(hips > 0.5f, qPrintable(QStringLiteral("vertex %1 hips %2").arg(v).arg(double(hips))));
            } else if (p.y < 0.9f) {
                ++capeBelow;
                QVERIFY2(maxDistanceAt(result.asset, v) > 0.0f, qPrintable(QStringLiteral("vertex %1 at y %2 pinned").arg(v).arg(double(p.y))));
            }
        }
        QVERIFY2(capeTop >= 4 && capeBelow >= 40, qPrintable(QStringLiteral("%1 %2").arg(capeTop).arg(capeBelow)));
    }

    void skirtWithLiningOnACapsuleBody()
    {
        const Character character = makeCharacter(true, true);
        AutoSetupOptions options;
        options.rounds = 1;
        const AutoSetupResult result = autoSetup(character, options);
        const AutoSetupReport &report = result.report;
        const ClothingAsset &asset = result.asset;

        // The layers are guessed: the capsules are the body, the skirt the shell and the
        // lining just inside it a rider.
        QCOMPARE(report.body, std::vector<std::string>{"Body"});
        QCOMPARE(report.shells, std::vector<std::string>{"Skirt"});
        QCOMPARE(report.riders, std::vector<std::string>{"Lining"});
        QVERIFY(!report.bodyFromBones);
        QVERIFY(!report.proceduralMotion);

        // The waistband is pinned and the hem is free.
        const PhysicsMesh &physics = asset.physicsMeshes.front();
        QVERIFY(physics.channels.vertexCount() == physics.vertexCount());
        size_t waist = 0, hem = 0, freeHem = 0;
        for (size_t v = 0; v < physics.vertexCount(); ++v) {
            const float y = physics.positions[v].y;
            if (y > 1.045f) {
                ++waist;
                QCOMPARE(maxDistanceAt(asset, v), 0.0f);
            } else if (y < 0.56f) {
                ++hem;
                freeHem += maxDistanceAt(asset, v) > 0.01f;
            }
        }
        QVERIFY(waist >= 40);
        QVERIFY(hem >= 40);
        // The hem moves, but where a swinging leg passes close to it.
        QVERIFY2(freeHem >= hem / 2, qPrintable(QStringLiteral("%1 of %2").arg(freeHem).arg(hem)));
        // The graphics paint matches: the waistband's graphics vertices are pinned too.
        const GraphicsLod &lod = asset.lods.front();
        for (size_t g = 0; g < lod.mesh.vertexCount(); ++g)
            if (lod.mesh.positions[g].y > 1.045f)
                QCOMPARE(lod.channels[FloatChannel::MaxDistance][g], 0.0f);

        // The legs tear the skirt's own weights apart; the repair smooths them within limit.
        QVERIFY2(report.skinnedStretchBefore > 1.3f,
                 qPrintable(QString::number(double(report.skinnedStretchBefore))));
        QVERIFY(report.repairedVertices > 0);
        // From above 10 to below 1.45: the repair aims at options.stretchLimit, 1.2, but the
        // pinned waistband's own weights are kept, and the skirt's front keeps following the
        // leg that swings forward (smoother weights would take it into the leg).
        QVERIFY2(report.skinnedStretchAfter <= 1.45f,
                 qPrintable(QString::number(double(report.skinnedStretchAfter))));
        const auto check = checkSkinnedStretch(asset, 0, character.skeleton, character.clips);
        QVERIFY(check);
        // The independent check over every frame finds what the repair measured.
        QVERIFY2(check->physicsMaxStretch <= report.skinnedStretchAfter + 0.01f,
                 qPrintable(QString::number(double(check->physicsMaxStretch))));

        // No edge between two pinned vertices (which follow the skinning exactly) is stretched
        // by the skinning beyond the limit over the walk (the pinned region's own beyond half
        // way to it; the cloth the body holds, within it), yet the waistband holds.
        {
            const AnimationClip walkClip = retargetClip(character.clips.front(), character.skeleton, asset.skeleton);
            float pinnedWorst = 1;
            size_t pinnedEdges = 0;
            std::vector<Vec3> x;
            for (double t = 0; t <= walkClip.duration + 1e-9; t += 0.05) {
                skinVertices(physics.positions, physics.skin, skinningMatricesAt(asset.skeleton, &walkClip, t), x);
                for (size_t i = 0; i < physics.indices.size(); i += 3)
                    for (int k = 0; k < 3; ++k) {
                        const uint32_t a = physics.indices[i + size_t(k)], b = physics.indices[i + size_t(k + 1) % 3];
                        if (maxDistanceAt(asset, a) > 0 || maxDistanceAt(asset, b) > 0) continue;
                        ++pinnedEdges;
                        pinnedWorst = std::max(pinnedWorst, distance(x[a], x[b]) /
                                                                distance(physics.positions[a], physics.positions[b]));
                    }
            }
            QVERIFY(pinnedEdges > 0);
            QVERIFY2(pinnedWorst <= options.stretchLimit + 1e-3f,
                     qPrintable(QString::number(double(pinnedWorst))));
        }

        // Where the largest stretch lies, as the report tells it, found again by simulating the
        // walk as the check did and measuring every physics edge against its rest length: the
        // check's max_stretch is the largest edge stretch of the simulated physics mesh, and the
        // report names that edge's pinned ends and skinned stretch.
        {
            QCOMPARE(report.clips.size(), size_t(1));
            const AutoSetupClip &reported = report.clips.front();
            const AnimationClip walkClip = retargetClip(character.clips.front(), character.skeleton, asset.skeleton);
            ClipSimulationSettings settings;
            settings.framesPerSecond = options.checkFps;
            // The check ran without Relaxed targets (report.relaxedClips has the run with them).
            ClothingAsset checked = asset;
            checked.simulation.relaxTargets = false;
            ClipSimulation run(checked, &walkClip, settings);
            const int frames = std::max(1, int(std::ceil(std::min(walkClip.duration, options.checkSeconds) *
                                                          options.checkFps)));
            QCOMPARE(reported.measures.frames, frames);
            float worst = 0, worstSkinned = 1;
            int worstEnds = -1;
            uint32_t atPins = 0;
            run.advance();
            for (int f = 1; f <= frames; ++f) {
                run.advance();
                const std::vector<Vec3> &x = run.instance().positions();
                const std::vector<Vec3> &t = run.instance().targetPositions();
                float frameWorst = 0, frameSkinned = 1;
                int frameEnds = 0;
                for (size_t i = 0; i < physics.indices.size(); i += 3)
                    for (int k = 0; k < 3; ++k) {
                        const uint32_t a = physics.indices[i + size_t(k)], b = physics.indices[i + size_t(k + 1) % 3];
                        const float rest = distance(physics.positions[a], physics.positions[b]);
                        const float stretch = distance(x[a], x[b]) / rest;
                        if (stretch > frameWorst) {
                            frameWorst = stretch;
                            frameSkinned = distance(t[a], t[b]) / rest;
                            frameEnds = int(maxDistanceAt(asset, a) <= 0) + int(maxDistanceAt(asset, b) <= 0);
                        }
                    }
                atPins += frameEnds > 0;
                if (frameWorst > worst) {
                    worst = frameWorst;
                    worstSkinned = frameSkinned;
                    worstEnds = frameEnds;
                }
            }
            QVERIFY2(std::abs(worst - reported.measures.sum.maxStretch) <= 1e-5f,
                     qPrintable(QStringLiteral("%1 against %2").arg(double(worst)).arg(double(reported.measures.sum.maxStretch))));
            QCOMPARE(reported.framesStretchAtPins, atPins);
            QCOMPARE(reported.maxStretchPinnedEnds, worstEnds);
            QVERIFY2(std::abs(reported.maxStretchSkinned - worstSkinned) <= 1e-5f,
                     qPrintable(QStringLiteral("%1 against %2").arg(double(reported.maxStretchSkinned)).arg(double(worstSkinned))));
            // And the text says it.
            const std::vector<std::string> lines = describeAutoSetup(report);
            QVERIFY(std::any_of(lines.begin(), lines.end(), [&](const std::string &line) {
                return line.starts_with("Walk: the largest stretch lies on an edge with") &&
                       line.find(QString::number(double(worstSkinned), 'f', 3).toStdString()) != std::string::npos;
            }));
        }

        // The lining never pokes through the skirt over the walk.
        QCOMPARE(report.clips.size(), size_t(1));
        QCOMPARE(report.clips.front().name, std::string("Walk"));
        const ClipMeasures &walk = report.clips.front().measures;
        QVERIFY(walk.frames >= 30);
        QVERIFY(walk.sum.layerVertices > 0);
        QCOMPARE(walk.sum.layerPokes, uint64_t(0));
        QCOMPARE(walk.sum.nonFinite, uint64_t(0));

        // Every fitted volume lies inside the body within the collision thickness.
        QVERIFY(!asset.collisionVolumes.empty());
        const std::vector<const GraphicsMesh *> body{&character.meshes.front()};
        for (const CollisionVolume &v : asset.collisionVolumes) {
            const float out = volumeProtrusion(v, asset.skeleton, body);
            QVERIFY2(out <= asset.simulation.collisionThickness + 1e-4f,
                     qPrintable(QString::fromStdString(v.name) + ": " + QString::number(double(out))));
            // And none is squeezed flat: each at least twice the thickness in every direction.
            const float thinnest = v.shape == CollisionShape::Ellipsoid
                                       ? std::min({v.radii.x, v.radii.y, v.radii.z})
                                       : v.radius;
            QVERIFY2(thinnest >= 2 * asset.simulation.collisionThickness,
                     qPrintable(QString::fromStdString(v.name) + " " +
                                QString::number(double(thinnest))));
        }

        // The settings were chosen, and the report says what was done.
        QVERIFY(asset.simulation.substeps >= 1 && asset.simulation.iterations >= 8);
        QVERIFY(asset.simulation.worldLinearMotion < 1.0f);
        QVERIFY(!report.actions.empty());
        QVERIFY(describeAutoSetup(report).size() > report.actions.size());
    }

    void aRaiseOfTheSolversWorkThatDidNotPayIsNotRepeated()
    {
        // The skirt's stretch lies where its repaired weights still pull it (18 regions no
        // change of the weights mends, pinned edges that follow the skinning): more substeps and
        // iterations barely change it. The check raises them once; when the clips' stretch
        // (largest plus mean largest) did not fall by 1% after that raise, the later rounds do
        // not raise them again, however many rounds are allowed (each raise costs a game every
        // frame).
        const Character character = makeCharacter(true, true);
        AutoSetupOptions options;
        // The raises alone: the later check with relaxed targets would mend the stretch that
        // this test needs to still fail after an unpaid raise.
        options.relaxedFps = 0;
        auto stretchOf = [](const AutoSetupReport &r) {
            double sum = 0;
            for (const AutoSetupClip &c : r.clips) sum += double(c.measures.sum.maxStretch) + c.measures.meanMaxStretch;
            return sum;
        };
        auto raisesIn = [](const AutoSetupReport &r) {
            int raises = 0;
            for (const std::string &line : r.actions)
                raises += line.find("substeps x iterations raised") != std::string::npos;
            return raises;
        };
        // Round by round until a raise that did not pay (the first one may pay: it takes out
        // what the solver's work can).
        options.rounds = 0;
        AutoSetupResult previous = autoSetup(character, options);
        QVERIFY(!previous.report.failures.empty());
        QCOMPARE(raisesIn(previous.report), 0);
        int unpaid = 0; // the rounds up to the raise that did not pay
        for (int rounds = 1; rounds <= 3 && unpaid == 0; ++rounds) {
            options.rounds = rounds;
            AutoSetupResult next = autoSetup(character, options);
            QVERIFY(raisesIn(next.report) <= rounds);
            if (raisesIn(next.report) > raisesIn(previous.report) &&
                stretchOf(next.report) >= 0.99 * stretchOf(previous.report)) {
                // The stretch still fails after it.
                QVERIFY(std::any_of(next.report.failures.begin(), next.report.failures.end(),
                                    [](const std::string &f) { return f.find("max_stretch") != std::string::npos; }));
                unpaid = rounds;
            }
            previous = std::move(next);
        }
        QVERIFY2(unpaid > 0, "no raise of the solver's work failed to pay");
        // With more rounds allowed: no other raise, and the rounds stop when nothing else is
        // left to adjust.
        options.rounds = unpaid + 3;
        const AutoSetupResult after = autoSetup(character, options);
        QCOMPARE(raisesIn(after.report), raisesIn(previous.report));
        QCOMPARE(after.asset.simulation.substeps, previous.asset.simulation.substeps);
        QCOMPARE(after.asset.simulation.iterations, previous.asset.simulation.iterations);
        QVERIFY2(after.report.rounds < options.rounds, qPrintable(QString::number(after.report.rounds)));
    }

    void clothRestingOnTheBodyIsPinned()
    {
        // The skirt's waist 1.2 cm outside the torso: there the body holds the cloth within a
        // centimetre or two in every pose. Left free with that little room, it would sit at its
        // limit most of the time; it is pinned. What stays free has a Max Distance of at least
        // 2.5 cm or is on the ramp from the pinned region (half the distance along the surface).
        // The skirt off the body takes one blend of both legs (the mean of its weights), which
        // the legs come near but never reach: held at the limit from the legs, it is pinned too.
        Character character = makeCharacter(true, true);
        character.meshes[1] = makeSkirt("Skirt", 1.08f, 0.55f, 0.152f, 0.25f);
        character.meshes[2] = makeSkirt("Lining", 1.07f, 0.65f, 0.147f, 0.225f);
        AutoSetupOptions options;
        options.rounds = 1;
        const AutoSetupResult result = autoSetup(character, options);
        const PhysicsMesh &physics = result.asset.physicsMeshes.front();
        const size_t n = physics.vertexCount();
        // Distances along the edges from the pinned vertices.
        std::vector<std::vector<uint32_t>> nb(n);
        for (size_t i = 0; i < physics.indices.size(); i += 3)
            for (int k = 0; k < 3; ++k) {
                const uint32_t a = physics.indices[i + size_t(k)], b = physics.indices[i + size_t(k + 1) % 3];
                nb[a].push_back(b);
                nb[b].push_back(a);
            }
        std::vector<float> along(n, 1e9f);
        for (size_t v = 0; v < n; ++v)
            if (maxDistanceAt(result.asset, v) == 0) along[v] = 0;
        for (bool changed = true; changed;) { // Bellman-Ford: small meshes
            changed = false;
            for (size_t v = 0; v < n; ++v)
                for (uint32_t w : nb[v])
                    if (const float d = along[w] + distance(physics.positions[v], physics.positions[w]); d < along[v] - 1e-7f) {
                        along[v] = d;
                        changed = true;
                    }
        }
        // The largest skinned stretch of each vertex's edges over the walk: where it is beyond
        // the limit the vertex keeps some room.
        std::vector<float> skinned(n, 1.0f);
        const AnimationClip walk = retargetClip(character.clips.front(), character.skeleton, result.asset.skeleton);
        std::vector<Vec3> x;
        for (double t = 0; t <= walk.duration + 1e-9; t += 0.1) {
            skinVertices(physics.positions, physics.skin, skinningMatricesAt(result.asset.skeleton, &walk, t), x);
            for (size_t v = 0; v < n; ++v)
                for (uint32_t w : nb[v])
                    skinned[v] = std::max(skinned[v], distance(x[v], x[w]) / distance(physics.positions[v], physics.positions[w]));
        }
        size_t pinnedBelowWaist = 0, small = 0;
        for (size_t v = 0; v < n; ++v) {
            const float md = maxDistanceAt(result.asset, v);
            pinnedBelowWaist += md == 0 && physics.positions[v].y < 1.0f && physics.positions[v].y > 0.9f;
            if (md > 0 && md < 0.025f && skinned[v] <= options.stretchLimit - 0.01f) {
                ++small;
                // On the ramp, or on it raised by the check (1.5 times per round) where the
                // vertex was at its limit and pins the check added later came near it.
                const float ramp = 0.5f * along[v];
                QVERIFY2(std::abs(md - ramp) < 1e-4f || std::abs(md - 1.5f * ramp) < 1e-4f,
                         qPrintable(QStringLiteral("vertex %1: Max Distance %2, along %3")
                                        .arg(v).arg(double(md)).arg(double(along[v]))));
            }
        }
        // The hips hold the skirt below the waistband too.
        QVERIFY2(pinnedBelowWaist > 0, qPrintable(QString::number(small)));
        // And so the cloth is seldom at its limit over the walk.
        QCOMPARE(result.report.clips.size(), size_t(1));
        const double hits = result.report.clips.front().measures.sum.maxDistanceHitShare();
        QVERIFY2(hits <= 0.05, qPrintable(QString::number(hits)));
        // The legs tore the skirt's own weights: its region off the body took one blend, and
        // Triangle collision is on so that the legs' volumes push the skirt by its triangles.
        QVERIFY(std::any_of(result.report.actions.begin(), result.report.actions.end(), [](const std::string &a) {
            return a.find("take one blend of bones") != std::string::npos;
        }));
        QVERIFY(result.asset.simulation.triangleCollision);
    }

    void maxDistanceCapScalesWithSizeAndSwing()
    {
        // The cap on Max Distance is a tenth of the garment's size, or how far its parts swing
        // relative to it in a tenth of a second when that is more (at most half its size): not
        // a fixed length, which leaves a long, fast garment at its limit most of the time.
        AutoSetupOptions options;
        options.rounds = 0;
        options.create.shellMeshes = {"Tube"};
        auto run = [&](float length, float amplitude, float hertz) {
            const AutoSetupResult result = autoSetup(makeSwingingTube(length, amplitude, hertz), options);
            const std::vector<float> &md = result.asset.physicsMeshes.front().channels[FloatChannel::MaxDistance];
            return std::pair{result.report, *std::max_element(md.begin(), md.end())};
        };
        // Slow: the size decides.
        const auto [slowShort, slowShortMd] = run(0.5f, 0.02f, 0.5f);
        const auto [slowLong, slowLongMd] = run(4.0f, 0.02f, 0.5f);
        QVERIFY2(std::abs(slowShort.maxDistanceCap - 0.05f) < 2e-3f, qPrintable(QString::number(double(slowShort.maxDistanceCap))));
        QVERIFY2(std::abs(slowLong.maxDistanceCap - 0.4f) < 2e-2f, qPrintable(QString::number(double(slowLong.maxDistanceCap))));
        // Along the 4 m tube the free vertices get far more room than 25 cm.
        QVERIFY2(slowLongMd > 0.3f && slowLongMd <= slowLong.maxDistanceCap + 1e-5f,
                 qPrintable(QString::number(double(slowLongMd))));
        QVERIFY(slowShortMd <= slowShort.maxDistanceCap + 1e-5f);
        // Fast: swung 0.6 rad each way at 1 Hz about its bottom, its ends move about
        // 0.6 * 2 pi * 2 m = 7.5 m/s relative to its centre: the swing decides.
        const auto [fast, fastMd] = run(4.0f, 0.6f, 1.0f);
        QVERIFY2(fast.maxDistanceCap > 1.5f * slowLong.maxDistanceCap && fast.maxDistanceCap <= 2.0f + 1e-5f,
                 qPrintable(QString::number(double(fast.maxDistanceCap))));
        QVERIFY2(fastMd > 0.6f, qPrintable(QString::number(double(fastMd))));
        // And so the swinging cloth is seldom at its limit.
        const double hits = fast.clips.front().measures.sum.maxDistanceHitShare();
        QVERIFY2(hits <= 0.05, qPrintable(QString::number(hits)));
    }

    void squeezedVolumesAreDroppedAndReported()
    {
        // The left thigh is a rod 4 mm thick: no ellipsoid inside it is thicker than the rod
        // and the collision thickness, and so thin a volume protects nothing (the cloth slips
        // past it). Auto Setup drops it and says so; the torso keeps its volume.
        Character character = makeCharacter(true, true);
        GraphicsMesh body;
        body.name = "Body";
        appendCapsule(body, {0, 1.0f, 0}, {0, 1.5f, 0}, 0.14f, 0);
        appendCapsule(body, {-0.09f, 0.78f, 0}, {-0.09f, 0.5f, 0}, 0.004f, 2);
        appendCapsule(body, {0.09f, 0.78f, 0}, {0.09f, 0.5f, 0}, 0.07f, 4);
        body.submeshes.push_back({"Body", "skin", "", 0, uint32_t(body.indices.size() / 3)});
        character.meshes[0] = body;
        AutoSetupOptions options;
        options.rounds = 0;
        options.checkSeconds = 0.5;
        const AutoSetupResult result = autoSetup(character, options);
        const float useful = 2 * result.asset.simulation.collisionThickness;
        bool torso = false;
        for (const CollisionVolume &v : result.asset.collisionVolumes) {
            QCOMPARE(v.shape, CollisionShape::Ellipsoid);
            QVERIFY2(std::min({v.radii.x, v.radii.y, v.radii.z}) >= useful,
                     qPrintable(QString::fromStdString(v.name)));
            QVERIFY(v.bone != 2);
            torso |= v.bone == 0;
        }
        QVERIFY(torso);
        QVERIFY(result.report.collapsedVolumes >= 1);
        QCOMPARE(result.report.volumes, uint32_t(result.asset.collisionVolumes.size()));
        bool says = false;
        for (const std::string &line : describeAutoSetup(result.report))
            says |= line.find("dropped") != std::string::npos && line.find("LeftLeg") != std::string::npos;
        QVERIFY(says);
    }

    void clothHeldByTheBodyAtItsLimitIsPinned()
    {
        // The bending torso in its sleeve (makeBendingTorso). The
        // skinning stretches the sleeve's back over the bend; the cloth, keeping its length,
        // cuts inside towards the body until its Max Distance (held by the body) stops it.
        const Character c = makeBendingTorso();
        // Before the rounds 28% of the vertex-frames are at their limit. A round pins the
        // vertices held so over a quarter of the clip, stretched or not (leaving the stretched
        // ones free left 12.7% after a round).
        AutoSetupOptions options;
        options.create.shellMeshes = {"Sleeve"};
        options.rounds = 1;
        const AutoSetupResult result = autoSetup(c, options);
        QCOMPARE(result.report.rounds, 1);
        const double hits = result.report.clips.front().measures.sum.maxDistanceHitShare();
        QVERIFY2(hits <= 0.05, qPrintable(QString::number(hits)));
    }

    void pinsTheSkinningSqueezesAreLetGo()
    {
        // A tube without a body hangs from its top band (pinned), its left half rigid on one
        // hip bone and its right half on the other; the right one slides 2 cm towards the left
        // and back. Every vertex moves rigidly, so nothing stretches: only the edges across the
        // split at the front and back are squeezed (to 0.6 of their length), the top band's
        // among them. Pinned, such an edge follows the squeeze exactly and the cloth around it
        // pushes back as on a stretch: an end of every pinned edge squeezed below 1/1.1 of its
        // length is let go, as for a stretched one, while the rest of the band stays pinned.
        // (Without the squeeze counted, no pin is let go.)
        Character c;
        Bone root;
        root.name = "Root";
        root.restLocal.translation = {0, 0.4f, 0};
        Bone left;
        left.name = "LeftHip";
        left.parent = 0;
        left.restLocal.translation = {-0.05f, 0.5f, 0};
        Bone right = left;
        right.name = "RightHip";
        right.restLocal.translation = {0.05f, 0.5f, 0};
        c.skeleton.bones = {root, left, right};
        test::bindAtRest(c.skeleton);
        GraphicsMesh tube = test::makeTube(0.15f, 0.6f, 18, 20, "Tube"); // no vertex at x = 0
        for (size_t v = 0; v < tube.positions.size(); ++v) {
            tube.positions[v].y += 0.4f;
            tube.skin[v] = test::rigidInfluence(tube.positions[v].x < 0 ? 1 : 2);
        }
        c.meshes.push_back(tube);
        c.meshSkinnedInSource.assign(1, true);
        const AnimationClip slide = easedSlide(2, {0.05f, 0.5f, 0}, {-0.02f, 0, 0});
        c.clips.push_back(slide);

        AutoSetupOptions options;
        options.create.shellMeshes = {"Tube"};
        options.rounds = 0;
        options.checkSeconds = 0.5;
        const AutoSetupResult result = autoSetup(c, options);
        const PhysicsMesh &physics = result.asset.physicsMeshes.front();
        const AnimationClip clip = retargetClip(slide, c.skeleton, result.asset.skeleton);
        const float pinStretch = 1.0f + 0.5f * (options.stretchLimit - 1.0f);
        // Each edge's largest squeeze (rest over skinned length) over the clip, with the
        // weights as written.
        auto squeezeOf = [&](uint32_t a, uint32_t b) {
            return skinnedEdgeExtremes(physics, result.asset.skeleton, clip, a, b).squeeze;
        };
        const float top = 1.0f;
        uint32_t squeezedInBand = 0, pinnedEdges = 0;
        for (size_t t = 0; t < physics.indices.size(); t += 3)
            for (int k = 0; k < 3; ++k) {
                const uint32_t a = physics.indices[t + size_t(k)], b = physics.indices[t + size_t(k + 1) % 3];
                if (a > b) continue; // each edge of two triangles once (an open edge may be missed: fine)
                const float squeeze = squeezeOf(a, b);
                const bool inBand = physics.positions[a].y > top - 0.03f && physics.positions[b].y > top - 0.03f;
                squeezedInBand += inBand && squeeze > 1.3f;
                if (maxDistanceAt(result.asset, a) != 0 || maxDistanceAt(result.asset, b) != 0) continue;
                ++pinnedEdges;
                QVERIFY2(squeeze <= pinStretch + 1e-3f,
                         qPrintable(QStringLiteral("pinned edge %1-%2 squeezed to %3 of its length")
                                        .arg(a).arg(b).arg(double(1 / squeeze))));
            }
        // The skinning does squeeze the top band, and the band is still held by the bones.
        QVERIFY2(squeezedInBand >= 2, qPrintable(QString::number(squeezedInBand)));
        QVERIFY2(pinnedEdges >= 10, qPrintable(QString::number(pinnedEdges)));
        // Nothing stretches: the weights are kept, and the report says pins were let go.
        QCOMPARE(result.report.repairedVertices, 0u);
        QVERIFY(std::any_of(result.report.actions.begin(), result.report.actions.end(), [](const std::string &a) {
            return a.find("unpinned") != std::string::npos;
        }));
    }

    void pinsTheSkinningStretchesTowardsFreeClothAreLetGo()
    {
        // A tube without a body hangs from its top band (two rings, pinned) on the root bone;
        // the rings below ride a child bone that slides 4.5 mm down and back, stretching the
        // edges from the band's lower ring to the free ring below it to 1.15: within the repair's
        // limit (1.2, the weights are kept) but beyond half way to it, where the check never
        // pins a vertex. Pinned, the band's lower ring would follow that stretch exactly; it is
        // let go, and the top ring still holds the tube. (Without the rule for an edge to a
        // free vertex, only the edges between two pinned vertices counted: nothing let go.)
        Character c;
        Bone root;
        root.name = "Root";
        root.restLocal.translation = {0, 1.0f, 0};
        Bone hang;
        hang.name = "Hang";
        hang.parent = 0;
        hang.restLocal.translation = {0, -0.3f, 0};
        c.skeleton.bones = {root, hang};
        test::bindAtRest(c.skeleton);
        GraphicsMesh tube = test::makeTube(0.15f, 0.6f, 18, 20, "Tube"); // rings 3 cm apart
        for (size_t v = 0; v < tube.positions.size(); ++v) {
            tube.positions[v].y += 0.4f;
            tube.skin[v] = test::rigidInfluence(tube.positions[v].y > 0.96f ? 0 : 1);
        }
        c.meshes.push_back(tube);
        c.meshSkinnedInSource.assign(1, true);
        const AnimationClip slide = easedSlide(1, {0, -0.3f, 0}, {0, -0.0045f, 0});
        c.clips.push_back(slide);

        AutoSetupOptions options;
        options.create.shellMeshes = {"Tube"};
        options.rounds = 0;
        options.checkSeconds = 0.5;
        const AutoSetupResult result = autoSetup(c, options);
        const PhysicsMesh &physics = result.asset.physicsMeshes.front();
        const AnimationClip clip = retargetClip(slide, c.skeleton, result.asset.skeleton);
        const float pinStretch = 1.0f + 0.5f * (options.stretchLimit - 1.0f);
        auto stretchOf = [&](uint32_t a, uint32_t b) {
            return skinnedEdgeExtremes(physics, result.asset.skeleton, clip, a, b).stretch;
        };
        uint32_t stretchedBelowBand = 0, pinnedAtTop = 0;
        for (size_t v = 0; v < physics.vertexCount(); ++v)
            pinnedAtTop += maxDistanceAt(result.asset, v) == 0 && physics.positions[v].y > 0.99f;
        for (size_t t = 0; t < physics.indices.size(); t += 3)
            for (int k = 0; k < 3; ++k) {
                const uint32_t a = physics.indices[t + size_t(k)], b = physics.indices[t + size_t(k + 1) % 3];
                const float stretch = stretchOf(a, b);
                stretchedBelowBand += std::min(physics.positions[a].y, physics.positions[b].y) < 0.96f &&
                                      std::max(physics.positions[a].y, physics.positions[b].y) > 0.96f &&
                                      stretch > 1.12f;
                if ((maxDistanceAt(result.asset, a) == 0) == (maxDistanceAt(result.asset, b) == 0)) continue;
                QVERIFY2(stretch <= pinStretch + 1e-3f,
                         qPrintable(QStringLiteral("pinned-to-free edge %1-%2 stretched %3")
                                        .arg(a).arg(b).arg(double(stretch))));
            }
        // The skinning does stretch the edges below the band, within the repair's limit (the
        // weights kept), and the top ring still holds the tube.
        QVERIFY2(stretchedBelowBand >= 18, qPrintable(QString::number(stretchedBelowBand)));
        QCOMPARE(result.report.repairedVertices, 0u);
        QVERIFY2(pinnedAtTop >= 18, qPrintable(QString::number(pinnedAtTop)));
    }

    void freeClothTheSkinningStretchesKeepsSomeRoom()
    {
        // The torso bending 2.2 rad in its sleeve, without rounds: where the repaired weights
        // still stretch a free vertex's edges beyond 1.3 over the clip (the sleeve's back over
        // the bend, below the pinned top band; up to 2.16), the vertex keeps the least Max
        // Distance (the collision thickness, at least 4 mm) even where the body comes that
        // close in some pose: held at zero it would follow the stretching skinning exactly
        // (without the rule, vertices stretched 1.45 got none).
        const Character c = makeBendingTorso(2.2f);
        AutoSetupOptions options;
        options.create.shellMeshes = {"Sleeve"};
        options.rounds = 0;
        options.checkSeconds = 0.5;
        const AutoSetupResult result = autoSetup(c, options);
        const PhysicsMesh &physics = result.asset.physicsMeshes.front();
        const size_t n = physics.positions.size();
        std::vector<float> stretch(n, 1.0f);
        std::vector<Vec3> x;
        const AnimationClip &clip = c.clips.front();
        for (int s = 0; s <= 20; ++s) {
            skinVertices(physics.positions, physics.skin, skinningMatricesAt(c.skeleton, &clip, clip.duration * s / 20), x);
            for (size_t t = 0; t < physics.indices.size(); t += 3)
                for (int k = 0; k < 3; ++k) {
                    const uint32_t a = physics.indices[t + size_t(k)], b = physics.indices[t + size_t(k + 1) % 3];
                    const float e = distance(x[a], x[b]) / distance(physics.positions[a], physics.positions[b]);
                    stretch[a] = std::max(stretch[a], e);
                    stretch[b] = std::max(stretch[b], e);
                }
        }
        const float least = std::max(0.004f, result.asset.simulation.collisionThickness);
        uint32_t stretched = 0;
        for (size_t v = 0; v < n; ++v) {
            if (physics.positions[v].y > 1.4f || stretch[v] <= 1.31f) continue;
            ++stretched;
            QVERIFY2(maxDistanceAt(result.asset, v) >= least - 1e-6f,
                     qPrintable(QStringLiteral("vertex %1 stretched %2, Max Distance %3")
                                    .arg(v).arg(double(stretch[v])).arg(double(maxDistanceAt(result.asset, v)))));
        }
        QVERIFY(stretched > 0);
    }

    void repairKeepsAHingedStripWithinTheLimit()
    {
        // A strip 2 m long along x, 0.2 m wide, split at x = 1 between a root bone and a child
        // bone whose joint is there; the child turns 60 degrees about z. The split tears the
        // strip (the corner at the far edge moves 0.2 m from its neighbour across the split);
        // after the repair every edge keeps within the limit over both poses, and the weights
        // far from the split are kept.
        constexpr int kColumns = 40, kRows = 4;
        std::vector<Vec3> positions;
        std::vector<BoneInfluence> skin;
        for (int r = 0; r <= kRows; ++r)
            for (int c = 0; c <= kColumns; ++c) {
                const Vec3 p{2.0f * float(c) / kColumns, 0.2f * float(r) / kRows, 0};
                positions.push_back(p);
                skin.push_back(test::rigidInfluence(p.x < 1.0f ? 0 : 1));
            }
        std::vector<uint32_t> indices;
        for (uint32_t r = 0; r < uint32_t(kRows); ++r)
            for (uint32_t c = 0; c < uint32_t(kColumns); ++c) {
                const uint32_t a = r * (kColumns + 1) + c, b = a + 1, d = a + kColumns + 1, e = d + 1;
                indices.insert(indices.end(), {a, b, e, a, e, d});
            }
        Transform turn;
        turn.rotation = axisAngle({0, 0, 1}, kPi / 3);
        const Mat4 joint = Mat4::fromTransform(Transform{{1, 0, 0}, {}, {1, 1, 1}});
        const Mat4 child = joint * Mat4::fromTransform(turn) * inverse(joint);
        const std::vector<std::vector<Mat4>> poses{{Mat4{}, Mat4{}}, {Mat4{}, child}};
        auto worstStretch = [&](const std::vector<BoneInfluence> &weights) {
            float worst = 1;
            std::vector<Vec3> x;
            for (const std::vector<Mat4> &pose : poses) {
                skinVertices(positions, weights, pose, x);
                for (size_t t = 0; t < indices.size(); t += 3)
                    for (int k = 0; k < 3; ++k) {
                        const uint32_t a = indices[t + size_t(k)], b = indices[t + size_t(k + 1) % 3];
                        worst = std::max(worst, distance(x[a], x[b]) / distance(positions[a], positions[b]));
                    }
            }
            return worst;
        };
        const std::vector<BoneInfluence> original = skin;
        QVERIFY(worstStretch(skin) > 3.0f);
        const SkinRepairReport report = repairSkinWeights(positions, indices, skin, poses, 1.2f);
        QVERIFY2(report.after <= 1.2f, qPrintable(QString::number(double(report.after))));
        QCOMPARE(report.before, worstStretch(original));
        QVERIFY(std::abs(report.after - worstStretch(skin)) < 1e-4f);
        QVERIFY(report.changedVertices > 0);
        for (size_t v = 0; v < positions.size(); ++v)
            if (std::abs(positions[v].x - 1.0f) > 0.75f) QVERIFY(skin[v] == original[v]);

        // Weights that resist keep more of their own: the strip's far side follows the child
        // bone more than without resistance.
        std::vector<BoneInfluence> resisting = original;
        repairSkinWeights(positions, indices, resisting, poses, 1.2f,
                          std::vector<float>(positions.size(), 0.9f));
        auto childWeight = [](const std::vector<BoneInfluence> &w, size_t v) {
            float sum = 0;
            for (int k = 0; k < kMaxBoneInfluences; ++k)
                if (w[v].bones[size_t(k)] == 1) sum += w[v].weights[size_t(k)];
            return sum;
        };
        const size_t nextToSplit = size_t(kColumns / 2); // x = 1, the child's first column
        QVERIFY(childWeight(resisting, nextToSplit) > childWeight(skin, nextToSplit));

        // Bad input is refused.
        std::vector<BoneInfluence> shortSkin(3);
        QVERIFY_THROWS_EXCEPTION(InputError, repairSkinWeights(positions, indices, shortSkin, poses, 1.2f));
        QVERIFY_THROWS_EXCEPTION(InputError, repairSkinWeights(positions, indices, skin, poses, 0.9f));
        QVERIFY_THROWS_EXCEPTION(InputError,
                                 repairSkinWeights(positions, indices, skin, {{Mat4{}}}, 1.2f));
    }

    void namedLayersAreKept()
    {
        const Character character = makeCharacter(true, true);
        AutoSetupOptions options;
        options.rounds = 0;
        options.checkSeconds = 0.5;
        options.create.shellMeshes = {"Skirt"};
        const AutoSetupResult result = autoSetup(character, options);
        QCOMPARE(result.report.shells, std::vector<std::string>{"Skirt"});
        QVERIFY(result.report.riders.empty());
        QCOMPARE(result.report.body, (std::vector<std::string>{"Body", "Lining"}));
    }

    void withoutBodyTheBonesGiveVolumes()
    {
        const AutoSetupResult result = setUpWithoutBody();
        QVERIFY(result.report.bodyFromBones);
        QVERIFY(result.report.body.empty());
        QVERIFY(!result.asset.collisionVolumes.empty());
        // Each capsule stays inside the skirt: thinner than the distance from its bone to it.
        for (const CollisionVolume &v : result.asset.collisionVolumes) {
            QCOMPARE(v.shape, CollisionShape::Capsule);
            QVERIFY(v.radius > 0 && v.radius < 0.17f);
        }
        // ... in every frame of the clip, with the weights as repaired: no vertex or edge
        // midpoint of the skinned physics mesh inside a capsule's collision surface.
        const PhysicsMesh &physics = result.asset.physicsMeshes.front();
        const float inside = test::deepestInsideVolumes(
            result.asset.collisionVolumes, result.asset.skeleton, physics.positions, physics.indices,
            physics.skin, makeCharacter(false, true).clips, result.asset.simulation.collisionThickness);
        QVERIFY2(inside < 1e-4f, qPrintable(QString::number(double(inside))));
        bool says = false;
        for (const std::string &line : describeAutoSetup(result.report))
            says |= line.find("no body mesh") != std::string::npos;
        QVERIFY(says);
    }

    // The capsules along the bone segments lie on their segments, as the simulation places them,
    // whatever scale the bones carry (an armature scaled by 100 put them at the parent bone's
    // origin, a hundredth of the way along).
    void boneSegmentVolumesLieOnTheSegmentsOfAScaledArmature()
    {
        for (const float scale : {1.0f, 100.0f}) {
            const AutoSetupResult result = setUpWithoutBody(scale);
            QVERIFY(result.report.bodyFromBones);
            const Skeleton &skeleton = result.asset.skeleton;
            const std::vector<Mat4> rest = skeleton.restGlobal();
            QVERIFY(!result.asset.collisionVolumes.empty());
            for (const CollisionVolume &v : result.asset.collisionVolumes) {
                const std::string name = v.name;
                const size_t at = name.find(" segment ");
                QVERIFY2(at != std::string::npos, name.c_str());
                const int from = skeleton.find(name.substr(0, at));
                const int to = skeleton.find(name.substr(at + 9));
                QVERIFY(from == v.bone && to >= 0);
                const Vec3 a = rest[size_t(from)].transformPoint({0, 0, 0});
                const Vec3 b = rest[size_t(to)].transformPoint({0, 0, 0});
                const Transform frame = colliderFrame(v, rest[size_t(v.bone)]);
                // On the segment's line, its axis within the segment (the fit over the clips
                // may shorten it at a bending joint, so not always centred).
                const float length = distance(a, b);
                const Vec3 along = normalize(b - a);
                const float s = dot(frame.translation - a, along);
                const float off = distance(frame.translation, a + along * s);
                QVERIFY2(off < 1e-4f && s - v.halfHeight > -1e-4f && s + v.halfHeight < length + 1e-4f,
                         qPrintable(QStringLiteral("%1 at scale %2: %3 m off the line, axis %4 to %5 "
                                                   "of a %6 m segment")
                                        .arg(QString::fromStdString(name))
                                        .arg(double(scale))
                                        .arg(double(off))
                                        .arg(double(s - v.halfHeight))
                                        .arg(double(s + v.halfHeight))
                                        .arg(double(length))));
                // The capsule's axis runs along the segment.
                const Vec3 axis = rotate(frame.rotation, {0, 1, 0});
                QVERIFY(std::abs(dot(axis, normalize(b - a))) > 0.999f);
            }
        }
    }

    // A character whose meshes follow their bones rigidly (no skin weights): refused with the
    // reason and the meshes to choose from, not "no mesh with triangles".
    void rigidMeshesOnlyAreRefusedNamingTheMeshes()
    {
        Character character = makeCharacter(true, true);
        character.meshSkinnedInSource.assign(character.meshes.size(), false);
        try {
            autoSetup(character, AutoSetupOptions{});
            QFAIL("a character without skinned meshes was set up");
        } catch (const InputError &e) {
            const std::string message = e.what();
            QVERIFY2(message.find("no skinned mesh") != std::string::npos &&
                         message.find("\"Skirt\"") != std::string::npos &&
                         message.find("\"Body\"") != std::string::npos,
                     message.c_str());
        }
        // Named, the same meshes make a garment.
        AutoSetupOptions named;
        named.rounds = 0;
        named.checkSeconds = 0.5;
        named.create.shellMeshes = {"Skirt"};
        QCOMPARE(autoSetup(character, named).report.shells, std::vector<std::string>{"Skirt"});
    }

    void withoutClipsTheProceduralMotionsAreChecked()
    {
        const Character character = makeCharacter(true, false);
        AutoSetupOptions options;
        options.rounds = 0;
        options.checkSeconds = 0.4;
        const AutoSetupResult result = autoSetup(character, options);
        QVERIFY(result.report.proceduralMotion);
        QCOMPARE(result.report.clips.size(), size_t(3));
        // The walk in a circle moves the root: after a second the hips have moved about 1.4 m.
        const std::vector<AnimationClip> clips = proceduralClips(character.skeleton);
        QCOMPARE(clips.size(), size_t(3));
        const std::vector<Mat4> pose = skinningMatricesAt(character.skeleton, &clips[0], 1.0);
        const Vec3 hips = pose[0].transformPoint({0, kHipY, 0});
        const float chord = distance(hips, {0, kHipY, 0});
        QVERIFY2(std::abs(chord - 2 * 1.5f * std::sin(1.4f / 1.5f / 2)) < 0.02f,
                 qPrintable(QString::number(double(chord))));
    }

    void relaxedTargetsAreBetterOnlyWhereTheyMendStretchWithoutPokeThrough()
    {
        // Constructed measures: 10,000 vertex-frames of each layer, 1,000 physics ones.
        auto clip = [](float largest, double mean, uint64_t bodyPokes, uint64_t shellPokes = 0,
                       uint64_t hits = 0) {
            ClipMeasures m;
            m.frames = 10;
            m.sum.layerVertices = m.sum.shellVertices = m.sum.bodyVertices = 10000;
            m.sum.physicsVertices = 1000;
            m.sum.bodyPokes = bodyPokes;
            m.sum.shellPokes = shellPokes;
            m.sum.maxDistanceHits = hits;
            m.sum.maxStretch = largest;
            m.meanMaxStretch = mean;
            return m;
        };
        const float thickness = 0.005f;
        // Less stretch over the thresholds, no more poke-through: better (though one clip's
        // mean rises a little, as the sample's Idle).
        const std::vector<ClipMeasures> off{clip(1.41f, 1.27, 6), clip(1.66f, 1.30, 2), clip(1.16f, 1.14, 0)};
        std::vector<ClipMeasures> on{clip(1.25f, 1.18, 4), clip(1.65f, 1.28, 1), clip(1.16f, 1.15, 0)};
        QVERIFY(relaxedTargetsBetter(off, on, thickness));
        // One body vertex-frame more than without, within the threshold: not better.
        std::vector<ClipMeasures> worse = on;
        worse[2].sum.bodyPokes = 1;
        QVERIFY(!relaxedTargetsBetter(off, worse, thickness));
        // The shell's poke-through rises (the humanoid's cape): not better.
        worse = on;
        worse[0].sum.shellPokes = 32;
        QVERIFY(!relaxedTargetsBetter(off, worse, thickness));
        // A measure passed without fails with them (Max Distance hits 4% -> 6%): not better.
        std::vector<ClipMeasures> offHits = off, onHits = on;
        offHits[1].sum.maxDistanceHits = 40;
        onHits[1].sum.maxDistanceHits = 60;
        QVERIFY(!relaxedTargetsBetter(offHits, onHits, thickness));
        onHits[1].sum.maxDistanceHits = 50; // 5%: passes
        QVERIFY(relaxedTargetsBetter(offHits, onHits, thickness));
        // More stretch over the thresholds in sum (Testwuson's Run largest 1.252 -> 1.300 with
        // its mean barely lower): not better.
        QVERIFY(!relaxedTargetsBetter({clip(1.252f, 1.166, 0)}, {clip(1.300f, 1.157, 0)}, thickness));
        // Nothing over the stretch thresholds: nothing to mend, never better.
        QVERIFY(!relaxedTargetsBetter({clip(1.24f, 1.09, 3)}, {clip(1.10f, 1.05, 0)}, thickness));
        // Not the same clips: not better.
        QVERIFY(!relaxedTargetsBetter(off, {on[0], on[1]}, thickness));
    }

    void relaxedTargetsAreCheckedAtQasRateWhereTheStretchFails()
    {
        // The skirt fails the stretch measures after the rounds: every clip is simulated again
        // with Relaxed targets at qa's rate (measured at the check's frames), and they are on
        // exactly when those measures are better than the check's. With the second check turned off they stay off.
        const Character character = makeCharacter(true, true);
        AutoSetupOptions options;
        options.rounds = 1;
        const AutoSetupResult result = autoSetup(character, options);
        const AutoSetupReport &report = result.report;
        bool stretchFailed = false;
        std::vector<ClipMeasures> off, on;
        for (const AutoSetupClip &c : report.clips) {
            stretchFailed |= c.measures.sum.maxStretch > 1.25f || c.measures.meanMaxStretch > 1.10;
            off.push_back(c.measures);
        }
        QVERIFY(stretchFailed);
        QVERIFY(report.relaxedChecked);
        QCOMPARE(report.relaxedClips.size(), report.clips.size());
        for (size_t c = 0; c < report.relaxedClips.size(); ++c) {
            QCOMPARE(report.relaxedClips[c].name, report.clips[c].name);
            const double seconds = std::min(character.clips[c].duration, options.checkSeconds);
            // Measured at the check's frames (60 a second simulated, every second one measured).
            QCOMPARE(report.relaxedClips[c].measures.frames, int(std::ceil(seconds * options.checkFps)));
            QCOMPARE(report.relaxedClips[c].measures.frames, report.clips[c].measures.frames);
            on.push_back(report.relaxedClips[c].measures);
        }
        QCOMPARE(report.relaxedChosen, relaxedTargetsBetter(off, on, result.asset.simulation.collisionThickness));
        QCOMPARE(result.asset.simulation.relaxTargets, report.relaxedChosen);
        QVERIFY(std::any_of(report.actions.begin(), report.actions.end(),
                            [](const std::string &a) { return a.starts_with("Relaxed targets "); }));

        options.relaxedFps = 0;
        const AutoSetupResult without = autoSetup(character, options);
        QVERIFY(!without.report.relaxedChecked);
        QVERIFY(!without.asset.simulation.relaxTargets);
        QVERIFY(without.report.relaxedClips.empty());
        options.relaxedFps = 241;
        QVERIFY_THROWS_EXCEPTION(InputError, autoSetup(character, options));
    }

    void cancelChangesNothingAndBadOptionsAreRefused()
    {
        const Character character = makeCharacter(true, true);
        AutoSetupOptions options;
        int calls = 0;
        QVERIFY_THROWS_EXCEPTION(Cancelled, autoSetup(character, options, [&](float f, std::string_view) {
                                     ++calls;
                                     return f < 0.3f;
                                 }));
        QVERIFY(calls > 1);
        options.rounds = 11;
        QVERIFY_THROWS_EXCEPTION(InputError, autoSetup(character, options));
        options.rounds = 1;
        options.create.shellMeshes = {"Cape"};
        QVERIFY_THROWS_EXCEPTION(InputError, autoSetup(character, options));
    }
};

QTEST_GUILESS_MAIN(TestAutoSetup)
#include "test_auto_setup.moc"
