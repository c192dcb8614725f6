#include "tweed/sim/mass_spring.h"

#include "tweed/errors.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace tweed {

void massSpringAccelerations(const MassSpringSystem &s, const std::vector<Vec3> &x,
                             const std::vector<Vec3> &v, float stiffnessScale,
                             std::vector<Vec3> &out)
{
    const size_t n = x.size();
    out.resize(n);
    for (size_t i = 0; i < n; ++i)
        out[i] = Vec3{};
    for (const Spring &sp : s.springs) {
        if (!sp.active)
            continue;
        const Vec3 d = x[sp.b] - x[sp.a];
        const float len = length(d);
        if (!(len > 1e-12f))
            continue;
        const Vec3 dir = d / len;
        const float force = stiffnessScale * (sp.stiffness * (len - sp.restLength) +
                                              sp.damping * dot(v[sp.b] - v[sp.a], dir));
        out[sp.a] += dir * (force * s.inverseMass[sp.a]);
        out[sp.b] -= dir * (force * s.inverseMass[sp.b]);
    }
    const bool external = s.externalAcceleration.size() == n;
    for (size_t i = 0; i < n; ++i) {
        if (s.inverseMass[i] == 0.0f) {
            out[i] = Vec3{};
            continue;
        }
        out[i] += s.gravity;
        if (external)
            out[i] += s.externalAcceleration[i];
    }
}

namespace {

// Highest angular frequency a particle sees from its springs (stiffness and damping).
std::pair<float, float> stiffestFrequencies(const MassSpringSystem &s)
{
    std::vector<float> k(s.positions.size(), 0.0f), c(s.positions.size(), 0.0f);
    for (const Spring &sp : s.springs) {
        if (!sp.active)
            continue;
        k[sp.a] += sp.stiffness;
        k[sp.b] += sp.stiffness;
        c[sp.a] += sp.damping;
        c[sp.b] += sp.damping;
    }
    float omegaK = 0, rateC = 0;
    for (size_t i = 0; i < k.size(); ++i) {
        omegaK = std::max(omegaK, std::sqrt(k[i] * s.inverseMass[i]));
        rateC = std::max(rateC, 2.0f * c[i] * s.inverseMass[i]);
    }
    return {omegaK, rateC};
}

void addScaled(std::vector<Vec3> &out, const std::vector<Vec3> &a, const std::vector<Vec3> &b,
               float h)
{
    for (size_t i = 0; i < a.size(); ++i)
        out[i] = a[i] + b[i] * h;
}

} // namespace

