// The sample character's implicit shape (body and garment fields) and its bone weights.
#include "sample_internal.h"

#include <algorithm>
#include <cmath>

namespace tweed::sample {

namespace {

constexpr float kTorsoBlend = 0.08f;        ///< smooth-union radius between the torso's parts
constexpr float kSkirtBlend = 0.1f;         ///< smooth-union radius of the coat's skirt
constexpr float kBodyWeightSpread = 0.012f; ///< metres of distance per e-fold of weight
constexpr float kGarmentWeightSpread = 0.03f;

/// Polynomial smooth minimum (Quilez): like min, with a rounded joint of radius k.
float smoothMin(float a, float b, float k)
{
    const float h = std::max(k - std::abs(a - b), 0.0f) / k;
    return std::min(a, b) - h * h * k * 0.25f;
}

/// Approximate distance to an ellipsoid (or ellipse, with z = 0) given in its own axes.
float ellipsoidDistance(const Vec3 &q, const Vec3 &r)
{
    const float k0 = length(Vec3{q.x / r.x, q.y / r.y, q.z / r.z});
    const float k1 = length(Vec3{q.x / (r.x * r.x), q.y / (r.y * r.y), q.z / (r.z * r.z)});
    if (k1 < 1e-12f) return -std::min({r.x, r.y, r.z});
    return k0 * (k0 - 1.0f) / k1;
}

/// Exact distance to a round cone (Quilez): spheres of radius r1 at a and r2 at b, joined.
float roundConeDistance(const Vec3 &p, const Vec3 &a, const Vec3 &b, float r1, float r2)
{
    const Vec3 ba = b - a;
    const float l2 = dot(ba, ba);
    const float rr = r1 - r2;
    const float a2 = l2 - rr * rr;
    const float il2 = 1.0f / l2;
    const Vec3 pa = p - a;
    const float y = dot(pa, ba);
    const float z = y - l2;
    const float x2 = lengthSquared(pa * l2 - ba * y);
    const float y2 = y * y * l2;
    const float z2 = z * z * l2;
    const float k = (rr > 0 ? 1.0f : rr < 0 ? -1.0f : 0.0f) * rr * rr * x2;
    if ((z > 0 ? 1.0f : z < 0 ? -1.0f : 0.0f) * a2 * z2 > k) return std::sqrt(x2 + z2) * il2 - r2;
    if ((y > 0 ? 1.0f : y < 0 ? -1.0f : 0.0f) * a2 * y2 < k) return std::sqrt(x2 + y2) * il2 - r1;
    return (std::sqrt(x2 * a2 * il2) + y * rr) * il2 - r1;
}

using Primitive = Shape::Primitive;

Primitive ellipsoid(int bone, const Vec3 &centre, const Vec3 &radii, bool garment)
{
    Primitive p;
    p.kind = Primitive::Kind::Ellipsoid;
    p.a = centre;
    p.radii = radii;
    p.bone = bone;
    p.inGarment = garment;
    p.weightsGarment = garment;
    return p;
}

Primitive cone(int bone, const Vec3 &a, const Vec3 &b, float ra, float rb, bool garment)
{
    Primitive p;
    p.kind = Primitive::Kind::RoundCone;
    p.a = a;
    p.b = b;
    p.radii = {ra, rb, 0};
    p.bone = bone;
    p.inGarment = garment;
    p.weightsGarment = garment;
    return p;
}

} // namespace

float Shape::Primitive::distance(const Vec3 &p) const
{
    if (kind == Kind::RoundCone) return roundConeDistance(p, a, b, radii.x, radii.y);
    const Vec3 q = p - a;
    return ellipsoidDistance({dot(q, axes[0]), dot(q, axes[1]), dot(q, axes[2])}, radii);
}

Shape::Shape()
{
    // Torso, neck and head, bottom up. The garment is shaped by the torso and the arms.
    mPrimitives.push_back(ellipsoid(Hips, {0, 0.955f, -0.005f}, {0.155f, 0.105f, 0.105f}, true));
    mPrimitives.push_back(ellipsoid(Spine, {0, 1.08f, 0}, {0.125f, 0.1f, 0.09f}, true));
    mPrimitives.push_back(ellipsoid(Spine1, {0, 1.21f, 0}, {0.145f, 0.12f, 0.095f}, true));
    mPrimitives.push_back(ellipsoid(Chest, {0, 1.33f, 0}, {0.16f, 0.125f, 0.1f}, true));
    for (Primitive &torso : mPrimitives)
        torso.blend = kTorsoBlend;
    mPrimitives.push_back(cone(Neck, {0, 1.42f, -0.005f}, {0, 1.59f, 0.01f}, 0.056f, 0.05f, false));
    mPrimitives.push_back(ellipsoid(Head, {0, 1.645f, 0.015f}, {0.088f, 0.105f, 0.1f}, false));
    mPrimitives.push_back(ellipsoid(Head, {0, 1.59f, 0.035f}, {0.065f, 0.055f, 0.07f}, false));
    for (const int side : {1, -1}) {
        const float s = float(side);
        const int arm = side > 0 ? 0 : RightShoulder - LeftShoulder;
        const int leg = side > 0 ? 0 : RightUpperLeg - LeftUpperLeg;
        const Vec3 dir = armDirection(side);
        const Vec3 upper = jointPosition(LeftUpperArm + arm);
        const Vec3 elbow = jointPosition(LeftLowerArm + arm);
        const Vec3 wrist = jointPosition(LeftHand + arm);
        mPrimitives.push_back(cone(LeftShoulder + arm, {s * 0.04f, 1.42f, -0.005f},
                                   {s * 0.17f, 1.41f, -0.01f}, 0.06f, 0.055f, true));
        mPrimitives.push_back(cone(LeftUpperArm + arm, upper, elbow, 0.05f, 0.04f, true));
        mPrimitives.push_back(cone(LeftLowerArm + arm, elbow, wrist, 0.04f, 0.03f, true));
        // A mitten hand: flat, the palm facing down and in, the width along z.
        Primitive hand =
            ellipsoid(LeftHand + arm, wrist + dir * 0.08f, {0.085f, 0.026f, 0.046f}, false);
        hand.axes[0] = dir;
        hand.axes[1] = normalize(cross({0, 0, 1}, dir));
        hand.axes[2] = {0, 0, 1};
        mPrimitives.push_back(hand);

        const Vec3 hip = jointPosition(LeftUpperLeg + leg);
        const Vec3 knee = jointPosition(LeftLowerLeg + leg);
        const Vec3 ankle = jointPosition(LeftFoot + leg);
        Primitive thigh = cone(LeftUpperLeg + leg, hip, knee, 0.075f, 0.052f, false);
        thigh.weightsGarment = true; // the skirt follows the thighs
        mPrimitives.push_back(thigh);
        mPrimitives.push_back(cone(LeftLowerLeg + leg, knee, ankle, 0.05f, 0.033f, false));
        mPrimitives.push_back(ellipsoid(LeftLowerLeg + leg, {s * 0.095f, 0.34f, -0.018f},
                                        {0.045f, 0.1f, 0.045f}, false));
        mPrimitives.push_back(
            ellipsoid(LeftFoot + leg, {s * 0.1f, 0.045f, 0.03f}, {0.046f, 0.045f, 0.105f}, false));
        mPrimitives.push_back(
            ellipsoid(LeftToes + leg, {s * 0.1f, 0.03f, 0.145f}, {0.043f, 0.03f, 0.05f}, false));
    }
}

float Shape::body(const Vec3 &p) const
{
    float d = 1e9f;
    for (const Primitive &prim : mPrimitives)
        d = smoothMin(d, prim.distance(p), prim.blend);
    return d;
}

namespace {

// The coat's skirt: an elliptic cone from the waist to below the knees, flaring downwards.
constexpr float kSkirtTop = 1.12f, kSkirtBottom = 0.3f;

/// How far down the skirt a height is: 0 at the waist, 1 at the hem.
float skirtDepth(float y)
{
    return std::clamp((kSkirtTop - y) / (kSkirtTop - kSkirtBottom), 0.0f, 1.0f);
}

/// The skirt's half width (x radius) at a height.
float skirtHalfWidth(float y) { return 0.13f + 0.18f * skirtDepth(y); }

} // namespace

float Shape::skirt(const Vec3 &p) const
{
    constexpr float top = kSkirtTop, bottom = kSkirtBottom;
    const float t = skirtDepth(p.y);
    const Vec3 radii{skirtHalfWidth(p.y), 0.105f + 0.135f * t, 1.0f};
    const float centreZ = -0.01f * t;
    const float side = ellipsoidDistance({p.x, p.z - centreZ, 0.0f}, radii);
    return std::max({side, p.y - top, bottom - p.y});
}

float Shape::garment(const Vec3 &p) const
{
    float d = 1e9f;
    for (const Primitive &prim : mPrimitives)
        if (prim.inGarment) d = smoothMin(d, prim.distance(p), prim.blend);
    return smoothMin(d, skirt(p) + kCoatOffset, kSkirtBlend);
}

void Shape::weights(const Vec3 &p, bool garment, std::array<uint8_t, 4> &joints,
                    std::array<float, 4> &weights) const
{
    // Soft minimum over the parts: each bone's influence falls off exponentially with how much
    // farther its parts are than the nearest part, so weights blend where the parts blend.
    const float spread = garment ? kGarmentWeightSpread : kBodyWeightSpread;
    std::vector<float> distances(mPrimitives.size(), 1e9f);
    float nearest = 1e9f;
    for (size_t i = 0; i < mPrimitives.size(); ++i) {
        if (garment && !mPrimitives[i].weightsGarment) continue;
        distances[i] = mPrimitives[i].distance(p);
        nearest = std::min(nearest, distances[i]);
    }
    std::array<float, BoneCount> influence{};
    for (size_t i = 0; i < mPrimitives.size(); ++i) {
        if (distances[i] > 1e8f) continue;
        float w = std::exp(-(distances[i] - nearest) / spread);
        // On the body, a leg does not pull the skin of the other leg's inner thigh.
        const int bone = mPrimitives[i].bone;
        if (!garment && bone >= LeftUpperLeg) {
            const float side = bone < RightUpperLeg ? p.x : -p.x;
            w *= std::clamp((side + 0.02f) / 0.04f, 0.0f, 1.0f);
        }
        influence[size_t(bone)] += w;
    }
    if (garment) {
        // The skirt wraps both legs: the thighs' share goes from all left at the skirt's left
        // side to all right at its right side, smoothly across the whole front and back (a
        // share that jumped at the middle would tear the skinned coat apart between striding
        // legs; the simulation gives the skirt its swing).
        float &left = influence[LeftUpperLeg], &right = influence[RightUpperLeg];
        const float across = std::clamp(p.x / skirtHalfWidth(p.y), -1.0f, 1.0f);
        const float leftShare = 0.5f + 0.5f * std::sin(0.5f * kPi * across);
        const float legs = left + right;
        left = legs * leftShare;
        right = legs - left;
    }
    std::array<int, BoneCount> order{};
    for (int i = 0; i < BoneCount; ++i)
        order[size_t(i)] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](int a, int b) { return influence[size_t(a)] > influence[size_t(b)]; });
    float total = 0;
    for (int k = 0; k < 4; ++k)
        total += influence[size_t(order[size_t(k)])];
    joints = {0, 0, 0, 0};
    weights = {0, 0, 0, 0};
    float sum = 0;
    for (int k = 0; k < 4; ++k) {
        const float w = influence[size_t(order[size_t(k)])] / total;
        if (w < 0.01f) break;
        joints[size_t(k)] = uint8_t(order[size_t(k)]);
        weights[size_t(k)] = w;
        sum += w;
    }
    for (float &w : weights)
        w /= sum;
    // The strongest weight absorbs the rounding, so the four add up to 1 in float.
    weights[0] = 1.0f - (weights[1] + weights[2] + weights[3]);
}

void Shape::bodyWeights(const Vec3 &p, std::array<uint8_t, 4> &joints,
                        std::array<float, 4> &weights) const
{
    this->weights(p, false, joints, weights);
}

void Shape::garmentWeights(const Vec3 &p, std::array<uint8_t, 4> &joints,
                           std::array<float, 4> &weights) const
{
    this->weights(p, true, joints, weights);
}

} // namespace tweed::sample
