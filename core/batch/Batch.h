#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/batch/BatchKernel.h"
#include "core/format/Format.h"
#include "core/round/Rounding.h"

namespace floatscope {

// The batch path: arrays of fp32 to a format of at most 16 bits and back, bit-identical to
// roundToFormat() for the deterministic modes (stochastic rounding draws per element: use the
// scalar path).
// Why a format or mode has no batch path. The words are app/text/HardwareText's.
enum class BatchErrorKind : std::uint8_t {
    TooWide,     // more than 16 bits (format, bits)
    Stochastic,  // stochastic rounding draws per element: the scalar path does it
    WiderThanFp32,  // makeWideBatchPlan: codes over 32 bits, or more mantissa or exponent than fp32 (format, bits)
};
struct BatchError {
    BatchErrorKind kind = BatchErrorKind::TooWide;
    std::string format;
    int bits = 0;
};

struct BatchPlanResult {
    std::optional<BatchPlan> plan;
    std::optional<BatchError> error;
};
BatchPlanResult makeBatchPlan(const Format& format, RoundingMode mode, std::optional<OverflowPolicy> overflow = {});
// The same plan without the 16-bit limit, for formats whose codes fit 32 bits and whose exponent
// has at most fp32's 8 bits (tf32's 19-bit codes), and for any mode: with RoundingMode::Stochastic
// the plan serves convertFp32BitsStochastic (StochasticKernel.h). convertFromFp32 stores 16-bit
// codes, so such plans are for FloatRounder, which keeps 32-bit codes.
BatchPlanResult makeWideBatchPlan(const Format& format, RoundingMode mode, std::optional<OverflowPolicy> overflow = {});

// The instruction that converts to `format` exactly as the batch path's rules do (fp16 and bf16,
// nearest-even, overflow to infinity), where this CPU has it; None otherwise. The plans above carry
// it; a caller that wants the rules themselves (a sweep that tests them) sets plan.hardware = None.
HardwarePath hardwarePathFor(const Format& format, RoundingMode mode, OverflowPolicy overflow);

void convertFromFp32Bits(std::span<const std::uint32_t> input, std::span<std::uint16_t> output, const BatchPlan& plan);

// Codes back to fp32. Every code of a format whose range fits in fp32 (at most 8 exponent bits
// with a bias no larger than fp32's) has an exact fp32; NaN codes become quiet fp32 NaNs with the
// sign and payload kept.
class DecodeTable {
public:
    static std::optional<DecodeTable> make(const Format& format);
    float operator[](std::uint16_t code) const { return m_values[code & m_mask]; }
    void decode(std::span<const std::uint16_t> codes, std::span<float> output) const;

private:
    std::vector<float> m_values;
    std::uint32_t m_mask = 0;
};

}  // namespace floatscope
