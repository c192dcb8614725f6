#include "viewport/material_looks.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QUrl>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

namespace tweed::editor {

namespace {

// A parsed glTF: its JSON and the bytes of each buffer.
struct Gltf
{
    QJsonObject json;
    std::vector<QByteArray> buffers;
    QDir folder;
};

QByteArray readUri(const QString &uri, const QDir &folder)
{
    if (uri.startsWith(QLatin1String("data:"))) {
        const qsizetype comma = uri.indexOf(QLatin1Char(','));
        if (comma < 0 || !uri.left(comma).endsWith(QLatin1String(";base64")))
            return {};
        return QByteArray::fromBase64(uri.mid(comma + 1).toLatin1());
    }
    QFile file(folder.absoluteFilePath(QUrl::fromPercentEncoding(uri.toUtf8())));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

uint32_t readU32(const QByteArray &bytes, qsizetype at)
{
    uint32_t v = 0;
    std::memcpy(&v, bytes.constData() + at, sizeof(v)); // glTF is little-endian, as are we
    return v;
}

bool parse(const QString &path, Gltf &gltf)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return false;
    const QByteArray bytes = file.readAll();
    gltf.folder = QFileInfo(path).absoluteDir();
    QByteArray json, binary;
    if (bytes.startsWith("glTF")) {
        // GLB: 12-byte header, then chunks of (length, type, data): JSON first, BIN optional.
        qsizetype at = 12;
        while (at + 8 <= bytes.size()) {
            const uint32_t length = readU32(bytes, at), type = readU32(bytes, at + 4);
            if (at + 8 + qsizetype(length) > bytes.size())
                return false;
            const QByteArray chunk = bytes.mid(at + 8, length);
            if (type == 0x4E4F534Au)
                json = chunk;
            else if (type == 0x004E4942u)
                binary = chunk;
            at += 8 + qsizetype(length);
        }
    } else {
        json = bytes;
    }
    const QJsonDocument doc = QJsonDocument::fromJson(json);
    if (!doc.isObject())
        return false;
    gltf.json = doc.object();
    const QJsonArray buffers = gltf.json.value(QLatin1String("buffers")).toArray();
    for (qsizetype i = 0; i < buffers.size(); ++i) {
        const QString uri = buffers[i].toObject().value(QLatin1String("uri")).toString();
        gltf.buffers.push_back(uri.isEmpty() && i == 0 ? binary : readUri(uri, gltf.folder));
    }
    return true;
}

QImage imageAt(const Gltf &gltf, int index)
{
    const QJsonArray images = gltf.json.value(QLatin1String("images")).toArray();
    if (index < 0 || index >= images.size())
        return {};
    const QJsonObject image = images[index].toObject();
    QByteArray data;
    if (image.contains(QLatin1String("uri"))) {
        data = readUri(image.value(QLatin1String("uri")).toString(), gltf.folder);
    } else {
        const QJsonArray views = gltf.json.value(QLatin1String("bufferViews")).toArray();
        const int v = image.value(QLatin1String("bufferView")).toInt(-1);
        if (v < 0 || v >= views.size())
            return {};
        const QJsonObject view = views[v].toObject();
        const int buffer = view.value(QLatin1String("buffer")).toInt(-1);
        if (buffer < 0 || size_t(buffer) >= gltf.buffers.size())
            return {};
        data = gltf.buffers[size_t(buffer)].mid(view.value(QLatin1String("byteOffset")).toInt(0),
                                                view.value(QLatin1String("byteLength")).toInt(0));
    }
    return QImage::fromData(data);
}

// Index of the image a glTF texture uses, -1 if none.
int textureImage(const Gltf &gltf, int texture)
{
    const QJsonArray textures = gltf.json.value(QLatin1String("textures")).toArray();
    if (texture < 0 || texture >= textures.size())
        return -1;
    return textures[texture].toObject().value(QLatin1String("source")).toInt(-1);
}

bool isGltf(const QString &path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    return suffix == QLatin1String("gltf") || suffix == QLatin1String("glb");
}

} // namespace

std::map<std::string, MaterialLook> readGltfMaterialLooks(const QString &path)
{
    std::map<std::string, MaterialLook> looks;
    Gltf gltf;
    if (!isGltf(path) || !parse(path, gltf))
        return looks;
    for (const QJsonValue &value : gltf.json.value(QLatin1String("materials")).toArray()) {
        const QJsonObject material = value.toObject();
        const QJsonObject pbr = material.value(QLatin1String("pbrMetallicRoughness")).toObject();
        MaterialLook look;
        const QJsonArray factor = pbr.value(QLatin1String("baseColorFactor")).toArray();
        if (factor.size() == 4) {
            // glTF colour factors are linear; the viewport's colours are sRGB.
            const auto srgb = [](double c) { return std::pow(std::clamp(c, 0.0, 1.0), 1 / 2.2); };
            look.color = QColor::fromRgbF(float(srgb(factor[0].toDouble())),
                                          float(srgb(factor[1].toDouble())),
                                          float(srgb(factor[2].toDouble())),
                                          float(factor[3].toDouble(1.0)));
        }
        const QJsonObject texture = pbr.value(QLatin1String("baseColorTexture")).toObject();
        if (!texture.isEmpty())
            look.texture = imageAt(gltf, textureImage(gltf, texture.value(QLatin1String("index"))
                                                                .toInt(-1)));
        looks[material.value(QLatin1String("name")).toString().toStdString()] = look;
    }
    return looks;
}

QImage loadCharacterTexture(const QString &characterPath, const std::string &texturePath)
{
    if (texturePath.empty())
        return {};
    if (texturePath[0] == '*') {
        // Assimp numbers the embedded images of a glTF in file order.
        Gltf gltf;
        if (!isGltf(characterPath) || !parse(characterPath, gltf))
            return {};
        const int wanted = std::atoi(texturePath.c_str() + 1);
        const QJsonArray images = gltf.json.value(QLatin1String("images")).toArray();
        int embedded = 0;
        for (int i = 0; i < images.size(); ++i) {
            const QJsonObject image = images[i].toObject();
            const bool isEmbedded =
                !image.contains(QLatin1String("uri")) ||
                image.value(QLatin1String("uri")).toString().startsWith(QLatin1String("data:"));
            if (isEmbedded && embedded++ == wanted)
                return imageAt(gltf, i);
        }
        return {};
    }
    const QDir folder = QFileInfo(characterPath).absoluteDir();
    return QImage(folder.absoluteFilePath(
        QUrl::fromPercentEncoding(QByteArray::fromStdString(texturePath))));
}

} // namespace tweed::editor
