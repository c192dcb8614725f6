// Guessing body, shell and riders from how the character's meshes lie on each other.
#include "tweed/meshproc/layers.h"

#include "mesh_internal.h"
#include "tweed/errors.h"

#include <algorithm>
#include <cmath>

namespace tweed {
namespace {

// Vertices of a mesh tested against another: enough for a share, few enough to stay quick.
constexpr size_t kSampledVertices = 1500;
// A piece lying on the outside of a garment mesh rides on it only when its area is at most this
// share of that mesh's: pockets, collars, buttons and trims are small beside their shell; a
// cape or a second garment over a coat is not, and simulates as a shell of its own.
constexpr double kOuterRiderAreaShare = 0.25;

double surfaceArea(const GraphicsMesh &mesh)
{
    double area = 0;
    for (size_t t = 0; t + 2 < mesh.indices.size(); t += 3) {
        const Vec3 &a = mesh.positions[mesh.indices[t]], &b = mesh.positions[mesh.indices[t + 1]],
                   &c = mesh.positions[mesh.indices[t + 2]];
        area += 0.5 * double(length(cross(b - a, c - a)));
    }
    return area;
}

struct Lying
{
    float near = 0;    ///< share of the vertices within reach of the other surface
    float inside = 0;  ///< ... and on its inner side (against its normals)
    float outside = 0; ///< ... and on its outer side
};

struct Surface
{
    const GraphicsMesh *mesh = nullptr;
    std::vector<Vec3> normals;
    detail::TriangleTree tree;
};

// How mesh b's vertices lie on surface a within reach.
Lying lyingOn(const GraphicsMesh &b, const Surface &a, float reach)
{
    Lying out;
    const size_t n = b.vertexCount();
    if (n == 0 || a.tree.empty())
        return out;
    const size_t stride = std::max<size_t>(1, n / kSampledVertices);
    size_t tested = 0, near = 0, inside = 0;
    for (size_t v = 0; v < n; v += stride) {
        ++tested;
        const Vec3 &p = b.positions[v];
        const detail::ClosestHit hit = a.tree.closest(p, reach * reach);
        if (!hit.found())
            continue;
        ++near;
        const uint32_t *f = &a.mesh->indices[3 * size_t(hit.triangle)];
        const Vec3 normal = a.normals[f[0]] * hit.bary.x + a.normals[f[1]] * hit.bary.y +
                            a.normals[f[2]] * hit.bary.z;
        if (dot(p - hit.point, normal) < 0)
            ++inside;
    }
    out.near = float(near) / float(tested);
    out.inside = float(inside) / float(tested);
    out.outside = out.near - out.inside;
    return out;
}

bool isSkinned(const Character &character, size_t m)
{
    return m < character.meshSkinnedInSource.size() ? bool(character.meshSkinnedInSource[m])
                                                    : character.meshes[m].isSkinned();
}

} // namespace

std::vector<MeshRole> guessMeshRoles(const Character &character, const std::vector<int> &garment,
                                     const MeshRoleSettings &settings)
{
    const size_t count = character.meshes.size();
    for (int g : garment)
        if (g < 0 || size_t(g) >= count)
            throw InputError("no mesh " + std::to_string(g) + " in the character (it has " +
                             std::to_string(count) + ")");
    std::vector<Surface> surfaces(count);
    std::vector<Vec3> all;
    for (size_t m = 0; m < count; ++m) {
        const GraphicsMesh &mesh = character.meshes[m];
        if (mesh.indices.empty())
            continue;
        surfaces[m].mesh = &mesh;
        surfaces[m].normals = computeVertexNormals(mesh.positions, mesh.indices);
        surfaces[m].tree = detail::TriangleTree(mesh.positions, mesh.indices);
        all.insert(all.end(), mesh.positions.begin(), mesh.positions.end());
    }
    const float diagonal = detail::boundingDiagonal(all, {});
    const float riderReach =
        settings.riderReach > 0 ? settings.riderReach : std::max(0.025f * diagonal, 0.01f);
    const float garmentReach = settings.garmentReach > 0 ? settings.garmentReach : 0.12f * diagonal;

    std::vector<MeshRole> roles(count, MeshRole::Body);
    if (!garment.empty()) {
        for (int g : garment)
            if (surfaces[size_t(g)].mesh)
                roles[size_t(g)] = MeshRole::Shell;
    } else {
        bool any = false;
        for (size_t g = 0; g < count; ++g) {
            if (!surfaces[g].mesh || !isSkinned(character, g))
                continue;
            // g lies outside m, and more of it than m lies outside g: a body whose arms and
            // head stick out of a coat lies partly outside the coat too, but less.
            for (size_t m = 0; m < count && roles[g] == MeshRole::Body; ++m) {
                if (m == g || !surfaces[m].mesh)
                    continue;
                const float out = lyingOn(character.meshes[g], surfaces[m], garmentReach).outside;
                if (out >= 0.5f * settings.share &&
                    out > lyingOn(character.meshes[m], surfaces[g], garmentReach).outside) {
                    roles[g] = MeshRole::Shell;
                    any = true;
                }
            }
        }
        if (!any)
            for (size_t g = 0; g < count; ++g)
                if (surfaces[g].mesh && isSkinned(character, g))
                    roles[g] = MeshRole::Shell;
    }

    // Riders among the garment meshes.
    std::vector<MeshRole> out = roles;
    for (size_t b = 0; b < count; ++b) {
        if (roles[b] != MeshRole::Shell)
            continue;
        for (size_t a = 0; a < count && out[b] == MeshRole::Shell; ++a) {
            if (a == b || roles[a] != MeshRole::Shell)
                continue;
            const Lying onA = lyingOn(character.meshes[b], surfaces[a], riderReach);
            if (onA.near < settings.share)
                continue;
            const bool lining = onA.inside >= 0.5f * onA.near;
            const bool onLarger =
                lyingOn(character.meshes[a], surfaces[b], riderReach).near < 0.5f &&
                surfaceArea(character.meshes[b]) <=
                    kOuterRiderAreaShare * surfaceArea(character.meshes[a]);
            if (lining || onLarger)
                out[b] = MeshRole::Rider;
        }
    }
    // A garment needs a shell: the largest garment mesh stays one.
    if (std::none_of(out.begin(), out.end(), [](MeshRole r) { return r == MeshRole::Shell; })) {
        size_t largest = count;
        for (size_t m = 0; m < count; ++m)
            if (out[m] == MeshRole::Rider &&
                (largest == count ||
                 character.meshes[m].triangleCount() > character.meshes[largest].triangleCount()))
                largest = m;
        if (largest < count)
            out[largest] = MeshRole::Shell;
    }
    return out;
}

void setLayerRoles(GraphicsMesh &mesh, const std::vector<std::string> &shells,
                   const std::vector<std::string> &riders)
{
    auto find = [&mesh](const std::string &name) -> Submesh & {
        for (Submesh &s : mesh.submeshes)
            if (s.name == name)
                return s;
        std::string available;
        for (const Submesh &s : mesh.submeshes)
            available += (available.empty() ? "" : ", ") + ("\"" + s.name + "\"");
        throw InputError("\"" + name + "\" is not a garment mesh; the garment has: " +
                         (available.empty() ? std::string("none") : available));
    };
    for (const std::string &name : shells)
        if (std::find(riders.begin(), riders.end(), name) != riders.end())
            throw InputError("\"" + name + "\" is named both a shell and a rider");
    for (const std::string &name : shells)
        find(name);
    for (const std::string &name : riders)
        find(name);
    for (const std::string &name : shells)
        find(name).role = LayerRole::Shell;
    for (const std::string &name : riders)
        find(name).role = LayerRole::Rider;
}

void keepOrGuessLayerRoles(GraphicsMesh &mesh, const GraphicsMesh &old, const Character &character)
{
    std::vector<int> chosen;
    for (const Submesh &s : mesh.submeshes) {
        const int m = character.findMesh(s.name);
        if (m >= 0)
            chosen.push_back(m);
    }
    const std::vector<MeshRole> guessed =
        chosen.empty() ? std::vector<MeshRole>{} : guessMeshRoles(character, chosen);
    for (Submesh &s : mesh.submeshes) {
        const auto kept = std::find_if(old.submeshes.begin(), old.submeshes.end(),
                                       [&s](const Submesh &o) { return o.name == s.name; });
        const int m = character.findMesh(s.name);
        if (kept != old.submeshes.end())
            s.role = kept->role;
        else if (m >= 0)
            s.role = guessed[size_t(m)] == MeshRole::Rider ? LayerRole::Rider : LayerRole::Shell;
    }
    if (!mesh.submeshes.empty() &&
        std::none_of(mesh.submeshes.begin(), mesh.submeshes.end(),
                     [](const Submesh &s) { return s.role == LayerRole::Shell; }))
        mesh.submeshes.front().role = LayerRole::Shell;
}

} // namespace tweed
