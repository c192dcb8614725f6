// The position-based solver's options that act on the whole cloth once a frame (see
// SimulationSettings, "Solver options"): damping relative to the centre-of-mass frame, the
// impulses the cloth gives the collision volumes (two-way interaction), and sleeping.
#include "cloth_instance_impl.h"
#include "com_damping.h"

#include <algorithm>
#include <cmath>

namespace tweed {

bool ClothInstance::Impl::sleepsThrough(const ClothFrame &frame)
{
    if (!sleep.asleep)
        return false;
    const bool still = settings.sleepSpeed > 0 && frame.world == sleep.world &&
                       frame.wind == sleep.wind &&
                       std::equal(frame.skinning.begin(), frame.skinning.end(),
                                  sleep.skinning.begin(), sleep.skinning.end());
    if (!still) { // the bones, the character or the wind moved: wake up
        sleep.asleep = false;
        sleep.still = 0;
        return false;
    }
    accumulator = 0;
    world0 = world1;
    volumeFrame0 = volumeFrame1;
    status.lastUpdateSteps = 0;
    status.lastUpdateWork = 0;
    volumeImpulses.assign(volumes.size(), Vec3{});
    return true;
}

void ClothInstance::Impl::afterSteps(const ClothFrame &frame, int stepCount)
{
    if (settings.model == int(SolverModel::MassSpring))
        return; // its state lives in the spring system
    const float seconds = float(stepCount) * stepLength;
    if (settings.comDamping > 0)
        sim::dampRelativeToCentreOfMass(pos.data(), prev.data(), n,
                                        std::pow(1.0f - std::min(settings.comDamping, 1.0f),
                                                 seconds));
    if (settings.twoWayInteraction) {
        volumeImpulses.assign(volumes.size(), Vec3{});
        for (const std::vector<Vec3> &impulses : threadImpulses)
            for (size_t i = 0; i < impulses.size() && i < volumeImpulses.size(); ++i)
                volumeImpulses[i] += impulses[i];
        for (Vec3 &impulse : volumeImpulses) // model space to world space
            impulse = rotate(world1.rotation, impulse);
    }
    if (settings.sleepSpeed > 0) {
        // How far the cloth moved over the frame (positions minus previous positions are no
        // measure: a vertex held by its constraints keeps a velocity they take out every step).
        float fastest = 0;
        const bool measured = sleep.last.size() == n;
        sleep.last.resize(n);
        for (uint32_t v = 0; v < n; ++v) {
            const Vec3 x = v3(pos[v]);
            if (measured && pos[v].w > 0)
                fastest = std::max(fastest, lengthSquared(x - sleep.last[v]));
            sleep.last[v] = x;
        }
        const bool slow = measured && std::sqrt(fastest) < settings.sleepSpeed * seconds;
        sleep.still = slow ? sleep.still + double(seconds) : 0.0;
        if (sleep.still >= double(settings.sleepDelay)) {
            sleep.asleep = true;
            sleep.skinning.assign(frame.skinning.begin(), frame.skinning.end());
            sleep.world = frame.world;
            sleep.wind = frame.wind;
            for (uint32_t v = 0; v < n; ++v) // it wakes at rest
                setXyz(prev[v], v3(pos[v]));
        }
    }
}

} // namespace tweed
