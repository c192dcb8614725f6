#include "tweed/sim/mass_spring.h"

#include "cloth_instance_impl.h"
#include "flush_denormals.h"

#include "tweed/errors.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

namespace tweed {

void massSpringAccelerations(const MassSpringSystem &s, const std::vector<Vec3> &x,
                             const std::vector<Vec3> &v, float stiffnessScale,
                             std::vector<Vec3> &out, float dampingScale)
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
        const float stretch = len - sp.restLength;
        float grow = s.stiffening > 0 && sp.restLength > 0
                         ? 1.0f + s.stiffening * std::abs(stretch) / sp.restLength
                         : 1.0f;
        if (s.stiffeningCap > 0)
            grow = std::min(grow, s.stiffeningCap);
        // The scales multiply first: a softened huge stiffness stays a finite product.
        const float force = (stiffnessScale * sp.stiffness) * grow * stretch +
                            (dampingScale * sp.damping) * dot(v[sp.b] - v[sp.a], dir);
        out[sp.a] += dir * (force * s.inverseMass[sp.a]);
        out[sp.b] -= dir * (force * s.inverseMass[sp.b]);
    }
    // Angle springs: the force on each of the four vertices is -k (angle - rest) times the
    // angle's gradient, which is -u (Bridson et al.).
    for (const SpringHinge &hg : s.hinges) {
        Vec3 u[4]; // for c, d, a, b
        if (!sim::hingeVectors(x[hg.a], x[hg.b], x[hg.c], x[hg.d], u))
            continue;
        const float error = sim::wrapAngle(
            sim::dihedralAngle(x[hg.a], x[hg.b], x[hg.c], x[hg.d]) - hg.restAngle);
        const float torque = (stiffnessScale * hg.stiffness) * error;
        const uint32_t order[4] = {hg.c, hg.d, hg.a, hg.b};
        for (int k = 0; k < 4; ++k)
            out[order[k]] += u[k] * (torque * s.inverseMass[order[k]]);
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

constexpr double kRk4Reach = 2.5;       // h |lambda| kept by RK4 (see massSpringStability)
constexpr double kMidpointReach = 0.25; // and by midpoint
constexpr int kProvotPasses = 32;       // passes of the deformation limit per step at most

int evaluationsPerSubstep(SpringIntegrator integrator)
{
    return integrator == SpringIntegrator::Midpoint ? 2 : 4;
}

void addScaled(std::vector<Vec3> &out, const std::vector<Vec3> &a, const std::vector<Vec3> &b,
               float h)
{
    for (size_t i = 0; i < a.size(); ++i)
        out[i] = a[i] + b[i] * h;
}

// Non-linear springs: the largest strain any spring has now, plus kStrainRoom, is E; the force
// k x (1 + g e) has the slope k (1 + 2 g e), at most k (1 + 2 g E) up to E, and past E the
// factor is held at 1 + g E (stiffeningCap, slope k (1 + g E)): no spring is steeper than k
// times stiffeningSlope's factor.
constexpr double kStrainRoom = 0.5;

double largestStrain(const MassSpringSystem &s)
{
    double e = 0;
    for (const Spring &sp : s.springs)
        if (sp.active && sp.restLength > 0)
            e = std::max(e, std::abs(double(distance(s.positions[sp.a], s.positions[sp.b])) /
                                         double(sp.restLength) -
                                     1.0));
    return e;
}

double stiffeningSlope(const MassSpringSystem &s)
{
    if (!(s.stiffening > 0))
        return 1.0;
    return 1.0 + 2.0 * double(s.stiffening) * (largestStrain(s) + kStrainRoom);
}

} // namespace

