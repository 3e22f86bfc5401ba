// The sweep driver's bookkeeping, with references whose behaviour the test controls: every kind of
// difference is counted as what it is, examples are the first ones, cancel stops early, and a
// backend error is reported rather than counted.
#include <gtest/gtest.h>

#include <atomic>
#include <functional>

#include "gpu/Backend.h"
#include "gpu/Device.h"
#include "core/batch/Batch.h"
#include "core/format/Registry.h"
#include "gpu/sweep/Sweep.h"

namespace floatscope::gpu {
namespace {

// The engine's own batch conversion, then `tamper` may change a result.
class FakeBackend : public Backend {
public:
    explicit FakeBackend(std::function<std::uint16_t(std::uint32_t, std::uint16_t)> tamper, KnownProperties known = 0)
        : m_tamper(std::move(tamper)), m_known(known)
    {
    }
    std::string name() const override { return "fake"; }
    BackendInfo info() const override { return {}; }
    bool supports(const Format&, RoundingMode, OverflowPolicy) const override { return true; }
    KnownProperties knownProperties(const Format&) const override { return m_known; }
    std::string convert(std::span<const std::uint32_t> in, std::span<std::uint16_t> out, const Format& f,
                        RoundingMode mode, OverflowPolicy overflow) const override
    {
        if (m_fail && in.front() >= *m_fail)
            return "device lost";
        convertFromFp32Bits(in, out, *makeBatchPlan(f, mode, overflow).plan);
        for (std::size_t i = 0; i < in.size(); ++i)
            out[i] = m_tamper(in[i], out[i]);
        return {};
    }
    std::optional<std::uint32_t> m_fail;

private:
    std::function<std::uint16_t(std::uint32_t, std::uint16_t)> m_tamper;
    KnownProperties m_known;
};

constexpr SweepRange kPositiveNansAndSome{0x7F000000u, 0x80000000u};  // 2^24 inputs: normals, inf, NaNs

TEST(Sweep, IdenticalReferenceAgreesEverywhere)
{
    const FakeBackend same([](std::uint32_t, std::uint16_t code) { return code; });
    const SweepReport r = sweep(same, namedFormat("fp16"), RoundingMode::NearestEven, OverflowPolicy::NonSaturating,
                                kPositiveNansAndSome);
    EXPECT_EQ(r.inputs, 1u << 24);
    EXPECT_EQ(r.matches, r.inputs);
    EXPECT_EQ(r.nanInputs, (1u << 23) - 1);
    EXPECT_FALSE(r.cancelled);
}

TEST(Sweep, RealDisagreementIsUnexplainedWithFirstExamples)
{
    // Every input whose low 20 bits are zero comes back one code off.
    const FakeBackend wrong([](std::uint32_t x, std::uint16_t code) {
        return (x & 0xFFFFF) == 0 ? static_cast<std::uint16_t>(code ^ 1) : code;
    });
    SweepOptions options;
    options.examplesPerKind = 3;
    const SweepReport r = sweep(wrong, namedFormat("fp16"), RoundingMode::NearestEven, OverflowPolicy::NonSaturating,
                                kPositiveNansAndSome, options);
    // 16 inputs have low 20 bits zero; the NaN ones among them (0x7f900000.. ) are NaN->NaN.
    EXPECT_EQ(r.unexplained() + r.count(MismatchKind::NanEncoding), 16u);
    EXPECT_GT(r.unexplained(), 0u);
    ASSERT_GE(r.examples.size(), 3u);
    EXPECT_EQ(r.examples.front().input, 0x7F000000u);
    EXPECT_EQ(r.examples.front().kind, MismatchKind::Unexplained);
}

TEST(Sweep, KnownPropertiesAreCountedByKind)
{
    // A canonical-NaN reference (as NVIDIA's): NaN -> 0x7fff.
    const FakeBackend canonical([](std::uint32_t x, std::uint16_t code) {
        return (x & 0x7FFFFFFFu) > 0x7F800000u ? std::uint16_t{0x7FFF} : code;
    }, kCanonicalNan);
    const SweepReport nan = sweep(canonical, namedFormat("fp16"), RoundingMode::NearestEven,
                                  OverflowPolicy::NonSaturating, kPositiveNansAndSome);
    EXPECT_EQ(nan.unexplained(), 0u);
    EXPECT_EQ(nan.count(MismatchKind::NanEncoding), (1u << 23) - 1 - (1u << 14));  // all but the 0x7fff ones

    // Flushing fp32 subnormals (as AVX512-BF16), declared: counted apart; undeclared: unexplained.
    auto flush = [](std::uint32_t x, std::uint16_t code) {
        return (x & 0x7F800000u) == 0 && (x & 0x7FFFFF) != 0 ? std::uint16_t{0} : code;
    };
    const SweepRange subnormals{0x00700000u, 0x00800000u};
    const SweepReport declared = sweep(FakeBackend(flush, kFlushesSubnormalInputs), namedFormat("bf16"),
                                       RoundingMode::NearestEven, OverflowPolicy::NonSaturating, subnormals);
    EXPECT_EQ(declared.unexplained(), 0u);
    EXPECT_EQ(declared.count(MismatchKind::SubnormalInputFlushed), 0x100000u);
    const SweepReport undeclared = sweep(FakeBackend(flush), namedFormat("bf16"), RoundingMode::NearestEven,
                                         OverflowPolicy::NonSaturating, subnormals);
    EXPECT_EQ(undeclared.unexplained(), 0x100000u);
}

TEST(Sweep, CancelStopsEarlyAndSaysSo)
{
    std::atomic<bool> cancel{false};
    SweepOptions options;
    options.cancel = &cancel;
    options.threads = 1;
    options.progress = [&](double share) {
        if (share > 0.1)
            cancel = true;
    };
    const FakeBackend same([](std::uint32_t, std::uint16_t code) { return code; });
    const SweepReport r = sweep(same, namedFormat("e4m3fn"), RoundingMode::NearestEven, OverflowPolicy::NonSaturating,
                                {0, 1u << 26}, options);
    EXPECT_TRUE(r.cancelled);
    EXPECT_LT(r.inputs, 1u << 26);
    EXPECT_GT(r.inputs, 0u);
}

TEST(Sweep, BackendErrorIsReported)
{
    FakeBackend failing([](std::uint32_t, std::uint16_t code) { return code; });
    failing.m_fail = 0x00100000u;
    SweepOptions oneThread;
    oneThread.threads = 1;
    const SweepReport r = sweep(failing, namedFormat("fp16"), RoundingMode::NearestEven, OverflowPolicy::NonSaturating,
                                {0, 1u << 22}, oneThread);
    EXPECT_EQ(r.failure, "device lost");
    EXPECT_FALSE(r.cancelled);
    EXPECT_LT(r.inputs, 1u << 22);
}

TEST(Sweep, RangesReadAsTheUserWritesThem)
{
    EXPECT_EQ(parseSweepRange("all")->end, std::uint64_t{1} << 32);
    const auto r = parseSweepRange(" 0x3f800000 - 0x3fffffff ");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->begin, 0x3F800000u);
    EXPECT_EQ(r->end, 0x40000000u);
    EXPECT_EQ(parseSweepRange("0-15")->end, 16u);
    for (const char* bad : {"", "some", "0x10-0x1", "0-0x100000000", "1-", "-5", "0x-0x1", "12abc-13"})
        EXPECT_FALSE(parseSweepRange(bad)) << bad;
}

// The device classifies NaNs by masks (it has no Format); the masks must say NaN exactly where the
// format's own classification does, code by code, in every format of 16 bits or fewer.
TEST(MismatchRules, NanMasksAgreeWithTheFormatOnEveryCode)
{
    for (const Format& f : namedFormats()) {
        if (f.totalBits() > 16)
            continue;
        const NanRule nan = mismatchRules(f, 0).nan;
        for (std::uint32_t code = 0; code < (1u << f.totalBits()); ++code)
            ASSERT_EQ(nan.isNan(code), f.classify(code) == ValueClass::NaN) << f.name() << " " << code;
    }
}

TEST(Sweep, RefusalsSayWhy)
{
    const FakeBackend same([](std::uint32_t, std::uint16_t code) { return code; });
    EXPECT_FALSE(sweepRefusal(same, namedFormat("fp16"), RoundingMode::NearestEven, OverflowPolicy::NonSaturating));
    const auto wide = sweepRefusal(same, namedFormat("fp32"), RoundingMode::NearestEven, OverflowPolicy::NonSaturating);
    ASSERT_TRUE(wide);
    EXPECT_EQ(wide->kind, SweepRefusalKind::NoBatchPath);
    EXPECT_EQ(wide->batch->kind, BatchErrorKind::TooWide);
    for (const auto& b : makeBackends()) {
        const auto r = sweepRefusal(*b, namedFormat("e4m3fn"), RoundingMode::ToOdd, OverflowPolicy::Saturate);
        ASSERT_TRUE(r) << b->name();  // no reference rounds to odd
        EXPECT_EQ(r->kind, b->available() ? SweepRefusalKind::ConversionNotOffered : SweepRefusalKind::BackendUnavailable);
        EXPECT_EQ(r->backend, b->name());
    }
}

TEST(Backends, EveryBackendSaysWhetherItIsAvailableAndWhy)
{
    for (const auto& b : makeBackends()) {
        EXPECT_FALSE(b->name().empty());
        EXPECT_NE(b->info().kind, BackendKind::Other) << b->name();
        EXPECT_EQ(b->available(), !b->unavailable().has_value()) << b->name();
        if (b->name() == "cuda") {
            EXPECT_EQ(b->info().kind, BackendKind::CudaDevice);
            // Unavailable exactly when the device report says so, for the same reason.
            const auto device = describeDevice().unavailable;
            EXPECT_EQ(b->unavailable().has_value(), device.has_value());
            if (device) {
                EXPECT_EQ(b->unavailable()->kind, device->kind);
            }
        }
    }
    EXPECT_EQ(checkedFormats().size(), 8u);
    EXPECT_EQ(checkedFormats().front().name(), "fp16");
}

}  // namespace
}  // namespace floatscope::gpu
