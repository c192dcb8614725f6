#include "tweed/math.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace tweed {

Quat slerp(const Quat &a, Quat b, float t)
{
    float cosTheta = a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
    if (cosTheta < 0) {
        b = {-b.x, -b.y, -b.z, -b.w};
        cosTheta = -cosTheta;
    }
    float wa = 1 - t, wb = t;
    if (cosTheta < 0.9995f) {
        const float theta = std::acos(cosTheta);
        const float s = std::sin(theta);
        wa = std::sin((1 - t) * theta) / s;
        wb = std::sin(t * theta) / s;
    }
    return normalize(Quat{wa * a.x + wb * b.x, wa * a.y + wb * b.y, wa * a.z + wb * b.z,
                          wa * a.w + wb * b.w});
}

Mat4 Mat4::translation(const Vec3 &t)
{
    Mat4 r;
    r.m[12] = t.x;
    r.m[13] = t.y;
    r.m[14] = t.z;
    return r;
}

Mat4 Mat4::scaling(const Vec3 &s)
{
    Mat4 r;
    r.m[0] = s.x;
    r.m[5] = s.y;
    r.m[10] = s.z;
    return r;
}

Mat4 Mat4::rotation(const Quat &q)
{
    const float xx = q.x * q.x, yy = q.y * q.y, zz = q.z * q.z;
    const float xy = q.x * q.y, xz = q.x * q.z, yz = q.y * q.z;
    const float wx = q.w * q.x, wy = q.w * q.y, wz = q.w * q.z;
    Mat4 r;
    r(0, 0) = 1 - 2 * (yy + zz);
    r(0, 1) = 2 * (xy - wz);
    r(0, 2) = 2 * (xz + wy);
    r(1, 0) = 2 * (xy + wz);
    r(1, 1) = 1 - 2 * (xx + zz);
    r(1, 2) = 2 * (yz - wx);
    r(2, 0) = 2 * (xz - wy);
    r(2, 1) = 2 * (yz + wx);
    r(2, 2) = 1 - 2 * (xx + yy);
    return r;
}

Mat4 Mat4::fromTransform(const Transform &t)
{
    Mat4 r = rotation(t.rotation);
    for (int c = 0; c < 3; ++c)
        for (int row = 0; row < 3; ++row)
            r(row, c) *= t.scale[c];
    r.m[12] = t.translation.x;
    r.m[13] = t.translation.y;
    r.m[14] = t.translation.z;
    return r;
}

Mat4 operator*(const Mat4 &a, const Mat4 &b)
{
    Mat4 r;
    for (int c = 0; c < 4; ++c)
        for (int row = 0; row < 4; ++row) {
            float s = 0;
            for (int k = 0; k < 4; ++k)
                s += a(row, k) * b(k, c);
            r(row, c) = s;
        }
    return r;
}

Mat4 transpose(const Mat4 &a)
{
    Mat4 r;
    for (int c = 0; c < 4; ++c)
        for (int row = 0; row < 4; ++row)
            r(row, c) = a(c, row);
    return r;
}

Mat4 inverse(const Mat4 &a)
{
    // Gauss-Jordan elimination with partial pivoting, in double precision.
    double m[4][8];
    for (int r = 0; r < 4; ++r)
        for (int c = 0; c < 4; ++c) {
            m[r][c] = a(r, c);
            m[r][c + 4] = r == c ? 1.0 : 0.0;
        }
    for (int col = 0; col < 4; ++col) {
        int pivot = col;
        for (int r = col + 1; r < 4; ++r)
            if (std::abs(m[r][col]) > std::abs(m[pivot][col]))
                pivot = r;
        if (std::abs(m[pivot][col]) < 1e-30)
            return Mat4{};
        if (pivot != col)
            for (int c = 0; c < 8; ++c)
                std::swap(m[pivot][c], m[col][c]);
        const double inv = 1.0 / m[col][col];
        for (int c = 0; c < 8; ++c)
            m[col][c] *= inv;
        for (int r = 0; r < 4; ++r) {
            if (r == col)
                continue;
            const double f = m[r][col];
            for (int c = 0; c < 8; ++c)
                m[r][c] -= f * m[col][c];
        }
    }
    Mat4 r;
    for (int row = 0; row < 4; ++row)
        for (int c = 0; c < 4; ++c)
            r(row, c) = static_cast<float>(m[row][c + 4]);
    return r;
}

Transform decompose(const Mat4 &a)
{
    Transform t;
    t.translation = {a.m[12], a.m[13], a.m[14]};
    Vec3 cols[3] = {a.column(0), a.column(1), a.column(2)};
    for (int i = 0; i < 3; ++i)
        t.scale[i] = length(cols[i]);
    // A mirrored basis keeps a proper rotation by negating one scale.
    if (dot(cross(cols[0], cols[1]), cols[2]) < 0)
        t.scale.x = -t.scale.x;
    for (int i = 0; i < 3; ++i)
        cols[i] = t.scale[i] != 0 ? cols[i] / t.scale[i] : Vec3{};
    // Rotation matrix to quaternion (Shepperd's method).
    const float m00 = cols[0].x, m11 = cols[1].y, m22 = cols[2].z;
    const float trace = m00 + m11 + m22;
    Quat q;
    if (trace > 0) {
        const float s = std::sqrt(trace + 1.0f) * 2;
        q = {(cols[1].z - cols[2].y) / s, (cols[2].x - cols[0].z) / s, (cols[0].y - cols[1].x) / s,
             0.25f * s};
    } else if (m00 > m11 && m00 > m22) {
        const float s = std::sqrt(1.0f + m00 - m11 - m22) * 2;
        q = {0.25f * s, (cols[1].x + cols[0].y) / s, (cols[2].x + cols[0].z) / s,
             (cols[1].z - cols[2].y) / s};
    } else if (m11 > m22) {
        const float s = std::sqrt(1.0f + m11 - m00 - m22) * 2;
        q = {(cols[1].x + cols[0].y) / s, 0.25f * s, (cols[2].y + cols[1].z) / s,
             (cols[2].x - cols[0].z) / s};
    } else {
        const float s = std::sqrt(1.0f + m22 - m00 - m11) * 2;
        q = {(cols[2].x + cols[0].z) / s, (cols[2].y + cols[1].z) / s, 0.25f * s,
             (cols[0].y - cols[1].x) / s};
    }
    t.rotation = normalize(q);
    return t;
}

float maxAbsDifference(const Mat4 &a, const Mat4 &b)
{
    float d = 0;
    for (int i = 0; i < 16; ++i)
        d = std::max(d, std::abs(a.m[i] - b.m[i]));
    return d;
}

// Directions spread evenly over the sphere (a Fibonacci lattice).
std::vector<Vec3> sphereDirections(int count)
{
    std::vector<Vec3> out;
    const float golden = kPi * (3.0f - std::sqrt(5.0f));
    for (int i = 0; i < count; ++i) {
        const float y = 1.0f - 2.0f * (float(i) + 0.5f) / float(count);
        const float r = std::sqrt(std::max(0.0f, 1.0f - y * y));
        out.push_back({std::cos(golden * float(i)) * r, y, std::sin(golden * float(i)) * r});
    }
    return out;
}

} // namespace tweed
