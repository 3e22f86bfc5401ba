// The fused multi-term adders: the test vectors of Fasi, Higham, Mikaitis and Pranesh ("Numerical
// behavior of NVIDIA tensor cores", 2021; their suite tc_test_numerics-V100.cu,
// -T4-A100-binary16.cu and -A100-bf16.cu, whose expected results are what V100 and A100 returned),
// through the V100 and A100 presets; and the adder's own invariants against exact sums.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "DotTestSupport.h"
#include "core/dot/FusedSum.h"
#include "core/dot/TensorCorePresets.h"

namespace floatscope::dot {
namespace {

using namespace test;  // codes, run, spec, valueOf

const double kE = std::ldexp(1.0, 0);  // 2^0, for readability below
double p2(int e) { return std::ldexp(kE, e); }

struct Vector {
    const char* what;
    std::initializer_list<double> a, b;
    double c;
    double expected;
};

double through(const char* preset, const char* input, const Vector& v)
{
    return valueOf(run(DotInputs{namedFormat(input), codes(input, v.a), codes(input, v.b), v.c}, spec(preset)));
}

// tc_test_numerics-V100.cu, binary32 mode (fp16 inputs, fp32 output).
TEST(FasiEtAl2021, V100Binary32Mode)
{
    const double below = 1 - p2(-11);  // the fp16 just below 1
    const Vector vectors[] = {
        {"subnormal input", {p2(-24)}, {4}, 0, p2(-22)},
        {"fp32 subnormal c passes", {}, {}, p2(-149), p2(-149)},
        {"fp32 subnormal output", {p2(-14)}, {p2(-1)}, 0, p2(-15)},
        {"products exact", {below}, {below}, 0, 1 - p2(-10) + p2(-22)},
        {"four exact products", {below, below, below, below}, {below, below, below, below}, 0, 4 * (1 - p2(-10) + p2(-22))},
        {"accumulated in binary32", {1, 1, 1, 1}, {p2(-24), p2(-24), p2(-24), p2(-24)}, 1, 1},
        {"round down, positive", {1, 1, 1, 1}, {2, p2(-23) + p2(-24), 0, 0}, 0, 2},
        {"round up, negative", {1, 1, 1, 1}, {-2, -p2(-23) - p2(-24), 0, 0}, 0, -2},
        {"no extra alignment bit", {1}, {1}, -(1 - p2(-24)), p2(-23)},
        {"no normalisation in addition", {1, 1, 1, 1}, {p2(-24), p2(-24), p2(-24), p2(-24)}, 1 - p2(-24), 1 + p2(-23)},
        {"no normalisation in subtraction", {1, 1}, {1, -p2(-24)}, -1 + p2(-24), p2(-23)},
        {"carry-out bits", {1, 1, 1, 1}, {1, 1, 1, p2(-23)}, 1 + p2(-22) + p2(-23), 4 + p2(-21)},
        {"a third carry bit", {1, 1, 1, 1}, {1, 1.5, 1.75, 1.875}, 1.875, 8},
        {"truncation after normalising, positive", {1, 1, 1, 1}, {1, 1, 1, 1}, 1 + p2(-22) + p2(-23), 5},
        {"truncation after normalising, negative", {1, 1, 1, 1}, {-1, -1, -1, -1}, -1 - p2(-22) - p2(-23), -5},
    };
    for (const Vector& v : vectors)
        EXPECT_EQ(through("v100-fp16", "fp16", v), v.expected) << v.what;
    // "Sum starts from the largest element": the one product 1 wherever it is.
    for (int j = 0; j < 4; ++j) {
        std::vector<double> b(4, p2(-24));
        b[static_cast<std::size_t>(j)] = 1;
        const DotInputs in{namedFormat("fp16"), codes("fp16", {1, 1, 1, 1}), codes("fp16", {b[0], b[1], b[2], b[3]}), p2(-24)};
        EXPECT_EQ(valueOf(run(in, spec("v100-fp16"))), 1) << j;
    }
    // Not monotonic: a larger c gives a smaller result.
    const Vector smaller{"", {1, 1, 1, 1}, {p2(-24), p2(-24), p2(-24), p2(-24)}, 1 - p2(-24), 0};
    const Vector larger{"", {1, 1, 1, 1}, {p2(-24), p2(-24), p2(-24), p2(-24)}, 1, 0};
    EXPECT_LT(through("v100-fp16", "fp16", larger), through("v100-fp16", "fp16", smaller));
}

// tc_test_numerics-V100.cu, binary16 mode (fp16 output, rounded to nearest).
TEST(FasiEtAl2021, V100Binary16Mode)
{
    const double below = 1 - p2(-11);
    const Vector vectors[] = {
        {"subnormal input", {p2(-24)}, {4}, 0, p2(-22)},
        {"fp16 subnormal output", {p2(-14)}, {p2(-1)}, 0, p2(-15)},
        {"fp16 subnormal output with c", {p2(-14)}, {1}, -p2(-15), p2(-15)},
        {"products exact", {below, below}, {below, p2(-11)}, 0, 1 - p2(-10) + p2(-11)},
        {"rounded to nearest", {p2(-24), p2(-24)}, {p2(-1), p2(-2)}, 0, p2(-24)},
    };
    for (const Vector& v : vectors)
        EXPECT_EQ(through("v100-fp16-fp16", "fp16", v), v.expected) << v.what;
}

// tc_test_numerics-T4-A100-binary16.cu and -A100-bf16.cu on A100: one extra alignment bit.
TEST(FasiEtAl2021, A100Fp16AndBf16)
{
    for (const char* input : {"fp16", "bf16"}) {
        const std::string preset = std::string("a100-") + input;
        const double below = input == std::string("fp16") ? 1 - p2(-11) : 1 - p2(-8);
        const double square = input == std::string("fp16") ? 1 - p2(-10) + p2(-22) : 1 - p2(-7) + p2(-16);
        const Vector vectors[] = {
            {"fp32 subnormal c passes", {}, {}, p2(-149), p2(-149)},
            {"products exact", {below}, {below}, 0, square},
            {"four exact products", {below, below, below, below}, {below, below, below, below}, 0, 4 * square},
            {"accumulated in binary32", {0.5, 0.5, 0.5, 0.5}, {p2(-24), p2(-24), p2(-24), p2(-24)}, 1, 1},
            {"round down, positive", {1, 1, 1, 1}, {2, p2(-23) + p2(-24), 0, 0}, 0, 2},
            {"round up, negative", {1, 1, 1, 1}, {-2, -p2(-23) - p2(-24), 0, 0}, 0, -2},
            {"one extra alignment bit", {1}, {1}, -(1 - p2(-24)), p2(-24)},
            {"no normalisation in addition", {1, 1, 1, 1}, {p2(-24), p2(-24), p2(-24), p2(-24)}, 1 - p2(-24), 1 + p2(-23)},
            {"subtraction exact with the extra bit", {1, 1}, {1, -p2(-24)}, -1 + p2(-24), 0},
            {"carry-out bits", {1, 1, 1, 1}, {1, 1, 1, p2(-23)}, 1 + p2(-22) + p2(-23), 4 + p2(-21)},
            {"a third carry bit", {1, 1, 1, 1}, {1, 1.5, 1.75, 1.875}, 1.875, 8},
            {"truncation after normalising, positive", {1, 1, 1, 1}, {1, 1, 1, 1}, 1 + p2(-22) + p2(-23), 5},
            {"truncation after normalising, negative", {1, 1, 1, 1}, {-1, -1, -1, -1}, -1 - p2(-22) - p2(-23), -5},
        };
        for (const Vector& v : vectors)
            EXPECT_EQ(through(preset.c_str(), input, v), v.expected) << preset << ": " << v.what;
        const Vector smaller{"", {0.5, 0.5, 0.5, 0.5}, {p2(-24), p2(-24), p2(-24), p2(-23) + p2(-24)}, 1 - p2(-24), 0};
        const Vector larger{"", {0.5, 0.5, 0.5, 0.5}, {p2(-24), p2(-24), p2(-24), p2(-23) + p2(-24)}, 1, 0};
        EXPECT_LT(through(preset.c_str(), input, larger), through(preset.c_str(), input, smaller)) << preset;
    }
    // bf16 subnormals in and fp32 subnormals out (tc_test_numerics-A100-bf16.cu, section A).
    EXPECT_EQ(through("a100-bf16", "bf16", {"", {p2(-133)}, {p2(7)}, 0, 0}), p2(-126));
    EXPECT_EQ(through("a100-bf16", "bf16", {"", {p2(-126)}, {p2(-1)}, 0, 0}), p2(-127));
    EXPECT_EQ(through("a100-bf16", "bf16", {"", {p2(-126)}, {1}, -p2(-127), 0}), p2(-127));
}

// Each block's result is its aligned sum rounded once, and what alignment kept and dropped adds
// up to each term exactly (checked on the trace against GMP sums).
TEST(FusedAdder, TraceAccountsForEveryBit)
{
    std::mt19937_64 rng(11);
    const Format& fp16 = namedFormat("fp16");
    for (const char* preset : {"v100-fp16", "a100-fp16", "h100-fp16", "fixed:13:32"}) {
        for (int round = 0; round < 20; ++round) {
            DotInputs in{fp16, test::randomFiniteCodes(fp16, 64, rng), test::randomFiniteCodes(fp16, 64, rng), 0.25};
            DotTrace trace;
            const auto outcome = innerProduct(in, spec(preset), {}, &trace, 1000);
            ASSERT_TRUE(outcome);
            const DotResult& r = std::get<DotResult>(*outcome);
            ASSERT_FALSE(trace.steps.empty());
            mpq_class total = 0;
            for (const TraceStep& step : trace.steps) {
                ASSERT_EQ(step.kind, TraceStep::Kind::Block);
                mpq_class kept = 0;
                mpq_class exact = 0;
                for (const AlignedTerm& t : step.terms) {
                    const mpq_class v = ExactValue::fromDyadic(t.value).value();
                    EXPECT_EQ(ExactValue::fromDyadic(t.kept).value() + ExactValue::fromDyadic(t.dropped).value(), v);
                    kept += ExactValue::fromDyadic(t.kept).value();
                    exact += v;
                    if (t.index != kNoIndex)
                        total += test::exactProduct(fp16, in.a[t.index], in.b[t.index]);
                }
                EXPECT_EQ(kept, ExactValue::fromDyadic(step.alignedSum).value()) << preset;
                EXPECT_EQ(exact, step.exact) << preset;
            }
            EXPECT_EQ(total + mpq_class(0.25), r.exact.value()) << preset << ": every product appears once";
            EXPECT_EQ(ExactValue::fromDyadic(trace.steps.back().result).value(), r.value().value()) << preset;
        }
    }
}

// With W wide enough that alignment drops nothing, a block rounds its exact sum once: a 24-term
// block of fp16 products whose exponents lie within 8 binades, rounded to nearest even, is the
// correctly rounded sum.
TEST(FusedAdder, WideAdderRoundsTheExactSumOnce)
{
    std::mt19937_64 rng(5);
    FusedAdder wide;
    wide.blockTerms = 24;
    wide.alignedFractionBits = 40;
    wide.resultRounding = RoundingMode::NearestEven;
    std::uniform_real_distribution<double> magnitude(0.5, 16.0);
    for (int round = 0; round < 500; ++round) {
        std::vector<std::uint32_t> a, b;
        for (int i = 0; i < 24; ++i) {
            a.push_back(test::code("fp16", (rng() & 1 ? -1 : 1) * magnitude(rng)));
            b.push_back(test::code("fp16", magnitude(rng)));
        }
        const DotResult r = run(DotInputs{namedFormat("fp16"), a, b, 0}, Accumulator{wide, std::nullopt, {}});
        EXPECT_EQ(r.code, roundExact(r.exact, namedFormat("fp32")).code) << round;
    }
}

// The fast route for fp32 results (the CPU's conversion) against roundToFormat (which a trace
// forces), on blocks that cancel, underflow into fp32 subnormals and overflow.
TEST(FusedAdder, FastFp32ResultsGiveRoundToFormatsBits)
{
    std::mt19937_64 rng(21);
    for (const char* preset : {"v100-fp16", "a100-bf16", "h100-tf32", "b200-bf16", "fixed:23:8"}) {
        const Accumulator acc = spec(preset);
        const Format& input = namedFormat(std::string(preset).find("bf16") != std::string::npos ? "bf16"
                                          : std::string(preset).find("tf32") != std::string::npos ? "tf32"
                                                                                                  : "fp16");
        for (int round = 0; round < 300; ++round) {
            const std::size_t k = 1 + rng() % 40;
            auto a = test::randomFiniteCodes(input, k, rng);
            auto b = test::randomFiniteCodes(input, k, rng);
            if (round % 2 == 0)
                for (std::size_t i = 1; i < k; i += 2) {  // exact cancellation pairs
                    a[i] = a[i - 1] ^ static_cast<std::uint32_t>(input.signMask());
                    b[i] = b[i - 1];
                }
            const DotInputs in{input, a, b, round % 3 == 0 ? std::ldexp(1.0, -140) : 0.0};
            DotTrace trace;
            const auto slow = innerProduct(in, acc, {}, &trace, 1000);
            EXPECT_EQ(run(in, acc).code, std::get<DotResult>(*slow).code) << preset << " round " << round;
        }
    }
}

TEST(FusedAdder, RejectsWhatItCannotTake)
{
    EXPECT_EQ(checkDot(namedFormat("fp32"), spec("v100-fp16"))->kind, DotErrorKind::PresetInputs);
    EXPECT_EQ(checkDot(namedFormat("fp32"), spec("fixed:13"))->kind, DotErrorKind::FusedInputs);
    EXPECT_EQ(checkDot(namedFormat("fp64"), spec("fp32"))->kind, DotErrorKind::InputsTooWide);
    EXPECT_FALSE(checkDot(namedFormat("e5m2"), spec("h100-fp8")));
    EXPECT_FALSE(checkDot(namedFormat("tf32"), spec("fixed:13")));
}

}  // namespace
}  // namespace floatscope::dot
