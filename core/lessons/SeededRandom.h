#pragma once

#include <cmath>
#include <cstdint>
#include <numbers>

#include "core/common/Int128.h"
#include "core/round/Rounding.h"

namespace floatscope {

// Replayable random numbers for the lessons' generated data (weights, gradients): splitmix64 of a
// counter, as StochasticSource draws its bits, so a seed gives the same values on every machine
// (std::normal_distribution's algorithm is left to the library).
class SeededRandom {
public:
    explicit SeededRandom(std::uint64_t seed) : m_seed(seed) {}

    std::uint64_t next() { return StochasticSource::mix(m_seed + ++m_counter * 0x9E3779B97F4A7C15ULL); }

    // Uniform in (0, 1): 53 random bits, offset by half a step so that neither end occurs.
    double uniform() { return (static_cast<double>(next() >> 11) + 0.5) * 0x1p-53; }

    // Uniform integer in [0, n), n > 0 (Lemire's multiply-shift; the bias is below 2^-64 * n).
    std::uint64_t below(std::uint64_t n) { return static_cast<std::uint64_t>((Uint128{next()} * n) >> 64); }

    // Standard normal, Box-Muller (one value of each pair).
    double normal()
    {
        const double radius = std::sqrt(-2.0 * std::log(uniform()));
        return radius * std::cos(2.0 * std::numbers::pi * uniform());
    }

private:
    std::uint64_t m_seed;
    std::uint64_t m_counter = 0;
};

}  // namespace floatscope
