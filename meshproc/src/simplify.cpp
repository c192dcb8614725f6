// Simplification: Garland-Heckbert quadric error edge collapse with optimal placement, driven by
// a lazy priority queue on an indexed mesh with per-vertex corner lists; then edge flips and
// tangential relaxation for triangles a cloth solver likes.
//
// M. Garland, P. Heckbert: Surface Simplification Using Quadric Error Metrics, SIGGRAPH 1997.
// Boundary edges get perpendicular constraint planes (Garland-Heckbert section 5), a collapse
// of an interior edge never joins two boundary vertices, and a vertex collapsing into a boundary
// vertex stays where the boundary vertex is, so hems, sleeves and necklines keep their shape.
#include "mesh_internal.h"
#include "tweed/errors.h"
#include "tweed/physics_mesh.h"

#include <algorithm>
#include <cmath>
#include <unordered_set>

namespace tweed {
namespace {

using detail::kNone;

struct Quadric
{
    double a00 = 0, a01 = 0, a02 = 0, a11 = 0, a12 = 0, a22 = 0;
    double b0 = 0, b1 = 0, b2 = 0, c = 0;

    // Squared distance to the plane n . p + d = 0 (n unit), times w.
    static Quadric plane(const Vec3 &n, double d, double w)
    {
        Quadric q;
        const double x = n.x, y = n.y, z = n.z;
        q.a00 = w * x * x, q.a01 = w * x * y, q.a02 = w * x * z;
        q.a11 = w * y * y, q.a12 = w * y * z, q.a22 = w * z * z;
        q.b0 = w * d * x, q.b1 = w * d * y, q.b2 = w * d * z;
        q.c = w * d * d;
        return q;
    }
    Quadric &operator+=(const Quadric &o)
    {
        a00 += o.a00, a01 += o.a01, a02 += o.a02, a11 += o.a11, a12 += o.a12, a22 += o.a22;
        b0 += o.b0, b1 += o.b1, b2 += o.b2, c += o.c;
        return *this;
    }
    // Moves p along direction n (unit) to where the quadric is smallest on that line.
    Vec3 minimiseAlong(const Vec3 &p, const Vec3 &n) const
    {
        const double x = p.x, y = p.y, z = p.z;
        const double gx = a00 * x + a01 * y + a02 * z + b0, gy = a01 * x + a11 * y + a12 * z + b1,
                     gz = a02 * x + a12 * y + a22 * z + b2;
        const double nan = n.x * (a00 * n.x + a01 * n.y + a02 * n.z) +
                           n.y * (a01 * n.x + a11 * n.y + a12 * n.z) +
                           n.z * (a02 * n.x + a12 * n.y + a22 * n.z);
        if (!(nan > 1e-30))
            return p;
        const double t = -(gx * n.x + gy * n.y + gz * n.z) / nan;
        return p + n * float(t);
    }
    double eval(const Vec3 &p) const
    {
        const double x = p.x, y = p.y, z = p.z;
        const double e = x * (a00 * x + 2 * a01 * y + 2 * a02 * z) + y * (a11 * y + 2 * a12 * z) +
                         a22 * z * z + 2 * (b0 * x + b1 * y + b2 * z) + c;
        return std::max(e, 0.0);
    }
    // The minimiser of the quadric, pulled gently towards `towards` so that it exists where the
    // quadric is flat in some direction (planar regions, straight creases).
    Vec3 minimiser(const Vec3 &towards) const
    {
        const double eps = 1e-3 * (a00 + a11 + a22) / 3 + 1e-30;
        const double m00 = a00 + eps, m11 = a11 + eps, m22 = a22 + eps;
        const double r0 = -b0 + eps * towards.x, r1 = -b1 + eps * towards.y,
                     r2 = -b2 + eps * towards.z;
        const double c00 = m11 * m22 - a12 * a12, c01 = a02 * a12 - a01 * m22,
                     c02 = a01 * a12 - a02 * m11;
        const double det = m00 * c00 + a01 * c01 + a02 * c02;
        if (!(std::abs(det) > 1e-300))
            return towards;
        const double c11 = m00 * m22 - a02 * a02, c12 = a01 * a02 - m00 * a12,
                     c22 = m00 * m11 - a01 * a01;
        const double x = (c00 * r0 + c01 * r1 + c02 * r2) / det;
        const double y = (c01 * r0 + c11 * r1 + c12 * r2) / det;
        const double z = (c02 * r0 + c12 * r1 + c22 * r2) / det;
        const Vec3 p{float(x), float(y), float(z)};
        return isFinite(p) ? p : towards;
    }
};

// 16 bytes, so more of the heap stays in cache. Versions wrap at 2^15; a stale candidate taken
// for a current one only costs ordering, since every collapse is re-checked when it is popped.
struct Candidate
{
    float cost;
    uint32_t a, b;
    uint16_t versionA;
    uint16_t versionB : 15;
    uint16_t deferred : 1; ///< already put back once for making a poor triangle
    bool operator<(const Candidate &o) const { return cost > o.cost; } // min-heap
};

// Quality (2 sqrt(3) area / sum of squared edges) below which a triangle counts as a sliver:
// about a 9 degree smallest angle.
constexpr float kSliverQuality = 0.25f;
// Vertex kinds, in the order of which survives a collapse.
constexpr uint8_t kInterior = 0, kBoundary = 1, kCorner = 2;
// Weight of the squared edge length squared added to a collapse's quadric error (both area
// times squared distance).
constexpr double kLengthWeight = 1e-4;

class Simplifier
{
public:
    Simplifier(PhysicsGeometry &g, const SimplifySettings &s) : mGeometry(g), mSettings(s)
    {
        const size_t n = g.positions.size(), t = g.indices.size() / 3;
        mPos = g.positions;
        mIdx = g.indices;
        mDead.assign(t, 0);
        mHead.assign(n, kNone);
        mNext.assign(3 * t, kNone);
        for (uint32_t c = uint32_t(3 * t); c-- > 0;) {
            mNext[c] = mHead[mIdx[c]];
            mHead[mIdx[c]] = c;
        }
        mQuadric.assign(n, Quadric{});
        mReference = computeVertexNormals(g.positions, g.indices);
        mVersion.assign(n, 0);
        mBoundary.assign(n, 0);
        mAlive.assign(n, 0);
        mMoved.assign(n, 0);
        mMark.assign(n, 0);
        mCosMax = float(std::cos(double(s.maxNormalChangeDegrees) * double(kPi) / 180.0));
    }

