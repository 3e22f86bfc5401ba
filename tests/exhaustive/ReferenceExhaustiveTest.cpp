// All 2^32 fp32 inputs through the engine's batch path and an independent reference, bit for bit.
// Differences a reference is known to have are asserted exactly, by kind and count, from closed
// forms derived here (not from the engine); anything else fails.
#include <gtest/gtest.h>

#include <cinttypes>
#include <cstdio>
#include <string>

#include "gpu/Backend.h"
#include "core/format/Registry.h"
#include "gpu/sweep/Sweep.h"

namespace floatscope::gpu {
namespace {

constexpr std::uint64_t kNanInputs = 2 * ((std::uint64_t{1} << 23) - 1);  // per sign: mantissa 1..2^23-1

// NaN inputs whose engine NaN (sign kept, quiet bit set, top payload bits kept) equals a canonical
// positive NaN with all M mantissa bits set: positive, and the M - 1 payload bits below the quiet
// bit all ones; the other 23 - (M - 1) mantissa bits are free.
constexpr std::uint64_t nanMatchingCanonicalAllOnes(int mantissaBits)
{
    return std::uint64_t{1} << (23 - (mantissaBits - 1));
}

struct Case {
    const char* backend;
    const char* format;
    RoundingMode mode;
    OverflowPolicy overflow;
    std::uint64_t nanEncoding = 0;
    std::uint64_t subnormalFlushed = 0;
    std::uint64_t unsignedMagnitude = 0;
};

std::string caseName(const testing::TestParamInfo<Case>& info)
{
    std::string name = std::string(info.param.backend) + "_" + info.param.format + "_" + toString(info.param.mode) + "_"
        + toString(info.param.overflow);
    for (char& c : name)
        if (!std::isalnum(static_cast<unsigned char>(c)))
            c = '_';
    return name;
}

class ReferenceExhaustive : public testing::TestWithParam<Case> {};

TEST_P(ReferenceExhaustive, AllFp32InputsAgree)
{
    const Case& c = GetParam();
    const auto backend = makeBackend(c.backend);
    if (!backend)
        GTEST_SKIP() << c.backend << " is not part of this build (no CUDA headers, or not an x86-64 CPU)";
    if (!backend->available())
        GTEST_SKIP() << c.backend << " is not available here: " << backend->unavailable()->detail;
    const Format& format = namedFormat(c.format);
    ASSERT_FALSE(sweepRefusal(*backend, format, c.mode, c.overflow));

    const SweepReport r = sweep(*backend, format, c.mode, c.overflow);
    std::printf("[ sweep    ] %s %s %s %s: %" PRIu64 " inputs in %.2f s; nan-encoding %" PRIu64
                ", subnormal-input-flushed %" PRIu64 ", unsigned-takes-magnitude %" PRIu64 ", unexplained %" PRIu64 "\n",
                c.backend, c.format, toString(c.mode), toString(c.overflow), r.inputs, r.seconds,
                r.count(MismatchKind::NanEncoding), r.count(MismatchKind::SubnormalInputFlushed),
                r.count(MismatchKind::UnsignedTakesMagnitude), r.unexplained());
    ASSERT_EQ(r.failure, "");
    for (const Mismatch& m : r.examples)
        if (m.kind == MismatchKind::Unexplained)
            ADD_FAILURE() << "fp32 0x" << std::hex << m.input << ": engine 0x" << m.engine << ", reference 0x"
                          << m.reference;
    EXPECT_EQ(r.inputs, std::uint64_t{1} << 32);
    EXPECT_EQ(r.nanInputs, kNanInputs);
    EXPECT_EQ(r.unexplained(), 0u);
    EXPECT_EQ(r.count(MismatchKind::NanEncoding), c.nanEncoding);
    EXPECT_EQ(r.count(MismatchKind::SubnormalInputFlushed), c.subnormalFlushed);
    EXPECT_EQ(r.count(MismatchKind::UnsignedTakesMagnitude), c.unsignedMagnitude);
}

using M = RoundingMode;
using O = OverflowPolicy;

// F16C keeps the NaN's sign and top payload bits and sets the quiet bit, exactly as the engine does.
INSTANTIATE_TEST_SUITE_P(F16c, ReferenceExhaustive,
                         testing::Values(Case{"x86-f16c", "fp16", M::NearestEven, O::NonSaturating},
                                         Case{"x86-f16c", "fp16", M::TowardZero, O::NonSaturating},
                                         Case{"x86-f16c", "fp16", M::Up, O::NonSaturating},
                                         Case{"x86-f16c", "fp16", M::Down, O::NonSaturating}),
                         caseName);

// VCVTNEPS2BF16 flushes fp32 subnormals m * 2^-149 to signed zero. The engine rounds them to bf16
// subnormals: m >> 16 to nearest even, nonzero for m > 0x8000 (0x8000 itself ties to 0).
constexpr std::uint64_t kBf16NonzeroSubnormalResults = 2 * ((std::uint64_t{1} << 23) - 1 - 0x8000);
INSTANTIATE_TEST_SUITE_P(Avx512Bf16, ReferenceExhaustive,
                         testing::Values(Case{"x86-avx512bf16", "bf16", M::NearestEven, O::NonSaturating, 0,
                                              kBf16NonzeroSubnormalResults}),
                         caseName);

// NVIDIA's host functions return one canonical NaN: 0x7FFF for fp16 and bf16, 0x7F for fp8.
constexpr std::uint64_t kHalfNan = kNanInputs - nanMatchingCanonicalAllOnes(10);
constexpr std::uint64_t kBf16Nan = kNanInputs - nanMatchingCanonicalAllOnes(7);
constexpr std::uint64_t kE4m3Nan = kNanInputs / 2;                              // engine: sign | 0x7F
constexpr std::uint64_t kE5m2Nan = kNanInputs - nanMatchingCanonicalAllOnes(2);  // engine 0x7E/0x7F
// e8m0: NVIDIA converts |x| for negative inputs, the engine says NaN (0xFF). Negative finite
// nonzero inputs: 0x7F800000 - 1 of them; -inf too when saturating (NVIDIA 0xFE, engine 0xFF).
constexpr std::uint64_t kNegativeFinite = 0x7F800000u - 1;
// Rounding up without saturation, NVIDIA's |x| above 2^127 (exponent field 254, mantissa != 0)
// overflows to NaN 0xFF, which is what the engine says for the negative input anyway.
constexpr std::uint64_t kNegativeAbove2To127 = (std::uint64_t{1} << 23) - 1;

INSTANTIATE_TEST_SUITE_P(
    NvidiaHost, ReferenceExhaustive,
    testing::Values(Case{"nvidia-host", "fp16", M::NearestEven, O::NonSaturating, kHalfNan},
                    Case{"nvidia-host", "fp16", M::TowardZero, O::NonSaturating, kHalfNan},
                    Case{"nvidia-host", "bf16", M::NearestEven, O::NonSaturating, kBf16Nan},
                    Case{"nvidia-host", "bf16", M::TowardZero, O::NonSaturating, kBf16Nan},
                    Case{"nvidia-host", "e4m3fn", M::NearestEven, O::NonSaturating, kE4m3Nan},
                    Case{"nvidia-host", "e4m3fn", M::NearestEven, O::Saturate, kE4m3Nan},
                    Case{"nvidia-host", "e5m2", M::NearestEven, O::NonSaturating, kE5m2Nan},
                    Case{"nvidia-host", "e5m2", M::NearestEven, O::Saturate, kE5m2Nan},
                    Case{"nvidia-host", "e2m3", M::NearestEven, O::Saturate},
                    Case{"nvidia-host", "e2m3", M::TowardZero, O::Saturate},
                    Case{"nvidia-host", "e3m2", M::NearestEven, O::Saturate},
                    Case{"nvidia-host", "e3m2", M::TowardZero, O::Saturate},
                    Case{"nvidia-host", "e2m1", M::NearestEven, O::Saturate},
                    Case{"nvidia-host", "e2m1", M::TowardZero, O::Saturate},
                    Case{"nvidia-host", "e8m0", M::TowardZero, O::Saturate, 0, 0, kNegativeFinite + 1},
                    Case{"nvidia-host", "e8m0", M::Up, O::NonSaturating, 0, 0, kNegativeFinite - kNegativeAbove2To127}),
    caseName);

}  // namespace
}  // namespace floatscope::gpu
