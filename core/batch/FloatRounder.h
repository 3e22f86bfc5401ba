#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "core/batch/Batch.h"
#include "core/format/Format.h"
#include "core/round/Rounding.h"

namespace floatscope {

// fp32 arrays rounded into a format and handed back as fp32: each element becomes the value the
// format stores for it, bit-identical to roundToFormat() followed by decoding (every value of the
// formats served fits fp32 exactly). The training lab's rounding points go through here.
//
// Served: fp32 itself (nothing to round), formats of at most 16 bits whose values fit fp32, and
// formats with fp32's exponent (8 bits, bias 127, IEEE) and fewer mantissa bits, such as tf32 and
// bf16, whose codes shifted left are the fp32 bits. Every mode, stochastic included: its random bits
// for element i are those of StochasticSource::mix(seed + (firstIndex + i) * 0x9E3779B97F4A7C15),
// keyed by the element's index so that a result does not depend on how an array is cut up.
class FloatRounder {
public:
    static constexpr int kRandomBits = 32;

    static std::optional<FloatRounder> make(const Format& format, RoundingMode mode = RoundingMode::NearestEven,
                                            std::optional<OverflowPolicy> overflow = std::nullopt);

    // The random bits round(..., firstIndex) uses for element `index` (its low kRandomBits).
    static std::uint64_t randomFor(std::uint64_t seed, std::uint64_t index)
    {
        return StochasticSource::mix(seed + index * 0x9E3779B97F4A7C15ULL);
    }

    // out[i] = the format's value for in[i]; `in` and `out` may be the same array. seed and
    // firstIndex matter only for stochastic rounding.
    void round(std::span<const float> in, std::span<float> out, std::uint64_t seed = 0,
               std::uint64_t firstIndex = 0) const;
    void roundInPlace(std::span<float> values, std::uint64_t seed = 0, std::uint64_t firstIndex = 0) const
    {
        round(values, values, seed, firstIndex);
    }

    const Format& format() const { return m_format; }
    RoundingMode mode() const { return m_mode; }
    // fp32 into fp32: every element is already a value of the format.
    bool identity() const { return m_identity; }

private:
    FloatRounder(const Format& format, RoundingMode mode) : m_format(format), m_mode(mode) {}

    Format m_format;
    RoundingMode m_mode;
    bool m_identity = false;
    BatchPlan m_plan;
    int m_decodeShift = -1;  // codes << shift are fp32 bits; -1: decode through m_table
    std::shared_ptr<const std::vector<float>> m_table;
};

}  // namespace floatscope
