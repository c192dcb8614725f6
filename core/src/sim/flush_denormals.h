// Internal to the cloth solver: denormal floats flushed to zero while a step runs.
#pragma once

#if defined(__x86_64__) || defined(__i386__) || defined(_M_X64)
#include <xmmintrin.h>
#define TWEED_SIM_MXCSR 1
#endif

namespace tweed::sim {

/// Sets flush-to-zero and denormals-are-zero for its lifetime and restores the thread's mode
/// after. Motion that damping drains (a hanging cloth's sway out of its plane, say) decays
/// geometrically into denormal numbers, and every operation on one takes a slow microcode
/// path: on the hang benchmark at N = 128 that cost a quarter of the step. Every thread of a
/// step sets the same mode, so results stay bit-identical with any thread count.
class FlushDenormals
{
public:
#if TWEED_SIM_MXCSR
    FlushDenormals() : mSaved(_mm_getcsr())
    {
        _mm_setcsr(mSaved | kFlushToZero | kDenormalsAreZero);
    }
    ~FlushDenormals()
    {
        _mm_setcsr(mSaved);
    }
#else
    FlushDenormals() = default; // other processors keep their mode
#endif
    FlushDenormals(const FlushDenormals &) = delete;
    FlushDenormals &operator=(const FlushDenormals &) = delete;

private:
#if TWEED_SIM_MXCSR
    static constexpr unsigned kFlushToZero = 0x8000, kDenormalsAreZero = 0x0040;
    unsigned mSaved;
#endif
};

} // namespace tweed::sim
