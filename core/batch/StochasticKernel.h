#pragma once

// Stochastic rounding of one fp32 into a format, for the batch path: the rule of round/Rounding.cpp
// (step 4, RoundingMode::Stochastic) restated for an fp32 input, as BatchKernel.h restates the
// deterministic modes. With r random bits, fraction_r is the r bits of the input just below the
// kept last bit (the discarded fraction times 2^r, truncated), and the magnitude rounds up iff
// fraction_r + random_r >= 2^r: up with probability (discarded fraction), seen through r bits.
// Overflow rounds away from zero, as the nearest modes do (Rounding.cpp, roundsAwayOnOverflow).

#include "core/batch/BatchKernel.h"

namespace floatscope {

// randomBits in 1..32; `random`'s low randomBits bits are used. Normalise as in convertFp32Bits.
template <bool Normalise>
FLOATSCOPE_HOST_DEVICE uint32_t convertFp32BitsStochastic(uint32_t x, uint64_t random, int randomBits,
                                                          const BatchPlan& p)
{
    using namespace batch_detail;
    const uint32_t sign = x >> 31;
    const uint32_t a = x & 0x7FFFFFFFu;

    // 1. and 2. as convertFp32Bits: the input as sig * 2^(field - 150), the target field, the shift.
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
    const int fullShift = 23 - p.mantissaBits + (kept - field);  // discarded bits, unclamped
    const uint32_t q = sig >> minInt(fullShift, 25);

    // 3. fraction_r: bits fullShift-1 .. fullShift-r of sig (zeros below bit 0, and above bit 23).
    const uint64_t mask = (uint64_t{1} << randomBits) - 1u;
    const int below = fullShift - randomBits;
    const uint64_t sig64 = sig;
    const uint64_t fraction = below >= 0 ? (below < 32 ? sig64 >> below : 0u) : sig64 << (-below);
    const uint32_t up = (fraction & mask) + (random & mask) > mask ? 1u : 0u;

    int code = ((kept - 1) << p.mantissaBits) + static_cast<int>(q) + static_cast<int>(up);

    // 4. and 5. Pack as convertFp32Bits does for a mode that rounds away on overflow.
    const uint32_t magnitude = static_cast<uint32_t>(maxInt(code, 0));
    const uint32_t signBits = (0u - sign) & p.signMask;
    const uint32_t pastMax = p.nonSaturating != 0 ? p.overflowCode | (signBits & p.overflowSignMask)
                                                  : p.maxMagnitude | signBits;
    const uint32_t inRange = magnitude | (magnitude != 0 ? signBits : signBits & p.zeroSignMask);
    uint32_t result = magnitude > p.maxMagnitude ? pastMax : inRange;
    const uint32_t nan = p.nanBase | (signBits & p.nanSignMask) | ((a >> (23 - p.mantissaBits)) & p.nanPayloadMask);
    result = a == 0x7F800000u ? pastMax : result;
    result = a > 0x7F800000u ? nan : result;
    result = ((0u - (sign & p.unsignedFormat)) & a) != 0 ? nan : result;
    return result;
}

}  // namespace floatscope
