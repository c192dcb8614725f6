// Shared by the game tests: the sample garment asset, running the programs, reading glTF back
// and Khronos' glTF validator.
#pragma once

#include "test_paths.h"

#include "tweed/meshproc/create_asset.h"
#include "tweed/meshproc/import.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QString>
#include <QStringList>
#include <QTest>

#include <tiny_gltf.h>

#include <cstring>
#include <string>
#include <vector>

namespace tweed::test {

struct ProcessResult
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

inline ProcessResult runProcess(const QString &program, const QStringList &args,
                                const QString &workingDir = {}, int timeoutMs = 600000)
{
    QProcess p;
    if (!workingDir.isEmpty()) p.setWorkingDirectory(workingDir);
    p.start(program, args);
    if (!p.waitForStarted(30000)) return {-3, {}, ("cannot start " + program).toUtf8()};
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        return {-2, p.readAllStandardOutput(), "timed out: " + p.readAllStandardError()};
    }
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2, p.readAllStandardOutput(),
            p.readAllStandardError()};
}

/// The sample character and a garment asset on its Coat, as `tweed-cli create --mesh Coat` makes.
struct SampleGarment
{
    Character character;
    ClothingAsset asset;
};

inline SampleGarment makeSampleGarment()
{
    SampleGarment s;
    s.character = importCharacter(kSampleCharacter);
    CreateAssetOptions options;
    options.garmentMeshes = {"Coat"};
    s.asset = createAsset(s.character, options);
    return s;
}

/// A float attribute of a primitive read back (tightly packed or strided), `components` floats
/// per element.
inline std::vector<float> readFloats(const tinygltf::Model &m, int accessorIndex)
{
    const tinygltf::Accessor &a = m.accessors.at(size_t(accessorIndex));
    const tinygltf::BufferView &v = m.bufferViews.at(size_t(a.bufferView));
    const int components = tinygltf::GetNumComponentsInType(uint32_t(a.type));
    const size_t stride = v.byteStride ? v.byteStride : size_t(components) * sizeof(float);
    std::vector<float> out(a.count * size_t(components));
    const unsigned char *base =
        m.buffers.at(size_t(v.buffer)).data.data() + v.byteOffset + a.byteOffset;
    for (size_t i = 0; i < a.count; ++i)
        std::memcpy(&out[i * size_t(components)], base + i * stride,
                    size_t(components) * sizeof(float));
    return out;
}

inline std::vector<uint16_t> readShorts(const tinygltf::Model &m, int accessorIndex)
{
    const tinygltf::Accessor &a = m.accessors.at(size_t(accessorIndex));
    const tinygltf::BufferView &v = m.bufferViews.at(size_t(a.bufferView));
    const int components = tinygltf::GetNumComponentsInType(uint32_t(a.type));
    std::vector<uint16_t> out(a.count * size_t(components));
    std::memcpy(out.data(),
                m.buffers.at(size_t(v.buffer)).data.data() + v.byteOffset + a.byteOffset,
                out.size() * sizeof(uint16_t));
    return out;
}

inline tinygltf::Model loadGltf(const QString &path)
{
    tinygltf::TinyGLTF loader;
    tinygltf::Model model;
    std::string err, warn;
    const bool ok = path.endsWith(".glb")
                        ? loader.LoadBinaryFromFile(&model, &err, &warn, path.toStdString())
                        : loader.LoadASCIIFromFile(&model, &err, &warn, path.toStdString());
    if (!ok) qFatal("tinygltf cannot read %s: %s", qPrintable(path), err.c_str());
    return model;
}

/// Runs Khronos' glTF validator on a file, installing the npm package gltf-validator into the
/// build folder on first use. Returns the report; fails the test when the validator cannot run
/// (skips only when this machine has no node or npm at all, saying so).
inline QJsonObject validateGltf(const QString &file, bool *ran)
{
    *ran = false;
    const QString dir = QStringLiteral(TWEED_GLTF_VALIDATOR_DIR);
    const QString node = QStandardPaths::findExecutable("node");
    const QString npm = QStandardPaths::findExecutable("npm");
    if (node.isEmpty() || npm.isEmpty()) {
        qWarning("node or npm is not installed: Khronos' glTF validator cannot run (./setup.sh "
                 "deps installs them)");
        return {};
    }
    if (!QFile::exists(dir + "/node_modules/gltf-validator/package.json")) {
        QDir().mkpath(dir);
        const ProcessResult r = runProcess(npm, {"install", "--no-audit", "--no-fund", "--prefix",
                                                 dir, "gltf-validator@2.0.0-dev.3.10"});
        if (r.exitCode != 0) qFatal("npm install gltf-validator failed: %s", r.err.constData());
    }
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("NODE_PATH", dir + "/node_modules");
    p.setProcessEnvironment(env);
    p.start(node, {QStringLiteral(TWEED_GLTF_VALIDATE_SCRIPT), file});
    if (!p.waitForFinished(300000) || p.exitCode() == 2)
        qFatal("the glTF validator did not run: %s", p.readAllStandardError().constData());
    *ran = true;
    return QJsonDocument::fromJson(p.readAllStandardOutput()).object();
}

/// The validator's messages of severity 0 (errors) and 1 (warnings), one line each.
inline QStringList validatorProblems(const QJsonObject &report)
{
    QStringList out;
    for (const QJsonValue &v : report["issues"].toObject()["messages"].toArray()) {
        const QJsonObject m = v.toObject();
        if (m["severity"].toInt() <= 1)
            out << m["code"].toString() + " " + m["pointer"].toString() + ": " +
                       m["message"].toString();
    }
    return out;
}

} // namespace tweed::test
