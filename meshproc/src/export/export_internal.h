// Helpers shared by the export_*.cpp files.
#pragma once

#include "tweed/errors.h"
#include "tweed/meshproc/export.h"

#include "export_gltf_builder.h"

namespace tweed {

/// Frames a simulated export writes: options.frames, or the clip once.
int exportFrameCount(const ExportOptions &options);
/// Throws for an extension the format does not write, a bad scale, LoD, rate or frame count.
void checkExportOptions(const ClothingAsset &asset, const std::string &path,
                        const ExportOptions &options);
/// Cloth bones a bake places: options.clothBones, at most (and by default) one per physics vertex.
uint32_t bakedClothBoneCount(const ClothingAsset &asset, const ExportOptions &options);
/// The InputError refusing an export that would lose what `lost` lists.
InputError lossError(const std::string &path, const ExportOptions &options,
                     const std::vector<std::string> &lost);

/// Model space -> target space, for points, directions, matrices and distances.
struct TargetSpace
{
    explicit TargetSpace(const ExportTransform &t);
    Mat4 c, cInverse;
    Mat4 axes; ///< c without the scale (a rotation, or a rotation and a mirror)
    float scale = 1.0f;
    bool mirrored = false;
    bool identity = true;

    Vec3 point(const Vec3 &p) const { return identity ? p : c.transformPoint(p); }
    Vec3 direction(const Vec3 &d) const { return identity ? d : axes.transformVector(d); }
    Mat4 conjugate(const Mat4 &m) const { return identity ? m : c * m * cInverse; }
    std::vector<Vec3> points(const std::vector<Vec3> &p) const;
    std::vector<Vec3> directions(const std::vector<Vec3> &d) const;
    /// Triangles re-wound when the transform mirrors.
    std::vector<uint32_t> triangles(const std::vector<uint32_t> &indices) const;
};

/// The skeleton as glTF nodes in its rest pose; returns the node of each bone. Root bones are
/// added to the scene.
std::vector<int> addSkeletonNodes(gltf::Builder &b, const Skeleton &skeleton,
                                  const TargetSpace &space);
/// A skin over the given joint nodes with the given model-space inverse bind matrices.
int addSkin(gltf::Builder &b, const std::vector<int> &joints, const std::vector<Mat4> &inverseBinds,
            const TargetSpace &space, const std::string &name);
/// A glTF primitive's base attributes of a graphics mesh (positions given, e.g. deformed).
void addGraphicsAttributes(gltf::Builder &b, tinygltf::Primitive &prim, const GraphicsMesh &mesh,
                           const std::vector<Vec3> &positions, const std::vector<Vec3> &normals,
                           const TargetSpace &space);

} // namespace tweed

namespace tweed {

ExportReport exportGltfPhysics(const ClothingAsset &asset, const std::string &path,
                               const ExportOptions &options, const std::vector<std::string> &lost);
ExportReport exportPointCache(const ClothingAsset &asset, const std::string &path,
                              const ExportOptions &options, const ProgressCallback &progress);
/// The point cache as an MDD or PC2 file (export_point_cache.cpp).
ExportReport exportPointCacheFile(const ClothingAsset &asset, const std::string &path,
                                  const ExportOptions &options, const ProgressCallback &progress);
ExportReport exportBakedBones(const ClothingAsset &asset, const std::string &path,
                              const ExportOptions &options, const ProgressCallback &progress);

// The baked bones' joints: the character's bones (0..n-1), the static root of the cloth bones
// (n), the cloth bones (n+1...), as BakedBones::skin indexes them.
/// A joint's model-space matrix relative to its parent at a baked frame.
Mat4 bakedJointLocal(const Skeleton &skeleton, const BakedBones &baked, size_t joint, size_t frame);
/// Model-space inverse bind matrices of all joints.
std::vector<Mat4> bakedInverseBinds(const Skeleton &skeleton, const BakedBones &baked);
/// "cloth_<pivot>".
std::string clothBoneName(const ClothBoneDefinition &bone);

/// The names in order, each repeat given "_2", "_3", ... (skipping names already taken), so
/// that no two nodes of an export share a name: Collada readers take a mesh node named like a
/// joint for a joint, and FBX and glTF readers find bones by name.
std::vector<std::string> uniqueNames(const std::vector<std::string> &names);

/// The node names of a bake, unique together: the joints (character bones keep their names,
/// so clips still find them), the mesh and the asset's root node.
struct BakedNames
{
    std::vector<std::string> joints;
    std::string mesh;
    std::string root;
};
BakedNames bakedNames(const ClothingAsset &asset, const BakedBones &baked, int lod);

/// Writes a bake as binary FBX 7.5 (export_fbx.cpp); returns the number of nodes.
uint32_t writeBakedBonesFbx(const ClothingAsset &asset, const BakedBones &baked,
                            const std::string &path, const ExportOptions &options);
/// Writes a bake as Collada through Assimp's exporter (export_assimp.cpp); returns the number
/// of nodes.
uint32_t writeBakedBonesCollada(const ClothingAsset &asset, const BakedBones &baked,
                                const std::string &path, const ExportOptions &options);

} // namespace tweed
