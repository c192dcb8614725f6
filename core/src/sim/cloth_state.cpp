// ClothInstance's state snapshots (saveState, restoreState) and the grab (setGrab): small
// additions over the instance's state, kept apart from the solver's stepping.
#include "cloth_instance_impl.h"

#include "tweed/errors.h"

#include <cmath>
#include <string>

namespace tweed {

using sim::setXyz;
using sim::v3;

struct ClothInstance::State::Data
{
    uint32_t n = 0;
    size_t constraints = 0;
    std::vector<sim::P4> pos, prev, target0, target1, normal0, normal1;
    std::vector<float> lambda;
    std::vector<Mat4> skinning, boneGlobal;
    std::vector<PendulumState> pendulums;
    sim::Rigid world0, world1;
    std::vector<Transform> volumeFrame0, volumeFrame1;
    Vec3 windWorld;
    bool skinned = false, started = false;
    double accumulator = 0, time = 0;
    uint64_t steps = 0;
    MassSpringSystem springs;
    bool springsBuilt = false;
};

namespace {

template <typename T> size_t bytesOf(const std::vector<T> &v) { return v.size() * sizeof(T); }

} // namespace

ClothInstance::State::State() = default;
ClothInstance::State::~State() = default;
ClothInstance::State::State(State &&) noexcept = default;
ClothInstance::State &ClothInstance::State::operator=(State &&) noexcept = default;

ClothInstance::State::State(const State &other)
    : d(other.d ? std::make_unique<Data>(*other.d) : nullptr)
{
}

ClothInstance::State &ClothInstance::State::operator=(const State &other)
{
    if (this != &other)
        d = other.d ? std::make_unique<Data>(*other.d) : nullptr;
    return *this;
}

bool ClothInstance::State::empty() const { return !d; }

size_t ClothInstance::State::byteSize() const
{
    if (!d)
        return 0;
    const Data &s = *d;
    return sizeof(Data) + bytesOf(s.pos) + bytesOf(s.prev) + bytesOf(s.target0) +
           bytesOf(s.target1) + bytesOf(s.normal0) + bytesOf(s.normal1) + bytesOf(s.lambda) +
           bytesOf(s.skinning) + bytesOf(s.boneGlobal) + bytesOf(s.pendulums) +
           bytesOf(s.volumeFrame0) + bytesOf(s.volumeFrame1) + bytesOf(s.springs.positions) +
           bytesOf(s.springs.velocities) + bytesOf(s.springs.inverseMass) +
           bytesOf(s.springs.springs);
}

ClothInstance::State ClothInstance::saveState() const
{
    const Impl &s = *d;
    State state;
    state.d = std::make_unique<State::Data>();
    State::Data &o = *state.d;
    o.n = s.n;
    o.constraints = s.lambda.size();
    o.pos = s.pos;
    o.prev = s.prev;
    o.target0 = s.target0;
    o.target1 = s.target1;
    o.normal0 = s.normal0;
    o.normal1 = s.normal1;
    o.lambda = s.lambda;
    o.skinning = s.skinning;
    o.boneGlobal = s.boneGlobal;
    o.pendulums = s.pendulums;
    o.world0 = s.world0;
    o.world1 = s.world1;
    o.volumeFrame0 = s.volumeFrame0;
    o.volumeFrame1 = s.volumeFrame1;
    o.windWorld = s.windWorld;
    o.skinned = s.skinned;
    o.started = s.started;
    o.accumulator = s.accumulator;
    o.time = s.time;
    o.steps = s.steps;
    o.springs = s.springs;
    o.springsBuilt = s.springsBuilt;
    return state;
}

void ClothInstance::restoreState(const State &state)
{
    Impl &s = *d;
    if (!state.d)
        throw InputError("cloth: cannot restore an empty state");
    const State::Data &o = *state.d;
    if (o.n != s.n || o.constraints != s.lambda.size() || o.pos.size() != s.pos.size() ||
        o.pendulums.size() != s.pendulums.size())
        throw InputError("cloth: the state is of another cloth (" + std::to_string(o.n) +
                         " vertices, this one has " + std::to_string(s.n) + ")");
    // Positions keep the instance's inverse masses in w (pins and channels may have changed
    // since the state was taken).
    for (size_t v = 0; v < s.pos.size(); ++v) {
        const float w = s.pos[v].w;
        s.pos[v] = o.pos[v];
        s.prev[v] = o.prev[v];
        s.pos[v].w = s.prev[v].w = w;
    }
    s.target0 = o.target0;
    s.target1 = o.target1;
    s.normal0 = o.normal0;
    s.normal1 = o.normal1;
    s.lambda = o.lambda;
    s.skinning = o.skinning;
    s.boneGlobal = o.boneGlobal;
    s.pendulums = o.pendulums;
    s.world0 = o.world0;
    s.world1 = o.world1;
    s.volumeFrame0 = o.volumeFrame0;
    s.volumeFrame1 = o.volumeFrame1;
    s.windWorld = o.windWorld;
    s.skinned = o.skinned;
    s.started = o.started;
    s.accumulator = o.accumulator;
    s.time = o.time;
    s.steps = o.steps;
    s.springs = o.springs;
    s.springsBuilt = o.springsBuilt;
    s.positionsValid = s.normalsValid = s.targetsValid = false;
}

void ClothInstance::setGrab(uint32_t vertex, const Vec3 &target, float stiffness)
{
    if (vertex >= d->n)
        throw InputError("cloth grab: vertex " + std::to_string(vertex) + " out of range (" +
                         std::to_string(d->n) + " vertices)");
    if (!std::isfinite(target.x) || !std::isfinite(target.y) || !std::isfinite(target.z))
        throw InputError("cloth grab: the target point is not finite");
    if (!(stiffness >= 0) || !std::isfinite(stiffness))
        throw InputError("cloth grab: the stiffness must be a finite number >= 0 N/m");
    d->grabVertex = vertex;
    d->grabTarget = target;
    d->grabStiffness = stiffness;
}

void ClothInstance::clearGrab() { d->grabVertex = -1; }

int ClothInstance::grabbedVertex() const { return int(d->grabVertex); }

float ClothInstance::vertexMass(uint32_t vertex) const
{
    const ClothData &c = *d->data;
    if (vertex >= d->n)
        return 0;
    return c.explicitMass.empty() ? d->settings.areaDensity * c.massPerDensity[vertex]
                                  : c.explicitMass[vertex];
}

// The spring as a compliant constraint solved once (XPBD with compliance 1 / stiffness): the
// vertex moves c / (1 + c) of the way to the target, c = stiffness h^2 / mass, which never
// overshoots however stiff. A fixed vertex (inverse mass 0) does not move.
void ClothInstance::Impl::applyGrab(uint32_t v)
{
    P4 &x = pos[v];
    // The mass-spring model finishes its vertices once per step, the position-based per substep.
    const float h = settings.model == int(SolverModel::MassSpring) ? stepLength : substepLength;
    const float c = grabStiffness * h * h * x.w;
    if (!(c > 0))
        return;
    const float share = c / (1.0f + c);
    setXyz(x, v3(x) + (grabTarget - v3(x)) * share);
}

} // namespace tweed
