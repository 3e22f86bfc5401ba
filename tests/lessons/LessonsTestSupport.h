#pragma once

// Helpers shared by the lesson tests: exact values from text (tests/core/TestSupport.h) and IEEE
// 754's add of two finite codes computed from the exact rational by the engine's GMP path, which
// shares no code with FormatAdder or exactSum.
#include <cstdint>

#include <gmpxx.h>

#include "../core/TestSupport.h"
#include "core/exact/ExactValue.h"
#include "core/format/Format.h"
#include "core/round/Rounding.h"

namespace floatscope::test {

// An exact zero sum is +0 unless both operands are -0 (IEEE 754 section 6.3, nearest-even).
inline std::uint64_t gmpSum(const Format& f, std::uint64_t a, std::uint64_t b)
{
    const ExactValue x = ExactValue::fromCode(f, a);
    const ExactValue y = ExactValue::fromCode(f, b);
    const mpq_class sum = x.value() + y.value();
    if (sum == 0)
        return roundExact(ExactValue::finite(x.isZero() && y.isZero() && x.negative() && y.negative(), 0), f).code;
    return roundExact(ExactValue::fromRational(sum), f).code;
}

inline bool finiteCode(const Format& f, std::uint64_t code)
{
    const ValueClass c = f.classify(code);
    return c != ValueClass::NaN && c != ValueClass::Infinite;
}

}  // namespace floatscope::test