MassSpringReport stepMassSpring(MassSpringSystem &s, float dt)
{
    const size_t n = s.positions.size();
    if (!(dt > 0) || !std::isfinite(dt))
        throw InputError("mass-spring step: dt must be positive, not " + std::to_string(dt));
    if (s.velocities.size() != n || s.inverseMass.size() != n)
        throw InputError("mass-spring step: positions, velocities and masses differ in size");
    for (const Spring &sp : s.springs)
        if (sp.a >= n || sp.b >= n)
            throw InputError("mass-spring step: spring index out of range");

    MassSpringReport report;
    // Stability of the explicit integrators: h * omega <= target for the springs and their
    // damping. RK4 is stable (and slightly dissipative) up to h * omega = 2.8; midpoint grows
    // amplitudes by about (h omega)^4 / 8 per step on an undamped oscillator, so it gets small
    // steps whose growth the damping outweighs.
    const auto [omegaK, rateC] = stiffestFrequencies(s);
    const float target = s.integrator == SpringIntegrator::Midpoint ? 0.1f : 1.0f;
    const float needed = dt * std::max(omegaK, rateC) / target;
    int substeps = std::max(1, int(std::ceil(needed)));
    float stiffnessScale = 1.0f;
    if (substeps > s.maxSubsteps) {
        substeps = std::max(1, s.maxSubsteps);
        const float h = dt / float(substeps);
        // Soften so that h * omega = target for the stiffest particle.
        stiffnessScale = std::min(target * target / (h * h * omegaK * omegaK + 1e-30f),
                                  target / (h * rateC + 1e-30f));
        stiffnessScale = std::min(stiffnessScale, 1.0f);
    }
    report.substeps = substeps;
    report.stiffnessScale = stiffnessScale;
    const float h = dt / float(substeps);
    const float keep = std::pow(1.0f - std::clamp(s.damping, 0.0f, 1.0f), h);

    auto resize = [n](std::vector<Vec3> &v) { v.resize(n); };
    for (auto *v : {&s.scratchX, &s.scratchV, &s.k1x, &s.k1v, &s.k2x, &s.k2v, &s.k3x, &s.k3v,
                    &s.k4x, &s.k4v})
        resize(*v);

    for (int step = 0; step < substeps; ++step) {
        std::vector<Vec3> &x = s.positions, &v = s.velocities;
        if (s.integrator == SpringIntegrator::Midpoint) {
            massSpringAccelerations(s, x, v, stiffnessScale, s.k1v);
            addScaled(s.scratchX, x, v, 0.5f * h);
            addScaled(s.scratchV, v, s.k1v, 0.5f * h);
            massSpringAccelerations(s, s.scratchX, s.scratchV, stiffnessScale, s.k2v);
            for (size_t i = 0; i < n; ++i) {
                x[i] += s.scratchV[i] * h;
                v[i] += s.k2v[i] * h;
            }
        } else {
            // k1..k4 of the first-order system (x' = v, v' = a(x, v)).
            s.k1x = v;
            massSpringAccelerations(s, x, v, stiffnessScale, s.k1v);
            addScaled(s.scratchX, x, s.k1x, 0.5f * h);
            addScaled(s.scratchV, v, s.k1v, 0.5f * h);
            s.k2x = s.scratchV;
            massSpringAccelerations(s, s.scratchX, s.scratchV, stiffnessScale, s.k2v);
            addScaled(s.scratchX, x, s.k2x, 0.5f * h);
            addScaled(s.scratchV, v, s.k2v, 0.5f * h);
            s.k3x = s.scratchV;
            massSpringAccelerations(s, s.scratchX, s.scratchV, stiffnessScale, s.k3v);
            addScaled(s.scratchX, x, s.k3x, h);
            addScaled(s.scratchV, v, s.k3v, h);
            s.k4x = s.scratchV;
            massSpringAccelerations(s, s.scratchX, s.scratchV, stiffnessScale, s.k4v);
            for (size_t i = 0; i < n; ++i) {
                x[i] += (s.k1x[i] + s.k2x[i] * 2.0f + s.k3x[i] * 2.0f + s.k4x[i]) * (h / 6.0f);
                v[i] += (s.k1v[i] + s.k2v[i] * 2.0f + s.k3v[i] * 2.0f + s.k4v[i]) * (h / 6.0f);
            }
        }
        for (size_t i = 0; i < n; ++i)
            if (s.inverseMass[i] > 0)
                v[i] *= keep;

        // Provot's deformation limit: over-stretched springs are shortened back to the limit,
        // the correction shared by mass, and the velocities follow the moved positions.
        if (s.provotLimit >= 1.0f) {
            for (int pass = 0; pass < 32; ++pass) {
                uint32_t corrected = 0;
                for (const Spring &sp : s.springs) {
                    if (!sp.active)
                        continue;
                    const float wa = s.inverseMass[sp.a], wb = s.inverseMass[sp.b];
                    if (wa + wb == 0.0f)
                        continue;
                    const Vec3 d = x[sp.b] - x[sp.a];
                    const float len = length(d);
                    const float limit = sp.restLength * s.provotLimit;
                    if (!(len > limit) || len < 1e-12f)
                        continue;
                    const Vec3 corr = d * ((len - limit) / (len * (wa + wb)));
                    x[sp.a] += corr * wa;
                    x[sp.b] -= corr * wb;
                    v[sp.a] += corr * (wa / h);
                    v[sp.b] -= corr * (wb / h);
                    ++corrected;
                }
                report.provotCorrections += corrected;
                if (!corrected)
                    break;
            }
        }
        if (s.tearFactor > 0) {
            for (Spring &sp : s.springs) {
                if (sp.active && distance(x[sp.a], x[sp.b]) > s.tearFactor * sp.restLength) {
                    sp.active = false;
                    ++report.tornSprings;
                }
            }
        }
    }
    return report;
}

} // namespace tweed
