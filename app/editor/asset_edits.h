// Edits of the asset's LoDs and physics meshes, in the document layer (the Physics Mesh dock
// only gathers the settings and shows progress and errors): each computes a changed copy of the
// document's asset, which may take a while and runs on any thread, and puts it in the document
// as one undo step.
#pragma once

#include "document.h"

#include <cstddef>
#include <map>
#include <string>

namespace tweed::editor {

/// The names of the character meshes LoD lod's garment is made of, in order; empty when it is
/// not made of character meshes or there is no such LoD.
QStringList garmentMeshNames(const Document &document, int lod);

/// Generating LoD lod's physics mesh.
struct PhysicsMeshGeneration
{
    int lod = -1;
    tweed::GenerationSettings settings;
    /// The garment's character meshes: when they are not those LoD lod is made of, its graphics
    /// mesh is rebuilt from them first.
    QStringList garmentMeshes;
    /// Gives a LoD that shares a physics mesh one of its own.
    bool ownMesh = false;
    /// Layer roles of garment parts (submeshes by name) to set before generating; parts not
    /// named keep theirs (a part new to the garment takes the guessed role).
    std::map<std::string, tweed::LayerRole> roles;

    /// Whether LoD lod's graphics mesh is rebuilt (the garment meshes differ from its own).
    bool rebuildsGarment(const Document &document) const;
    /// The document's asset with the physics mesh generated. Runs on any thread while the
    /// document does not change; throws like rebuildGarment and regeneratePhysicsMesh.
    tweed::ClothingAsset run(const Document &document,
                             const tweed::ProgressCallback &progress) const;
    /// Puts `generated` (from run()) in the document as one undo step named text.
    void apply(Document &document, tweed::ClothingAsset generated, const QString &text) const;
};

/// The document's asset with a graphical LoD made of character mesh `mesh` appended: it shares
/// LoD shareWith's physics mesh, or with -1 gets its own generated with settings. `added`
/// receives the new LoD's index. Runs on any thread like PhysicsMeshGeneration::run().
tweed::ClothingAsset withLodFromMesh(const Document &document, int mesh, int shareWith,
                                     tweed::GenerationSettings settings,
                                     const tweed::ProgressCallback &progress, size_t &added);
/// Puts an asset from withLodFromMesh() in the document as one undo step named text.
void applyAddedLod(Document &document, tweed::ClothingAsset changed, const QString &text);

/// Makes LoD lod share the physics mesh of LoD other, as one undo step named text. Returns false
/// when it does already (nothing changes); throws tweed::InputError when it cannot.
bool sharePhysicsMeshOf(Document &document, int lod, int other, const QString &text);

} // namespace tweed::editor
