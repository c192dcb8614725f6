// Reading characters with Assimp. The scene is read with one Assimp::Importer per call (safe on
// a worker thread), then rebuilt in Tweed's model:
//   1. units and axes: every node's local transform, mesh vertex and animation key is conjugated
//      by one conversion C (source units and axes -> metres, Y-up), so all of them are in metres;
//   2. skeleton: the nodes that are bones, carry unskinned meshes or are animated, plus their
//      ancestors, parents first;
//   3. bind pose: Assimp's skinned vertex is boneGlobal * offset * v. For each skinned mesh the
//      matrix M = boneRestGlobal * offset agreed on by most of its bones is the mesh's model
//      transform; positions become M * v. A bone that disagrees was bound in another pose than
//      the file's node pose: its rest pose becomes the bind pose (M * offset^-1), so the skeleton's
//      rest pose always reproduces the rest mesh and inverse binds are inverse rest globals.
#include "tweed/meshproc/import.h"

#include "import_guards.h"
#include "tweed/errors.h"

#include <assimp/Importer.hpp>
#include <assimp/ProgressHandler.hpp>
#include <assimp/commonMetaData.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <set>
#include <sstream>
#include <unordered_map>
#include <unordered_set>

// Debian builds Assimp with its internal checks on, and a failed check aborts the process.
// This definition takes the place of Assimp's (the dynamic linker binds the library's calls
// to the program's definition): the check throws instead, Importer::ReadFile catches it and
// reports a failed read, and importCharacter turns that into a FileError.
namespace Assimp {
void aiAssertViolation(const char *failedExpression, const char *file, int line)
{
    throw std::runtime_error(std::string("internal check failed (") + failedExpression + " at " +
                             file + ":" + std::to_string(line) + "); the file is corrupt or truncated");
}
} // namespace Assimp

