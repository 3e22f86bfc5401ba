// The backward pass against central finite differences of the fp64 reference model (an independent
// plain implementation), for every parameter of a tiny model; and the forward pass against that
// model's loss, with and without the recipe's roundings at the points Transformer.h names.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "ReferenceModel.h"
#include "TrainTestSupport.h"

namespace floatscope::train {
namespace {

struct Fixture {
    TrainConfig config = test::tinyConfig();
    ParameterLayout layout;
    std::vector<float> params;
    std::vector<std::uint8_t> inputs;
    std::vector<std::uint8_t> targets;

    Fixture() : layout(shape())
    {
        params = initialParameters(layout, 11);
        // Gains away from 1 so that their gradients are not special.
        for (const TensorSlot& t : layout.tensors())
            if (t.kind == TensorKind::Gain)
                for (std::size_t i = 0; i < t.size(); ++i)
                    params[t.offset + i] = 0.8f + 0.05f * static_cast<float>(i % 9);
        const auto& text = Corpus::builtin().training();
        const std::size_t n = static_cast<std::size_t>(config.batch * config.model.context);
        for (std::size_t i = 0; i < n; ++i) {
            inputs.push_back(text[1000 + 37 * (i / 8) + i % 8]);
            targets.push_back(text[1001 + 37 * (i / 8) + i % 8]);
        }
    }
    ModelShape shape()
    {
        ModelShape s = config.model;
        s.vocabulary = Corpus::builtin().vocabulary();
        s.initStd = 0.3;  // larger than training's, so that every path carries a gradient
        return s;
    }
    std::vector<double> asDouble() const { return {params.begin(), params.end()}; }
    double lab(const Recipe& recipe)
    {
        const Precision p(recipe);
        Transformer net(layout, config.batch);
        StepTally tally;
        net.setParameters(params, p, nullptr, tally);
        return net.forward(inputs, targets, p, nullptr, tally);
    }
    double reference(const test::ReferenceRounding& rounding = {})
    {
        return test::referenceLoss(layout, asDouble(), inputs, targets, config.batch, rounding);
    }
};

TEST(Gradients, MatchFiniteDifferencesOfTheFp64Model)
{
    Fixture f;
    const Precision p(*findPreset("fp32"));
    Transformer net(f.layout, f.config.batch);
    StepTally tally;
    net.setParameters(f.params, p, nullptr, tally);
    net.forward(f.inputs, f.targets, p, nullptr, tally);
    std::vector<float> grads(f.layout.size());
    net.backward(1.0f, grads, p, nullptr, tally);

    std::vector<double> x = f.asDouble();
    double largest = 0;
    std::vector<double> numeric(x.size());
    for (std::size_t i = 0; i < x.size(); ++i) {
        const double h = 1e-5 * std::max(1.0, std::fabs(x[i]));
        const double keep = x[i];
        x[i] = keep + h;
        const double up = test::referenceLoss(f.layout, x, f.inputs, f.targets, f.config.batch);
        x[i] = keep - h;
        const double down = test::referenceLoss(f.layout, x, f.inputs, f.targets, f.config.batch);
        x[i] = keep;
        numeric[i] = (up - down) / (2 * h);
        largest = std::max(largest, std::fabs(numeric[i]));
    }
    ASSERT_GT(largest, 1e-2);
    int failures = 0;
    std::size_t nonzero = 0;
    for (const TensorSlot& t : f.layout.tensors())
        for (std::size_t k = 0; k < t.size() && failures < 10; ++k) {
            const std::size_t i = t.offset + k;
            nonzero += numeric[i] != 0 ? 1 : 0;
            // fp32 arithmetic against fp64 differences: a few ulps of fp32 relative to the largest.
            if (std::fabs(grads[i] - numeric[i]) > 2e-5 * largest + 1e-3 * std::fabs(numeric[i])) {
                ++failures;
                ADD_FAILURE() << t.name << "[" << k << "]: backward " << grads[i] << ", finite difference "
                              << numeric[i];
            }
        }
    EXPECT_GT(nonzero, x.size() / 2);  // rows of unused characters have none
}

TEST(Gradients, ForwardMatchesTheFp64Model)
{
    Fixture f;
    const double reference = f.reference();
    EXPECT_NEAR(f.lab(*findPreset("fp32")), reference, 1e-5 * reference);
}

test::ReferenceRounding inFormat(const char* linear, const char* attention)
{
    const auto round = [](const char* name) -> std::function<double(double)> {
        if (name == nullptr)
            return {};
        const Format format = namedFormat(name);
        return [format](double x) { return test::roundScalar(format, static_cast<float>(x)); };
    };
    return {round(linear), round(attention)};
}

// matmul=bf16 rounds the blocks' linear products' inputs (L1, L2) and nothing else: the lab's loss
// is the reference's with bf16 roundings there, far from the reference without them.
TEST(RoundingPoints, MatmulRoundsTheLinearProductsInputs)
{
    Fixture f;
    const double rounded = f.reference(inFormat("bf16", nullptr));
    const double plain = f.reference();
    const double lab = f.lab(test::recipe("name=t matmul=bf16"));
    EXPECT_NEAR(lab, rounded, 2e-6 * rounded);
    EXPECT_GT(std::fabs(rounded - plain), 50 * std::fabs(lab - rounded));
}

// attention=fp16 rounds q, k, v, the probabilities, and the head's inputs (F1, F2, L1, L2 of the head).
TEST(RoundingPoints, AttentionRoundsQueriesKeysValuesProbabilitiesAndTheHead)
{
    Fixture f;
    const double rounded = f.reference(inFormat(nullptr, "e5m2"));
    const double plain = f.reference();
    const double lab = f.lab(test::recipe("name=t attention=e5m2"));
    EXPECT_NEAR(lab, rounded, 2e-6 * rounded);
    EXPECT_GT(std::fabs(rounded - plain), 50 * std::fabs(lab - rounded));
}

}  // namespace
}  // namespace floatscope::train
