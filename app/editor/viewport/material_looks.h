// How the character's materials look in the viewport: base colour and base-colour texture.
// The character model keeps only a material name and a texture path per submesh, so the
// colour factors and embedded textures of glTF files are read here from the file itself.
#pragma once

#include <QColor>
#include <QImage>
#include <QString>

#include <map>
#include <string>

namespace tweed::editor {

struct MaterialLook
{
    QColor color = Qt::white; ///< base colour factor (sRGB)
    QImage texture;           ///< null when the material has no base-colour texture
};

/// The materials of a glTF (.gltf or .glb) file by name, with their base colour factors and
/// base-colour images (data URIs, files next to the model, or buffer views). Empty for other
/// formats or when the file cannot be read; never throws.
std::map<std::string, MaterialLook> readGltfMaterialLooks(const QString &path);

/// The image a submesh's texture path names: a file relative to the character's folder, or an
/// Assimp embedded reference ("*N", the N-th embedded image) resolved in a glTF file. Null
/// when it cannot be read.
QImage loadCharacterTexture(const QString &characterPath, const std::string &texturePath);

} // namespace tweed::editor