    uint32_t aliveVertices() const { return mAliveCount; }
    uint32_t collapses() const { return mCollapses; }
    double largestCost() const { return mLargestCost; }

    void initialise()
    {
        // Face quadrics weighted by area, and which vertices lie on a boundary.
        const size_t t = mIdx.size() / 3;
        for (size_t f = 0; f < t; ++f) {
            const Vec3 &a = mPos[mIdx[3 * f]], &b = mPos[mIdx[3 * f + 1]],
                       &c = mPos[mIdx[3 * f + 2]];
            const Vec3 n2 = cross(b - a, c - a);
            const float len = length(n2);
            if (!(len > 0))
                continue;
            const Vec3 n = n2 / len;
            const Quadric q = Quadric::plane(n, -double(dot(n, a)), 0.5 * double(len));
            for (int k = 0; k < 3; ++k)
                mQuadric[mIdx[3 * f + size_t(k)]] += q;
        }
        for (uint32_t v = 0; v < mPos.size(); ++v) {
            if (mHead[v] == kNone)
                continue;
            mAlive[v] = 1;
            ++mAliveCount;
            // An edge (v, w) is a boundary edge when exactly one triangle holds it.
            uint32_t ends[2] = {kNone, kNone};
            int boundaryEdges = 0;
            forEachBoundaryEdge(v, [&](uint32_t w, uint32_t corner) {
                if (boundaryEdges < 2)
                    ends[boundaryEdges] = w;
                ++boundaryEdges;
                if (v < w) // each boundary edge's constraint plane once
                    addBoundaryPlane(v, w, corner);
            });
            if (boundaryEdges == 2) {
                // A corner: the boundary turns by more than 25 degrees here.
                const Vec3 in = normalize(mPos[v] - mPos[ends[0]]),
                           out = normalize(mPos[ends[1]] - mPos[v]);
                mBoundary[v] = dot(in, out) < std::cos(25.0f * kPi / 180.0f) ? kCorner
                                                                                         : kBoundary;
            } else if (boundaryEdges > 0) {
                mBoundary[v] = kCorner; // several boundaries meet: keep it
            }
        }
        // Candidate edges, each once (from its lower vertex).
        mHeap.reserve(mIdx.size());
        for (uint32_t v = 0; v < mPos.size(); ++v) {
            if (!mAlive[v])
                continue;
            ++mStamp;
            forEachCorner(v, [&](uint32_t c) {
                for (uint32_t w : {mIdx[nextCorner(c)], mIdx[prevCorner(c)]})
                    if (w > v && mMark[w] != mStamp) {
                        mMark[w] = mStamp;
                        pushCandidate(v, w);
                    }
            });
        }
        std::make_heap(mHeap.begin(), mHeap.end());
    }

