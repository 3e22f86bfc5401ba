#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "core/common/Int128.h"
#include "core/format/Format.h"

namespace floatscope {

enum class RoundingMode : std::uint8_t {
    NearestEven,  // IEEE roundTiesToEven (the default everywhere)
    NearestAway,  // IEEE roundTiesToAway
    TowardZero,
    Up,           // toward +inf
    Down,         // toward -inf
    ToOdd,        // truncate, then set the last bit if anything was discarded
    Stochastic,   // round up with probability (discarded fraction), seen through `randomBits` bits
};

const char* toString(RoundingMode mode);  // "nearest-even", "nearest-away", "toward-zero", ...
std::optional<RoundingMode> parseRoundingMode(std::string_view text);  // also rne, rna, rtz, ru, rd, rto, sr

// Flags returned with every result; there is no global flag state.
enum Flag : std::uint8_t {
    kInexact = 1 << 0,   // the stored value differs from the input
    kTie = 1 << 1,       // the input lay exactly halfway between two neighbours
    kUnderflow = 1 << 2, // the input was below the smallest normal and the result is inexact
    kOverflow = 1 << 3,  // the input (after rounding) exceeded the largest finite value
    kInvalid = 1 << 4,   // a NaN into a format without NaN, or a negative value into an unsigned one
};
using Flags = std::uint8_t;

// An exact input reduced to what rounding needs: for finite nonzero values
// |x| = significand * 2^(exponent - 127), significand in [2^127, 2^128), plus a sticky bit for any
// nonzero bits below the 128-bit window. 128 bits keep every discarded bit a named format can need
// (see common/Int128.h), so the window never changes a result.
struct Unpacked {
    enum class Kind : std::uint8_t { Zero, Finite, Infinite, NaN };
    Kind kind = Kind::Zero;
    bool negative = false;
    std::int64_t exponent = 0;
    Uint128 significand = 0;
    bool sticky = false;
    std::uint64_t nanPayload = 0;  // NaN: the source's mantissa field, left-aligned

    static Unpacked zero(bool negative) { return Unpacked{Kind::Zero, negative, 0, 0, false, 0}; }
    static Unpacked infinity(bool negative) { return Unpacked{Kind::Infinite, negative, 0, 0, false, 0}; }
    static Unpacked nan(bool negative, std::uint64_t payload) { return Unpacked{Kind::NaN, negative, 0, 0, false, payload}; }
    // sig * 2^exp, with sig != 0 (normalised here)
    static Unpacked finite(bool negative, std::uint64_t sig, std::int64_t exp);
};

Unpacked unpackDouble(double value);
Unpacked unpackFloat(float value);
// Any code of any format (finite, infinite or NaN with its payload).
Unpacked unpackCode(const Format& format, std::uint64_t code);

struct RoundOptions {
    RoundingMode mode = RoundingMode::NearestEven;
    std::optional<OverflowPolicy> overflow;  // empty: the format's default
    // Stochastic rounding: `randomBits` (1..64) bits of `random` are compared with the discarded
    // fraction truncated to as many bits: round up iff fraction_r + random_r >= 2^r.
    int randomBits = 0;
    std::uint64_t random = 0;
};

struct RoundResult {
    std::uint64_t code = 0;
    Flags flags = 0;
};

// Decode -> round -> pack: the one place that knows the rounding and overflow rules.
RoundResult roundToFormat(const Unpacked& value, const Format& format, const RoundOptions& options = {});

// Deterministic source of stochastic-rounding bits: splitmix64 of (seed, counter), so a run can be
// replayed step for step (and reproduced on a device, which has no std::mt19937).
class StochasticSource {
public:
    explicit StochasticSource(std::uint64_t seed, int bits = 32) : m_seed(seed), m_bits(bits) {}
    // Options for the next draw: mode Stochastic with fresh random bits.
    RoundOptions next(std::optional<OverflowPolicy> overflow = std::nullopt)
    {
        return RoundOptions{RoundingMode::Stochastic, overflow, m_bits, mix(m_seed + ++m_counter * 0x9E3779B97F4A7C15ULL)};
    }
    // splitmix64's finaliser (Steele, Lea, Flood 2014)
    static std::uint64_t mix(std::uint64_t x)
    {
        x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
        x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
        return x ^ (x >> 31);
    }

private:
    std::uint64_t m_seed;
    std::uint64_t m_counter = 0;
    int m_bits;
};

}  // namespace floatscope
