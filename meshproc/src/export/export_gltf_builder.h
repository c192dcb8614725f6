// A small layer over tinygltf for the exports: one buffer, one buffer view per accessor, typed
// helpers for the vertex attributes, matrices and animation data the exports write, and an
// atomic write of .gltf (buffer embedded) or .glb.
#pragma once

#include "tweed/math.h"
#include "tweed/mesh.h"

#include <tiny_gltf.h>

#include <string>
#include <vector>

namespace tweed::gltf {

class Builder
{
public:
    Builder();

    tinygltf::Model &model() { return mModel; }

    /// Accessors. `target` is the buffer view target (0 for none, e.g. animation data); minMax
    /// writes the accessor's bounds (required for POSITION and animation inputs).
    int vec3(const std::vector<Vec3> &values, bool minMax,
             int target = TINYGLTF_TARGET_ARRAY_BUFFER);
    int floats(const std::vector<float> &values, int type, bool minMax, int target = 0);
    /// 32-bit values as a VEC2 of UNSIGNED_SHORT (low 16 bits, high 16 bits): glTF allows no
    /// UNSIGNED_INT vertex attributes.
    int uintPairs(const std::vector<uint32_t> &values);
    int indices(const std::vector<uint32_t> &values);
    int vec2(const std::vector<Vec2> &values);
    int vec4(const std::vector<Vec4> &values);
    int joints(const std::vector<BoneInfluence> &skin);
    /// Weights renormalised in float so that they sum to 1 as the validator checks.
    int weights(const std::vector<BoneInfluence> &skin);
    int matrices(const std::vector<Mat4> &values);
    int quats(const std::vector<Quat> &values);

    int addNode(tinygltf::Node node);
    /// Serialises the model; the extension of path chooses .glb (binary) or .gltf (embedded
    /// buffer). Node names are made unique first (uniqueNames: a repeat gets "_2", ...). Written
    /// atomically; throws FileError.
    void write(const std::string &path);

private:
    int addAccessor(const void *data, size_t bytes, size_t count, int componentType, int type,
                    int target);
    tinygltf::Model mModel;
};

/// Node TRS from an affine matrix (rotation normalised; decomposition as tweed::decompose).
void setTransform(tinygltf::Node &node, const Mat4 &m);
/// Unit normals; zero or non-finite ones become (0, 1, 0) (glTF requires unit normals).
std::vector<Vec3> unitNormals(const std::vector<Vec3> &normals);

} // namespace tweed::gltf
