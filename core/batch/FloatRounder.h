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
    static constexpr std::uint64_t kKeyStep = 0x9E3779B97F4A7C15ULL;
    static std::uint64_t randomFor(std::uint64_t seed, std::uint64_t index)
    {
        return StochasticSource::mix(seed + index * kKeyStep);
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

    // Nearest-even and stochastic rounding in one pass, from the fp32 bits to the rounded value's
    // fp32 bits without the format's codes (FloatRounder.cpp says how), for every format with a
    // sign whose fp32 subnormal inputs need no normalising (all named ones but e8m0).
    struct Fused {
        std::uint32_t shift = 0;          // 23 - the format's mantissa bits
        std::uint32_t minNormalBits = 0;  // fp32 bits of the format's smallest normal
        float subnormalMagic = 0;         // 2^(emin - M + 23): adding it rounds to the subnormal quantum
        float quantum = 0;                // 2^(emin - M), the subnormal quantum
        std::uint32_t maxFiniteBits = 0;  // fp32 bits of the largest finite value
        bool negativeZero = false;        // the format has -0, so every result keeps the input's sign
        std::uint32_t overflowBits = 0;   // what +inf and a positive overflow become ...
        std::uint32_t overflowSign = 0;   // ... and 0x80000000 where a negative one keeps its sign
        std::uint32_t nanBits = 0;        // a NaN input's value without its sign and payload ...
        std::uint32_t nanKeeps = 0;       // ... and the input's bits it keeps in place (sign, payload)
    };
    // Whether round() takes the one-pass path (for arrays that are apart or the same).
    bool fused() const { return m_fused.has_value(); }
    // The instruction round() runs instead (arrays apart or the same) on a CPU that has one that
    // rounds exactly as the engine does (HardwareKernels.h); None: the engine's own arithmetic.
    HardwarePath hardware() const { return m_hardware; }
    // The same rounder on the engine's own arithmetic, the path of a CPU without the instruction.
    FloatRounder withoutHardware() const
    {
        FloatRounder r = *this;
        r.m_hardware = HardwarePath::None;
        return r;
    }
    // The same rounder on the two-pass path alone (the batch kernel's codes, decoded), against which
    // the exhaustive sweeps hold the others.
    FloatRounder twoPass() const
    {
        FloatRounder r = withoutHardware();
        r.m_fused.reset();
        return r;
    }

private:
    FloatRounder(const Format& format, RoundingMode mode) : m_format(format), m_mode(mode) {}
    void roundInChunks(std::span<const float> in, std::span<float> out, std::uint64_t seed,
                       std::uint64_t firstIndex) const;

    Format m_format;
    RoundingMode m_mode;
    bool m_identity = false;
    BatchPlan m_plan;
    int m_decodeShift = -1;  // codes << shift are fp32 bits; -1: decode through m_table
    std::shared_ptr<const std::vector<float>> m_table;
    std::optional<Fused> m_fused;
    HardwarePath m_hardware = HardwarePath::None;
};

}  // namespace floatscope