MassSpringStability massSpringStability(const MassSpringSystem &s, float dt)
{
    // Gershgorin bounds on the stiffness and damping matrices over the masses: a particle's row
    // holds its springs' sum over its mass on the diagonal and as much off it.
    // Non-linear springs count with the steepest slope of their force, k (1 + 2 g e), they
    // can take in the step: stiffeningSlope's. Angle springs with the bound
    // k |u_i| sum_j |u_j| of their Hessian's row i (u: the angle's gradients, Bridson et al.)
    // at the current positions.
    const double slopeFactor = stiffeningSlope(s);
    std::vector<double> k(s.positions.size(), 0.0), c(s.positions.size(), 0.0);
    for (const Spring &sp : s.springs) {
        if (!sp.active)
            continue;
        const double slope = sp.stiffness * slopeFactor;
        k[sp.a] += slope;
        k[sp.b] += slope;
        c[sp.a] += sp.damping;
        c[sp.b] += sp.damping;
    }
    for (const SpringHinge &hg : s.hinges) {
        Vec3 u[4];
        if (!sim::hingeVectors(s.positions[hg.a], s.positions[hg.b], s.positions[hg.c],
                               s.positions[hg.d], u))
            continue;
        double sum = 0;
        for (const Vec3 &g : u)
            sum += double(length(g));
        const uint32_t order[4] = {hg.c, hg.d, hg.a, hg.b};
        for (int i = 0; i < 4; ++i)
            k[order[i]] += double(hg.stiffness) * double(length(u[i])) * sum;
    }
    MassSpringStability out;
    double omega2 = 0;
    for (size_t i = 0; i < k.size(); ++i) {
        omega2 = std::max(omega2, 2.0 * k[i] * double(s.inverseMass[i]));
        out.rate = std::max(out.rate, 2.0 * c[i] * double(s.inverseMass[i]));
    }
    out.omega = std::sqrt(omega2);
    const double reach = s.integrator == SpringIntegrator::Midpoint ? kMidpointReach : kRk4Reach;
    // In double and clamped before any conversion to int (1e30 N/m springs need 1e15 substeps).
    const double needed = std::ceil(double(dt) * std::max(out.omega, out.rate) / reach);
    const int cap = std::max(1, s.maxForceEvaluations / evaluationsPerSubstep(s.integrator));
    out.neededSubsteps = int(std::clamp(needed, 1.0, 1e9));
    out.substeps = std::min(out.neededSubsteps, cap);
    if (out.neededSubsteps > cap) {
        const double h = double(dt) / double(cap);
        // Just stable at the cap: h * omega' = reach with omega' = omega sqrt(scale), and
        // h * rate' = reach with rate' = rate * scale.
        if (h * out.omega > reach)
            out.stiffnessScale = float(std::pow(reach / (h * out.omega), 2.0));
        if (h * out.rate > reach)
            out.dampingScale = float(reach / (h * out.rate));
    }
    return out;
}

