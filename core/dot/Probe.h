#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "core/dot/Accumulator.h"
#include "core/format/Format.h"

namespace floatscope::dot {

// Finding a matrix multiplier's adder by experiment, as Fasi, Higham, Mikaitis and Pranesh (2021)
// and Khattak and Mikaitis ("Generalized methodology for determining numerical features of hardware
// floating-point matrix multipliers", IEEE HPEC 2025) do: inner products built so that each answer
// depends on one feature. The multiplier is a black box that takes input codes and returns one
// inner product as fp32 bits (c = 0: every term is a product, so that a GEMM library can run it).
using ProbeOracle =
    std::function<std::optional<std::uint32_t>(std::span<const std::uint32_t> a, std::span<const std::uint32_t> b)>;

enum class ProbeFeature : std::uint8_t {
    InputSubnormals,     // min subnormal * 2^k: kept or read as zero
    OutputSubnormals,    // a product below fp32's smallest normal: kept or written as zero
    ResultFractionBits,  // 1 + 2^-k: the largest k that survives (alignment and result together)
    ResultRounding,      // 1 + 1 + 3 * 2^-P and its negative, 1 + 1 + 2^-P: which way the carry rounds
    AlignedFractionBits, // 1 - 2^-k (truncating results) or 1 + 2^-(P+1) + 2^-k (nearest): the largest k kept
    BlockTerms,          // M - M + s with s at position j: s survives only past a normalisation point
    CarryBits,           // n products near the largest plus one more: added without losing a carry
};

// One experiment: the products sent (exact, as doubles) and what came back.
struct ProbeObservation {
    ProbeFeature feature = ProbeFeature::InputSubnormals;
    std::vector<double> products;
    std::uint32_t result = 0;
};

struct ProbeReport {
    std::optional<bool> inputSubnormals;   // empty: no subnormal input in this format (none tested)
    std::optional<bool> outputSubnormals;  // empty: no product of these inputs is an fp32 subnormal
    int resultFractionBits = 0;
    std::optional<RoundingMode> resultRounding;  // empty: no experiment rounded (or no mode fits)
    int alignedFractionBits = 0;
    std::optional<int> blockTerms;         // empty: no normalisation point up to the largest tried
    bool carriesExact = false;
    std::vector<ProbeObservation> observations;

    // The findings as a fused adder with fp32 output (defaults where a feature was not observable).
    FusedAdder adder() const;
};

// Runs every experiment. Empty when the oracle fails (a device error) or when the format's values
// cannot be combined into the needed products (formats of fewer than 2 significant bits).
std::optional<ProbeReport> probeAccumulator(const Format& inputs, const ProbeOracle& oracle, int maxBlock = 64);

// An oracle that runs a model here (for tests, and to show what the probe would find on a GPU).
ProbeOracle modelOracle(const Format& inputs, const Accumulator& accumulator);

}  // namespace floatscope::dot
