// Small value types for 3D math: vectors, quaternions, rigid transforms and 4x4 matrices.
// Plain C++ with no dependency, so the run time a game links stays self-contained.
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

namespace tweed {

struct Vec2
{
    float x = 0, y = 0;
    friend bool operator==(const Vec2 &, const Vec2 &) = default;
};

struct Vec3
{
    float x = 0, y = 0, z = 0;

    constexpr Vec3() = default;
    constexpr Vec3(float x_, float y_, float z_) : x(x_), y(y_), z(z_) {}

    float &operator[](int i) { return (&x)[i]; }
    float operator[](int i) const { return (&x)[i]; }
    Vec3 operator+(const Vec3 &o) const { return {x + o.x, y + o.y, z + o.z}; }
    Vec3 operator-(const Vec3 &o) const { return {x - o.x, y - o.y, z - o.z}; }
    Vec3 operator-() const { return {-x, -y, -z}; }
    Vec3 operator*(float s) const { return {x * s, y * s, z * s}; }
    Vec3 operator/(float s) const { return {x / s, y / s, z / s}; }
    Vec3 &operator+=(const Vec3 &o) { x += o.x; y += o.y; z += o.z; return *this; }
    Vec3 &operator-=(const Vec3 &o) { x -= o.x; y -= o.y; z -= o.z; return *this; }
    Vec3 &operator*=(float s) { x *= s; y *= s; z *= s; return *this; }
    friend Vec3 operator*(float s, const Vec3 &v) { return v * s; }
    friend bool operator==(const Vec3 &, const Vec3 &) = default;
};

struct Vec4
{
    float x = 0, y = 0, z = 0, w = 0;
    friend bool operator==(const Vec4 &, const Vec4 &) = default;
};

inline float dot(const Vec3 &a, const Vec3 &b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
inline Vec3 cross(const Vec3 &a, const Vec3 &b)
{
    return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
inline float lengthSquared(const Vec3 &v) { return dot(v, v); }
inline float length(const Vec3 &v) { return std::sqrt(dot(v, v)); }
inline float distance(const Vec3 &a, const Vec3 &b) { return length(a - b); }
/// Unit vector along v, or the zero vector when v is (nearly) zero.
inline Vec3 normalize(const Vec3 &v)
{
    const float len = length(v);
    return len > 1e-20f ? v / len : Vec3{};
}
inline Vec3 mulComponents(const Vec3 &a, const Vec3 &b) { return {a.x * b.x, a.y * b.y, a.z * b.z}; }
inline Vec3 lerp(const Vec3 &a, const Vec3 &b, float t) { return a + (b - a) * t; }
// As std::fmin/fmax (a NaN loses to a number), written out: those are library calls unless the
// compiler may assume no NaN, and bounding boxes call these in hot loops.
inline float minNumber(float a, float b) { return a < b || b != b ? a : b; }
inline float maxNumber(float a, float b) { return a > b || b != b ? a : b; }
inline Vec3 minComponents(const Vec3 &a, const Vec3 &b)
{
    return {minNumber(a.x, b.x), minNumber(a.y, b.y), minNumber(a.z, b.z)};
}
inline Vec3 maxComponents(const Vec3 &a, const Vec3 &b)
{
    return {maxNumber(a.x, b.x), maxNumber(a.y, b.y), maxNumber(a.z, b.z)};
}
inline bool isFinite(const Vec3 &v)
{
    return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

/// Unit quaternion (x, y, z imaginary, w real) for rotations.
struct Quat
{
    float x = 0, y = 0, z = 0, w = 1;
    friend bool operator==(const Quat &, const Quat &) = default;
};

inline Quat operator*(const Quat &a, const Quat &b)
{
    return {a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
            a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
            a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w,
            a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z};
}
inline Quat conjugate(const Quat &q) { return {-q.x, -q.y, -q.z, q.w}; }
inline Quat normalize(const Quat &q)
{
    const float len = std::sqrt(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
    return len > 1e-20f ? Quat{q.x / len, q.y / len, q.z / len, q.w / len} : Quat{};
}
inline Quat axisAngle(const Vec3 &axis, float radians)
{
    const Vec3 a = normalize(axis) * std::sin(radians * 0.5f);
    return {a.x, a.y, a.z, std::cos(radians * 0.5f)};
}
inline Vec3 rotate(const Quat &q, const Vec3 &v)
{
    const Vec3 u{q.x, q.y, q.z};
    const Vec3 t = cross(u, v) * 2.0f;
    return v + t * q.w + cross(u, t);
}
/// Shortest-path spherical interpolation between unit quaternions.
Quat slerp(const Quat &a, Quat b, float t);

/// Rigid transform with non-uniform scale: p' = translation + rotation * (scale * p).
struct Transform
{
    Vec3 translation;
    Quat rotation;
    Vec3 scale{1, 1, 1};
    friend bool operator==(const Transform &, const Transform &) = default;
};

/// Column-major 4x4 matrix, m[column * 4 + row], as OpenGL, glTF and Qt use.
struct Mat4
{
    float m[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};

    float &operator()(int row, int col) { return m[col * 4 + row]; }
    float operator()(int row, int col) const { return m[col * 4 + row]; }
    static Mat4 identity() { return {}; }
    static Mat4 fromTransform(const Transform &t);
    static Mat4 translation(const Vec3 &t);
    static Mat4 scaling(const Vec3 &s);
    static Mat4 rotation(const Quat &q);

    Vec3 transformPoint(const Vec3 &p) const
    {
        return {m[0] * p.x + m[4] * p.y + m[8] * p.z + m[12],
                m[1] * p.x + m[5] * p.y + m[9] * p.z + m[13],
                m[2] * p.x + m[6] * p.y + m[10] * p.z + m[14]};
    }
    Vec3 transformVector(const Vec3 &v) const
    {
        return {m[0] * v.x + m[4] * v.y + m[8] * v.z, m[1] * v.x + m[5] * v.y + m[9] * v.z,
                m[2] * v.x + m[6] * v.y + m[10] * v.z};
    }
    Vec3 column(int c) const { return {m[c * 4], m[c * 4 + 1], m[c * 4 + 2]}; }
    friend bool operator==(const Mat4 &, const Mat4 &) = default;
};

Mat4 operator*(const Mat4 &a, const Mat4 &b);
/// General inverse; returns identity for a singular matrix.
Mat4 inverse(const Mat4 &a);
Mat4 transpose(const Mat4 &a);
/// Splits an affine matrix without shear into translation, rotation and scale.
Transform decompose(const Mat4 &a);
/// Largest absolute difference between corresponding elements.
float maxAbsDifference(const Mat4 &a, const Mat4 &b);

constexpr float kPi = 3.14159265358979323846f;

/// `count` unit directions spread evenly over the sphere (a Fibonacci lattice).
std::vector<Vec3> sphereDirections(int count);

} // namespace tweed
