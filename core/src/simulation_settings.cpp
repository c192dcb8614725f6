#include "tweed/simulation_settings.h"

#include <cmath>
#include <cstdio>

namespace tweed {
namespace {

using S = SimulationSettings;

constexpr const char *kModelNames[] = {"position_based", "mass_spring"};
constexpr const char *kIntegratorNames[] = {"midpoint", "rk4"};
constexpr const char *kBendingNames[] = {"distance", "dihedral"};

constexpr SettingField F(const char *key, const char *label, const char *unit, const char *group,
                         const char *help, double min, double max, float S::*m)
{
    return {key, label, unit, group, help, SettingKind::Float, min, max, m, nullptr, nullptr, {}};
}
constexpr SettingField I(const char *key, const char *label, const char *group, const char *help,
                         double min, double max, int S::*m)
{
    return {key, label, "", group, help, SettingKind::Int, min, max, nullptr, m, nullptr, {}};
}
constexpr SettingField B(const char *key, const char *label, const char *group, const char *help,
                         bool S::*m)
{
    return {key, label, "", group, help, SettingKind::Bool, 0, 1, nullptr, nullptr, m, {}};
}
constexpr SettingField E(const char *key, const char *label, const char *group, const char *help,
                         int S::*m, std::span<const char *const> names)
{
    return {key,     label,   "",      group, help, SettingKind::Enum, 0, double(names.size() - 1),
            nullptr, m,       nullptr, names};
}

const SettingField kFields[] = {
    E("model", "Model", "Solver", "Position-based dynamics, or the classic mass-spring model.",
      &S::model, kModelNames),
    F("steps_per_second", "Steps per second", "Hz", "Solver",
      "Fixed internal rate; each frame is split into steps of this rate.", 20, 480,
      &S::stepsPerSecond),
    I("substeps", "Substeps", "Solver", "Solver substeps per step.", 1, 16, &S::substeps),
    I("iterations", "Iterations", "Solver", "Constraint iterations per substep.", 1, 100,
      &S::iterations),

    F("gravity_scale", "Gravity scale", "", "Forces", "Multiplies 9.81 m/s^2 downwards.", -10, 10,
      &S::gravityScale),
    F("damping", "Damping", "", "Forces", "Share of velocity lost per second.", 0, 1, &S::damping),
    F("wind_drag", "Wind drag", "", "Forces", "Drag against the wind relative to the cloth.", 0,
      10, &S::windDrag),
    F("wind_lift", "Wind lift", "", "Forces", "Lift across the wind relative to the cloth.", 0, 10,
      &S::windLift),
    F("wind_gust", "Gust strength", "", "Forces", "Gusts as a share of the wind speed.", 0, 1,
      &S::windGust),
    F("wind_gust_frequency", "Gust frequency", "Hz", "Forces", "How often gusts come.", 0, 10,
      &S::windGustFrequency),
    F("wind_turbulence", "Turbulence", "", "Forces", "Variation of the wind across the cloth.", 0,
      1, &S::windTurbulence),
    F("area_density", "Area density", "kg/m^2", "Forces",
      "Fabric mass per square metre; painted mass scales multiply it.", 0.001, 100,
      &S::areaDensity),

    F("stretch_stiffness", "Stretch stiffness", "", "Constraints",
      "Stiffness of the mesh edges per iteration (without compliance).", 0, 1,
      &S::stretchStiffness),
    F("bend_stiffness", "Bend stiffness", "", "Constraints",
      "Stiffness of the shear and bend constraints per iteration (without compliance).", 0, 1,
      &S::bendStiffness),
    B("use_compliance", "Use compliance (XPBD)", "Constraints",
      "Keeps the fabric's look when substeps or iterations change.", &S::useCompliance),
    F("stretch_compliance", "Stretch compliance", "m/N", "Constraints",
      "Softness of the mesh edges in compliance mode.", 0, 1, &S::stretchCompliance),
    F("bend_compliance", "Bend compliance", "m/N", "Constraints",
      "Softness of shear and bend in compliance mode.", 0, 1, &S::bendCompliance),
    F("volume_compliance", "Volume compliance", "1/Pa", "Constraints",
      "Softness of a soft body's volume, one over its bulk modulus (0 keeps it).", 0, 1,
      &S::volumeCompliance),
    B("hard_stretch_limit", "Hard stretch limit", "Constraints",
      "Vertical constraints, top down, that move only the lower vertex.", &S::hardStretchLimit),
    B("tethers", "Tethers", "Constraints", "Long-range tethers to the nearest fixed vertex.",
      &S::tethers),
    F("stretch_limit", "Stretch limit", "", "Constraints",
      "Largest allowed length over rest length for hard limits and tethers.", 1, 2,
      &S::stretchLimit),
    F("stretch_compression_limit", "Stretch compression limit", "", "Constraints",
      "Mesh edges may shorten to this share of their rest length without resisting; 1 resists "
      "any compression.",
      0, 1, &S::stretchCompressionLimit),
    F("bend_compression_limit", "Bend compression limit", "", "Constraints",
      "Shear and bend constraints may shorten to this share of their rest length without "
      "resisting, so folds and buckles come freely; 1 resists any compression.",
      0, 1, &S::bendCompressionLimit),

    F("max_distance_scale", "Max Distance scale", "", "Max Distance",
      "Multiplies every painted Max Distance.", 0, 10, &S::maxDistanceScale),
    F("max_distance_bias", "Max Distance bias", "", "Max Distance",
      "Below 0 a capsule along the normal, above 0 a disc across it.", -1, 1,
      &S::maxDistanceBias),
    B("backstop", "Backstop", "Max Distance", "Honour the painted backstop spheres.",
      &S::backstop),

    F("collision_thickness", "Collision thickness", "m", "Collision",
      "Distance kept between the cloth and the collision volumes.", 0, 0.2,
      &S::collisionThickness),
    F("friction", "Friction", "", "Collision", "Extra damping on touching vertices.", 0, 1,
      &S::friction),
    B("self_collision", "Self-collision", "Collision", "Particles keep apart from each other.",
      &S::selfCollision),
    F("self_collision_thickness", "Self-collision thickness", "m", "Collision",
      "Distance kept between particles.", 0.0001, 0.2, &S::selfCollisionThickness),
    B("triangle_collision", "Triangle collision", "Collision",
      "The cloth's triangles, not only its vertices, keep out of the spheres, capsules and "
      "ellipsoids.",
      &S::triangleCollision),

    F("edge_damping_scale", "Edge damping scale", "", "Edge vertices",
      "Multiplies the damping of free-edge vertices.", 0, 10, &S::edgeDampingScale),
    F("edge_wind_scale", "Edge wind scale", "", "Edge vertices",
      "Multiplies the wind on free-edge vertices.", 0, 10, &S::edgeWindScale),
    F("edge_world_motion_scale", "Edge world-motion scale", "", "Edge vertices",
      "Multiplies the world motion felt by free-edge vertices.", 0, 10,
      &S::edgeWorldMotionScale),
    F("edge_max_distance_scale", "Edge Max Distance scale", "", "Edge vertices",
      "Multiplies the Max Distance of free-edge vertices.", 0, 10, &S::edgeMaxDistanceScale),

    F("world_linear_motion", "World linear motion", "", "Local space",
      "Share of the character's linear motion the cloth feels.", 0, 1, &S::worldLinearMotion),
    F("world_angular_motion", "World angular motion", "", "Local space",
      "Share of the character's rotation the cloth feels.", 0, 1, &S::worldAngularMotion),

    E("spring_integrator", "Integrator", "Mass-spring", "Explicit midpoint or Runge-Kutta 4.",
      &S::springIntegrator, kIntegratorNames),
    F("structural_spring", "Structural springs", "N/m", "Mass-spring",
      "Stiffness of the springs along mesh edges.", 0, 1e6, &S::structuralSpring),
    F("shear_spring", "Shear springs", "N/m", "Mass-spring",
      "Stiffness of the springs across quads.", 0, 1e6, &S::shearSpring),
    F("bend_spring", "Bend springs", "N/m", "Mass-spring",
      "Stiffness of the springs two vertices apart.", 0, 1e6, &S::bendSpring),
    F("spring_damping", "Spring damping", "N s/m", "Mass-spring",
      "Damping along each spring.", 0, 1000, &S::springDamping),
    F("provot_limit", "Deformation limit", "", "Mass-spring",
      "Provot's limit on spring length over rest length; 0 disables.", 0, 2, &S::provotLimit),
    F("tear_factor", "Tear factor", "", "Mass-spring",
      "Springs stretched beyond this ratio tear; 0 never.", 0, 10, &S::tearFactor),
    F("spring_stiffening", "Spring stiffening", "", "Mass-spring",
      "Non-linear springs: stiffness grows to k (1 + this x strain) as a spring stretches; 0 "
      "keeps them linear.",
      0, 1000, &S::springStiffening),

    F("com_damping", "Centre-of-mass damping", "", "Solver options",
      "Share of the velocity relative to the cloth's centre-of-mass frame lost per second; the "
      "cloth's rigid motion keeps its speed.",
      0, 1, &S::comDamping),
    E("bending_model", "Bending", "Solver options",
      "Distance constraints across neighbouring triangles, or their dihedral angle with its "
      "rest angle (ortho bending; angle springs in the mass-spring model).",
      &S::bendingModel, kBendingNames),
    B("two_way_interaction", "Two-way interaction", "Solver options",
      "Report the impulses the cloth gives each collision volume every frame.",
      &S::twoWayInteraction),
    B("edge_chains", "Edge chains", "Solver options",
      "Each substep, one direct solve of the stretched mesh edges along chains of edges, so that "
      "long rows and columns draw in at once.",
      &S::edgeChains),
    B("relax_targets", "Relaxed targets", "Solver options",
      "Each frame, the skinned targets of mesh edges the skinning stretches are drawn in towards "
      "their rest lengths, never into the body along the normal nor into a collision volume.",
      &S::relaxTargets),
    F("sleep_speed", "Sleep speed", "m/s", "Solver options",
      "A cloth slower than this everywhere for the sleep delay stops simulating until its bones "
      "or the wind change; 0 never sleeps.",
      0, 1, &S::sleepSpeed),
    F("sleep_delay", "Sleep delay", "s", "Solver options",
      "How long the cloth must stay below the sleep speed before it sleeps.", 0, 10,
      &S::sleepDelay),
};

SimulationSettings makePreset(auto &&edit)
{
    SimulationSettings s;
    edit(s);
    return s;
}

// Fabrics, from light and flowing to heavy and stiff.
const FabricPreset kPresets[] = {
    {"tweed", "Tweed", makePreset([](S &s) {
         s.areaDensity = 0.45f;
         s.stretchCompliance = 1e-7f;
         s.bendCompliance = 2e-4f;
         s.damping = 0.15f;
         s.stretchLimit = 1.02f;
     })},
    {"silk", "Silk", makePreset([](S &s) {
         s.areaDensity = 0.06f;
         s.stretchCompliance = 5e-7f;
         s.bendCompliance = 5e-2f;
         s.damping = 0.05f;
         s.windDrag = 1.5f;
         s.windLift = 0.4f;
         s.stretchLimit = 1.05f;
     })},
    {"rubber", "Rubber", makePreset([](S &s) {
         s.areaDensity = 1.2f;
         s.stretchCompliance = 1e-4f;
         s.bendCompliance = 1e-3f;
         s.damping = 0.05f;
         s.hardStretchLimit = false;
         s.tethers = false;
         s.stretchLimit = 1.5f;
         s.friction = 0.8f;
     })},
    {"leather", "Leather", makePreset([](S &s) {
         s.areaDensity = 1.0f;
         s.stretchCompliance = 1e-8f;
         s.bendCompliance = 2e-5f;
         s.damping = 0.25f;
         s.stretchLimit = 1.01f;
         s.friction = 0.5f;
     })},
    {"down_jacket", "Down jacket", makePreset([](S &s) {
         s.areaDensity = 0.6f;
         s.stretchCompliance = 1e-7f;
         s.bendCompliance = 5e-5f;
         s.damping = 0.4f;
         s.stretchLimit = 1.02f;
         s.collisionThickness = 0.015f;
     })},
    {"veil", "Veil", makePreset([](S &s) {
         s.areaDensity = 0.03f;
         s.stretchCompliance = 1e-6f;
         s.bendCompliance = 1e-1f;
         s.damping = 0.08f;
         s.windDrag = 2.0f;
         s.windLift = 0.6f;
         s.stretchLimit = 1.06f;
     })},
};

} // namespace

double SettingField::get(const SimulationSettings &s) const
{
    switch (kind) {
    case SettingKind::Float:
        return s.*floatMember;
    case SettingKind::Int:
    case SettingKind::Enum:
        return s.*intMember;
    case SettingKind::Bool:
        return s.*boolMember ? 1.0 : 0.0;
    }
    return 0;
}

void SettingField::set(SimulationSettings &s, double value) const
{
    switch (kind) {
    case SettingKind::Float:
        s.*floatMember = float(value);
        break;
    case SettingKind::Int:
    case SettingKind::Enum:
        s.*intMember = int(std::lround(value));
        break;
    case SettingKind::Bool:
        s.*boolMember = value != 0.0;
        break;
    }
}

std::span<const SettingField> settingsFields() { return kFields; }

const SettingField *findSetting(std::string_view key)
{
    for (const SettingField &f : kFields)
        if (key == f.key)
            return &f;
    return nullptr;
}

std::vector<std::string> checkSettings(const SimulationSettings &s)
{
    std::vector<std::string> problems;
    for (const SettingField &f : kFields) {
        const double v = f.get(s);
        // A float setting holds the float nearest its value, so it is compared with the floats
        // nearest the bounds: 0.2 read into a float is 0.200000003, and is the bound 0.2.
        const bool isFloat = f.kind == SettingKind::Float;
        const double lo = isFloat ? double(float(f.min)) : f.min;
        const double hi = isFloat ? double(float(f.max)) : f.max;
        if (!std::isfinite(v) || v < lo || v > hi) {
            char buf[256];
            // Floats with the digits that tell a value from the bound next to it (0.2000001),
            // integers in full.
            std::snprintf(buf, sizeof buf,
                          isFloat ? "setting %s is %.7g, outside its range [%g, %g]"
                                  : "setting %s is %.10g, outside its range [%g, %g]",
                          f.key, v, f.min, f.max);
            problems.emplace_back(buf);
        }
    }
    return problems;
}

std::span<const FabricPreset> fabricPresets() { return kPresets; }

const FabricPreset *findPreset(std::string_view name)
{
    for (const FabricPreset &p : kPresets)
        if (name == p.name)
            return &p;
    return nullptr;
}

} // namespace tweed