MassSpringReport stepMassSpring(MassSpringSystem &s, float dt)
{
    const size_t n = s.positions.size();
    if (!(dt > 0) || !std::isfinite(dt))
        throw InputError("mass-spring step: dt must be positive, not " + std::to_string(dt));
    if (s.velocities.size() != n || s.inverseMass.size() != n)
        throw InputError("mass-spring step: positions, velocities and masses differ in size");
    for (const Spring &sp : s.springs) {
        if (sp.a >= n || sp.b >= n)
            throw InputError("mass-spring step: spring index out of range");
        if (!(sp.stiffness >= 0 && sp.damping >= 0 && std::isfinite(sp.stiffness) &&
              std::isfinite(sp.damping) && std::isfinite(sp.restLength)))
            throw InputError("mass-spring step: a spring's stiffness, damping or rest length is "
                             "negative or not finite");
    }
    for (const float w : s.inverseMass)
        if (!(w >= 0) || !std::isfinite(w))
            throw InputError("mass-spring step: an inverse mass is negative or not finite");
    for (const SpringHinge &hg : s.hinges) {
        if (hg.a >= n || hg.b >= n || hg.c >= n || hg.d >= n)
            throw InputError("mass-spring step: hinge index out of range");
        if (!(hg.stiffness >= 0 && std::isfinite(hg.stiffness) && std::isfinite(hg.restAngle)))
            throw InputError("mass-spring step: a hinge's stiffness or rest angle is negative or "
                             "not finite");
    }
    if (!(s.stiffening >= 0) || !std::isfinite(s.stiffening))
        throw InputError("mass-spring step: the stiffening is negative or not finite");

    MassSpringReport report;
    // The factor is held at the slope the substeps are chosen for (see stiffeningSlope).
    s.stiffeningCap =
        s.stiffening > 0 ? float(1.0 + double(s.stiffening) * (largestStrain(s) + kStrainRoom))
                         : 0.0f;
    const MassSpringStability stability = massSpringStability(s, dt);
    const int substeps = stability.substeps;
    const float stiffnessScale = stability.stiffnessScale, dampingScale = stability.dampingScale;
    report.substeps = substeps;
    report.neededSubsteps = stability.neededSubsteps;
    report.stiffnessScale = stiffnessScale;
    report.dampingScale = dampingScale;
    uint64_t activeSprings = 0;
    for (const Spring &sp : s.springs)
        activeSprings += sp.active ? 1 : 0;
    report.forceTerms = uint64_t(substeps) * uint64_t(evaluationsPerSubstep(s.integrator)) *
                        (activeSprings + s.hinges.size() + n);
    const float h = dt / float(substeps);
    float keep = std::pow(1.0f - std::clamp(s.damping, 0.0f, 1.0f), h);
    if (s.integrator == SpringIntegrator::Midpoint) {
        // Midpoint grows an undamped oscillation by (h omega)^4 / 8 per substep; velocities
        // lose twice that (kinetic energy is half the total), so no oscillation grows.
        const double hw = double(h) * stability.omega * std::sqrt(double(stiffnessScale));
        keep *= float(1.0 - 2.0 * std::min(hw * hw * hw * hw / 8.0, 0.25));
    }

    auto resize = [n](std::vector<Vec3> &v) { v.resize(n); };
    for (auto *v : {&s.scratchX, &s.scratchV, &s.k1x, &s.k1v, &s.k2x, &s.k2v, &s.k3x, &s.k3v,
                    &s.k4x, &s.k4v})
        resize(*v);

    for (int step = 0; step < substeps; ++step) {
        std::vector<Vec3> &x = s.positions, &v = s.velocities;
        if (s.integrator == SpringIntegrator::Midpoint) {
            massSpringAccelerations(s, x, v, stiffnessScale, s.k1v, dampingScale);
            addScaled(s.scratchX, x, v, 0.5f * h);
            addScaled(s.scratchV, v, s.k1v, 0.5f * h);
            massSpringAccelerations(s, s.scratchX, s.scratchV, stiffnessScale, s.k2v, dampingScale);
            for (size_t i = 0; i < n; ++i) {
                x[i] += s.scratchV[i] * h;
                v[i] += s.k2v[i] * h;
            }
        } else {
            // k1..k4 of the first-order system (x' = v, v' = a(x, v)).
            s.k1x = v;
            massSpringAccelerations(s, x, v, stiffnessScale, s.k1v, dampingScale);
            addScaled(s.scratchX, x, s.k1x, 0.5f * h);
            addScaled(s.scratchV, v, s.k1v, 0.5f * h);
            s.k2x = s.scratchV;
            massSpringAccelerations(s, s.scratchX, s.scratchV, stiffnessScale, s.k2v, dampingScale);
            addScaled(s.scratchX, x, s.k2x, 0.5f * h);
            addScaled(s.scratchV, v, s.k2v, 0.5f * h);
            s.k3x = s.scratchV;
            massSpringAccelerations(s, s.scratchX, s.scratchV, stiffnessScale, s.k3v, dampingScale);
            addScaled(s.scratchX, x, s.k3x, h);
            addScaled(s.scratchV, v, s.k3v, h);
            s.k4x = s.scratchV;
            massSpringAccelerations(s, s.scratchX, s.scratchV, stiffnessScale, s.k4v, dampingScale);
            for (size_t i = 0; i < n; ++i) {
                x[i] += (s.k1x[i] + s.k2x[i] * 2.0f + s.k3x[i] * 2.0f + s.k4x[i]) * (h / 6.0f);
                v[i] += (s.k1v[i] + s.k2v[i] * 2.0f + s.k3v[i] * 2.0f + s.k4v[i]) * (h / 6.0f);
            }
        }
        for (size_t i = 0; i < n; ++i)
            if (s.inverseMass[i] > 0)
                v[i] *= keep;
    }

    // Once per step, so they cost no more than the integration: Provot's deformation limit
    // (over-stretched springs shortened back to the limit, the correction shared by mass, the
    // velocities following the moved positions), at most kProvotPasses passes; then tearing.
    std::vector<Vec3> &x = s.positions, &v = s.velocities;
    if (s.provotLimit >= 1.0f) {
        for (int pass = 0; pass < kProvotPasses; ++pass) {
            report.forceTerms += activeSprings;
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
                v[sp.a] += corr * (wa / dt);
                v[sp.b] -= corr * (wb / dt);
                ++corrected;
            }
            report.provotCorrections += corrected;
            if (!corrected)
                break;
        }
    }
    if (s.tearFactor > 0) {
        report.forceTerms += activeSprings;
        for (Spring &sp : s.springs) {
            if (sp.active && distance(x[sp.a], x[sp.b]) > s.tearFactor * sp.restLength) {
                sp.active = false;
                ++report.tornSprings;
            }
        }
    }
    return report;
}

