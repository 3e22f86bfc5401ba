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

    // 1. and 2. as convertFp32Bits: the input's significand, the target field, the shift.
    const TargetFields t = targetFields<Normalise>(a, p);
    const uint32_t q = t.sig >> minInt(t.discarded, 25);

    // 3. fraction_r: bits discarded-1 .. discarded-r of sig (zeros below bit 0, and above bit 23).
    const uint64_t mask = (uint64_t{1} << randomBits) - 1u;
    const int below = t.discarded - randomBits;
    const uint64_t sig64 = t.sig;
    const uint64_t fraction = below >= 0 ? (below < 32 ? sig64 >> below : 0u) : sig64 << (-below);
    const uint32_t up = (fraction & mask) + (random & mask) > mask ? 1u : 0u;

    const int code = ((t.kept - 1) << p.mantissaBits) + static_cast<int>(q) + static_cast<int>(up);

    // 4. and 5. Pack as convertFp32Bits does for a mode that rounds away on overflow.
    return packCode(code, sign, 1u, a, p);
}

}  // namespace floatscope