namespace tweed {
namespace {

// Triangulate and weld for rendering; generate normals only where the file has none; split
// meshes by primitive type so point and line meshes can be dropped; validate indices and
// references. Bone weights are limited here (to report what the limit removed), not by Assimp.
constexpr unsigned kPostProcess = aiProcess_Triangulate | aiProcess_JoinIdenticalVertices |
                                  aiProcess_GenSmoothNormals | aiProcess_SortByPType |
                                  aiProcess_ValidateDataStructure;

constexpr size_t kMaxBones = 65536; // BoneInfluence stores bone indices in 16 bits

Mat4 toMat4(const aiMatrix4x4 &a)
{
    Mat4 m;
    for (int r = 0; r < 4; ++r)
        for (int c = 0; c < 4; ++c)
            m(r, c) = a[unsigned(r)][unsigned(c)];
    return m;
}

Vec3 toVec3(const aiVector3D &v) { return {v.x, v.y, v.z}; }

bool isFinite(const Mat4 &m)
{
    return std::all_of(std::begin(m.m), std::end(m.m), [](float x) { return std::isfinite(x); });
}

float maxAbs(const Mat4 &m)
{
    float r = 0;
    for (float x : m.m)
        r = std::max(r, std::abs(x));
    return r;
}

// Cube root of |det| of the linear part: the matrix's typical length scale.
float linearScale(const Mat4 &m)
{
    const float det = dot(m.column(0), cross(m.column(1), m.column(2)));
    return std::cbrt(std::abs(det));
}

// Inverse transpose of the linear part, for transforming normals.
Mat4 normalMatrix(const Mat4 &m)
{
    Mat4 linear = m;
    linear.m[12] = linear.m[13] = linear.m[14] = 0;
    return transpose(inverse(linear));
}

// Equal up to float noise relative to the matrices' magnitude.
bool sameMatrix(const Mat4 &a, const Mat4 &b)
{
    return maxAbsDifference(a, b) <= 1e-4f * std::max({1.0f, maxAbs(a), maxAbs(b)});
}

bool mirrors(const Mat4 &m) { return dot(m.column(0), cross(m.column(1), m.column(2))) < 0; }

std::string lowerExtension(const std::string &path)
{
    std::string ext = std::filesystem::path(path).extension().string();
    if (!ext.empty() && ext[0] == '.')
        ext.erase(0, 1);
    std::transform(ext.begin(), ext.end(), ext.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    return ext;
}

// Length of the valid UTF-8 sequence at text[i], 0 when none starts there.
size_t utf8SequenceLength(std::string_view text, size_t i)
{
    const auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char c = byte(i);
    if (c < 0x80) return 1;
    size_t n = 0;
    uint32_t cp = 0;
    if (c >= 0xC2 && c <= 0xDF) {
        n = 2;
        cp = c & 0x1Fu;
    } else if (c >= 0xE0 && c <= 0xEF) {
        n = 3;
        cp = c & 0x0Fu;
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4;
        cp = c & 0x07u;
    } else {
        return 0;
    }
    if (i + n > text.size()) return 0;
    for (size_t k = 1; k < n; ++k) {
        if ((byte(i + k) & 0xC0u) != 0x80u) return 0;
        cp = cp << 6 | (byte(i + k) & 0x3Fu);
    }
    if ((n == 3 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) ||
        (n == 4 && (cp < 0x10000 || cp > 0x10FFFF)))
        return 0;
    return n;
}

// A name from the file as UTF-8; counts the names that needed converting.
std::string nameFromFile(const aiString &name, uint32_t &converted)
{
    const std::string_view raw(name.C_Str());
    if (isValidUtf8(raw)) return std::string(raw);
    ++converted;
    return textAsUtf8(raw);
}

// Makes names unique and non-empty in order of arrival: "Coat", "Coat.1", "Coat.2", ...
class UniqueNames
{
public:
    std::string make(const std::string &wanted, const std::string &fallback)
    {
        const std::string base = wanted.empty() ? fallback : wanted;
        std::string name = base;
        for (int i = 1; mUsed.count(name); ++i)
            name = base + "." + std::to_string(i);
        mUsed.insert(name);
        return name;
    }

private:
    std::unordered_set<std::string> mUsed;
};

// Forwards Assimp's progress to the caller's callback; remembers a cancel request (throwing
// through Assimp's code is not safe).
class ProgressForwarder : public Assimp::ProgressHandler
{
public:
    ProgressForwarder(const ProgressCallback &progress, float from, float to)
        : mProgress(progress), mFrom(from), mTo(to)
    {
    }
    bool Update(float percentage) override
    {
        if (!mProgress || mCancelled)
            return !mCancelled;
        const float f = std::clamp(percentage < 0 ? 0.0f : percentage, 0.0f, 1.0f);
        if (!mProgress(mFrom + (mTo - mFrom) * f, "Reading file"))
            mCancelled = true;
        return !mCancelled;
    }
    bool cancelled() const { return mCancelled; }

private:
    const ProgressCallback &mProgress;
    float mFrom, mTo;
    bool mCancelled = false;
};

// Gives the Importer its default handler back before either is destroyed, so the Importer
// never deletes ours.
struct ProgressHandlerScope
{
    Assimp::Importer &importer;
    ~ProgressHandlerScope() { importer.SetProgressHandler(nullptr); }
};

// ---- units and axes -------------------------------------------------------------------------

struct Conversion
{
    SourceUnits units;
    Mat4 baked;      ///< what Assimp already multiplied into the root node (Collada)
    Mat4 toTarget;   ///< C: source coordinates -> metres, Y-up
    Mat4 fromTarget; ///< C^-1
    float scale = 1; ///< metres per source unit
    /// Where the unit comes from, for messages ("" when the file gives none).
    std::string unitSource;
    Mat4 rotation;   ///< the rotation part of C
};

bool metaNumber(const aiMetadata *meta, const char *key, double &out)
{
    if (!meta)
        return false;
    for (unsigned i = 0; i < meta->mNumProperties; ++i) {
        if (std::strcmp(meta->mKeys[i].C_Str(), key) != 0)
            continue;
        const aiMetadataEntry &e = meta->mValues[i];
        if (!e.mData)
            return false;
        switch (e.mType) {
        case AI_BOOL: out = *static_cast<const bool *>(e.mData) ? 1 : 0; return true;
        case AI_INT32: out = *static_cast<const int32_t *>(e.mData); return true;
        case AI_UINT64: out = double(*static_cast<const uint64_t *>(e.mData)); return true;
        case AI_FLOAT: out = *static_cast<const float *>(e.mData); return true;
        case AI_DOUBLE: out = *static_cast<const double *>(e.mData); return true;
        default: return false;
        }
    }
    return false;
}

UpAxis upAxisOf(int axis) { return axis == 2 ? UpAxis::Z : axis == 0 ? UpAxis::X : UpAxis::Y; }

// Rotation whose rows are the source directions that become +X and +Y (Z completes a
// right-handed frame, so the conversion never mirrors).
Mat4 axisRotation(int rightAxis, float rightSign, int upAxis, float upSign)
{
    Vec3 right, up;
    right[rightAxis] = rightSign;
    up[upAxis] = upSign;
    const Vec3 front = cross(right, up);
    Mat4 r;
    for (int c = 0; c < 3; ++c) {
        r(0, c) = right[c];
        r(1, c) = up[c];
        r(2, c) = front[c];
    }
    return r;
}

Conversion detectConversion(const aiScene &scene, const std::string &ext,
                            std::vector<std::string> &warnings)
{
    Conversion conv;
    const aiMetadata *meta = scene.mMetaData;
    if (ext == "fbx") {
        // FBX: UnitScaleFactor is centimetres per unit (default 1); the axis system is
        // described by the up and coordinate (right) axes with their signs.
        double unitCm = 1;
        if (metaNumber(meta, "UnitScaleFactor", unitCm) && !(std::isfinite(unitCm) && unitCm > 0)) {
            warnings.push_back("FBX UnitScaleFactor is not a positive number; centimetres assumed");
            unitCm = 1;
        }
        conv.scale = float(unitCm * 0.01);
        conv.unitSource = "its UnitScaleFactor";
        double up = 1, upSign = 1, coord = 0, coordSign = 1;
        metaNumber(meta, "UpAxis", up);
        metaNumber(meta, "UpAxisSign", upSign);
        metaNumber(meta, "CoordAxis", coord);
        metaNumber(meta, "CoordAxisSign", coordSign);
        const int u = int(up), c = int(coord);
        if (u < 0 || u > 2 || c < 0 || c > 2 || u == c) {
            warnings.push_back("FBX axis system is invalid; Y-up assumed");
        } else {
            conv.units.upAxis = upAxisOf(u);
            conv.rotation = axisRotation(c, coordSign < 0 ? -1.0f : 1.0f, u, upSign < 0 ? -1.0f : 1.0f);
        }
    } else if (ext == "dae" || ext == "zae") {
        // Assimp's Collada reader multiplies <unit meter> and the <up_axis> rotation into the
        // root node (the visual scene, which has no transform of its own): read them back.
        const Mat4 root = toMat4(scene.mRootNode->mTransformation);
        const float s = length(root.column(0));
        int upAxis = -1;
        bool clean = s > 0 && std::isfinite(s) && lengthSquared(Vec3{root.m[12], root.m[13], root.m[14]}) == 0;
        for (int k = 0; k < 3 && clean; ++k) {
            const Vec3 col = root.column(k) / s;
            int nonZero = 0;
            for (int i = 0; i < 3; ++i)
                if (std::abs(col[i]) > 1e-4f)
                    nonZero += std::abs(std::abs(col[i]) - 1) < 1e-4f ? 1 : 2;
            clean = nonZero == 1;
            if (col.y > 0.5f)
                upAxis = k;
        }
        if (clean && upAxis >= 0) {
            conv.baked = root;
            conv.scale = s;
            conv.unitSource = "its <unit>";
            conv.units.upAxis = upAxisOf(upAxis);
            conv.rotation = root * Mat4::scaling({1 / s, 1 / s, 1 / s});
        }
    } else if (ext == "smd") {
        // Valve's SMD is Z-up by its engines' convention and says nothing of it (Assimp keeps
        // the file's axes): read as Y-up, a character stood on its tail, gravity along its spine.
        conv.units.upAxis = UpAxis::Z;
        conv.rotation = axisRotation(0, 1.0f, 2, 1.0f);
    }
    // glTF is metres and Y-up by definition; other formats carry no unit information.
    if (ext == "gltf" || ext == "glb")
        conv.unitSource = "glTF's";
    conv.units.metresPerUnit = conv.scale;
    conv.toTarget = Mat4::scaling({conv.scale, conv.scale, conv.scale}) * conv.rotation;
    conv.fromTarget = inverse(conv.toTarget);
    return conv;
}

// A character far larger or smaller than any worn garment (over 20 m or under 2 cm across in
// its bind pose) is most likely in another unit than the file says or than metres, which are
// assumed when it says none: cloth settings and the simulation work in metres, so the cloth
// would fall in slow motion or jitter. Empty when the size is ordinary.
std::string unusualSizeWarning(const Character &character, const Conversion &conv)
{
    constexpr float inf = std::numeric_limits<float>::infinity();
    Vec3 low{inf, inf, inf}, high{-inf, -inf, -inf};
    for (const GraphicsMesh &mesh : character.meshes)
        for (const Vec3 &p : mesh.positions) {
            low = {std::min(low.x, p.x), std::min(low.y, p.y), std::min(low.z, p.z)};
            high = {std::max(high.x, p.x), std::max(high.y, p.y), std::max(high.z, p.z)};
        }
    const float size = std::max({high.x - low.x, high.y - low.y, high.z - low.z});
    if (!(size > 20.0f || (size > 0 && size < 0.02f)))
        return {};
    char across[64];
    std::snprintf(across, sizeof across, "%.3g m across", double(size));
    char unit[64];
    std::snprintf(unit, sizeof unit, "%.3g m", double(conv.scale));
    return std::string("the character is ") + across + " (one file unit is " + unit +
           (conv.unitSource.empty() ? std::string(", the file gives no unit")
                                    : ", as " + conv.unitSource + " says") +
           "): an unusual size for a character; the cloth's settings and its simulation are in "
           "metres, so if this is not its real size, rescale it where it was made";
}

// ---- the node hierarchy ---------------------------------------------------------------------

struct Node
{
    const aiNode *ai = nullptr;
    int parent = -1;
    std::string name;
    Mat4 local;  ///< converted to metres and Y-up
    Mat4 global; ///< file's rest pose
    int bone = -1;
};

std::vector<Node> flattenNodes(const aiScene &scene, const Conversion &conv, uint32_t &converted)
{
    std::vector<Node> nodes;
    std::unordered_set<const aiNode *> seen;
    std::vector<std::pair<const aiNode *, int>> stack{{scene.mRootNode, -1}};
    while (!stack.empty()) {
        const auto [ai, parent] = stack.back();
        stack.pop_back();
        if (!ai || !seen.insert(ai).second)
            continue; // a malformed graph: visit each node once
        Node n;
        n.ai = ai;
        n.parent = parent;
        n.name = nameFromFile(ai->mName, converted);
        Mat4 local = toMat4(ai->mTransformation);
        if (parent < 0)
            local = local * inverse(conv.baked);
        n.local = conv.toTarget * local * conv.fromTarget;
        n.global = parent >= 0 ? nodes[size_t(parent)].global * n.local : n.local;
        const int index = int(nodes.size());
        nodes.push_back(std::move(n));
        for (unsigned i = ai->mNumChildren; i-- > 0;)
            stack.push_back({ai->mChildren[i], index});
    }
    return nodes;
}

// ---- meshes ---------------------------------------------------------------------------------

struct Influence
{
    int node;
    float weight;
};

struct MeshWork
{
    const aiMesh *ai = nullptr;
    size_t index = 0;       ///< in the scene
    int node = -1;          ///< the node that carries the mesh (root when none does)
    Mat4 model;             ///< M: mesh space -> model space (converted)
    bool skinned = false;
    std::vector<std::vector<Influence>> influences; ///< per vertex, by node, before the limit
    bool needsNodeBone = false; ///< some vertex has no influence: bind it to the mesh's node
};

// Distance, over the corners of a box, between two placements of it.
float placementDistance(const Mat4 &a, const Mat4 &b, const Vec3 &lo, const Vec3 &hi)
{
    float d = 0;
    for (int corner = 0; corner < 8; ++corner) {
        const Vec3 p{(corner & 1) ? hi.x : lo.x, (corner & 2) ? hi.y : lo.y,
                     (corner & 4) ? hi.z : lo.z};
        d = std::max(d, distance(a.transformPoint(p), b.transformPoint(p)));
    }
    return d;
}

std::string meshLabel(const aiMesh &mesh, size_t index)
{
    return mesh.mName.length ? "mesh \"" + textAsUtf8(mesh.mName.C_Str()) + "\""
                             : "mesh " + std::to_string(index);
}

// True for the mesh Assimp draws of the bones of a file that holds none (a BVH or CSM motion, a
// Collada scene of cameras and lights: its SkeletonMeshBuilder, material "SkeletonMaterial",
// no name): a picture of the skeleton, not a character's mesh.
bool isSkeletonStandIn(const aiScene &scene, const aiMesh &mesh)
{
    if (mesh.mName.length > 0 || mesh.mNumBones == 0 || mesh.mMaterialIndex >= scene.mNumMaterials)
        return false;
    aiString name;
    return scene.mMaterials[mesh.mMaterialIndex]->Get(AI_MATKEY_NAME, name) == AI_SUCCESS &&
           std::strcmp(name.C_Str(), "SkeletonMaterial") == 0;
}

// True when the triangle repeats a vertex or has no area at float precision: its height is
// within a few float steps of its coordinates' magnitude.
bool degenerate(const std::vector<Vec3> &positions, uint32_t a, uint32_t b, uint32_t c)
{
    if (a == b || b == c || a == c) return true;
    const Vec3 &pa = positions[a], &pb = positions[b], &pc = positions[c];
    const auto d = [](const Vec3 &p, const Vec3 &q) {
        return std::array<double, 3>{double(q.x) - p.x, double(q.y) - p.y, double(q.z) - p.z};
    };
    const auto e1 = d(pa, pb), e2 = d(pa, pc), e3 = d(pb, pc);
    const double cx = e1[1] * e2[2] - e1[2] * e2[1], cy = e1[2] * e2[0] - e1[0] * e2[2],
                 cz = e1[0] * e2[1] - e1[1] * e2[0];
    const double twiceArea = std::sqrt(cx * cx + cy * cy + cz * cz);
    const auto len2 = [](const std::array<double, 3> &e) {
        return e[0] * e[0] + e[1] * e[1] + e[2] * e[2];
    };
    const double longest = std::sqrt(std::max({len2(e1), len2(e2), len2(e3)}));
    double magnitude = 0;
    for (const Vec3 *p : {&pa, &pb, &pc})
        magnitude = std::max(
            {magnitude, double(std::abs(p->x)), double(std::abs(p->y)), double(std::abs(p->z))});
    const double resolution =
        4.0 * std::numeric_limits<float>::epsilon() * std::max(magnitude, 1e-30);
    return twiceArea <= longest * resolution; // height = twiceArea / longest
}

void requireFinite(bool ok, const std::string &path, const std::string &what)
{
    if (!ok)
        throw FileError(path, "non-finite values (NaN or infinity) in " + what);
}

} // namespace

Character importCharacter(const std::string &path, ImportReport *reportOut,
                          const ProgressCallback &progress)
{
    ImportReport report;
    reportProgress(progress, 0.0f, "Reading file");

    std::error_code ec;
    if (!std::filesystem::exists(path, ec))
        throw FileError(path, "file not found");
    if (!std::filesystem::is_regular_file(path, ec))
        throw FileError(path, "not a regular file");
    if (!std::ifstream(path, std::ios::binary).good())
        throw FileError(path, "cannot open the file for reading");

    const std::string ext = lowerExtension(path);
    detail::checkReaderHazards(path, ext);
    Assimp::Importer importer;
    auto *forwarder = new ProgressForwarder(progress, 0.0f, 0.6f);
    std::unique_ptr<ProgressForwarder> forwarderOwner(forwarder);
    importer.SetProgressHandler(forwarder);
    ProgressHandlerScope handlerScope{importer};

    const aiScene *scene = nullptr;
    try {
        scene = importer.ReadFile(path, kPostProcess);
    } catch (const std::bad_alloc &) {
        throw FileError(path, "the file needs more memory than is available (corrupt sizes?)");
    } catch (const std::exception &e) {
        throw FileError(path, std::string("Assimp: ") + e.what());
    }
    if (forwarder->cancelled())
        throw Cancelled();
    if (!scene) {
        std::string error = importer.GetErrorString();
        if (error.find("No suitable reader found") != std::string::npos)
            throw FileError(path, "file format not recognised (no Assimp reader accepts it)");
        throw FileError(path, "Assimp: " + (error.empty() ? std::string("unknown error") : error));
    }
    if (!scene->mRootNode)
        throw FileError(path, "the file has no node hierarchy");

    {
        aiString format;
        if (scene->mMetaData && scene->mMetaData->Get(AI_METADATA_SOURCE_FORMAT, format))
            report.format = format.C_Str();
        else
            report.format = ext;
    }
    reportProgress(progress, 0.62f, "Converting units");

    Character character;
    character.sourcePath = path;
    const Conversion conv = detectConversion(*scene, ext, report.warnings);
    character.sourceUnits = conv.units;

    std::vector<Node> nodes = flattenNodes(*scene, conv, report.namesConvertedFromLatin1);
    for (const Node &n : nodes)
        requireFinite(isFinite(n.local), path, "the transform of node \"" + n.name + "\"");
    std::unordered_map<std::string, int> nodeByName; // first node of each name, in file order
    std::unordered_map<const aiNode *, int> nodeByPointer;
    {
        std::set<std::string> duplicates;
        for (size_t i = 0; i < nodes.size(); ++i) {
            nodeByPointer[nodes[i].ai] = int(i);
            if (!nodeByName.emplace(nodes[i].name, int(i)).second && !nodes[i].name.empty())
                duplicates.insert(nodes[i].name);
        }
        for (const std::string &d : duplicates)
            report.warnings.push_back("several nodes are named \"" + d +
                                      "\"; bones and animation channels use the first");
    }

    // Which node carries each mesh.
    std::vector<int> meshNode(scene->mNumMeshes, -1);
    std::vector<int> meshInstances(scene->mNumMeshes, 0);
    for (size_t i = 0; i < nodes.size(); ++i)
        for (unsigned k = 0; k < nodes[i].ai->mNumMeshes; ++k) {
            const unsigned m = nodes[i].ai->mMeshes[k];
            if (m >= scene->mNumMeshes)
                continue;
            if (meshInstances[m]++ == 0)
                meshNode[m] = int(i);
        }

    reportProgress(progress, 0.65f, "Reading meshes");
    std::vector<MeshWork> work;
    std::vector<char> inSkeleton(nodes.size(), 0);
    const auto addWithAncestors = [&](int n) {
        for (; n >= 0 && !inSkeleton[size_t(n)]; n = nodes[size_t(n)].parent)
            inSkeleton[size_t(n)] = 1;
    };
    // The rest global each bone of a skinned mesh must have: its bind pose (first mesh wins).
    std::map<int, Mat4> bindGlobal;
    uint32_t bindConflicts = 0;

    unsigned skeletonStandIns = 0;
    for (unsigned mi = 0; mi < scene->mNumMeshes; ++mi) {
        const aiMesh *mesh = scene->mMeshes[mi];
        if (!mesh)
            continue;
        if (isSkeletonStandIn(*scene, *mesh)) {
            ++skeletonStandIns;
            continue;
        }
        const std::string label = meshLabel(*mesh, mi);
        if (!(mesh->mPrimitiveTypes & aiPrimitiveType_TRIANGLE) || mesh->mNumFaces == 0 ||
            mesh->mNumVertices == 0 || !mesh->mVertices) {
            report.warnings.push_back(label + " has no triangles (points or lines); dropped");
            continue;
        }
        if (meshInstances[mi] > 1)
            report.warnings.push_back(label + " is used by " + std::to_string(meshInstances[mi]) +
                                      " nodes; only the first placement is imported");
        if (mesh->mNumAnimMeshes > 0)
            report.warnings.push_back(label + " has morph targets; they are not imported");
        for (unsigned v = 0; v < mesh->mNumVertices; ++v)
            requireFinite(isFinite(toVec3(mesh->mVertices[v])), path, "the positions of " + label);

        MeshWork w;
        w.ai = mesh;
        w.index = mi;
        w.node = meshNode[mi] >= 0 ? meshNode[mi] : 0;
        if (meshNode[mi] < 0)
            report.warnings.push_back(label + " is not placed by any node; the root places it");
        w.skinned = mesh->mNumBones > 0;
        if (!w.skinned) {
            w.model = nodes[size_t(w.node)].global; // refined after the skeleton is final
            addWithAncestors(w.node);
            work.push_back(std::move(w));
            continue;
        }

        // Gather influences per vertex, merging repeated bones; skip bones without a node.
        w.influences.resize(mesh->mNumVertices);
        struct BoneUse
        {
            int node;
            Mat4 offset; ///< converted
            Vec3 lo{1e30f, 1e30f, 1e30f}, hi{-1e30f, -1e30f, -1e30f};
            double weight = 0;
        };
        std::vector<BoneUse> uses;
        std::set<std::string> missing;
        for (unsigned b = 0; b < mesh->mNumBones; ++b) {
            const aiBone *bone = mesh->mBones[b];
            if (!bone)
                continue;
            const std::string boneName = textAsUtf8(bone->mName.C_Str());
            const auto it = nodeByName.find(boneName);
            if (it == nodeByName.end()) {
                missing.insert(boneName);
                continue;
            }
            const Mat4 offset = conv.toTarget * toMat4(bone->mOffsetMatrix) * conv.fromTarget;
            requireFinite(isFinite(offset), path, "the offset matrix of bone \"" + it->first + "\"");
            BoneUse use{it->second, offset};
            for (unsigned k = 0; k < bone->mNumWeights; ++k) {
                const aiVertexWeight &vw = bone->mWeights[k];
                requireFinite(std::isfinite(vw.mWeight), path, "the bone weights of " + label);
                if (vw.mVertexId >= mesh->mNumVertices || vw.mWeight <= 0)
                    continue;
                const Vec3 p = conv.toTarget.transformPoint(toVec3(mesh->mVertices[vw.mVertexId]));
                use.lo = minComponents(use.lo, p);
                use.hi = maxComponents(use.hi, p);
                use.weight += vw.mWeight;
                auto &list = w.influences[vw.mVertexId];
                auto same = std::find_if(list.begin(), list.end(),
                                         [&](const Influence &i) { return i.node == use.node; });
                if (same != list.end())
                    same->weight += vw.mWeight;
                else
                    list.push_back({use.node, vw.mWeight});
            }
            if (use.weight > 0)
                uses.push_back(use);
        }
        for (const std::string &name : missing)
            report.warnings.push_back(label + ": bone \"" + name +
                                      "\" has no node; its weights are ignored");

        // Choose M: the placement most bones agree on (by influenced weight). Candidates: the
        // mesh node's transform, identity, and each bone's restGlobal * offset.
        Vec3 lo{1e30f, 1e30f, 1e30f}, hi{-1e30f, -1e30f, -1e30f};
        for (unsigned v = 0; v < mesh->mNumVertices; ++v) {
            const Vec3 p = conv.toTarget.transformPoint(toVec3(mesh->mVertices[v]));
            lo = minComponents(lo, p);
            hi = maxComponents(hi, p);
        }
        const float size = std::max(distance(lo, hi), 1e-6f);
        std::vector<Mat4> placements(uses.size());
        for (size_t u = 0; u < uses.size(); ++u)
            placements[u] = nodes[size_t(uses[u].node)].global * uses[u].offset;
        const auto agrees = [&](size_t u, const Mat4 &m) {
            const float tol = 1e-4f * size * std::max(linearScale(m), 1e-12f);
            return placementDistance(placements[u], m, uses[u].lo, uses[u].hi) <= tol;
        };
        // Bone placements join the candidates heaviest first, each only when no candidate
        // so far matches it; a few suffice (a mesh has one bind placement, rarely two), and
        // the cap keeps a mesh with tens of thousands of bones linear.
        std::vector<Mat4> candidates{nodes[size_t(w.node)].global, Mat4{}};
        {
            std::vector<size_t> order(uses.size());
            for (size_t u = 0; u < order.size(); ++u)
                order[u] = u;
            std::stable_sort(order.begin(), order.end(),
                             [&](size_t a, size_t b) { return uses[a].weight > uses[b].weight; });
            constexpr size_t kMaxCandidates = 10;
            for (size_t u : order) {
                if (candidates.size() >= kMaxCandidates)
                    break;
                if (std::none_of(candidates.begin(), candidates.end(),
                                 [&](const Mat4 &c) { return agrees(u, c); }))
                    candidates.push_back(placements[u]);
            }
        }
        double best = -1;
        for (const Mat4 &c : candidates) {
            if (linearScale(c) <= 0)
                continue;
            double score = 0;
            for (size_t u = 0; u < uses.size(); ++u)
                if (agrees(u, c))
                    score += uses[u].weight;
            if (score > best) {
                best = score;
                w.model = c;
            }
        }
        for (size_t u = 0; u < uses.size(); ++u) {
            addWithAncestors(uses[u].node);
            const Mat4 bind = w.model * inverse(uses[u].offset);
            const auto [it, inserted] = bindGlobal.emplace(uses[u].node, bind);
            if (!inserted && !sameMatrix(it->second, bind))
                ++bindConflicts;
        }
        for (const auto &list : w.influences)
            if (list.empty())
                w.needsNodeBone = true;
        if (w.needsNodeBone)
            addWithAncestors(w.node);
        work.push_back(std::move(w));
    }
    if (work.empty() && skeletonStandIns > 0)
        throw FileError(path, "the file holds no mesh, only a skeleton of " +
                                  std::to_string(nodes.size()) + " nodes" +
                                  (scene->mNumAnimations > 0
                                       ? " and " + std::to_string(scene->mNumAnimations) +
                                             " animation(s)"
                                       : std::string()) +
                                  ": a motion or a scene without a character (the drawing of its "
                                  "bones is no mesh to dress); open the character itself");
    if (work.empty())
        throw FileError(path, "the file contains no triangle meshes");
    if (bindConflicts > 0)
        report.warnings.push_back(std::to_string(bindConflicts) +
                                  " bones are bound in different poses by different meshes; "
                                  "the first mesh's bind pose is used");

    // Animated nodes join the skeleton too: they move whatever hangs below them.
    for (unsigned a = 0; a < scene->mNumAnimations; ++a) {
        const aiAnimation *anim = scene->mAnimations[a];
        for (unsigned c = 0; anim && c < anim->mNumChannels; ++c) {
            const aiNodeAnim *ch = anim->mChannels[c];
            if (!ch)
                continue;
            const auto it = nodeByName.find(textAsUtf8(ch->mNodeName.C_Str()));
            if (it != nodeByName.end())
                addWithAncestors(it->second);
        }
    }

    // ---- skeleton ----
    reportProgress(progress, 0.7f, "Building skeleton");
    Skeleton &skeleton = character.skeleton;
    {
        UniqueNames names;
        std::vector<Mat4> global(nodes.size());
        for (size_t i = 0; i < nodes.size(); ++i) {
            if (!inSkeleton[i])
                continue;
            if (skeleton.bones.size() >= kMaxBones)
                throw FileError(path, "the skeleton needs more than 65536 bones (bone index beyond 65535)");
            Node &n = nodes[i];
            const int parentBone = n.parent >= 0 ? nodes[size_t(n.parent)].bone : -1;
            const Mat4 parentGlobal = parentBone >= 0 ? global[size_t(n.parent)] : Mat4{};
            // A bone of a skinned mesh is placed at its bind pose. That is the file's local
            // transform up to float noise, unless the file was saved in another pose than the
            // one it was bound in (or the bone hangs below such a bone).
            Mat4 local = n.local;
            const auto bind = bindGlobal.find(int(i));
            if (bind != bindGlobal.end()) {
                if (!sameMatrix(parentGlobal * local, bind->second))
                    ++report.bonesMovedToBindPose;
                local = inverse(parentGlobal) * bind->second;
            }
            Bone bone;
            bone.name = names.make(n.name, "node_" + std::to_string(i));
            bone.parent = parentBone;
            bone.restLocal = decompose(local);
            global[i] = parentGlobal * Mat4::fromTransform(bone.restLocal);
            n.bone = int(skeleton.bones.size());
            skeleton.bones.push_back(std::move(bone));
        }
        const std::vector<Mat4> rest = skeleton.restGlobal();
        for (size_t b = 0; b < rest.size(); ++b) {
            skeleton.bones[b].inverseBind = inverse(rest[b]);
            requireFinite(isFinite(skeleton.bones[b].inverseBind), path, "the skeleton's rest pose");
        }
        if (report.bonesMovedToBindPose > 0)
            report.warnings.push_back(std::to_string(report.bonesMovedToBindPose) +
                                      " bones were bound in another pose than the file's rest "
                                      "pose; the skeleton's rest pose is the bind pose");
    }
    const std::vector<Mat4> restGlobal = skeleton.restGlobal();

    // ---- meshes ----
    UniqueNames meshNames;
    for (size_t wi = 0; wi < work.size(); ++wi) {
        reportProgress(progress, 0.72f + 0.2f * float(wi) / float(work.size()), "Converting meshes");
        MeshWork &w = work[wi];
        const aiMesh &mesh = *w.ai;
        const size_t meshIndex = w.index;
        const std::string label = meshLabel(mesh, meshIndex);
        const int nodeBone = nodes[size_t(w.node)].bone;
        // An unskinned mesh rides on its node's bone, placed by the bone's (TRS) rest global so
        // that skinning the rest pose gives back exactly these positions.
        const Mat4 model = w.skinned ? w.model : restGlobal[size_t(nodeBone)];
        const Mat4 toModel = model * conv.toTarget;
        const Mat4 normalToModel = normalMatrix(toModel);

        GraphicsMesh g;
        g.name = meshNames.make(nameFromFile(mesh.mName, report.namesConvertedFromLatin1),
                                "mesh_" + std::to_string(meshIndex));
        const size_t nv = mesh.mNumVertices;
        g.positions.resize(nv);
        for (size_t v = 0; v < nv; ++v)
            g.positions[v] = toModel.transformPoint(toVec3(mesh.mVertices[v]));
        if (mesh.mNormals) {
            g.normals.resize(nv);
            for (size_t v = 0; v < nv; ++v) {
                g.normals[v] = normalize(normalToModel.transformVector(toVec3(mesh.mNormals[v])));
                requireFinite(isFinite(g.normals[v]), path, "the normals of " + label);
            }
        }
        if (mesh.mTangents && mesh.mBitangents && mesh.mNormals) {
            g.tangents.resize(nv);
            for (size_t v = 0; v < nv; ++v) {
                const Vec3 t = normalize(toModel.transformVector(toVec3(mesh.mTangents[v])));
                const Vec3 b = toModel.transformVector(toVec3(mesh.mBitangents[v]));
                requireFinite(isFinite(t) && isFinite(b), path, "the tangents of " + label);
                const float w4 = dot(cross(g.normals[v], t), b) < 0 ? -1.0f : 1.0f;
                g.tangents[v] = {t.x, t.y, t.z, w4};
            }
        }
        if (mesh.mTextureCoords[0]) {
            g.uvs.resize(nv);
            for (size_t v = 0; v < nv; ++v) {
                const aiVector3D &uv = mesh.mTextureCoords[0][v];
                requireFinite(std::isfinite(uv.x) && std::isfinite(uv.y), path, "the UVs of " + label);
                g.uvs[v] = {uv.x, uv.y};
            }
        }

        // Triangles; a mirroring placement flips the winding so front faces stay front faces.
        // Degenerate ones are dropped: they draw nothing and have no normal, and the asset
        // allows none. Their vertices stay, so vertex numbering follows the file.
        const bool flip = mirrors(toModel);
        size_t dropped = 0, degenerateCount = 0;
        g.indices.reserve(size_t(mesh.mNumFaces) * 3);
        for (unsigned f = 0; f < mesh.mNumFaces; ++f) {
            const aiFace &face = mesh.mFaces[f];
            if (face.mNumIndices != 3 || !face.mIndices) {
                ++dropped;
                continue;
            }
            const uint32_t a = face.mIndices[0], b = face.mIndices[1], c = face.mIndices[2];
            if (a >= nv || b >= nv || c >= nv)
                throw FileError(path, label + " has a vertex index out of range");
            if (degenerate(g.positions, a, b, c)) {
                ++degenerateCount;
                continue;
            }
            g.indices.insert(g.indices.end(), {a, flip ? c : b, flip ? b : c});
        }
        if (dropped > 0)
            report.warnings.push_back(label + ": " + std::to_string(dropped) +
                                      " points or lines dropped (triangles only)");
        if (degenerateCount > 0) {
            report.degenerateTriangles += uint32_t(degenerateCount);
            report.warnings.push_back(
                label + ": " + std::to_string(degenerateCount) +
                (degenerateCount == 1 ? " degenerate triangle" : " degenerate triangles") +
                " dropped (a repeated vertex or no area)");
        }
        if (g.indices.empty()) {
            report.warnings.push_back(label + " has no triangles with an area; dropped");
            continue;
        }

        // Skin: at most four influences, the largest, renormalised.
        g.skin.resize(nv);
        if (!w.skinned) {
            for (BoneInfluence &inf : g.skin) {
                inf.bones[0] = uint16_t(nodeBone);
                inf.weights[0] = 1.0f;
            }
        } else {
            uint32_t unweighted = 0;
            for (size_t v = 0; v < nv; ++v) {
                auto &list = w.influences[v];
                BoneInfluence &inf = g.skin[v];
                if (list.empty()) {
                    ++unweighted;
                    inf.bones[0] = uint16_t(nodeBone);
                    inf.weights[0] = 1.0f;
                    continue;
                }
                std::stable_sort(list.begin(), list.end(), [](const Influence &a, const Influence &b) {
                    return a.weight > b.weight;
                });
                double total = 0, kept = 0;
                for (const Influence &i : list)
                    total += i.weight;
                const size_t n = std::min(list.size(), size_t(kMaxBoneInfluences));
                for (size_t k = 0; k < n; ++k)
                    kept += list[k].weight;
                if (list.size() > size_t(kMaxBoneInfluences)) {
                    ++report.verticesOverFourInfluences;
                    report.largestDroppedWeight =
                        std::max(report.largestDroppedWeight, float((total - kept) / total));
                }
                for (size_t k = 0; k < n; ++k) {
                    inf.bones[k] = uint16_t(nodes[size_t(list[k].node)].bone);
                    inf.weights[k] = float(list[k].weight / kept);
                }
            }
            if (unweighted > 0) {
                report.unweightedVertices += unweighted;
                report.warnings.push_back(label + ": " + std::to_string(unweighted) +
                                          " vertices have no bone weights; bound to the mesh's node");
            }
        }

        Submesh sub;
        sub.name = g.name;
        sub.triangleCount = uint32_t(g.indices.size() / 3);
        if (mesh.mMaterialIndex < scene->mNumMaterials && scene->mMaterials[mesh.mMaterialIndex]) {
            const aiMaterial &mat = *scene->mMaterials[mesh.mMaterialIndex];
            aiString name;
            if (mat.Get(AI_MATKEY_NAME, name) == AI_SUCCESS)
                sub.material = nameFromFile(name, report.namesConvertedFromLatin1);
            aiString texture;
            if (mat.GetTexture(aiTextureType_BASE_COLOR, 0, &texture) == AI_SUCCESS ||
                mat.GetTexture(aiTextureType_DIFFUSE, 0, &texture) == AI_SUCCESS)
                sub.baseColorTexture = texture.C_Str();
        }
        g.submeshes.push_back(std::move(sub));
        character.meshes.push_back(std::move(g));
        character.meshSkinnedInSource.push_back(w.skinned);
    }
    if (character.meshes.empty())
        throw FileError(path, report.degenerateTriangles > 0
                                  ? "the file contains no triangle with an area (" +
                                        std::to_string(report.degenerateTriangles) +
                                        " degenerate triangles dropped)"
                                  : std::string("the file contains no triangle meshes"));

    // ---- animation ----
    reportProgress(progress, 0.92f, "Converting animations");
    const float s = conv.scale;
    const Mat4 rot = conv.rotation, rotInv = transpose(conv.rotation);
    UniqueNames clipNames;
    for (unsigned a = 0; a < scene->mNumAnimations; ++a) {
        const aiAnimation *anim = scene->mAnimations[a];
        if (!anim)
            continue;
        const double tps = anim->mTicksPerSecond > 0 && std::isfinite(anim->mTicksPerSecond)
                               ? anim->mTicksPerSecond
                               : 25.0;
        AnimationClip clip;
        clip.name = clipNames.make(nameFromFile(anim->mName, report.namesConvertedFromLatin1),
                                   "clip_" + std::to_string(a));
        requireFinite(std::isfinite(anim->mDuration), path, "the duration of clip \"" + clip.name + "\"");
        double lastKey = 0;
        const auto seconds = [&](double ticks) {
            requireFinite(std::isfinite(ticks), path, "the key times of clip \"" + clip.name + "\"");
            const double t = ticks / tps;
            lastKey = std::max(lastKey, t);
            return t;
        };
        for (unsigned c = 0; c < anim->mNumChannels; ++c) {
            const aiNodeAnim *ch = anim->mChannels[c];
            if (!ch)
                continue;
            const std::string channelNode = textAsUtf8(ch->mNodeName.C_Str());
            const auto it = nodeByName.find(channelNode);
            if (it == nodeByName.end()) {
                report.warnings.push_back("clip \"" + clip.name + "\" animates \"" + channelNode +
                                          "\", which is not in the file");
                continue;
            }
            BoneTrack track;
            track.bone = nodes[size_t(it->second)].bone;
            const std::string what = "the keys of clip \"" + clip.name + "\"";
            for (unsigned k = 0; k < ch->mNumPositionKeys; ++k) {
                const aiVectorKey &key = ch->mPositionKeys[k];
                const Vec3 t = rot.transformVector(toVec3(key.mValue)) * s;
                requireFinite(isFinite(t), path, what);
                track.translations.push_back({seconds(key.mTime), t});
            }
            for (unsigned k = 0; k < ch->mNumRotationKeys; ++k) {
                const aiQuatKey &key = ch->mRotationKeys[k];
                const Quat q{key.mValue.x, key.mValue.y, key.mValue.z, key.mValue.w};
                requireFinite(std::isfinite(q.x) && std::isfinite(q.y) && std::isfinite(q.z) &&
                                  std::isfinite(q.w),
                              path, what);
                track.rotations.push_back(
                    {seconds(key.mTime), decompose(rot * Mat4::rotation(normalize(q)) * rotInv).rotation});
            }
            for (unsigned k = 0; k < ch->mNumScalingKeys; ++k) {
                const aiVectorKey &key = ch->mScalingKeys[k];
                // Conjugating a scale by an axis permutation permutes it.
                const Vec3 v = toVec3(key.mValue);
                Vec3 sc;
                for (int i = 0; i < 3; ++i)
                    for (int j = 0; j < 3; ++j)
                        sc[i] += std::abs(rot(i, j)) * v[j];
                requireFinite(isFinite(sc), path, what);
                track.scales.push_back({seconds(key.mTime), sc});
            }
            const auto byTime = [](const auto &x, const auto &y) { return x.time < y.time; };
            std::stable_sort(track.translations.begin(), track.translations.end(), byTime);
            std::stable_sort(track.rotations.begin(), track.rotations.end(), byTime);
            std::stable_sort(track.scales.begin(), track.scales.end(), byTime);
            clip.tracks.push_back(std::move(track));
        }
        clip.duration = std::max(anim->mDuration / tps, lastKey);
        if (clip.duration <= 0)
            report.warnings.push_back("clip \"" + clip.name + "\" has no duration (a single pose)");
        character.clips.push_back(std::move(clip));
    }

    if (report.verticesOverFourInfluences > 0)
        report.warnings.push_back(std::to_string(report.verticesOverFourInfluences) +
                                  " vertices have more than four bone influences; the smallest "
                                  "were dropped (at most " +
                                  std::to_string(int(std::lround(report.largestDroppedWeight * 100))) +
                                  "% of a vertex's weight)");
    if (report.namesConvertedFromLatin1 > 0)
        report.warnings.push_back(std::to_string(report.namesConvertedFromLatin1) +
                                  " names are not valid UTF-8; read as Latin-1");
    if (std::string size = unusualSizeWarning(character, conv); !size.empty())
        report.warnings.push_back(std::move(size));
    reportProgress(progress, 1.0f, "Done");
    if (reportOut)
        *reportOut = std::move(report);
    return character;
}

bool isValidUtf8(std::string_view text)
{
    for (size_t i = 0; i < text.size();) {
        const size_t n = utf8SequenceLength(text, i);
        if (n == 0) return false;
        i += n;
    }
    return true;
}

std::string textAsUtf8(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    for (size_t i = 0; i < text.size();) {
        const size_t n = utf8SequenceLength(text, i);
        if (n > 0) {
            out.append(text.substr(i, n));
            i += n;
            continue;
        }
        const auto byte = static_cast<unsigned char>(text[i++]);
        out += char(0xC0 | byte >> 6);
        out += char(0x80 | (byte & 0x3F));
    }
    return out;
}

std::vector<std::string> importableExtensions()
{
    Assimp::Importer importer;
    std::string list;
    importer.GetExtensionList(list); // "*.3ds;*.obj;..."
    std::set<std::string> result;
    std::stringstream stream(list);
    std::string item;
    while (std::getline(stream, item, ';')) {
        const size_t dot = item.rfind('.');
        std::string ext = dot == std::string::npos ? item : item.substr(dot + 1);
        std::transform(ext.begin(), ext.end(), ext.begin(),
                       [](unsigned char c) { return char(std::tolower(c)); });
        if (!ext.empty() && ext != "*")
            result.insert(ext);
    }
    return {result.begin(), result.end()};
}

} // namespace tweed