// --- The mass-spring model of a ClothInstance -------------------------------------------

void ClothInstance::Impl::configureSprings()
{
    const ClothData &c = *data;
    const SimulationSettings &s = settings;
    const bool angleBending = s.bendingModel == int(BendingModel::Dihedral);
    if (!springsBuilt) {
        springs.springs.clear();
        for (size_t k = 0; k < c.constraintA.size(); ++k) {
            if (c.constraintKind[k] == ClothData::kPadding)
                continue;
            Spring sp;
            sp.a = c.constraintA[k];
            sp.b = c.constraintB[k];
            sp.restLength = c.restLength[k];
            springs.springs.push_back(sp);
        }
        springs.positions.resize(n);
        springs.velocities.assign(n, Vec3{});
        for (uint32_t v = 0; v < n; ++v) {
            springs.positions[v] = v3(pos[v]);
            springs.velocities[v] = (v3(pos[v]) - v3(prev[v])) / substepLength;
        }
        springsBuilt = true;
    }
    size_t i = 0;
    for (size_t k = 0; k < c.constraintA.size(); ++k) {
        const uint8_t kind = c.constraintKind[k];
        if (kind == ClothData::kPadding)
            continue;
        Spring &sp = springs.springs[i++];
        sp.stiffness = (kind == ClothData::kStretch ? s.structuralSpring
                        : kind == ClothData::kShear ? s.shearSpring
                        : angleBending              ? 0.0f // the hinges bend instead
                                                    : s.bendSpring) *
                       c.stiffnessScale[k];
        sp.damping = s.springDamping;
    }
    // Angle-based bending: one angle spring per hinge of the dihedral model, bend_spring times
    // the hinge's rest length squared per radian (what a bend spring across a hinge of equal
    // triangles gives for small angles), times the hinge's painted BendScale.
    springs.hinges.clear();
    if (angleBending) {
        if (!dihedralBuilt) {
            dihedral.build(c.restPositions, c.indices);
            dihedralBuilt = true;
        }
        springs.hinges.reserve(dihedral.hingeCount());
        for (size_t h = 0; h < dihedral.hingeCount(); ++h) {
            const uint32_t *v = dihedral.vertices(h);
            const float edge = distance(c.restPositions[v[0]], c.restPositions[v[1]]);
            const float scale = 0.5f * (c.bendScale[v[0]] + c.bendScale[v[1]]);
            springs.hinges.push_back(
                {v[0], v[1], v[2], v[3], dihedral.restAngle(h), s.bendSpring * edge * edge * scale});
        }
    }
    springs.stiffening = s.springStiffening;
    springs.inverseMass.assign(invMass.begin(), invMass.begin() + n);
    springs.damping = s.damping;
    springs.integrator = SpringIntegrator(s.springIntegrator);
    springs.provotLimit = s.provotLimit;
    springs.tearFactor = s.tearFactor;
    const MassSpringStability stability = massSpringStability(springs, stepLength);
    resetWarnings();
    status.springSubsteps = stability.substeps;
    status.springNeededSubsteps = stability.neededSubsteps;
    if (stability.stiffnessScale < 1.0f || stability.dampingScale < 1.0f) {
        char buf[320];
        std::snprintf(buf, sizeof buf,
                      "mass-spring: the springs need %d substeps per step to be stable; the "
                      "cost bound allows %d, so the stiffness runs at %.3g and the spring "
                      "damping at %.3g of the set values",
                      stability.neededSubsteps, stability.substeps,
                      double(stability.stiffnessScale), double(stability.dampingScale));
        status.warnings.emplace_back(buf);
    }
}

