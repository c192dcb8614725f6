#include "export_gltf_builder.h"

#include "export_internal.h"

#include "tweed/errors.h"
#include "tweed/file_io.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <sstream>

namespace tweed::gltf {

Builder::Builder()
{
    mModel.asset.version = "2.0";
    mModel.asset.generator = "Tweed";
    mModel.buffers.resize(1);
    mModel.scenes.resize(1);
    mModel.defaultScene = 0;
}

int Builder::addAccessor(const void *data, size_t bytes, size_t count, int componentType, int type,
                         int target)
{
    std::vector<unsigned char> &buffer = mModel.buffers[0].data;
    while (buffer.size() % 4 != 0)
        buffer.push_back(0);
    tinygltf::BufferView view;
    view.buffer = 0;
    view.byteOffset = buffer.size();
    view.byteLength = bytes;
    view.target = target;
    const auto *p = static_cast<const unsigned char *>(data);
    buffer.insert(buffer.end(), p, p + bytes);
    mModel.bufferViews.push_back(view);

    tinygltf::Accessor accessor;
    accessor.bufferView = int(mModel.bufferViews.size()) - 1;
    accessor.byteOffset = 0;
    accessor.componentType = componentType;
    accessor.count = count;
    accessor.type = type;
    mModel.accessors.push_back(accessor);
    return int(mModel.accessors.size()) - 1;
}

namespace {

template <class T>
void setBounds(tinygltf::Accessor &a, const T *values, size_t count, int components)
{
    std::vector<double> lo(size_t(components), std::numeric_limits<double>::infinity());
    std::vector<double> hi(size_t(components), -std::numeric_limits<double>::infinity());
    for (size_t i = 0; i < count; ++i)
        for (int c = 0; c < components; ++c) {
            const double v = double(values[i * size_t(components) + size_t(c)]);
            lo[size_t(c)] = std::min(lo[size_t(c)], v);
            hi[size_t(c)] = std::max(hi[size_t(c)], v);
        }
    a.minValues = lo;
    a.maxValues = hi;
}

} // namespace

int Builder::vec3(const std::vector<Vec3> &values, bool minMax, int target)
{
    const int a = addAccessor(values.data(), values.size() * sizeof(Vec3), values.size(),
                              TINYGLTF_COMPONENT_TYPE_FLOAT, TINYGLTF_TYPE_VEC3, target);
    if (minMax && !values.empty())
        setBounds(mModel.accessors[size_t(a)], &values[0].x, values.size(), 3);
    return a;
}

int Builder::floats(const std::vector<float> &values, int type, bool minMax, int target)
{
    const int components = tinygltf::GetNumComponentsInType(uint32_t(type));
    const size_t count = values.size() / size_t(components);
    const int a = addAccessor(values.data(), values.size() * sizeof(float), count,
                              TINYGLTF_COMPONENT_TYPE_FLOAT, type, target);
    if (minMax && count > 0)
        setBounds(mModel.accessors[size_t(a)], values.data(), count, components);
    return a;
}

int Builder::uintPairs(const std::vector<uint32_t> &values)
{
    std::vector<uint16_t> halves;
    halves.reserve(values.size() * 2);
    for (uint32_t v : values) {
        halves.push_back(uint16_t(v & 0xFFFFu));
        halves.push_back(uint16_t(v >> 16));
    }
    return addAccessor(halves.data(), halves.size() * sizeof(uint16_t), values.size(),
                       TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT, TINYGLTF_TYPE_VEC2,
                       TINYGLTF_TARGET_ARRAY_BUFFER);
}

int Builder::indices(const std::vector<uint32_t> &values)
{
    return addAccessor(values.data(), values.size() * sizeof(uint32_t), values.size(),
                       TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT, TINYGLTF_TYPE_SCALAR,
                       TINYGLTF_TARGET_ELEMENT_ARRAY_BUFFER);
}

int Builder::vec2(const std::vector<Vec2> &values)
{
    return addAccessor(values.data(), values.size() * sizeof(Vec2), values.size(),
                       TINYGLTF_COMPONENT_TYPE_FLOAT, TINYGLTF_TYPE_VEC2,
                       TINYGLTF_TARGET_ARRAY_BUFFER);
}

int Builder::vec4(const std::vector<Vec4> &values)
{
    return addAccessor(values.data(), values.size() * sizeof(Vec4), values.size(),
                       TINYGLTF_COMPONENT_TYPE_FLOAT, TINYGLTF_TYPE_VEC4,
                       TINYGLTF_TARGET_ARRAY_BUFFER);
}

int Builder::joints(const std::vector<BoneInfluence> &skin)
{
    std::vector<uint16_t> j;
    j.reserve(skin.size() * 4);
    for (const BoneInfluence &inf : skin)
        for (int k = 0; k < 4; ++k)
            j.push_back(inf.weights[size_t(k)] > 0 ? inf.bones[size_t(k)] : 0);
    return addAccessor(j.data(), j.size() * sizeof(uint16_t), skin.size(),
                       TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT, TINYGLTF_TYPE_VEC4,
                       TINYGLTF_TARGET_ARRAY_BUFFER);
}

int Builder::weights(const std::vector<BoneInfluence> &skin)
{
    std::vector<float> w;
    w.reserve(skin.size() * 4);
    for (const BoneInfluence &inf : skin) {
        float sum = 0;
        for (float x : inf.weights)
            sum += std::max(0.0f, x);
        for (int k = 0; k < 4; ++k)
            w.push_back(sum > 0  ? std::max(0.0f, inf.weights[size_t(k)]) / sum
                        : k == 0 ? 1.0f
                                 : 0.0f);
    }
    return floats(w, TINYGLTF_TYPE_VEC4, false, TINYGLTF_TARGET_ARRAY_BUFFER);
}

int Builder::matrices(const std::vector<Mat4> &values)
{
    std::vector<float> f;
    f.reserve(values.size() * 16);
    for (Mat4 m : values) {
        // glTF requires an exact affine last row.
        m(3, 0) = m(3, 1) = m(3, 2) = 0;
        m(3, 3) = 1;
        f.insert(f.end(), m.m, m.m + 16);
    }
    return floats(f, TINYGLTF_TYPE_MAT4, false);
}

int Builder::quats(const std::vector<Quat> &values)
{
    std::vector<float> f;
    f.reserve(values.size() * 4);
    for (const Quat &q : values) {
        const Quat n = normalize(q);
        f.insert(f.end(), {n.x, n.y, n.z, n.w});
    }
    return floats(f, TINYGLTF_TYPE_VEC4, false);
}

int Builder::addNode(tinygltf::Node node)
{
    mModel.nodes.push_back(std::move(node));
    return int(mModel.nodes.size()) - 1;
}

void Builder::write(const std::string &path)
{
    std::vector<std::string> names;
    for (const tinygltf::Node &node : mModel.nodes)
        names.push_back(node.name);
    names = uniqueNames(names);
    for (size_t i = 0; i < names.size(); ++i)
        mModel.nodes[i].name = names[i];
    const bool binary = fileExtension(path) == "glb";
    std::ostringstream out;
    tinygltf::TinyGLTF writer;
    if (!writer.WriteGltfSceneToStream(&mModel, out, !binary, binary))
        throw FileError(path, "the glTF writer failed");
    writeFileAtomically(path, out.str());
}

void setTransform(tinygltf::Node &node, const Mat4 &m)
{
    const Transform t = decompose(m);
    const Quat q = normalize(t.rotation);
    if (t.translation != Vec3{})
        node.translation = {t.translation.x, t.translation.y, t.translation.z};
    if (q != Quat{}) node.rotation = {q.x, q.y, q.z, q.w};
    if (t.scale != Vec3{1, 1, 1}) node.scale = {t.scale.x, t.scale.y, t.scale.z};
}

std::vector<Vec3> unitNormals(const std::vector<Vec3> &normals)
{
    std::vector<Vec3> out(normals.size());
    for (size_t i = 0; i < normals.size(); ++i) {
        const Vec3 n = normalize(normals[i]);
        out[i] = isFinite(n) && n != Vec3{} ? n : Vec3{0, 1, 0};
    }
    return out;
}

} // namespace tweed::gltf
