// Internal to the cloth solver: a soft body's volume constraints, one per tetrahedron (XPBD,
// Macklin, Müller and Chentanez, "XPBD: position-based simulation of compliant constrained
// dynamics", 2016). The edges of the tetrahedra are the solver's ordinary stretch constraints.
#pragma once

#include "particle.h"

#include <cstdint>
#include <vector>

namespace tweed::sim {

/// Signed volume of tetrahedron (a, b, c, d): (b - a) . ((c - a) x (d - a)) / 6.
float tetraVolume(const Vec3 &a, const Vec3 &b, const Vec3 &c, const Vec3 &d);

class TetraVolumes
{
public:
    /// The tetrahedra (four indices each) and their rest volumes, taken from `rest`.
    void build(const std::vector<Vec3> &rest, const std::vector<uint32_t> &tetrahedra);
    size_t count() const { return mRestVolume.size(); }

    /// Forgets the multipliers: called at the start of every substep.
    void beginSubstep() { mLambda.assign(mRestVolume.size(), 0.0f); }
    /// One Gauss-Seidel sweep over the tetrahedra, each constraint C = V / V0 - 1 moved by the
    /// XPBD update. `compliance` is one over the bulk modulus (1/Pa; 0 keeps every volume): a
    /// tetrahedron's energy is C^2 V0 / (2 compliance), so its own compliance is compliance / V0,
    /// the same material at any resolution. Inverse masses are in the particles' w.
    void solve(P4 *pos, float compliance, float substep);

private:
    std::vector<uint32_t> mVertices;
    std::vector<float> mRestVolume;
    std::vector<float> mLambda;
};

} // namespace tweed::sim
