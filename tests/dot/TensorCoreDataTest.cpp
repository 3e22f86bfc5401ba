// The tensor-core presets against the GPUs themselves: the model-validation data Khattak and
// Mikaitis measured on V100, A100, H100, H200 and B200 (tests/dot/data/tensor-cores, made by
// convert.py there from their repository). Every result must agree bit for bit.
#include <gtest/gtest.h>

#include <bit>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/dot/AccumulatorSpec.h"
#include "core/dot/InnerProduct.h"
#include "core/dot/TensorCorePresets.h"
#include "core/format/Registry.h"
#include "core/round/Rounding.h"

namespace floatscope::dot {
namespace {

struct Case {
    std::vector<std::uint32_t> a, b;
    std::uint32_t c = 0;
    std::uint32_t d32 = 0;
    std::optional<std::uint32_t> d16;
};

std::vector<std::uint32_t> hexList(const std::string& text)
{
    std::istringstream in(text);
    std::vector<std::uint32_t> out;
    std::string word;
    while (in >> word)
        out.push_back(static_cast<std::uint32_t>(std::stoul(word, nullptr, 16)));
    return out;
}

std::vector<Case> readCases(const std::string& name)
{
    std::ifstream in(std::string(FLOATSCOPE_DOT_DATA_DIR) + "/tensor-cores/" + name + ".txt");
    std::vector<Case> cases;
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#')
            continue;
        std::vector<std::string> fields;
        std::size_t start = 0;
        for (std::size_t semi; (semi = line.find(';', start)) != std::string::npos; start = semi + 1)
            fields.push_back(line.substr(start, semi - start));
        fields.push_back(line.substr(start));
        Case c;
        c.a = hexList(fields.at(0));
        c.b = hexList(fields.at(1));
        c.c = hexList(fields.at(2)).at(0);
        c.d32 = hexList(fields.at(3)).at(0);
        if (fields.size() > 4)
            c.d16 = hexList(fields.at(4)).at(0);
        cases.push_back(std::move(c));
    }
    return cases;
}

// fp32 value of an fp32 code, or of an fp16 code.
double fp32Value(std::uint32_t bits) { return std::bit_cast<float>(bits); }
double fp16Value(std::uint64_t code)
{
    return std::bit_cast<float>(static_cast<std::uint32_t>(
        roundToFormat(unpackCode(namedFormat("fp16"), code), namedFormat("fp32")).code));
}

struct DataSet {
    const char* file;       // tests/dot/data/tensor-cores/FILE.txt
    const char* preset;     // fp32 output
    const char* preset16;   // fp16 output, or null
    const char* input;
};

class TensorCoreData : public ::testing::TestWithParam<DataSet> {};

TEST_P(TensorCoreData, EveryMeasuredResultAgreesBitForBit)
{
    const DataSet set = GetParam();
    const std::vector<Case> cases = readCases(set.file);
    ASSERT_GE(cases.size(), 100u) << set.file;
    const Format& input = namedFormat(set.input);
    for (const char* id : {set.preset, set.preset16}) {
        if (id == nullptr)
            continue;
        const bool half = id == set.preset16;
        const auto spec = std::get<Accumulator>(parseAccumulator(id));
        int mismatches = 0;
        for (std::size_t i = 0; i < cases.size(); ++i) {
            const Case& c = cases[i];
            DotInputs in{input, c.a, c.b, fp32Value(c.c)};
            if (half)  // the fp16-output runs took c rounded to fp16, nearest-even
                in.start = fp16Value(roundToFormat(unpackFloat(static_cast<float>(in.start)), namedFormat("fp16")).code);
            const auto outcome = innerProduct(in, spec);
            ASSERT_TRUE(outcome && std::holds_alternative<DotResult>(*outcome)) << id;
            const std::uint64_t got = std::get<DotResult>(*outcome).code;
            const std::uint64_t want = half ? *c.d16 : c.d32;
            if (got != want && ++mismatches <= 5)
                ADD_FAILURE() << id << " case " << i << ": model 0x" << std::hex << got << ", GPU 0x" << want;
        }
        EXPECT_EQ(mismatches, 0) << id << ": " << cases.size() << " cases";
    }
}

INSTANTIATE_TEST_SUITE_P(
    Published, TensorCoreData,
    ::testing::Values(DataSet{"v100-fp16", "v100-fp16", "v100-fp16-fp16", "fp16"},
                      DataSet{"a100-fp16", "a100-fp16", "a100-fp16-fp16", "fp16"},
                      DataSet{"a100-bf16", "a100-bf16", nullptr, "bf16"},
                      DataSet{"a100-tf32", "a100-tf32", nullptr, "tf32"},
                      DataSet{"h100-fp16", "h100-fp16", "h100-fp16-fp16", "fp16"},
                      DataSet{"h100-bf16", "h100-bf16", nullptr, "bf16"},
                      DataSet{"h100-tf32", "h100-tf32", nullptr, "tf32"},
                      DataSet{"h100-e4m3fn", "h100-fp8", nullptr, "e4m3fn"},
                      DataSet{"h100-e5m2", "h100-fp8", nullptr, "e5m2"},
                      DataSet{"h200-fp16", "h200-fp16", "h200-fp16-fp16", "fp16"},
                      DataSet{"h200-bf16", "h200-bf16", nullptr, "bf16"},
                      DataSet{"h200-tf32", "h200-tf32", nullptr, "tf32"},
                      DataSet{"h200-e4m3fn", "h200-fp8", nullptr, "e4m3fn"},
                      DataSet{"h200-e5m2", "h200-fp8", nullptr, "e5m2"},
                      DataSet{"b200-fp16", "b200-fp16", "b200-fp16-fp16", "fp16"},
                      DataSet{"b200-bf16", "b200-bf16", nullptr, "bf16"},
                      DataSet{"b200-tf32", "b200-tf32", nullptr, "tf32"}),
    [](const auto& info) {
        std::string name = info.param.file;
        for (char& ch : name)
            if (ch == '-')
                ch = '_';
        return name;
    });

// Why there is no b200-fp8 preset: B200TC.m's parameters for fp8 (32-term blocks, 2 extra alignment
// bits, truncation) disagree with the B200 fp8 measurements published beside them (over all 5000:
// 1793 e4m3 and 1764 e5m2 inner products differ, mostly by an ulp). (All 5000 of both agree
// with "the products' exact sum truncated to fp32, then c added with nearest-even", but that is a fit
// to data, not a published model, so no preset claims it.)
TEST(TensorCoreData, PublishedB200Fp8ModelDisagreesWithItsOwnMeasurements)
{
    FusedAdder published;
    published.blockTerms = 32;
    published.alignedFractionBits = 25;
    published.resultFractionBits = 23;
    published.resultRounding = RoundingMode::TowardZero;
    published.minAlignExponent = -133;
    for (const char* input : {"e4m3fn", "e5m2"}) {
        const std::vector<Case> cases = readCases(std::string("b200-") + input);
        ASSERT_EQ(cases.size(), 256u);
        int differ = 0;
        for (const Case& c : cases) {
            const auto r = innerProduct(DotInputs{namedFormat(input), c.a, c.b, fp32Value(c.c)},
                                        Accumulator{published, std::nullopt, {}});
            const std::uint64_t got = std::get<DotResult>(*r).code;
            differ += got != c.d32 ? 1 : 0;
        }
        EXPECT_EQ(differ, std::string(input) == "e4m3fn" ? 83 : 94) << input;
    }
}

}  // namespace
}  // namespace floatscope::dot
