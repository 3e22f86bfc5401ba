#pragma once

// Helpers shared by the inner-product tests: codes from values, random operands, and the exact
// references (GMP rationals, rounded by the engine's rational path; MPFR where rounding itself is
// under test) that share no code with the models.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string_view>
#include <variant>
#include <vector>

#include <gmpxx.h>

#include "core/dot/AccumulatorSpec.h"
#include "core/dot/InnerProduct.h"
#include "core/exact/ExactValue.h"
#include "core/format/Registry.h"
#include "core/round/Rounding.h"

namespace floatscope::dot::test {

inline Accumulator spec(std::string_view text)
{
    const SpecOutcome outcome = parseAccumulator(text);
    if (const auto* e = std::get_if<SpecError>(&outcome)) {
        ADD_FAILURE() << "test spec does not parse: " << text << " (" << e->part << ")";
        return Accumulator{IeeeAccumulator{namedFormat("fp32")}, std::nullopt, {}};
    }
    return std::get<Accumulator>(outcome);
}

inline std::uint32_t code(std::string_view format, double value)
{
    return static_cast<std::uint32_t>(roundExact(ExactValue::fromDouble(value), namedFormat(format)).code);
}

inline std::vector<std::uint32_t> codes(std::string_view format, std::initializer_list<double> values)
{
    std::vector<std::uint32_t> out;
    for (const double v : values)
        out.push_back(code(format, v));
    return out;
}

inline DotResult run(const DotInputs& inputs, const Accumulator& accumulator)
{
    const auto outcome = innerProduct(inputs, accumulator);
    if (!outcome || !std::holds_alternative<DotResult>(*outcome)) {
        ADD_FAILURE() << "the inner product did not run";
        return DotResult{namedFormat("fp32"), 0, ExactValue{}};
    }
    return std::get<DotResult>(*outcome);
}

inline double valueOf(const DotResult& r) { return nearestDouble(r.value()); }

// The exact product of two codes, by GMP.
inline mpq_class exactProduct(const Format& f, std::uint32_t a, std::uint32_t b)
{
    return ExactValue::fromCode(f, a).value() * ExactValue::fromCode(f, b).value();
}

// Random finite codes of a format: random bit patterns, NaN and inf redrawn.
inline std::vector<std::uint32_t> randomFiniteCodes(const Format& f, std::size_t n, std::mt19937_64& rng)
{
    std::vector<std::uint32_t> out;
    while (out.size() < n) {
        const auto c = static_cast<std::uint32_t>(rng() & f.codeMask());
        const ValueClass k = f.classify(c);
        if (k != ValueClass::NaN && k != ValueClass::Infinite)
            out.push_back(c);
    }
    return out;
}

}  // namespace floatscope::dot::test
