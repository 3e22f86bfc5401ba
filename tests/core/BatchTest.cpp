// The batch path against the scalar path on structured fp32 inputs, for every small named format,
// a few custom ones, every deterministic mode and both overflow policies. The inputs cover, for
// every exponent and sign, mantissas that put every bit position at the rounding boundary with
// and without sticky bits, plus random ones. (All 2^32 inputs: tests/exhaustive.)
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <vector>

#include "TestSupport.h"
#include "core/batch/Batch.h"
#include "core/format/Codec.h"

namespace floatscope {
namespace {

using test::ModeCase;

class BatchMatchesScalar : public testing::TestWithParam<ModeCase> {};

TEST_P(BatchMatchesScalar, StructuredInputs)
{
    const ModeCase& c = GetParam();
    const Format format = *lookupFormat(c.format).format;
    const BatchPlanResult plan = makeBatchPlan(format, c.mode, c.overflow);
    ASSERT_TRUE(plan.plan);
    static const std::vector<std::uint32_t> inputs = test::boundaryFp32Bits();
    std::vector<std::uint16_t> out(inputs.size());
    convertFromFp32Bits(inputs, out, *plan.plan);
    int failures = 0;
    for (std::size_t i = 0; i < inputs.size() && failures < 5; ++i) {
        const RoundResult scalar =
            roundToFormat(unpackFloat(std::bit_cast<float>(inputs[i])), format, test::withMode(c.mode, c.overflow));
        if (scalar.code != out[i]) {
            ++failures;
            ADD_FAILURE() << format.name() << " " << toString(c.mode) << " fp32 0x" << std::hex << inputs[i]
                          << ": batch 0x" << out[i] << ", scalar 0x" << scalar.code;
        }
    }
}

std::vector<ModeCase> cases()
{
    std::vector<ModeCase> out;
    for (const char* name : {"fp16", "bf16", "e4m3fn", "e4m3", "e5m2", "e4m3fnuz", "e5m2fnuz", "e2m3", "e3m2", "e2m1",
                             "e8m0", "e5m7", "e3m4fnuz", "e5m0fnu", "e4m0fn", "e1m6finite", "e4m3fnb11"})
        for (const RoundingMode m : {RoundingMode::NearestEven, RoundingMode::NearestAway, RoundingMode::TowardZero,
                                     RoundingMode::Up, RoundingMode::Down, RoundingMode::ToOdd})
            for (const OverflowPolicy o : {OverflowPolicy::Saturate, OverflowPolicy::NonSaturating})
                out.push_back({name, m, o});
    return out;
}

INSTANTIATE_TEST_SUITE_P(AllModes, BatchMatchesScalar, testing::ValuesIn(cases()), test::modeCaseName);

TEST(Batch, RefusesWhatItCannotDo)
{
    EXPECT_FALSE(makeBatchPlan(namedFormat("fp32"), RoundingMode::NearestEven).plan);
    EXPECT_FALSE(makeBatchPlan(namedFormat("fp16"), RoundingMode::Stochastic).plan);
    const BatchPlanResult tf32 = makeBatchPlan(namedFormat("tf32"), RoundingMode::NearestEven);
    ASSERT_TRUE(tf32.error);
    EXPECT_EQ(tf32.error->kind, BatchErrorKind::TooWide);
    EXPECT_EQ(tf32.error->format, "tf32");
    EXPECT_EQ(tf32.error->bits, 19);
    EXPECT_EQ(makeBatchPlan(namedFormat("fp16"), RoundingMode::Stochastic).error->kind, BatchErrorKind::Stochastic);
    // The wide plan takes tf32, not fp64 (more than fp32's exponent and mantissa).
    EXPECT_TRUE(makeWideBatchPlan(namedFormat("tf32"), RoundingMode::NearestEven).plan);
    const BatchPlanResult fp64 = makeWideBatchPlan(namedFormat("fp64"), RoundingMode::NearestEven);
    ASSERT_TRUE(fp64.error);
    EXPECT_EQ(fp64.error->kind, BatchErrorKind::WiderThanFp32);
    EXPECT_EQ(fp64.error->format, "fp64");
}

// Decoding back to fp32: every finite code's fp32 rounds back to the code; NaNs stay NaN.
class DecodeBack : public testing::TestWithParam<std::string> {};

TEST_P(DecodeBack, EveryCodeRoundTrips)
{
    const Format& f = namedFormat(GetParam());
    const auto table = DecodeTable::make(f);
    ASSERT_TRUE(table);
    for (std::uint64_t code = 0; code <= f.codeMask(); ++code) {
        const float x = (*table)[static_cast<std::uint16_t>(code)];
        const ValueClass c = f.classify(code);
        if (c == ValueClass::NaN) {
            EXPECT_TRUE(std::isnan(x));
            continue;
        }
        EXPECT_EQ(roundToFormat(unpackFloat(x), f).code, code) << f.name() << " " << code;
    }
}

INSTANTIATE_TEST_SUITE_P(SmallFormats, DecodeBack,
                         testing::Values("fp16", "bf16", "e4m3fn", "e4m3", "e5m2", "e4m3fnuz", "e5m2fnuz", "e2m3",
                                         "e3m2", "e2m1", "e8m0"));

TEST(DecodeBack, RefusesFormatsWiderThanFp32)
{
    EXPECT_FALSE(DecodeTable::make(*lookupFormat("e9m6").format));
}

}  // namespace
}  // namespace floatscope
