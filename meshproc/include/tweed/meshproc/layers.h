// The layers of a garment (DESIGN.md, "Garments in layers"): guessing which character meshes
// are body, shell and riders from how they lie on each other, and giving a garment LoD's parts
// their roles.
#pragma once

#include "tweed/asset.h"
#include "tweed/mesh.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tweed {

/// What a character mesh is to a garment: the body the cloth stays out of, a shell that builds
/// the physics mesh, or a rider (lining, pocket, button) that follows a shell.
enum class MeshRole : uint8_t { Body, Shell, Rider };

struct MeshRoleSettings
{
    /// How close to another garment mesh's surface a rider lies, metres; 0 = 2.5% of the
    /// diagonal of the meshes' bounding box (at least 1 cm).
    float riderReach = 0;
    /// How close outside another mesh a garment lies, metres; 0 = 12% of that diagonal (a long
    /// coat's hem stands off the legs).
    float garmentReach = 0;
    /// Share of a mesh's vertices that must lie so.
    float share = 0.8f;
};

/// One role per character mesh. With `garment` (indices into character.meshes) given, those
/// meshes are shells or riders and the others body; without, a skinned mesh lying mostly just
/// outside another mesh (and more of it than of the other lies outside it: a body's head and
/// hands stick out of a coat) is a garment and the rest body (when none does, every skinned mesh is a
/// garment). Among the garment meshes a mesh mostly just inside another (a lining), or lying on
/// the outside of one at least four times its area that does not lie on it (a pocket, a
/// button), is a rider of it; a larger piece outside (a cape over a coat) is a shell of its
/// own. At least one garment mesh stays a shell. Meshes without triangles are body. Throws InputError for an
/// index out of range.
std::vector<MeshRole> guessMeshRoles(const Character &character, const std::vector<int> &garment = {},
                                     const MeshRoleSettings &settings = {});

/// Sets the role of each submesh of `mesh` named in `shells` or `riders`; the others are left
/// as they are. Throws InputError for a name that is no submesh of the mesh or is in both lists.
void setLayerRoles(GraphicsMesh &mesh, const std::vector<std::string> &shells,
                   const std::vector<std::string> &riders);

/// The roles of a garment merged by mergeGarmentMeshes (its submeshes named after character
/// meshes): a part the previous garment `old` had keeps its role there, the others take
/// guessMeshRoles' guess among the garment's meshes; at least one part stays a shell.
void keepOrGuessLayerRoles(GraphicsMesh &mesh, const GraphicsMesh &old, const Character &character);

} // namespace tweed
