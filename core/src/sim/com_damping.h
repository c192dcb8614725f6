// Internal to the cloth solver: damping relative to the frame of the cloth's centre of mass
// (APEX's COM damping). The velocities (positions minus previous positions) are split into the
// rigid motion of the whole cloth, the centre of mass's velocity and the angular velocity its
// angular momentum and inertia give, and the rest; only the rest is damped, so the cloth's
// momentum and angular momentum are kept.
#pragma once

#include "particle.h"

#include <cmath>
#include <cstdint>

namespace tweed::sim {

/// Keeps the share `keep` (0..1) of every movable particle's velocity relative to the rigid
/// motion of the movable particles (masses from the inverse masses in w; fixed particles have
/// w = 0 and are left alone).
inline void dampRelativeToCentreOfMass(P4 *pos, P4 *prev, uint32_t n, float keep)
{
    double mass = 0, c[3] = {0, 0, 0}, v[3] = {0, 0, 0};
    for (uint32_t i = 0; i < n; ++i) {
        if (!(pos[i].w > 0))
            continue;
        const double m = 1.0 / double(pos[i].w);
        const Vec3 x = v3(pos[i]), vel = x - v3(prev[i]);
        mass += m;
        for (int k = 0; k < 3; ++k) {
            c[k] += m * double(x[k]);
            v[k] += m * double(vel[k]);
        }
    }
    if (!(mass > 0))
        return;
    for (int k = 0; k < 3; ++k) {
        c[k] /= mass;
        v[k] /= mass;
    }
    // Angular momentum and inertia tensor about the centre of mass.
    double l[3] = {0, 0, 0}, inertia[3][3] = {};
    for (uint32_t i = 0; i < n; ++i) {
        if (!(pos[i].w > 0))
            continue;
        const double m = 1.0 / double(pos[i].w);
        const Vec3 x = v3(pos[i]), vel = x - v3(prev[i]);
        const double r[3] = {x.x - c[0], x.y - c[1], x.z - c[2]};
        const double u[3] = {vel.x - v[0], vel.y - v[1], vel.z - v[2]};
        l[0] += m * (r[1] * u[2] - r[2] * u[1]);
        l[1] += m * (r[2] * u[0] - r[0] * u[2]);
        l[2] += m * (r[0] * u[1] - r[1] * u[0]);
        const double rr = r[0] * r[0] + r[1] * r[1] + r[2] * r[2];
        for (int a = 0; a < 3; ++a)
            for (int b = 0; b < 3; ++b)
                inertia[a][b] += m * ((a == b ? rr : 0.0) - r[a] * r[b]);
    }
    // omega = I^-1 L (none when the particles lie on a line and I is singular).
    const double (&I)[3][3] = inertia;
    const double det = I[0][0] * (I[1][1] * I[2][2] - I[1][2] * I[2][1]) -
                       I[0][1] * (I[1][0] * I[2][2] - I[1][2] * I[2][0]) +
                       I[0][2] * (I[1][0] * I[2][1] - I[1][1] * I[2][0]);
    const double trace = I[0][0] + I[1][1] + I[2][2];
    double w[3] = {0, 0, 0};
    if (std::abs(det) > 1e-9 * trace * trace * trace && trace > 0) {
        const double inv[3][3] = {
            {(I[1][1] * I[2][2] - I[1][2] * I[2][1]) / det,
             (I[0][2] * I[2][1] - I[0][1] * I[2][2]) / det,
             (I[0][1] * I[1][2] - I[0][2] * I[1][1]) / det},
            {(I[1][2] * I[2][0] - I[1][0] * I[2][2]) / det,
             (I[0][0] * I[2][2] - I[0][2] * I[2][0]) / det,
             (I[0][2] * I[1][0] - I[0][0] * I[1][2]) / det},
            {(I[1][0] * I[2][1] - I[1][1] * I[2][0]) / det,
             (I[0][1] * I[2][0] - I[0][0] * I[2][1]) / det,
             (I[0][0] * I[1][1] - I[0][1] * I[1][0]) / det}};
        for (int a = 0; a < 3; ++a)
            w[a] = inv[a][0] * l[0] + inv[a][1] * l[1] + inv[a][2] * l[2];
    }
    for (uint32_t i = 0; i < n; ++i) {
        if (!(pos[i].w > 0))
            continue;
        const Vec3 x = v3(pos[i]), vel = x - v3(prev[i]);
        const double r[3] = {x.x - c[0], x.y - c[1], x.z - c[2]};
        const Vec3 rigid{float(v[0] + w[1] * r[2] - w[2] * r[1]),
                         float(v[1] + w[2] * r[0] - w[0] * r[2]),
                         float(v[2] + w[0] * r[1] - w[1] * r[0])};
        setXyz(prev[i], x - (rigid + (vel - rigid) * keep));
    }
}

} // namespace tweed::sim
