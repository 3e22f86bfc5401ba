#pragma once

// The batch conversion fp32 -> any format of at most 16 bits, one element at a time, written
// without branches so that a compiler vectorises the loop around it (and so that the same code
// runs on a CUDA device: this header is C++17 and includes nothing from the standard library).
//
// It restates the rules of round/Rounding.cpp for one input width; tests check it against the
// scalar path on all 2^32 inputs for every named format and deterministic mode.

#include <stdint.h>  // NOLINT(modernize-deprecated-headers): also compiled by nvcc as C++17

#include "core/batch/HardwareKernels.h"
#include "core/common/HostDevice.h"

namespace floatscope {

// Everything the kernel needs about the target format and mode, precomputed (see makeBatchPlan).
struct BatchPlan {
    int mode = 0;                 // a RoundingMode other than Stochastic, as int
    bool normaliseSubnormals = false;  // the target has normals below 2^-126 (see convertFp32Bits)
    int mantissaBits = 0;
    int biasDelta = 0;            // target bias - 127
    int minField = 1;             // exponent field of the smallest normal (0 for e8m0)
    uint32_t maxMagnitude = 0;    // magnitude code of the largest finite value
    uint32_t signMask = 0;        // 0 for unsigned formats
    // Per-element decisions are taken with masks and selects, so flags are stored as 0 / 1 or as
    // bit masks rather than bools (bool arithmetic keeps GCC from vectorising the loop).
    uint32_t zeroSignMask = 0;    // signMask where the format has -0, else 0
    uint32_t nonSaturating = 0;   // 1: overflow rounding away goes to inf/NaN; 0: saturate
    uint32_t unsignedFormat = 0;  // 1 for formats without a sign bit
    uint32_t overflowCode = 0;    // inf, or the NaN, or max for formats with neither (sign not included)
    uint32_t overflowSignMask = 0;  // signMask where that code takes the input's sign
    uint32_t nanBase = 0;         // NaN code without sign and payload
    uint32_t nanSignMask = 0;     // sign bit of the NaN, where the format's NaN has a sign
    uint32_t nanPayloadMask = 0;  // mantissa bits of the NaN that keep the source payload
    // Nearest-even fast path (convertFp32BitsNearestEven), for formats whose smallest normal is at
    // or above fp32's and that have a sign bit:
    bool nearestEvenFastPath = false;
    uint32_t pastMaxBase = 0;      // what an overflow becomes (the policy already applied) ...
    uint32_t pastMaxSignMask = 0;  // ... and the sign bit it takes from the input
    uint32_t minNormalBits = 0;   // fp32 bits of the target's smallest normal
    uint32_t subnormalMagic = 0;  // fp32 bits of 2^(emin - M + 23): adding it rounds to the target's quantum
    // An instruction that converts exactly as the rules above (HardwareKernels.h), chosen when the
    // plan is made on a CPU that has it; the host's batch path then runs it instead. None: the rules.
    HardwarePath hardware = HardwarePath::None;
};

namespace batch_detail {

// Must match RoundingMode's order (checked by a static_assert in Batch.cpp).
enum : int { kNearestEven, kNearestAway, kTowardZero, kUp, kDown, kToOdd };

FLOATSCOPE_HOST_DEVICE int maxInt(int a, int b) { return a > b ? a : b; }
FLOATSCOPE_HOST_DEVICE int minInt(int a, int b) { return a < b ? a : b; }

FLOATSCOPE_HOST_DEVICE uint32_t floatBits(float f)
{
    uint32_t u;
    __builtin_memcpy(&u, &f, sizeof u);
    return u;
}

FLOATSCOPE_HOST_DEVICE float bitsFloat(uint32_t u)
{
    float f;
    __builtin_memcpy(&f, &u, sizeof f);
    return f;
}

// 1. and 2. of both kernels: the input magnitude a as sig * 2^(field32 - 150), sig with its
//    implicit bit where it has one, and the target exponent field as a normal number, with the
//    field it is kept at (clamped at the smallest normal field; below it the extra shift makes a
//    subnormal). A subnormal m * 2^-149 reads as field 1 without the implicit bit; with Normalise,
//    scaling by 2^24 (exact in float arithmetic) gives it the implicit bit and a field 24 lower.
//    The bits of sig below the kept last bit are the 23 - M fp32 has beyond the target, plus that
//    extra shift; a shift of 25 or more discards all 24 bits alike.
struct TargetFields {
    uint32_t sig;
    int kept;
    int discarded;  // unclamped
};

template <bool Normalise>
FLOATSCOPE_HOST_DEVICE TargetFields targetFields(uint32_t a, const BatchPlan& p)
{
    uint32_t b = a;
    int fieldShift = 0;
    if (Normalise) {
        const uint32_t subnormal = a < 0x00800000u ? 1u : 0u;
        b = subnormal != 0 ? floatBits(bitsFloat(a) * 16777216.0f) : a;
        fieldShift = static_cast<int>(subnormal * 24);
    }
    const int field32 = static_cast<int>(b >> 23);
    const uint32_t sig = (b & 0x007FFFFFu) | (field32 != 0 ? 0x00800000u : 0u);
    const int field = maxInt(field32, 1) - fieldShift + p.biasDelta;
    const int kept = maxInt(field, p.minField);
    return TargetFields{sig, kept, 23 - p.mantissaBits + (kept - field)};
}

// 4. and 5. of both kernels: the rounded magnitude code packed. Below the smallest value of a
//    zero-less format (code < 0), overflow (past the largest value when the mode rounds `away`),
//    the sign and -0; then non-finite inputs and negative inputs into unsigned formats.
FLOATSCOPE_HOST_DEVICE uint32_t packCode(int code, uint32_t sign, uint32_t away, uint32_t a, const BatchPlan& p)
{
    const uint32_t magnitude = static_cast<uint32_t>(maxInt(code, 0));
    const uint32_t signBits = (0u - sign) & p.signMask;
    const uint32_t pastMax = (away & p.nonSaturating) != 0 ? p.overflowCode | (signBits & p.overflowSignMask)
                                                           : p.maxMagnitude | signBits;
    const uint32_t inRange = magnitude | (magnitude != 0 ? signBits : signBits & p.zeroSignMask);
    uint32_t result = magnitude > p.maxMagnitude ? pastMax : inRange;
    const uint32_t nan = p.nanBase | (signBits & p.nanSignMask) | ((a >> (23 - p.mantissaBits)) & p.nanPayloadMask);
    const uint32_t infinity = p.nonSaturating != 0 ? p.overflowCode | (signBits & p.overflowSignMask)
                                                   : p.maxMagnitude | signBits;
    result = a == 0x7F800000u ? infinity : result;
    result = a > 0x7F800000u ? nan : result;
    result = ((0u - (sign & p.unsignedFormat)) & a) != 0 ? nan : result;
    return result;
}

}  // namespace batch_detail

// Written with bitwise operators and selects rather than && and ||, which compilers keep as branches.
// Normalise: fp32 subnormal inputs must be normalised first, because the target has normal numbers
// below fp32's smallest normal (e8m0, or a custom format with a larger bias); otherwise (every other
// named format) they can be rounded as they are, which keeps the loop free of float arithmetic.
template <int Mode, bool Normalise>
FLOATSCOPE_HOST_DEVICE uint32_t convertFp32Bits(uint32_t x, const BatchPlan& p)
{
    using namespace batch_detail;
    const uint32_t sign = x >> 31;
    const uint32_t a = x & 0x7FFFFFFFu;

    // 1. and 2. The input's significand and the target field (targetFields).
    const TargetFields t = targetFields<Normalise>(a, p);
    const uint32_t sig = t.sig;
    const int shift = minInt(t.discarded, 25);
    const uint32_t q = sig >> shift;
    const uint32_t roundBit = (sig >> (shift - 1)) & 1u;
    const uint32_t rest = (sig & ((1u << (shift - 1)) - 1u)) != 0 ? 1u : 0u;
    const uint32_t inexact = roundBit | rest;

    // 3. Code arithmetic as in Rounding.cpp: (kept - 1) << M plus the kept bits with their implicit one.
    int code = ((t.kept - 1) << p.mantissaBits) + static_cast<int>(q);
    uint32_t up = 0;
    if (Mode == kNearestEven)
        up = roundBit & (rest | static_cast<uint32_t>(code));
    else if (Mode == kNearestAway)
        up = roundBit;
    else if (Mode == kUp)
        up = inexact & (sign ^ 1u);
    else if (Mode == kDown)
        up = inexact & sign;
    code += static_cast<int>(up & 1u);
    if (Mode == kToOdd)
        code |= static_cast<int>(inexact);

    // 4. and 5. Pack (packCode); overflow goes past the largest value where the mode rounds away.
    const uint32_t away = Mode == kNearestEven || Mode == kNearestAway ? 1u
        : Mode == kUp                                                  ? sign ^ 1u
        : Mode == kDown                                                ? sign
                                                                       : 0u;
    return packCode(code, sign, away, a, p);
}

// Nearest-even only, in fewer operations: the normal range rounds by adding half an ulp (minus one,
// plus the kept last bit) to the rebiased fp32 bits, so the carry runs into the exponent by itself
// (Eigen's BFloat16.h spends a page on the same trick); the subnormal range lets the FPU round:
// |x| + 2^(emin - M + 23) has ulp 2^(emin - M), the target's quantum, so the sum's low bits are
// |x| rounded to nearest-even in target subnormal steps (0 .. 2^M, the last being the min normal).
// Requires p.nearestEvenFastPath (checked by the caller) and the default FP rounding mode.
FLOATSCOPE_HOST_DEVICE uint32_t convertFp32BitsNearestEven(uint32_t x, const BatchPlan& p)
{
    using namespace batch_detail;
    const uint32_t sign = x >> 31;
    const uint32_t a = x & 0x7FFFFFFFu;
    const uint32_t shift = static_cast<uint32_t>(23 - p.mantissaBits);

    const uint32_t rebiased = a + (static_cast<uint32_t>(p.biasDelta) << 23);
    const uint32_t normal =
        (rebiased + ((1u << (shift - 1)) - 1u) + ((rebiased >> shift) & 1u)) >> shift;
    const uint32_t subnormal = floatBits(bitsFloat(a) + bitsFloat(p.subnormalMagic)) - p.subnormalMagic;
    const uint32_t magnitude = a < p.minNormalBits ? subnormal : normal;

    const uint32_t signBits = (0u - sign) & p.signMask;
    const uint32_t pastMax = p.pastMaxBase | (signBits & p.pastMaxSignMask);
    const uint32_t inRange = magnitude | (magnitude != 0 ? signBits : signBits & p.zeroSignMask);
    uint32_t result = magnitude > p.maxMagnitude ? pastMax : inRange;
    const uint32_t nan = p.nanBase | (signBits & p.nanSignMask) | ((a >> shift) & p.nanPayloadMask);
    result = a == 0x7F800000u ? pastMax : result;  // inf: as an overflow that rounds away
    result = a > 0x7F800000u ? nan : result;
    return result;
}

}  // namespace floatscope
