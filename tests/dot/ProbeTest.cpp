// The probing method against models whose parameters are known: run on each tensor-core preset
// (as a black box), it must find the preset's block size, alignment width, result width, rounding
// and subnormal support again.
#include <gtest/gtest.h>

#include "DotTestSupport.h"
#include "core/dot/Probe.h"
#include "core/dot/TensorCorePresets.h"

namespace floatscope::dot {
namespace {

TEST(Probe, FindsEveryPresetsParametersAgain)
{
    int probed = 0;
    for (const TensorCorePreset& preset : tensorCorePresets()) {
        if (std::string(preset.outputFormat) != "fp32")
            continue;  // the probe reads fp32 results
        const std::string first(preset.inputFormats, std::string(preset.inputFormats).find(',') == std::string::npos
                                                         ? std::string(preset.inputFormats).size()
                                                         : std::string(preset.inputFormats).find(','));
        const Format& input = namedFormat(first);
        const auto report = probeAccumulator(input, modelOracle(input, test::spec(preset.id)));
        ASSERT_TRUE(report) << preset.id;
        EXPECT_EQ(report->blockTerms, preset.blockTerms) << preset.id;
        EXPECT_EQ(report->alignedFractionBits, preset.alignedFractionBits) << preset.id;
        EXPECT_EQ(report->resultFractionBits, std::min(preset.alignedFractionBits, preset.resultFractionBits)) << preset.id;
        EXPECT_EQ(report->resultRounding, preset.resultRounding) << preset.id;
        EXPECT_EQ(report->inputSubnormals, true) << preset.id;
        if (input.minExponent() < -64)  // bf16 and tf32 products reach fp32's subnormals; fp16 and fp8 ones cannot
            EXPECT_EQ(report->outputSubnormals, true) << preset.id;
        else
            EXPECT_FALSE(report->outputSubnormals) << preset.id;
        EXPECT_TRUE(report->carriesExact) << preset.id;
        ++probed;
    }
    EXPECT_EQ(probed, 15);
}

TEST(Probe, FindsAFixedWidthAdderAndAFlushingOne)
{
    const Format& fp16 = namedFormat("fp16");
    auto report = probeAccumulator(fp16, modelOracle(fp16, test::spec("fixed:17:8")));
    ASSERT_TRUE(report);
    EXPECT_EQ(report->blockTerms, 8);
    EXPECT_EQ(report->alignedFractionBits, 17);
    EXPECT_EQ(report->resultFractionBits, 17);
    EXPECT_EQ(report->resultRounding, RoundingMode::TowardZero);

    FusedAdder flushing = std::get<FusedAdder>(test::spec("a100-bf16").model);
    flushing.inputSubnormals = false;
    flushing.outputSubnormals = false;
    flushing.resultRounding = RoundingMode::NearestEven;
    const Format& bf16 = namedFormat("bf16");
    report = probeAccumulator(bf16, modelOracle(bf16, Accumulator{flushing, std::nullopt, {}}));
    ASSERT_TRUE(report);
    EXPECT_EQ(report->inputSubnormals, false);
    EXPECT_EQ(report->outputSubnormals, false);
    EXPECT_EQ(report->resultRounding, RoundingMode::NearestEven);
    EXPECT_EQ(report->alignedFractionBits, 24);
    EXPECT_EQ(report->blockTerms, 8);
}

TEST(Probe, AnOracleThatFailsGivesNoReport)
{
    const ProbeOracle broken = [](std::span<const std::uint32_t>, std::span<const std::uint32_t>) {
        return std::optional<std::uint32_t>{};
    };
    EXPECT_FALSE(probeAccumulator(namedFormat("fp16"), broken));
}

}  // namespace
}  // namespace floatscope::dot
