// The memory ledger against the lecture notes' numbers and the papers' own examples: the lecture notes' totals
// (lesson 14 §3C and its code: 16, 20, 16, 15, 9, 10; the BF16 lesson: fp32 + Adam 16 bytes and 444.5 GB
// for the anchor model), ZeRO's worked example (Rajbhandari et al. 2020, Figure 1: 7.5B parameters
// on 64 GPUs), and the BF16 lesson's activation figures for the anchor model (Korthikanti et al. 2022).

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <string>

#include "core/ledger/Activations.h"
#include "core/ledger/MemoryLedger.h"
#include "core/ledger/ModelPresets.h"

namespace floatscope {
namespace {

constexpr std::uint64_t kAnchor = 27781427952ull;

LedgerResult ledger(const char* id, std::uint64_t parameters, std::uint64_t gpus = 1, int zero = 0)
{
    LedgerConfig config;
    config.parameters = parameters;
    config.gpus = gpus;
    config.zeroStage = zero;
    const LedgerOutcome out = computeLedger(*findScheme(id), config);
    EXPECT_TRUE(out.result);
    return *out.result;
}

// The lecture notes' table, component by component (master, accumulated gradients, weights, gradients,
// optimizer states), as lesson 14's fp8_memory_ledger() writes it.
struct LedgerRow {
    const char* id;
    double master;
    double accumulated;
    double weights;
    double gradients;
    double optimizer;
    double total;
};

TEST(Ledger, Lesson14TotalsComponentByComponent)
{
    const LedgerRow rows[] = {
        {"bf16-mixed", 4, 0, 2, 2, 8, 16},        {"bf16-mixed-fp32acc", 4, 4, 2, 2, 8, 20},
        {"te-fp8", 0, 0, 4, 4, 8, 16},            {"deepseek-v3-fp8", 4, 4, 1, 2, 4, 15},
        {"fp8-lm-o3", 2, 2, 1, 1, 3, 9},          {"nanotron-fp8", 2, 4, 1, 1, 2, 10},
        {"fp32-adam", 0, 0, 4, 4, 8, 16},  // the BF16 lesson: "4 + 4 + 4 + 4 = 16"
    };
    for (const LedgerRow& r : rows) {
        const auto scheme = findScheme(r.id);
        ASSERT_TRUE(scheme) << r.id;
        EXPECT_EQ(scheme->bytesFor(ComponentRole::MasterWeights), r.master) << r.id;
        EXPECT_EQ(scheme->bytesFor(ComponentRole::AccumulatedGradients), r.accumulated) << r.id;
        EXPECT_EQ(scheme->bytesFor(ComponentRole::Weights), r.weights) << r.id;
        EXPECT_EQ(scheme->bytesFor(ComponentRole::Gradients), r.gradients) << r.id;
        EXPECT_EQ(scheme->bytesFor(ComponentRole::OptimizerStates), r.optimizer) << r.id;
        EXPECT_EQ(scheme->bytesPerParam(), r.total) << r.id;
    }
    EXPECT_EQ(builtinSchemes().size(), 7u);
}

TEST(Ledger, AnchorModelAt16BytesIs4445GB)
{
    const LedgerResult r = ledger("fp32-adam", kAnchor);
    EXPECT_EQ(r.totalBytes, 444502847232.0);  // exact: 27,781,427,952 x 16
    EXPECT_NEAR(inUnit(r.totalBytes, ByteUnit::GB), 444.5, 0.005);
    EXPECT_NEAR(inUnit(r.totalBytes, ByteUnit::GiB), 413.98, 0.005);
    // "是 80 GB 单卡的 5.6 倍": 444.5 / 80 with the card counted in GB; an 80 GiB card holds 5.17 of them.
    EXPECT_NEAR(inUnit(r.totalBytes, ByteUnit::GB) / 80, 5.556, 0.0005);
    EXPECT_NEAR(inUnit(r.totalBytes, ByteUnit::GiB) / 80, 5.175, 0.0005);
    // BF16 mixed precision is the same 16 bytes (the BF16 lesson: "账本还是 16 字节/参数").
    EXPECT_EQ(ledger("bf16-mixed", kAnchor).totalBytes, r.totalBytes);
}

TEST(Ledger, ZeroStagesReproduceThePapersExample)
{
    // ZeRO Figure 1: Psi = 7.5B, N_d = 64, K = 12: 120 GB, 31.4 GB, 16.6 GB, 1.9 GB per device.
    const std::uint64_t psi = 7500000000ull;
    const double expected[] = {120.0, 31.40625, 16.640625, 1.875};
    for (int stage = 0; stage <= 3; ++stage) {
        const LedgerResult r = ledger("bf16-mixed", psi, 64, stage);
        EXPECT_DOUBLE_EQ(inUnit(r.perGpuBytes, ByteUnit::GB), expected[stage]) << "stage " << stage;
        EXPECT_EQ(r.totalBytes, 16.0 * psi);
    }
    // Which component each stage shards.
    EXPECT_FALSE(shardedByZero(ComponentRole::OptimizerStates, 0));
    EXPECT_TRUE(shardedByZero(ComponentRole::MasterWeights, 1));
    EXPECT_FALSE(shardedByZero(ComponentRole::Gradients, 1));
    EXPECT_TRUE(shardedByZero(ComponentRole::AccumulatedGradients, 2));
    EXPECT_FALSE(shardedByZero(ComponentRole::Weights, 2));
    EXPECT_TRUE(shardedByZero(ComponentRole::Weights, 3));
    EXPECT_FALSE(shardedByZero(ComponentRole::Other, 3));
}

TEST(Ledger, SchemesAreEditableAndUsersAddTheirOwn)
{
    LedgerScheme edited = *findScheme("bf16-mixed");
    edited.components[3].bytesPerParam = 1;  // Adam m in fp8
    LedgerConfig config;
    config.parameters = 1000;
    EXPECT_EQ(computeLedger(edited, config).result->totalBytes, 13000.0);

    const SchemeSpecParse mine = parseSchemeSpec("mine=master:fp32,weights:e4m3fn,grads:bf16,opt:bf16x2,other:0.5");
    ASSERT_TRUE(mine.scheme);
    EXPECT_EQ(mine.scheme->id, "mine");
    EXPECT_EQ(mine.scheme->bytesPerParam(), 4 + 1 + 2 + 4 + 0.5);
    EXPECT_EQ(mine.scheme->components[3].format, "bf16 x2");
    EXPECT_EQ(parseSchemeSpec("fp4=weights:e2m1").scheme->bytesPerParam(), 0.5);

    EXPECT_FALSE(mine.scheme->builtin());
    EXPECT_TRUE(findScheme("te-fp8")->builtin());

    // Each refusal with its kind and the text it names.
    const auto refusal = [](std::string_view spec) {
        const SchemeSpecParse p = parseSchemeSpec(spec);
        EXPECT_FALSE(p.scheme) << spec;
        return p.error.value_or(LedgerError{});
    };
    EXPECT_EQ(refusal("nameless").kind, LedgerErrorKind::SchemeWithoutEquals);
    EXPECT_EQ(refusal("nameless").subject, "nameless");
    EXPECT_EQ(refusal("x=brains:fp32").kind, LedgerErrorKind::UnknownRole);
    EXPECT_EQ(refusal("x=brains:fp32").subject, "brains");
    const LedgerError format = refusal("x=weights:bf17");
    EXPECT_EQ(format.kind, LedgerErrorKind::ComponentFormat);
    EXPECT_EQ(format.subject, "weights:bf17");
    ASSERT_TRUE(format.format);
    EXPECT_EQ(format.format->kind, FormatErrorKind::UnknownName);
    EXPECT_EQ(format.format->text, "bf17");
    EXPECT_EQ(refusal("x=weights:-2").kind, LedgerErrorKind::NegativeBytes);
    EXPECT_EQ(refusal("x=weights").kind, LedgerErrorKind::ComponentWithoutColon);
    EXPECT_EQ(refusal("x=").kind, LedgerErrorKind::NoComponents);
    EXPECT_EQ(refusal("bad id=weights:fp32").kind, LedgerErrorKind::BadSchemeId);
    EXPECT_EQ(refusal("bad id=weights:fp32").subject, "bad id");
}

TEST(Ledger, BadConfigurationsAreRefused)
{
    const LedgerScheme s = *findScheme("bf16-mixed");
    LedgerConfig c;
    const auto kind = [](const LedgerOutcome& out) { return out.error.value_or(LedgerError{}).kind; };
    EXPECT_FALSE(computeLedger(s, c).result);
    EXPECT_EQ(kind(computeLedger(s, c)), LedgerErrorKind::NoParameters);
    c.parameters = 10;
    c.gpus = 0;
    EXPECT_EQ(kind(computeLedger(s, c)), LedgerErrorKind::NoGpus);
    c.gpus = 8;
    c.zeroStage = 4;
    EXPECT_EQ(kind(computeLedger(s, c)), LedgerErrorKind::BadZeroStage);
    EXPECT_EQ(computeLedger(s, c).error->number, 4);
    LedgerScheme broken = s;
    broken.components[0].bytesPerParam = -1;
    c.zeroStage = 0;
    const LedgerOutcome bad = computeLedger(broken, c);
    EXPECT_EQ(kind(bad), LedgerErrorKind::BadComponentBytes);
    EXPECT_EQ(bad.error->subject, "bf16-mixed");
    EXPECT_EQ(bad.error->component->role, ComponentRole::MasterWeights);
}

TEST(ParameterCounts, AsPeopleWriteThem)
{
    EXPECT_EQ(parseParameterCount("27,781,427,952").parameters, kAnchor);
    EXPECT_EQ(parseParameterCount("27_781_427_952").parameters, kAnchor);
    EXPECT_EQ(parseParameterCount("anchor").parameters, kAnchor);
    EXPECT_EQ(parseParameterCount("6.7B").parameters, 6700000000ull);
    EXPECT_EQ(parseParameterCount("7e9").parameters, 7000000000ull);
    EXPECT_EQ(parseParameterCount("350m").parameters, 350000000ull);
    EXPECT_EQ(parseParameterCount("1.5T").parameters, 1500000000000ull);
    EXPECT_EQ(parseParameterCount("llama3-8b").parameters, 8030261248ull);
    EXPECT_EQ(parseParameterCount("1e15").parameters, kMaxParameterCount);
    const auto refusal = [](std::string_view text) {
        const ParameterCountParse p = parseParameterCount(text);
        EXPECT_FALSE(p.parameters) << text;
        EXPECT_EQ(p.error.value_or(ParameterCountError{}).text, text);
        return p.error.value_or(ParameterCountError{}).kind;
    };
    EXPECT_EQ(refusal("-7B"), ParameterCountErrorKind::NotPositive);
    EXPECT_EQ(refusal("0"), ParameterCountErrorKind::NotPositive);
    EXPECT_EQ(refusal("1.5"), ParameterCountErrorKind::NotWhole);
    EXPECT_EQ(refusal("2e15"), ParameterCountErrorKind::TooLarge);
    EXPECT_EQ(refusal("seven"), ParameterCountErrorKind::NotANumber);
    EXPECT_EQ(refusal("inf"), ParameterCountErrorKind::NotANumber);
    EXPECT_EQ(parseParameterCount(std::string(100, '9') + "x").error->text.size(), 60u);
}

TEST(ModelPresets, CountsFollowFromTheConfigs)
{
    // Dense decoder: vocab * h * 2 (untied) + L * (2h^2 + 2h kv + qkv biases + 3h * mlp + 2h) + h.
    auto count = [](std::uint64_t h, std::uint64_t layers, std::uint64_t mlp, std::uint64_t vocab, std::uint64_t kv,
                    bool biases) {
        const std::uint64_t attention = 2 * h * h + 2 * h * kv + (biases ? h + 2 * kv : 0);
        return vocab * h * 2 + layers * (attention + 3 * h * mlp + 2 * h) + h;
    };
    EXPECT_EQ(findModelPreset("llama2-7b")->parameters, count(4096, 32, 11008, 32000, 4096, false));
    EXPECT_EQ(findModelPreset("mistral-7b")->parameters, count(4096, 32, 14336, 32000, 1024, false));
    EXPECT_EQ(findModelPreset("qwen2.5-7b")->parameters, count(3584, 28, 18944, 152064, 512, true));
    EXPECT_EQ(findModelPreset("llama3-8b")->parameters, count(4096, 32, 14336, 128256, 1024, false));
    EXPECT_EQ(findModelPreset("llama3-70b")->parameters, count(8192, 80, 28672, 128256, 1024, false));
    EXPECT_EQ(findModelPreset("llama3.1-405b")->parameters, count(16384, 126, 53248, 128256, 1024, false));
    // The configs the presets carry (what the panel's tooltip and --list-models describe) give the
    // same counts: the description cannot drift from the number.
    for (const ModelPreset& p : modelPresets()) {
        if (!p.config)
            continue;
        const ModelShape& s = *p.shape;
        EXPECT_FALSE(p.config->tiedEmbeddings) << p.id;
        EXPECT_EQ(p.parameters, count(s.hidden, s.layers, p.config->intermediate, p.config->vocabulary,
                                      s.hidden / s.heads * p.config->kvHeads, p.config->qkvBiases))
            << p.id;
    }
    EXPECT_FALSE(findModelPreset("anchor")->config);
}

// ---------------------------------------------------------------------------------------------
// Activations: Korthikanti et al. 2022, Table 2.

ActivationConfig anchor(Recomputation r)
{
    ActivationConfig c;
    c.sequence = 4096;
    c.microBatch = 1;
    c.hidden = 5120;
    c.heads = 24;
    c.layers = 64;
    c.recomputation = r;
    return c;
}

TEST(Activations, Lesson14AnchorFigures)
{
    // the BF16 lesson: "激活从 162.5 GiB 降到 42.5 GiB（选择性重计算 / FlashAttention）; 全量重计算 ... 2.5 GiB",
    // at s = 4096, b = 1, in GiB (although the BF16 lesson's ledger counts GB).
    const double gib = 1073741824.0;
    EXPECT_EQ(activationMemory(anchor(Recomputation::None)).result->totalBytes, 162.5 * gib);
    EXPECT_EQ(activationMemory(anchor(Recomputation::Selective)).result->totalBytes, 42.5 * gib);
    EXPECT_EQ(activationMemory(anchor(Recomputation::Full)).result->totalBytes, 2.5 * gib);
    EXPECT_EQ(activationMemory(anchor(Recomputation::None)).result->formula, "sbh(34 + 5as/h)");
}

TEST(Activations, TensorAndSequenceParallelRows)
{
    ActivationConfig c = anchor(Recomputation::None);
    c.heads = 40;
    c.tensorParallel = 8;
    const double sbh = 4096.0 * 5120;
    const double as = 40.0 * 4096;
    EXPECT_DOUBLE_EQ(activationMemory(c).result->bytesPerLayer, sbh * (10 + 24.0 / 8 + 5 * as / (5120.0 * 8)));
    c.sequenceParallel = true;
    EXPECT_DOUBLE_EQ(activationMemory(c).result->bytesPerLayer, sbh / 8 * (34 + 5 * as / 5120.0));
    c.recomputation = Recomputation::Selective;
    EXPECT_DOUBLE_EQ(activationMemory(c).result->bytesPerLayer, 34 * sbh / 8);
    c.sequenceParallel = false;
    EXPECT_DOUBLE_EQ(activationMemory(c).result->bytesPerLayer, sbh * (10 + 24.0 / 8));
    c.recomputation = Recomputation::Full;
    EXPECT_DOUBLE_EQ(activationMemory(c).result->bytesPerLayer, 2 * sbh);
}

TEST(Activations, BadShapesAreRefused)
{
    ActivationConfig c = anchor(Recomputation::None);
    c.tensorParallel = 5;  // does not divide 24 heads
    const ActivationError split = activationMemory(c).error.value_or(ActivationError{});
    EXPECT_EQ(split.kind, ActivationErrorKind::TensorParallelSplit);
    EXPECT_EQ(split.tensorParallel, 5u);
    EXPECT_EQ(split.heads, 24u);
    EXPECT_EQ(split.hidden, 5120u);
    c.tensorParallel = 1;
    c.sequence = 0;
    EXPECT_EQ(activationMemory(c).error.value_or(ActivationError{ActivationErrorKind::TensorParallelSplit}).kind,
              ActivationErrorKind::ZeroDimension);
}

TEST(Fit, StaticPlusActivationsAgainstTheCard)
{
    // The anchor model in BF16 with ZeRO-3 on 8 GPUs: 444.5 GB / 8 = 55.6 GB of model states, plus
    // 42.5 GiB of activations with selective recomputation: more than an 80 GiB card.
    const LedgerResult r = ledger("bf16-mixed", kAnchor, 8, 3);
    const double activations = activationMemory(anchor(Recomputation::Selective)).result->totalBytes;
    const FitCheck f = checkFit(r.perGpuBytes, activations, *parseByteSize("80GiB").bytes);
    EXPECT_FALSE(f.fits);
    EXPECT_EQ(f.usedBytes, r.perGpuBytes + activations);
    EXPECT_TRUE(checkFit(r.perGpuBytes, activationMemory(anchor(Recomputation::Full)).result->totalBytes,
                         *parseByteSize("80GiB").bytes).fits);
}

TEST(ByteSizes, UnitsAreExplicit)
{
    EXPECT_EQ(parseByteSize("80GB").bytes, 80e9);
    EXPECT_EQ(parseByteSize("80GiB").bytes, 80.0 * 1073741824.0);
    EXPECT_EQ(parseByteSize("81559MiB").bytes, 81559.0 * 1048576.0);
    EXPECT_EQ(parseByteSize("141 gb").bytes, 141e9);
    EXPECT_FALSE(parseByteSize("80").bytes);
    EXPECT_FALSE(parseByteSize("-80GB").bytes);
    EXPECT_EQ(parseByteSize("lots").error.value_or(LedgerError{}).kind, LedgerErrorKind::BadMemorySize);
    EXPECT_EQ(parseByteSize("lots").error->subject, "lots");
    EXPECT_EQ(inUnit(1e9, ByteUnit::GB), 1.0);
    EXPECT_EQ(inUnit(1073741824.0, ByteUnit::GiB), 1.0);
}

}  // namespace
}  // namespace floatscope
