// The classic mass-spring cloth (Provot 1995, "Deformation constraints in a mass-spring model
// to describe rigid cloth behavior"): structural, shear and bend springs, explicit midpoint or
// Runge-Kutta 4 integration, Provot's deformation limit and tearing of over-stretched springs.
// A second model to compare against position-based dynamics; selectable per asset.
#pragma once

#include "tweed/math.h"
#include "tweed/simulation_settings.h"

#include <cstdint>
#include <vector>

namespace tweed {

struct Spring
{
    uint32_t a = 0, b = 0;
    float restLength = 0;  ///< metres
    float stiffness = 0;   ///< N/m
    float damping = 0;     ///< N s/m, along the spring
    bool active = true;    ///< false once torn
};

struct MassSpringSystem
{
    std::vector<Vec3> positions;  ///< metres
    std::vector<Vec3> velocities; ///< m/s
    std::vector<float> inverseMass; ///< 1/kg; 0 = driven by the caller (pinned)
    std::vector<Spring> springs;
    Vec3 gravity{0, -9.81f, 0}; ///< m/s^2
    /// Extra acceleration per particle (wind), m/s^2; empty for none.
    std::vector<Vec3> externalAcceleration;
    float damping = 0.0f;      ///< share of velocity lost per second, 0..1
    SpringIntegrator integrator = SpringIntegrator::RungeKutta4;
    float provotLimit = 0.0f;  ///< largest length / rest length kept after each step; 0 = off
    float tearFactor = 0.0f;   ///< length / rest length beyond which a spring tears; 0 = never
    int maxSubsteps = 256;     ///< explicit integration is split into stable substeps

    // Scratch space of the integrators (kept to avoid allocating every step).
    std::vector<Vec3> scratchX, scratchV, k1x, k1v, k2x, k2v, k3x, k3v, k4x, k4v;
};

struct MassSpringReport
{
    int substeps = 0;           ///< explicit substeps the step was split into
    float stiffnessScale = 1;   ///< < 1 when springs were softened to stay stable
    uint32_t tornSprings = 0;   ///< springs torn in this step
    uint32_t provotCorrections = 0;
};

/// Advances the system by dt seconds. Explicit integration is only stable for small steps, so
/// the step is split into as many substeps as the stiffest particle needs (h * omega <= 1); when
/// that exceeds maxSubsteps the springs are softened instead, so the result never explodes.
/// Throws InputError for dt <= 0 or arrays of mismatched sizes.
MassSpringReport stepMassSpring(MassSpringSystem &system, float dt);

/// Accelerations of every particle for given positions and velocities (springs, gravity,
/// external); pinned particles get zero. Exposed for tests of the force model.
void massSpringAccelerations(const MassSpringSystem &system, const std::vector<Vec3> &x,
                             const std::vector<Vec3> &v, float stiffnessScale,
                             std::vector<Vec3> &out);

} // namespace tweed
