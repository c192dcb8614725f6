#include "tweed/sim/cloth_bones.h"

#include "tweed/errors.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace tweed {

Mat4 clothBoneFrame(const Vec3 &pivot, const Vec3 &column, const Vec3 &row)
{
    Vec3 x = normalize(column - pivot);
    if (lengthSquared(x) == 0.0f)
        x = {1, 0, 0};
    Vec3 y = row - pivot;
    y = normalize(y - x * dot(x, y));
    if (lengthSquared(y) == 0.0f) {
        // Any axis perpendicular to x.
        const Vec3 helper = std::abs(x.x) < 0.9f ? Vec3{1, 0, 0} : Vec3{0, 1, 0};
        y = normalize(helper - x * dot(x, helper));
    }
    const Vec3 z = cross(x, y);
    Mat4 m;
    for (int r = 0; r < 3; ++r) {
        m(r, 0) = x[r];
        m(r, 1) = y[r];
        m(r, 2) = z[r];
        m(r, 3) = pivot[r];
    }
    return m;
}

namespace {

// Inverse of a rigid frame: transpose the rotation, rotate the negated translation.
Mat4 rigidInverse(const Mat4 &m)
{
    Mat4 r;
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j)
            r(i, j) = m(j, i);
    for (int i = 0; i < 3; ++i)
        r(i, 3) = -(r(i, 0) * m(0, 3) + r(i, 1) * m(1, 3) + r(i, 2) * m(2, 3));
    return r;
}

} // namespace

void clothDrivenBones(const std::vector<ClothBoneDefinition> &bones,
                      const std::vector<Vec3> &restPositions,
                      const std::vector<Vec3> &currentPositions, std::vector<Mat4> &out,
                      std::vector<Mat4> *frames)
{
    if (restPositions.size() != currentPositions.size())
        throw InputError("cloth bones: rest and current positions differ in count");
    const size_t n = restPositions.size();
    out.resize(bones.size());
    if (frames)
        frames->resize(bones.size());
    for (size_t b = 0; b < bones.size(); ++b) {
        const ClothBoneDefinition &d = bones[b];
        if (d.pivot >= n || d.column >= n || d.row >= n)
            throw InputError("cloth bones: bone " + std::to_string(b) +
                             " refers to a vertex out of range");
        const Mat4 rest = clothBoneFrame(restPositions[d.pivot], restPositions[d.column],
                                         restPositions[d.row]);
        const Mat4 now = clothBoneFrame(currentPositions[d.pivot], currentPositions[d.column],
                                        currentPositions[d.row]);
        out[b] = now * rigidInverse(rest);
        if (frames)
            (*frames)[b] = now;
    }
}

std::vector<ClothBoneDefinition> makeClothBones(const std::vector<Vec3> &restPositions,
                                                const std::vector<uint32_t> &indices,
                                                const std::vector<uint32_t> &pivots,
                                                const Vec3 &down)
{
    const size_t n = restPositions.size();
    std::vector<std::vector<uint32_t>> neighbours(n);
    for (size_t t = 0; t + 2 < indices.size(); t += 3)
        for (int k = 0; k < 3; ++k) {
            const uint32_t a = indices[t + size_t(k)], b = indices[t + size_t((k + 1) % 3)];
            if (a >= n || b >= n)
                throw InputError("cloth bones: triangle index out of range");
            neighbours[a].push_back(b);
            neighbours[b].push_back(a);
        }
    const Vec3 dir = normalize(down);
    std::vector<ClothBoneDefinition> result;
    for (uint32_t p : pivots) {
        if (p >= n)
            throw InputError("cloth bones: pivot vertex " + std::to_string(p) + " out of range");
        auto &nb = neighbours[p];
        std::sort(nb.begin(), nb.end());
        nb.erase(std::unique(nb.begin(), nb.end()), nb.end());
        if (nb.size() < 2)
            throw InputError("cloth bones: pivot vertex " + std::to_string(p) +
                             " has fewer than two neighbours");
        ClothBoneDefinition d;
        d.pivot = p;
        float best = -INFINITY;
        for (uint32_t q : nb) {
            const float along = dot(normalize(restPositions[q] - restPositions[p]), dir);
            if (along > best) {
                best = along;
                d.column = q;
            }
        }
        const Vec3 x = normalize(restPositions[d.column] - restPositions[p]);
        best = INFINITY;
        for (uint32_t q : nb) {
            if (q == d.column)
                continue;
            const float across = std::abs(dot(normalize(restPositions[q] - restPositions[p]), x));
            if (across < best) {
                best = across;
                d.row = q;
            }
        }
        result.push_back(d);
    }
    return result;
}

} // namespace tweed