    void run(uint32_t target, const ProgressCallback &progress)
    {
        const uint32_t start = mAliveCount;
        uint32_t sinceReport = 0;
        while (mAliveCount > target && !mHeap.empty()) {
            std::pop_heap(mHeap.begin(), mHeap.end());
            const Candidate cand = mHeap.back();
            mHeap.pop_back();
            if (!mAlive[cand.a] || !mAlive[cand.b] || uint16_t(mVersion[cand.a]) != cand.versionA ||
                (mVersion[cand.b] & 0x7FFF) != cand.versionB)
                continue;
            tryCollapse(cand);
            if (progress && ++sinceReport == 4096) {
                sinceReport = 0;
                reportProgress(progress,
                               float(start - mAliveCount) / float(std::max(1u, start - target)),
                               "simplifying");
            }
        }
    }

    // Writes the surviving mesh back, dropping dead triangles and unused vertices.
    void finish(std::vector<Quadric> &quadrics, std::vector<uint8_t> &boundary)
    {
        PhysicsGeometry &g = mGeometry;
        g.indices.clear();
        for (size_t f = 0; f < mDead.size(); ++f)
            if (!mDead[f])
                g.indices.insert(g.indices.end(), {mIdx[3 * f], mIdx[3 * f + 1], mIdx[3 * f + 2]});
        std::vector<uint32_t> remap(mPos.size(), kNone);
        std::vector<Vec3> positions;
        std::vector<uint32_t> source;
        quadrics.clear();
        boundary.clear();
        for (uint32_t &i : g.indices) {
            if (remap[i] == kNone) {
                remap[i] = uint32_t(positions.size());
                positions.push_back(mPos[i]);
                source.push_back(mMoved[i] || i >= g.sourceVertex.size() ? PhysicsGeometry::kNoSource
                                                                          : g.sourceVertex[i]);
                quadrics.push_back(mQuadric[i]);
                boundary.push_back(mBoundary[i]);
            }
            i = remap[i];
        }
        g.positions.swap(positions);
        g.sourceVertex.swap(source);
    }

private:
    static uint32_t nextCorner(uint32_t c) { return c / 3 * 3 + (c % 3 + 1) % 3; }
    static uint32_t prevCorner(uint32_t c) { return c / 3 * 3 + (c % 3 + 2) % 3; }

    template <class F> void forEachCorner(uint32_t v, F &&f)
    {
        for (uint32_t c = mHead[v]; c != kNone; c = mNext[c])
            if (!mDead[c / 3])
                f(c);
    }

