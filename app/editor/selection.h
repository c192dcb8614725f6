// What the user has selected in the editor's views: an item of the document (a mesh, LoD,
// physics mesh, bone, collision volume or clip), as the outliner lists it and the properties
// panel and the collision dock show it.
#pragma once

#include <QMetaType>

namespace tweed::editor {

/// What an outliner item stands for.
struct OutlinerItem
{
    enum Kind
    {
        None,
        Group,
        CharacterMesh,
        CharacterSubmesh,
        Lod,
        LodSubmesh,
        PhysicsMesh,
        Bone,
        CollisionVolume,
        Clip
    };
    Kind kind = None;
    int index = -1;  ///< mesh, LoD, physics mesh, bone, volume or clip index; group: Group enum
    int parent = -1; ///< submeshes: the mesh or LoD they belong to
    friend bool operator==(const OutlinerItem &, const OutlinerItem &) = default;
};

} // namespace tweed::editor

Q_DECLARE_METATYPE(tweed::editor::OutlinerItem)
