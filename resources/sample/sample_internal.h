// Internal pieces of the sample character generator, shared by its source files. Not installed
// and not used outside resources/sample.
#pragma once

#include "tweed/math.h"
#include "tweed/skeleton.h"

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace tweed::sample {

/// The sample skeleton's bones, in the order of Skeleton::bones (parents first).
enum BoneId : int
{
    Hips,
    Spine,
    Spine1,
    Chest,
    Neck,
    Head,
    LeftShoulder,
    LeftUpperArm,
    LeftLowerArm,
    LeftHand,
    RightShoulder,
    RightUpperArm,
    RightLowerArm,
    RightHand,
    LeftUpperLeg,
    LeftLowerLeg,
    LeftFoot,
    LeftToes,
    RightUpperLeg,
    RightLowerLeg,
    RightFoot,
    RightToes,
    BoneCount
};

// Measures of the character and its coat, in metres.
constexpr float kCoatOffset = 0.025f;   ///< coat surface outside the body
constexpr float kLiningOffset = 0.013f; ///< lining surface outside the body
constexpr float kHemHeight = 0.40f;     ///< coat hem, below the knees (knee joint at 0.49)
constexpr float kLiningHemHeight = 0.42f;

/// The skeleton in its bind pose: every bone's rest rotation is the identity, so bone frames
/// are aligned with the model axes and the inverse bind matrices are pure translations.
Skeleton makeSkeleton();
/// Model-space rest position of a joint.
Vec3 jointPosition(int bone);
/// Unit direction of an arm in the bind pose (shoulder to wrist), side +1 left, -1 right.
Vec3 armDirection(int side);

/// The animation clips "Walk", "Jump" and "Idle", keyed at 30 frames per second.
std::vector<AnimationClip> makeClips(const Skeleton &skeleton);

/// The character's implicit shape: a smooth union of ellipsoids and round cones, each owned
/// by a bone. Its zero level set is the body; offset level sets of a subset are the coat.
class Shape
{
public:
    Shape();

    /// Signed distance (approximately Euclidean) to the body; negative inside.
    float body(const Vec3 &p) const;
    /// The garment's field: the torso and arms, joined with the flared skirt; its level set at
    /// kCoatOffset is the coat, at kLiningOffset the lining.
    float garment(const Vec3 &p) const;
    /// Up to four bone influences at p, normalised, strongest first. Body weights use every
    /// primitive; garment weights leave out the head, hands and lower legs and blend wider.
    void bodyWeights(const Vec3 &p, std::array<uint8_t, 4> &joints,
                     std::array<float, 4> &weights) const;
    void garmentWeights(const Vec3 &p, std::array<uint8_t, 4> &joints,
                        std::array<float, 4> &weights) const;

    struct Primitive
    {
        enum class Kind
        {
            Ellipsoid,
            RoundCone
        };
        Kind kind = Kind::Ellipsoid;
        Vec3 a, b; ///< ellipsoid centre in a; round cone from a to b
        Vec3 axes[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}; ///< ellipsoid axes
        Vec3 radii; ///< ellipsoid radii; round cone radius at a in x, at b in y
        int bone = -1;
        float blend = 0.03f;         ///< smooth-union radius joining it to the parts before
        bool inGarment = false;      ///< part of the coat's shape
        bool weightsGarment = false; ///< influences the coat's bone weights
        float distance(const Vec3 &p) const;
    };

private:
    void weights(const Vec3 &p, bool garment, std::array<uint8_t, 4> &joints,
                 std::array<float, 4> &weights) const;
    float skirt(const Vec3 &p) const;

    std::vector<Primitive> mPrimitives;
};

/// Indexed triangle mesh used while building the surfaces.
struct TriMesh
{
    std::vector<Vec3> positions;
    std::vector<std::array<uint32_t, 3>> triangles;
};

using Field = std::function<float(const Vec3 &)>;

/// Closed surface of field < 0 inside the box, by surface nets on a grid of the given cell
/// size, with vertices projected onto the level set; outward (counter-clockwise) winding.
TriMesh extractSurface(const Field &field, const Vec3 &lo, const Vec3 &hi, float cell);
/// Tangential smoothing of the vertices not on a boundary, each step projected back onto the
/// level set; evens out the triangles without changing the shape.
void relaxSurface(TriMesh &mesh, const Field &field, int iterations);
/// Cuts the mesh along the zero set of f: edges crossing it are split (vertices very close to
/// it are moved onto it instead, so no slivers appear). With removeNegative, the triangles on
/// the negative side are dropped.
void cutMesh(TriMesh &mesh, const Field &f, bool removeNegative);
/// Drops connected pieces smaller than minTriangles and vertices no triangle uses.
void dropSmallPieces(TriMesh &mesh, size_t minTriangles);
/// Unit gradient of a field by central differences.
Vec3 fieldNormal(const Field &field, const Vec3 &p);

/// A mesh ready to be written: attributes per vertex, triangles as index triples.
struct SkinnedMesh
{
    std::string name;
    std::vector<Vec3> positions;
    std::vector<Vec3> normals;
    std::vector<Vec2> uvs;
    std::vector<std::array<uint8_t, 4>> joints;
    std::vector<std::array<float, 4>> weights;
    std::vector<uint32_t> indices;
};

SkinnedMesh makeBody(const Shape &shape);
/// The coat (lining = false) or its lining: the lining is the same garment 1.2 cm further in,
/// without sleeves, facing the body.
SkinnedMesh makeGarment(const Shape &shape, bool lining);

/// PNG file (8-bit RGB, stored deflate blocks) of a width x height image, rows top to bottom.
std::string encodePng(int width, int height, const std::vector<uint8_t> &rgb);
/// Standard base64 with padding.
std::string base64(const std::string &bytes);
/// The coat's texture: a tileable brown and green herringbone tweed, size x size pixels.
std::vector<uint8_t> tweedTexture(int size);

} // namespace tweed::sample