    // Calls f(w, corner) for each boundary edge (v, w); corner is a corner of v's triangle on it.
    template <class F> void forEachBoundaryEdge(uint32_t v, F &&f)
    {
        // Neighbours beyond 64 (never seen on cloth) are not examined.
        uint32_t others[64], cornerOf[64], count[64];
        int n = 0;
        forEachCorner(v, [&](uint32_t c) {
            for (uint32_t w : {mIdx[nextCorner(c)], mIdx[prevCorner(c)]}) {
                int i = 0;
                while (i < n && others[i] != w)
                    ++i;
                if (i == n) {
                    if (n == 64)
                        continue;
                    others[n] = w;
                    cornerOf[n] = c;
                    count[n++] = 0;
                }
                ++count[i];
            }
        });
        for (int i = 0; i < n; ++i)
            if (count[i] == 1)
                f(others[i], cornerOf[i]);
    }

    void addBoundaryPlane(uint32_t v, uint32_t w, uint32_t corner)
    {
        const uint32_t t = corner / 3;
        const Vec3 &a = mPos[mIdx[3 * t]], &b = mPos[mIdx[3 * t + 1]], &c = mPos[mIdx[3 * t + 2]];
        const Vec3 faceNormal = normalize(cross(b - a, c - a));
        const Vec3 e = mPos[w] - mPos[v];
        const Vec3 n = normalize(cross(e, faceNormal));
        if (lengthSquared(n) == 0)
            return;
        // Weighted like a face of twice the edge's length squared, so boundaries keep their
        // place.
        const Quadric q = Quadric::plane(n, -double(dot(n, mPos[v])), 2.0 * double(lengthSquared(e)));
        mQuadric[v] += q;
        mQuadric[w] += q;
    }

    // Interior edges: the quadric's optimum. A boundary vertex stays where it is when an
    // interior one joins it, and a boundary edge collapses onto the endpoint with the smaller
    // error, so boundary vertices are always vertices of the input boundary. Corners stay.
    Vec3 placement(uint32_t a, uint32_t b, const Quadric &q) const
    {
        if (mBoundary[a] != mBoundary[b])
            return mBoundary[a] > mBoundary[b] ? mPos[a] : mPos[b];
        if (mBoundary[a] != kInterior)
            return q.eval(mPos[a]) <= q.eval(mPos[b]) ? mPos[a] : mPos[b];
        return q.minimiser((mPos[a] + mPos[b]) * 0.5f);
    }

    void pushCandidate(uint32_t a, uint32_t b)
    {
        Quadric q = mQuadric[a];
        q += mQuadric[b];
        const Vec3 p = placement(a, b, q);
        // A small length term orders collapses where the quadric is flat (planar regions) from
        // the shortest edge up, which evens out the edge lengths a cloth solver wants.
        const double len2 = double(lengthSquared(mPos[a] - mPos[b]));
        mHeap.push_back({float(q.eval(p) + kLengthWeight * len2 * len2), a, b, uint16_t(mVersion[a]),
                         uint16_t(mVersion[b] & 0x7FFF), 0});
    }

