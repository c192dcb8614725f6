// Simulation settings: one plain struct an artist tunes, with defaults and units. Every member
// is listed once in settingsFields(), which the file formats, the CLI and the editor's
// properties panel all read, so adding a setting is one member plus one table row. Every value
// of a documented range is one the solver survives (tests/sim/test_settings_sweep.cpp); the
// run time clamps values outside into the range and says so (ClothInstance::status()). What
// the settings cost: docs/guide/simulation.md, "Cost and ranges".
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tweed {

enum class SolverModel : int { PositionBased = 0, MassSpring = 1 };
enum class SpringIntegrator : int { Midpoint = 0, RungeKutta4 = 1 };
/// What resists bending: distance constraints (springs) across neighbouring triangles (and
/// quads' diagonals), or the dihedral angle between neighbouring triangles with its rest angle
/// (APEX's ortho bending; angle springs in the mass-spring model).
enum class BendingModel : int { Distance = 0, Dihedral = 1 };

struct SimulationSettings
{
    // Model and time stepping
    int model = int(SolverModel::PositionBased); ///< SolverModel
    /// Hz, fixed internal rate; frames are split into steps (cost: proportional, at most 0.05 s
    /// of steps a frame)
    float stepsPerSecond = 60.0f;
    int substeps = 1;    ///< solver substeps per step (cost: proportional)
    int iterations = 10; ///< constraint iterations per substep (cost: about proportional)

    // Forces
    float gravityScale = 1.0f;  ///< multiplies 9.81 m/s^2 along -Y
    float damping = 0.1f;       ///< 0..1, share of velocity lost per second
    float windDrag = 1.0f;      ///< drag coefficient against the relative wind velocity
    float windLift = 0.2f;      ///< lift coefficient across the relative wind
    float windGust = 0.0f;      ///< 0..1, gust strength as a share of the wind speed
    float windGustFrequency = 0.5f; ///< Hz
    float windTurbulence = 0.0f;    ///< 0..1, spatial variation of the wind

    // Mass
    float areaDensity = 0.25f;  ///< kg/m^2 of fabric; vertex mass = density * area share

    // Constraints (position-based model)
    float stretchStiffness = 1.0f;  ///< 0..1 per iteration (PBD mode)
    float bendStiffness = 0.5f;     ///< 0..1 per iteration (PBD mode), shear and bend group
    bool useCompliance = true;      ///< XPBD: fabric looks the same at any substeps/iterations
    float stretchCompliance = 1e-7f; ///< m/N, XPBD compliance of stretch constraints
    float bendCompliance = 1e-4f;    ///< m/N, XPBD compliance of shear/bend constraints
    float volumeCompliance = 0.0f;   ///< 1/Pa, a soft body's volume: one over its bulk modulus
    bool hardStretchLimit = true;   ///< vertical hard constraints, top-down, move the lower vertex
    bool tethers = true;            ///< long-range tethers to the nearest fixed vertex
    float stretchLimit = 1.02f;     ///< >= 1, largest allowed length / rest length
    /// 0..1: mesh edges (stretch group) between this share of their rest length and their rest
    /// length hold no force, as a fabric that buckles instead of pushing back; 1 resists any
    /// compression.
    float stretchCompressionLimit = 1.0f;
    float bendCompressionLimit = 1.0f; ///< 0..1, the same for the shear and bend group

    // Max Distance and Backstop
    float maxDistanceScale = 1.0f;  ///< multiplies every painted Max Distance
    float maxDistanceBias = 0.0f;   ///< -1..1: <0 capsule along the normal, >0 disc across it
    bool backstop = true;           ///< honour the painted backstop spheres

    // Collision
    float collisionThickness = 0.005f; ///< metres kept between cloth and volumes
    float friction = 0.3f;             ///< 0..1, extra damping on touching vertices
    bool selfCollision = false;        ///< particle-particle self-collision (costly)
    float selfCollisionThickness = 0.01f; ///< metres between particles
    /// Each substep, the cloth's triangles (not only its vertices) are pushed out of the
    /// spheres, capsules and ellipsoids: a volume narrower than the triangles cannot reach
    /// through the cloth between its vertices.
    bool triangleCollision = false;

    // Edge vertices (fewer than four stretch constraints)
    float edgeDampingScale = 1.0f;
    float edgeWindScale = 1.0f;
    float edgeWorldMotionScale = 1.0f;
    /// Over 1, vertices next to the free edge are held in their Max Distance between the
    /// iterations too, so the edge follows them at once (bounded stretch at any scale).
    float edgeMaxDistanceScale = 1.0f;

    // Local-space simulation
    float worldLinearMotion = 1.0f;  ///< 0..1, share of the character's linear motion felt
    float worldAngularMotion = 1.0f; ///< 0..1, share of the character's rotation felt

    // Mass-spring model. Explicit: a step is split into the substeps the stiffest spring and
    // damping need, at most 8 (RK4) or 16 (midpoint); past that both are softened to what the
    // cap allows, with a warning (see tweed/sim/mass_spring.h).
    int springIntegrator = int(SpringIntegrator::RungeKutta4); ///< SpringIntegrator
    float structuralSpring = 2000.0f; ///< N/m
    float shearSpring = 500.0f;       ///< N/m
    float bendSpring = 100.0f;        ///< N/m
    float springDamping = 1.0f;       ///< N s/m
    float provotLimit = 1.1f;         ///< >= 1, Provot's deformation limit; 0 disables
    float tearFactor = 0.0f;          ///< springs stretched beyond this ratio tear; 0 = never
    /// Non-linear springs: stiffness k (1 + springStiffening |strain|); 0 = linear springs.
    float springStiffening = 0.0f;

    // Solver options (position-based model)
    /// 0..1, share of the velocity relative to the centre-of-mass frame (its translation and
    /// rotation) lost per second; the cloth's rigid motion keeps its speed.
    float comDamping = 0.0f;
    int bendingModel = int(BendingModel::Distance); ///< BendingModel
    /// Report the impulses the cloth gives each collision volume every frame
    /// (ClothInstance::volumeImpulses), so a game's rigid bodies can react.
    bool twoWayInteraction = false;
    /// Each substep, before the iterations, one direct solve of the stretched mesh edges along
    /// chains of edges (rows and columns of a grid, as straight as any mesh allows): a chain
    /// draws in as a whole, where iterations carry a correction a few edges a sweep.
    bool edgeChains = false;
    /// Each frame, before the substeps, the skinned targets (the places Max Distance, the
    /// backstop, pinned vertices and tethers hold the cloth to) of the mesh edges the skinning
    /// stretches beyond 1.05 x rest are drawn in to that length, never further in than their
    /// skinned place along the skinned normal nor into a collision volume.
    bool relaxTargets = false;
    /// m/s: a cloth whose every vertex moves slower than this for sleepDelay seconds sleeps
    /// (no simulation) until its bones, its world transform or the wind change; 0 never sleeps.
    float sleepSpeed = 0.0f;
    float sleepDelay = 0.5f; ///< seconds

    friend bool operator==(const SimulationSettings &, const SimulationSettings &) = default;
};

enum class SettingKind : uint8_t { Float, Int, Bool, Enum };

/// One setting: its stable key in files, its label, unit, documented range and member.
struct SettingField
{
    const char *key;     ///< snake_case, stable across versions
    const char *label;   ///< English label for the UI (translated there)
    const char *unit;    ///< "m", "Hz", "kg/m^2", "" ...
    const char *group;   ///< UI group ("Forces", "Constraints", ...)
    const char *help;    ///< one sentence
    SettingKind kind;
    double min, max;     ///< documented range; values outside are rejected
    float SimulationSettings::*floatMember = nullptr;
    int SimulationSettings::*intMember = nullptr;
    bool SimulationSettings::*boolMember = nullptr;
    std::span<const char *const> enumNames{}; ///< for Enum: names of 0, 1, ...

    double get(const SimulationSettings &s) const;
    void set(SimulationSettings &s, double value) const;
};

std::span<const SettingField> settingsFields();
const SettingField *findSetting(std::string_view key);
/// Problems with settings outside their documented ranges or non-finite; empty when valid.
std::vector<std::string> checkSettings(const SimulationSettings &s);

/// A named fabric: a complete set of simulation settings.
struct FabricPreset
{
    const char *name; ///< stable key: "tweed", "silk", "rubber", "leather", "down_jacket", "veil"
    const char *label;
    SimulationSettings settings;
};

std::span<const FabricPreset> fabricPresets();
const FabricPreset *findPreset(std::string_view name);

} // namespace tweed
