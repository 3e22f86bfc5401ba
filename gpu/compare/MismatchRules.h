#pragma once

// Why the engine and a reference gave different codes for one fp32 input: the one statement of the
// rules, for the CPU sweep (gpu/sweep/Sweep.cpp) and the comparison kernel (gpu/cuda/CudaDevice.cu).
// C++17 and no standard library, so nvcc compiles it too.

#include <stdint.h>  // NOLINT(modernize-deprecated-headers): also compiled by nvcc as C++17

#include "core/common/HostDevice.h"

namespace floatscope::gpu {

// What a reference is known to do differently from the engine. A sweep counts such differences
// under their own kind instead of calling them errors; they are never silently dropped.
enum KnownProperty : uint8_t {
    kCanonicalNan = 1 << 0,            // every NaN becomes one fixed code (sign and payload dropped)
    kFlushesSubnormalInputs = 1 << 1,  // fp32 subnormal inputs are treated as signed zero
    kUnsignedTakesMagnitude = 1 << 2,  // negative inputs to an unsigned format convert as |x|
};
using KnownProperties = uint8_t;

// Why the engine and a reference gave different codes for one input.
enum class MismatchKind : uint8_t {
    NanEncoding,            // both gave a NaN, different bits (sign or payload convention)
    SubnormalInputFlushed,  // the reference treated an fp32 subnormal input as zero
    UnsignedTakesMagnitude, // the reference converted |x| where the engine says NaN (negative into e8m0)
    Unexplained,            // a real disagreement
};
inline constexpr unsigned kMismatchKinds = 4;

// Which codes of a format are NaN, as masks: the device has no Format (see nanRuleOf in Sweep.h).
struct NanRule {
    enum Kind : uint8_t {
        NoNan,             // OCP MX fp6/fp4: every code is finite
        ExponentAllOnes,   // IEEE: exponent field all ones and a nonzero mantissa
        MagnitudeAllOnes,  // FN (S.1111.111) and unsigned e8m0 (0xFF): the all-ones magnitude
        NegativeZero,      // FNUZ: the code of -0 (0x80)
    };
    Kind kind = NoNan;
    uint32_t exponentMask = 0;
    uint32_t mantissaMask = 0;
    uint32_t magnitudeMask = 0;
    uint32_t signMask = 0;

    FLOATSCOPE_HOST_DEVICE bool isNan(uint32_t code) const
    {
        switch (kind) {
        case ExponentAllOnes: return (code & exponentMask) == exponentMask && (code & mantissaMask) != 0;
        case MagnitudeAllOnes: return (code & magnitudeMask) == magnitudeMask;
        case NegativeZero: return code == signMask;
        case NoNan: break;
        }
        return false;
    }
};

// What the classification needs of a format and a reference.
struct MismatchRules {
    NanRule nan;
    KnownProperties known = 0;
    bool unsignedFormat = false;
};

FLOATSCOPE_HOST_DEVICE bool isFp32Nan(uint32_t x) { return (x & 0x7FFFFFFFu) > 0x7F800000u; }
FLOATSCOPE_HOST_DEVICE bool isFp32Subnormal(uint32_t x) { return (x & 0x7FFFFFFFu) != 0 && (x & 0x7F800000u) == 0; }

// The kind of a difference (engine != reference, for fp32 input x). engineOf(y) is the engine's code
// for another input y: the kernel passes its own template instance, the CPU sweep its dispatcher.
//   1. NaN in, NaN out on both sides, other bits: the reference's NaN convention.
//   2. A subnormal input the reference treats as signed zero, where it is known to (Intel SDM:
//      VCVTNEPS2BF16 flushes denormal inputs whatever MXCSR.DAZ says).
//   3. A negative input to an unsigned format: the engine says NaN, a reference known to take |x|
//      (NVIDIA's __nv_cvt_float_to_e8m0) gives the code of |x|.
//   4. Anything else is a real disagreement.
template <class EngineOf>
FLOATSCOPE_HOST_DEVICE MismatchKind classifyMismatch(uint32_t x, uint32_t engine, uint32_t reference,
                                                     const MismatchRules& rules, EngineOf engineOf)
{
    if (isFp32Nan(x) && rules.nan.isNan(engine) && rules.nan.isNan(reference))
        return MismatchKind::NanEncoding;
    if ((rules.known & kFlushesSubnormalInputs) != 0 && isFp32Subnormal(x) && reference == engineOf(x & 0x80000000u))
        return MismatchKind::SubnormalInputFlushed;
    if ((rules.known & kUnsignedTakesMagnitude) != 0 && rules.unsignedFormat && (x >> 31) != 0
        && rules.nan.isNan(engine) && reference == engineOf(x & 0x7FFFFFFFu))
        return MismatchKind::UnsignedTakesMagnitude;
    return MismatchKind::Unexplained;
}

}  // namespace floatscope::gpu