    // The checks that keep the mesh a manifold with unflipped, non-degenerate triangles; then
    // the collapse of b into a (or a into b, when b is the boundary vertex).
    void tryCollapse(const Candidate &cand)
    {
        uint32_t a = cand.a, b = cand.b;
        const float cost = cand.cost;
        if (mBoundary[a] == kCorner && mBoundary[b] == kCorner)
            return;
        if (mBoundary[b] > mBoundary[a])
            std::swap(a, b);
        Quadric q = mQuadric[a];
        q += mQuadric[b];
        const Vec3 p = placement(a, b, q);

        // a's neighbours; the triangles on the edge and their opposite vertices.
        ++mStamp;
        uint32_t opposite[2] = {kNone, kNone};
        int edgeTris = 0, fanA = 0, fanB = 0;
        bool bad = false;
        forEachCorner(a, [&](uint32_t c) {
            ++fanA;
            const uint32_t x = mIdx[nextCorner(c)], y = mIdx[prevCorner(c)];
            mMark[x] = mStamp;
            mMark[y] = mStamp;
            if (x == b || y == b) {
                if (edgeTris < 2)
                    opposite[edgeTris] = x == b ? y : x;
                ++edgeTris;
            }
        });
        if (edgeTris == 0 || edgeTris > 2)
            return;
        const bool boundaryEdge = edgeTris == 1;
        if (mBoundary[a] != kInterior && mBoundary[b] != kInterior && !boundaryEdge)
            return; // would pinch the surface between two boundaries
        // Link condition: the common neighbours of a and b are exactly the opposite vertices.
        forEachCorner(b, [&](uint32_t c) {
            ++fanB;
            for (uint32_t z : {mIdx[nextCorner(c)], mIdx[prevCorner(c)]})
                if (z != a && mMark[z] == mStamp && z != opposite[0] && z != opposite[1])
                    bad = true;
        });
        if (bad || fanA + fanB - 2 * edgeTris <= 0)
            return;
        if (edgeTris == 2) {
            // Both (a, c, d) and (b, c, d) existing would leave a duplicate triangle
            // (the tetrahedron case of the link condition).
            auto hasTriangle = [&](uint32_t v) {
                bool found = false;
                forEachCorner(v, [&](uint32_t c) {
                    const uint32_t x = mIdx[nextCorner(c)], y = mIdx[prevCorner(c)];
                    if ((x == opposite[0] && y == opposite[1]) ||
                        (x == opposite[1] && y == opposite[0]))
                        found = true;
                });
                return found;
            };
            if (hasTriangle(a) && hasTriangle(b))
                return;
        }
        // No flipped or degenerate triangle; note the smallest angle the collapse would make.
        float worstQuality = 1;
        auto turnsTooMuch = [&](uint32_t v, uint32_t other) {
            bool refused = false;
            forEachCorner(v, [&](uint32_t c) {
                const uint32_t x = mIdx[nextCorner(c)], y = mIdx[prevCorner(c)];
                if (x == other || y == other || refused)
                    return;
                const Vec3 before = cross(mPos[x] - mPos[v], mPos[y] - mPos[v]);
                const Vec3 after = cross(mPos[x] - p, mPos[y] - p);
                const float lb = length(before), la = length(after);
                const float edges = lengthSquared(mPos[x] - mPos[y]) + lengthSquared(mPos[x] - p) +
                                    lengthSquared(mPos[y] - p);
                // Bounded change per collapse, and never facing against the input surface (so
                // small turns cannot add up to a flip).
                const Vec3 reference = mReference[x] + mReference[y] + mReference[v] + mReference[other];
                if (!(la > 1e-12f * edges) || dot(before, after) < mCosMax * lb * la ||
                    !(dot(after, reference) > 0))
                    refused = true;
                // 1 for an equilateral triangle, 0 for a degenerate one.
                worstQuality = std::min(worstQuality, 2 * std::sqrt(3.0f) * la / edges);
            });
            return refused;
        };
        if (turnsTooMuch(a, b) || turnsTooMuch(b, a))
            return;
        // A collapse making a sliver is put back once with a higher cost, so that collapses
        // elsewhere may first change the neighbourhood (and the sliver may not be needed).
        if (worstQuality < kSliverQuality && !cand.deferred) {
            Candidate later = cand;
            later.cost = std::max(cand.cost * 4, float(mLargestCost)) + 1e-30f;
            later.deferred = 1;
            mHeap.push_back(later);
            std::push_heap(mHeap.begin(), mHeap.end());
            return;
        }

        // Collapse: kill the edge's triangles, move b's corners to a, join the corner lists.
        forEachCorner(b, [&](uint32_t c) {
            const uint32_t x = mIdx[nextCorner(c)], y = mIdx[prevCorner(c)];
            if (x == a || y == a)
                mDead[c / 3] = 1;
        });
        uint32_t list = kNone;
        for (uint32_t v : {a, b}) {
            for (uint32_t c = mHead[v], nextC; c != kNone; c = nextC) {
                nextC = mNext[c];
                if (mDead[c / 3])
                    continue;
                mIdx[c] = a;
                mNext[c] = list;
                list = c;
            }
            mHead[v] = kNone;
        }
        mHead[a] = list;
        mPos[a] = p;
        mQuadric[a] = q;
        mReference[a] = normalize(mReference[a] + mReference[b]);
        mBoundary[a] = std::max(mBoundary[a], mBoundary[b]);
        mMoved[a] = mMoved[a] || !(p == mGeometry.positions[a]) || mMoved[b];
        mAlive[b] = 0;
        --mAliveCount;
        ++mVersion[a];
        ++mCollapses;
        mLargestCost = std::max(mLargestCost, double(cost));
        // New candidates for a's edges.
        ++mStamp;
        forEachCorner(a, [&](uint32_t c) {
            for (uint32_t w : {mIdx[nextCorner(c)], mIdx[prevCorner(c)]})
                if (mMark[w] != mStamp) {
                    mMark[w] = mStamp;
                    pushCandidate(a, w);
                    std::push_heap(mHeap.begin(), mHeap.end());
                }
        });
    }

