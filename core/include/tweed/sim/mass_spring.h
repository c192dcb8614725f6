// The classic mass-spring cloth (Provot 1995, "Deformation constraints in a mass-spring model
// to describe rigid cloth behavior"): structural, shear and bend springs, explicit midpoint or
// Runge-Kutta 4 integration, Provot's deformation limit and tearing of over-stretched springs.
// A second model to compare against position-based dynamics; selectable per asset.
//
// Cost bound: explicit integration is stable only for substeps h with h * |lambda| small, for
// every eigenvalue lambda of the springs and their damping. A step is split into as many
// substeps as the stiffest particle needs (bounds below), never more than maxForceEvaluations
// force evaluations per step (RK4 takes 4 per substep, midpoint 2): past that, the stiffness
// and the damping are softened, each just enough to be stable at the cap, and the report says
// by how much. Provot's limit (at most 32 passes) and tearing run once per step. So a step
// costs at most maxForceEvaluations x (springs + particles) + 33 x springs force terms,
// whatever the stiffness, damping and masses; the result is never NaN.
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

/// An angle spring (angle-based bending): the torque k (angle - rest) about the edge a -> b
/// shared by triangles (a, b, c) and (b, a, d), on the dihedral angle between them.
struct SpringHinge
{
    uint32_t a = 0, b = 0, c = 0, d = 0;
    float restAngle = 0; ///< radians
    float stiffness = 0; ///< N m/rad
};

struct MassSpringSystem
{
    std::vector<Vec3> positions;  ///< metres
    std::vector<Vec3> velocities; ///< m/s
    std::vector<float> inverseMass; ///< 1/kg; 0 = driven by the caller (pinned)
    std::vector<Spring> springs;
    std::vector<SpringHinge> hinges; ///< angle-based bending; may be empty
    /// Non-linear springs: a spring's stiffness grows with its strain e = |length / rest - 1|
    /// to k (1 + stiffening e), so fabric stiffens as it stretches; 0 = linear.
    float stiffening = 0.0f;
    /// Set by each step: the largest stiffening factor (1 + stiffening e) a spring takes in it,
    /// from the strain at the step's start with room to grow, so the substeps chosen stay
    /// stable; 0 = no limit (massSpringAccelerations called on its own).
    float stiffeningCap = 0.0f;
    Vec3 gravity{0, -9.81f, 0}; ///< m/s^2
    /// Extra acceleration per particle (wind), m/s^2; empty for none.
    std::vector<Vec3> externalAcceleration;
    float damping = 0.0f;      ///< share of velocity lost per second, 0..1
    SpringIntegrator integrator = SpringIntegrator::RungeKutta4;
    float provotLimit = 0.0f; ///< largest length / rest length kept after each step; 0 = off
    float tearFactor = 0.0f;  ///< length / rest length beyond which a spring tears; 0 = never
    /// Force evaluations per step at most (see the file comment): 8 RK4 or 16 midpoint
    /// substeps with the default.
    int maxForceEvaluations = 32;

    // Scratch space of the integrators (kept to avoid allocating every step).
    std::vector<Vec3> scratchX, scratchV, k1x, k1v, k2x, k2v, k3x, k3v, k4x, k4v;
};

/// How a step of dt is split, from the springs' stiffness and damping and the masses.
struct MassSpringStability
{
    /// Bounds of the fastest oscillation (rad/s) and the fastest damping rate (1/s) of any
    /// particle (Gershgorin: 2 max over particles of its springs' sum of k, or c, over its mass).
    double omega = 0, rate = 0;
    int neededSubsteps = 1;   ///< substeps stability needs (may exceed the cap)
    int substeps = 1;         ///< substeps taken: neededSubsteps, at most the cap
    float stiffnessScale = 1; ///< < 1 when the stiffness was softened to fit the cap
    float dampingScale = 1;   ///< < 1 when the damping was softened to fit the cap
};

/// The stable substep count for a step of dt and the softening the cap needs. RK4 takes
/// h * max(omega, rate) <= 2.5 (its stability region holds the left half disc of radius 2.6);
/// midpoint, unstable on undamped oscillations at any step, takes h * max(omega, rate) <= 0.25,
/// where an oscillation grows by at most (h omega)^4 / 8 = 5e-4 per substep, and its velocities
/// lose that much (twice, for energy) each substep on top of the set damping.
MassSpringStability massSpringStability(const MassSpringSystem &system, float dt);

struct MassSpringReport
{
    int substeps = 0;         ///< explicit substeps the step was split into
    int neededSubsteps = 0;   ///< substeps stability needed without the cap
    float stiffnessScale = 1; ///< < 1 when springs were softened to stay stable
    float dampingScale = 1;   ///< < 1 when spring damping was softened to stay stable
    uint64_t forceTerms = 0;  ///< springs and particles evaluated (the step's cost)
    uint32_t tornSprings = 0; ///< springs torn in this step
    uint32_t provotCorrections = 0;
};

/// Advances the system by dt seconds in massSpringStability's substeps (see the file comment).
/// Throws InputError for dt <= 0 or arrays of mismatched sizes.
MassSpringReport stepMassSpring(MassSpringSystem &system, float dt);

/// Accelerations of every particle for given positions and velocities (springs with their
/// stiffness and damping scaled, gravity, external); pinned particles get zero. Exposed for
/// tests of the force model.
void massSpringAccelerations(const MassSpringSystem &system, const std::vector<Vec3> &x,
                             const std::vector<Vec3> &v, float stiffnessScale,
                             std::vector<Vec3> &out, float dampingScale = 1.0f);

} // namespace tweed