// Mass-spring model: one explicit step per fixed step, then the same collision, backstop
// and Max Distance projections as the position-based model.
void ClothInstance::Impl::massSpringSteps()
{
    const sim::FlushDenormals flush;
    if (skinned) {
        skinTargets(0, n);
        relaxTargets();
    }
    for (int step = 0; step < run.steps; ++step) {
        if (run.wind)
            computeWindNormals();
        const Substep ctx = makeSubstep(step, std::max(1, settings.substeps) - 1);
        poseColliders(ctx, 0);
        // Pinned vertices follow their targets; the others take the world motion.
        springs.externalAcceleration.resize(run.wind ? n : 0);
        for (uint32_t v = 0; v < n; ++v) {
            Vec3 &x = springs.positions[v];
            Vec3 &vel = springs.velocities[v];
            if (invMass[v] == 0.0f) {
                // Pinned vertices are placed at the step's end and hold still during it.
                x = targetAt(v, ctx.alpha);
                vel = Vec3{};
                continue;
            }
            if (run.moved) {
                const Affine &m = ctx.motion[data->edge[v] ? 1 : 0];
                const Vec3 before = x - vel * stepLength;
                x = m.apply(x);
                vel = (x - m.apply(before)) / stepLength;
            }
            vel *= std::pow(params[v].w, float(std::max(1, settings.substeps)));
            if (run.wind)
                springs.externalAcceleration[v] = windAcceleration(v, x, vel, ctx);
        }
        springs.gravity = ctx.gravity;
        springs.damping = 0; // applied above through the per-vertex keep factors
        status.lastUpdateWork += stepMassSpring(springs, stepLength).forceTerms + n;
        // The integrators' scratch (free between steps) keeps each vertex's previous position:
        // a collision volume that pushes a vertex out changes it (sim::applyCollision).
        std::vector<Vec3> &before = springs.scratchX;
        before.resize(n);
        for (uint32_t v = 0; v < n; ++v) {
            setXyz(prev[v], v3(pos[v]));
            before[v] = v3(pos[v]);
            setXyz(pos[v], springs.positions[v]);
        }
        finishVertices(0, n, ctx, 0);
        const float keepTangential = 1.0f - std::clamp(settings.friction, 0.0f, 1.0f);
        for (uint32_t v = 0; v < n; ++v) {
            if (invMass[v] == 0.0f)
                continue;
            // Projections remove the velocity into the surface they pushed out of; a collision
            // volume's friction takes the same share of the velocity along it as in the
            // position-based model.
            const Vec3 moved = v3(pos[v]) - springs.positions[v];
            const float len = length(moved);
            if (len > 0) {
                const Vec3 dir = moved / len;
                Vec3 &vel = springs.velocities[v];
                const float into = dot(vel, dir);
                if (into < 0)
                    vel -= dir * into;
                if (v3(prev[v]) != before[v]) {
                    const Vec3 along = vel - dir * dot(vel, dir);
                    vel -= along * (1.0f - keepTangential);
                }
            }
            springs.positions[v] = v3(pos[v]);
        }
    }
    if (skinned)
        advanceTargets(0, n);
}
} // namespace tweed