    PhysicsGeometry &mGeometry;
    const SimplifySettings &mSettings;
    std::vector<Vec3> mPos;
    std::vector<uint32_t> mIdx;
    std::vector<uint8_t> mDead;
    std::vector<uint32_t> mHead, mNext;
    std::vector<Quadric> mQuadric;
    std::vector<Vec3> mReference; ///< input surface normal near each vertex
    std::vector<uint32_t> mVersion;
    std::vector<uint8_t> mBoundary, mAlive, mMoved;
    std::vector<uint32_t> mMark;
    uint32_t mStamp = 0;
    std::vector<Candidate> mHeap;
    uint32_t mAliveCount = 0;
    uint32_t mCollapses = 0;
    double mLargestCost = 0;
    float mCosMax = 0.5f;
};

float minAngleOf(const Vec3 &a, const Vec3 &b, const Vec3 &c)
{
    const Vec3 e[3] = {b - a, c - b, a - c};
    float best = kPi;
    for (int k = 0; k < 3; ++k) {
        const Vec3 u = e[k], w = -e[(k + 2) % 3];
        best = std::min(best, std::atan2(length(cross(u, w)), dot(u, w)));
    }
    return best;
}

// Flips interior edges whose two triangles are nearly coplanar when that raises their smallest
// angle and turns neither triangle over.
uint32_t flipEdges(PhysicsGeometry &g)
{
    std::vector<uint32_t> &idx = g.indices;
    const std::vector<Vec3> &pos = g.positions;
    const size_t t = idx.size() / 3;
    std::unordered_set<uint64_t> edges;
    edges.reserve(idx.size());
    struct Half
    {
        uint64_t key;
        uint32_t corner;
    };
    std::vector<Half> halves(idx.size());
    for (uint32_t c = 0; c < idx.size(); ++c) {
        const uint32_t a = idx[c], b = idx[c / 3 * 3 + (c % 3 + 1) % 3];
        halves[c] = {detail::edgeKey(a, b), c};
        edges.insert(detail::edgeKey(a, b));
    }
    std::sort(halves.begin(), halves.end(),
              [](const Half &x, const Half &y) { return x.key < y.key; });
    std::vector<uint8_t> touched(t, 0);
    uint32_t flips = 0;
    const float cosCoplanar = std::cos(10.0f * kPi / 180.0f);
    for (size_t i = 0; i + 1 < halves.size(); ++i) {
        if (halves[i].key != halves[i + 1].key ||
            (i + 2 < halves.size() && halves[i + 2].key == halves[i].key)) {
            while (i + 1 < halves.size() && halves[i + 1].key == halves[i].key)
                ++i;
            continue;
        }
        const uint32_t c1 = halves[i].corner, c2 = halves[i + 1].corner;
        ++i;
        const uint32_t t1 = c1 / 3, t2 = c2 / 3;
        if (touched[t1] || touched[t2])
            continue;
        // t1 = (a, b, c) from corner c1; t2 must hold the edge as (b, a).
        const uint32_t a = idx[c1], b = idx[t1 * 3 + (c1 % 3 + 1) % 3],
                       c = idx[t1 * 3 + (c1 % 3 + 2) % 3];
        if (idx[c2] != b || idx[t2 * 3 + (c2 % 3 + 1) % 3] != a)
            continue; // inconsistent orientation: leave alone
        const uint32_t d = idx[t2 * 3 + (c2 % 3 + 2) % 3];
        if (c == d || edges.count(detail::edgeKey(c, d)))
            continue;
        const Vec3 n1 = cross(pos[b] - pos[a], pos[c] - pos[a]);
        const Vec3 n2 = cross(pos[a] - pos[b], pos[d] - pos[b]);
        const float l1 = length(n1), l2 = length(n2);
        if (!(l1 > 0 && l2 > 0) || dot(n1, n2) < cosCoplanar * l1 * l2)
            continue;
        const Vec3 m1 = cross(pos[a] - pos[c], pos[d] - pos[c]); // (c, a, d)
        const Vec3 m2 = cross(pos[c] - pos[d], pos[b] - pos[d]); // (d, b, c)
        const Vec3 sum = n1 / l1 + n2 / l2;
        if (!(dot(m1, sum) > 0 && dot(m2, sum) > 0))
            continue;
        const float before = std::min(minAngleOf(pos[a], pos[b], pos[c]),
                                      minAngleOf(pos[b], pos[a], pos[d]));
        const float after = std::min(minAngleOf(pos[c], pos[a], pos[d]),
                                     minAngleOf(pos[d], pos[b], pos[c]));
        if (after <= before + 1e-3f)
            continue;
        idx[t1 * 3] = c, idx[t1 * 3 + 1] = a, idx[t1 * 3 + 2] = d;
        idx[t2 * 3] = d, idx[t2 * 3 + 1] = b, idx[t2 * 3 + 2] = c;
        edges.erase(detail::edgeKey(a, b));
        edges.insert(detail::edgeKey(c, d));
        touched[t1] = touched[t2] = 1;
        ++flips;
    }
    return flips;
}

// Moves each interior vertex towards the centroid of its neighbours within its tangent plane,
// accepting a move only when its quadric error stays within
// `bound` and no triangle around it turns over.
void relaxVertices(PhysicsGeometry &g, const std::vector<Quadric> &quadrics,
                   const std::vector<uint8_t> &boundary, double bound, float cosMax)
{
    const size_t n = g.positions.size();
    std::vector<uint32_t> start(n + 1, 0), tris(g.indices.size());
    for (uint32_t v : g.indices)
        ++start[v + 1];
    for (size_t v = 0; v < n; ++v)
        start[v + 1] += start[v];
    {
        std::vector<uint32_t> fill(start.begin(), start.end() - 1);
        for (uint32_t c = 0; c < g.indices.size(); ++c)
            tris[fill[g.indices[c]]++] = c;
    }
    std::vector<Vec3> &pos = g.positions;
    for (uint32_t v = 0; v < n; ++v) {
        if (start[v] == start[v + 1])
            continue;
        if (boundary[v] != kInterior)
            continue; // boundary vertices stay on the input boundary
        // Neighbours (each once) and the area-weighted normal.
        Vec3 normal, centroid;
        uint32_t ring[64];
        int ringSize = 0;
        for (uint32_t k = start[v]; k < start[v + 1]; ++k) {
            const uint32_t c = tris[k], t = c / 3;
            const uint32_t x = g.indices[t * 3 + (c % 3 + 1) % 3],
                           y = g.indices[t * 3 + (c % 3 + 2) % 3];
            normal += cross(pos[x] - pos[v], pos[y] - pos[v]);
            for (uint32_t w : {x, y})
                if (ringSize < 64 && std::find(ring, ring + ringSize, w) == ring + ringSize)
                    ring[ringSize++] = w;
        }
        if (ringSize == 0)
            continue;
        for (int i = 0; i < ringSize; ++i)
            centroid += pos[ring[i]];
        centroid = centroid / float(ringSize);
        const Vec3 nn = normalize(normal);
        const Vec3 d = centroid - pos[v];
        centroid = pos[v] + (d - nn * dot(d, nn)); // within the tangent plane
        const Vec3 old = pos[v];
        Vec3 target = old + (centroid - old) * 0.5f;
        // Back onto the surface the vertex's quadric describes, along the normal.
        target = quadrics[v].minimiseAlong(target, normalize(normal));
        const double errorBefore = quadrics[v].eval(old);
        if (quadrics[v].eval(target) > 1.1 * errorBefore + bound)
            continue;
        // Only moves that raise the smallest angle around the vertex and turn no triangle.
        float angleBefore = kPi, angleAfter = kPi;
        bool ok = true;
        for (uint32_t k = start[v]; k < start[v + 1] && ok; ++k) {
            const uint32_t c = tris[k], t = c / 3;
            const Vec3 &x = pos[g.indices[t * 3 + (c % 3 + 1) % 3]],
                       &y = pos[g.indices[t * 3 + (c % 3 + 2) % 3]];
            const Vec3 nBefore = cross(x - old, y - old), nAfter = cross(x - target, y - target);
            ok = dot(nBefore, nAfter) > cosMax * length(nBefore) * length(nAfter);
            angleBefore = std::min(angleBefore, minAngleOf(old, x, y));
            angleAfter = std::min(angleAfter, minAngleOf(target, x, y));
        }
        if (!ok || angleAfter <= angleBefore)
            continue;
        pos[v] = target;
        if (v < g.sourceVertex.size())
            g.sourceVertex[v] = PhysicsGeometry::kNoSource;
    }
}

} // namespace

SimplifyReport simplify(PhysicsGeometry &geometry, const SimplifySettings &settings,
                        const ProgressCallback &progress)
{
    if (!std::isfinite(settings.targetEdgeLength) || settings.targetEdgeLength < 0)
        throw InputError("the target edge length must be a finite distance of 0 or more");
    if (settings.targetVertices == 0 && settings.targetEdgeLength == 0)
        throw InputError("simplify needs a target vertex count or a target edge length above 0");
    if (!(settings.maxNormalChangeDegrees > 0 && settings.maxNormalChangeDegrees <= 180))
        throw InputError("the largest normal change must be between 0 and 180 degrees");
    for (uint32_t i : geometry.indices)
        if (i >= geometry.positions.size())
            throw InputError("simplify: vertex index out of range");

    SimplifyReport report;
    report.verticesBefore = uint32_t(geometry.positions.size());
    report.trianglesBefore = uint32_t(geometry.triangleCount());
    const std::vector<Vec3> inputPositions =
        settings.measureError ? geometry.positions : std::vector<Vec3>{};
    const std::vector<uint32_t> inputIndices =
        settings.measureError ? geometry.indices : std::vector<uint32_t>{};

    uint32_t target = settings.targetVertices;
    if (target == 0) {
        // Equilateral triangles of the target edge: area / (sqrt(3)/4 L^2) triangles, about
        // half as many vertices.
        const double area = detail::surfaceArea(geometry.positions, geometry.indices);
        const double l = settings.targetEdgeLength;
        target = uint32_t(std::clamp(2.0 * area / (std::sqrt(3.0) * l * l), 4.0, 4e9));
    }

    Simplifier s(geometry, settings);
    s.initialise();
    s.run(target, progress);
    std::vector<Quadric> quadrics;
    std::vector<uint8_t> boundary;
    s.finish(quadrics, boundary);
    report.collapses = s.collapses();

    const float cosMax = float(std::cos(double(settings.maxNormalChangeDegrees) * kPi / 180.0));
    for (uint32_t pass = 0; pass < settings.relaxPasses; ++pass) {
        report.flips += flipEdges(geometry);
        relaxVertices(geometry, quadrics, boundary, 0.05 * s.largestCost(), cosMax);
    }
    if (settings.relaxPasses > 0)
        report.flips += flipEdges(geometry);

    report.verticesAfter = uint32_t(geometry.positions.size());
    report.trianglesAfter = uint32_t(geometry.triangleCount());
    const MeshQuality q = measureMeshQuality(geometry.positions, geometry.indices);
    report.minAngleDegrees = q.minAngleDegrees;
    report.edgeLengthSpread = q.edgeLengthSpread;
    if (settings.measureError)
        report.error = measureSurfaceError(geometry.positions, geometry.indices, inputPositions,
                                           inputIndices);
    return report;
}

} // namespace tweed
