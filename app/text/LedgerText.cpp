#include "app/text/LedgerText.h"

#include <QCoreApplication>
#include <QLocale>
#include <QStringList>

#include "app/text/FormatText.h"
#include "app/text/StdString.h"

namespace floatscope::text {

namespace {

// Translation context "LedgerText" (lupdate reads Q_DECLARE_TR_FUNCTIONS).
struct LedgerText {
    Q_DECLARE_TR_FUNCTIONS(LedgerText)
};

// The built-in recipes by id (core/ledger/MemoryLedger.cpp): a name, the GEMMs' input precision (for
// the record: it costs no static memory), the sources of the accounting ([ZeRO] Rajbhandari et al.
// 2020; [Playbook] Hugging Face's Ultra-Scale Playbook; [DSV3] the DeepSeek-V3 technical report;
// [FP8-LM] Peng et al. 2023; lesson 14 and the BF16 lesson), and how the
// primary source counts where it differs from the lessons' accounting.
struct Recipe {
    const char* id;
    const char* name;
    const char* gemm;
    const char* source;
    const char* note;
};
constexpr Recipe kRecipes[] = {
    {"fp32-adam", QT_TRANSLATE_NOOP("LedgerText", "FP32 + Adam"), "fp32",
     QT_TRANSLATE_NOOP("LedgerText", "the BF16 lesson (4 + 4 + 4 + 4 = 16); [ZeRO] §3"),
     QT_TRANSLATE_NOOP("LedgerText", "the weights are their own master copy")},
    {"bf16-mixed", QT_TRANSLATE_NOOP("LedgerText", "BF16 mixed precision"), "bf16",
     QT_TRANSLATE_NOOP("LedgerText", "[ZeRO] §3.1 (2 + 2 + 12 = 16, counted for fp16); [Playbook]; lesson 14 (16)"),
     QT_TRANSLATE_NOOP("LedgerText", "gradients are accumulated in bf16 (or not at all)")},
    {"bf16-mixed-fp32acc", QT_TRANSLATE_NOOP("LedgerText", "BF16 mixed precision, fp32 gradient accumulation"), "bf16",
     QT_TRANSLATE_NOOP("LedgerText", "[Playbook] (4 + 4 + 2 + 2 + 4 + 4 = 20); lesson 14 (20)"),
     QT_TRANSLATE_NOOP("LedgerText", "an fp32 buffer sums the gradients of the micro-batches")},
    {"te-fp8", QT_TRANSLATE_NOOP("LedgerText", "Transformer Engine FP8"),
     QT_TRANSLATE_NOOP("LedgerText", "fp8 (e4m3fn forward, e5m2 backward)"),
     QT_TRANSLATE_NOOP("LedgerText", "[Playbook] (4 + 4 + 4 + 4 = 16); lesson 14 (16, master '-')"),
     QT_TRANSLATE_NOOP("LedgerText", "the fp32 weights are the master copy; the FP8 casts made for each GEMM (and "
                                     "TE's cached FP8 weight and its transpose, when weight caching is on) are not "
                                     "counted")},
    {"deepseek-v3-fp8", QT_TRANSLATE_NOOP("LedgerText", "DeepSeek-V3 FP8"),
     QT_TRANSLATE_NOOP("LedgerText", "e4m3fn (1x128 / 128x128 scaled)"),
     QT_TRANSLATE_NOOP("LedgerText", "[DSV3] §3.3.3 (bf16 AdamW moments; fp32 master weights and accumulated gradients); "
                                     "[Playbook] (4 + 4 + 1 + 2 + 2 + 2 = 15); lesson 14 (15)"),
     QT_TRANSLATE_NOOP("LedgerText", "the report names the fp32 master, fp32 accumulated gradients and bf16 moments; "
                                     "the FP8 weight copy (1) and bf16 gradients (2) are the Playbook's accounting")},
    {"fp8-lm-o3", QT_TRANSLATE_NOOP("LedgerText", "FP8-LM O3"), "fp8",
     QT_TRANSLATE_NOOP("LedgerText", "[FP8-LM] §2 (O3: fp8 gradients and first moment, fp16 second moment and master "
                                     "weights); [Playbook] (2 + 2 + 1 + 1 + 1 + 2 = 9); lesson 14 (9)"),
     QT_TRANSLATE_NOOP("LedgerText", "FP8-LM itself counts 6 bytes (master 2 + gradient 1 + m 1 + v 2); lesson 14 "
                                     "and the Playbook add an FP8 weight copy (1) and fp16 gradient accumulation (2)")},
    {"nanotron-fp8", QT_TRANSLATE_NOOP("LedgerText", "nanotron FP8"), "fp8",
     QT_TRANSLATE_NOOP("LedgerText", "[Playbook] (2 + 4 + 1 + 1 + 1 + 1 = 10); lesson 14 (10)"),
     QT_TRANSLATE_NOOP("LedgerText", "nanotron's FP8 experiments as the Playbook reports them")},
};

const Recipe* recipeOf(const LedgerScheme& scheme)
{
    if (!scheme.builtin())
        return nullptr;
    for (const Recipe& r : kRecipes)
        if (scheme.id == r.id)
            return &r;
    return nullptr;
}

QString schemeUsage()
{
    return LedgerText::tr("(ID=ROLE:FORMAT[xN],...; roles master, acc, weights, grads, opt, other)");
}

}  // namespace

QString roleName(ComponentRole role)
{
    switch (role) {
    case ComponentRole::MasterWeights: return LedgerText::tr("master weights");
    case ComponentRole::AccumulatedGradients: return LedgerText::tr("accumulated gradients");
    case ComponentRole::Weights: return LedgerText::tr("weights");
    case ComponentRole::Gradients: return LedgerText::tr("gradients");
    case ComponentRole::OptimizerStates: return LedgerText::tr("optimizer states");
    case ComponentRole::Other: return LedgerText::tr("other");
    }
    return {};
}

QString componentLabel(const LedgerComponent& c)
{
    if (!c.label.empty())
        return qs(c.label);
    switch (c.moment) {
    case AdamMoment::First: return LedgerText::tr("Adam m");
    case AdamMoment::Second: return LedgerText::tr("Adam v");
    case AdamMoment::None: break;
    }
    return roleName(c.role);
}

QString schemeName(const LedgerScheme& scheme)
{
    if (const Recipe* r = recipeOf(scheme))
        return LedgerText::tr(r->name);
    return qs(scheme.name.empty() ? scheme.id : scheme.name);
}

QString schemeNote(const LedgerScheme& scheme)
{
    const Recipe* r = recipeOf(scheme);
    return r != nullptr ? LedgerText::tr(r->note) : QString();
}

QString schemeSource(const LedgerScheme& scheme)
{
    const Recipe* r = recipeOf(scheme);
    return r != nullptr ? LedgerText::tr(r->source) : LedgerText::tr("user");
}

QString schemeGemm(const LedgerScheme& scheme)
{
    const Recipe* r = recipeOf(scheme);
    return r != nullptr ? LedgerText::tr(r->gemm) : QStringLiteral("-");
}

QString modelName(const ModelPreset& preset)
{
    return preset.name.empty() ? LedgerText::tr("the BF16 lesson's anchor model") : qs(preset.name);
}

QString modelSource(const ModelPreset& preset)
{
    if (!preset.config || !preset.shape)
        return LedgerText::tr("the BF16 lesson: %1 parameters (its anchor model's param_total). The shape is what "
                              "the lesson's activation figures imply (162.5 / 42.5 / 2.5 GiB at s = 4096, b = 1 give "
                              "h = %2, L = %3, a = %4); the lesson does not state it.")
            .arg(QLocale(QLocale::English).toString(static_cast<qulonglong>(preset.parameters)))
            .arg(preset.shape ? preset.shape->hidden : 0)
            .arg(preset.shape ? preset.shape->layers : 0)
            .arg(preset.shape ? preset.shape->heads : 0);
    const ModelShape& s = *preset.shape;
    const ModelConfig& c = *preset.config;
    QStringList parts = {LedgerText::tr("h %1").arg(s.hidden), LedgerText::tr("L %1").arg(s.layers),
                         c.kvHeads == s.heads ? LedgerText::tr("%1 heads").arg(s.heads)
                                              : LedgerText::tr("%1 heads (%2 KV)").arg(s.heads).arg(c.kvHeads)};
    if (c.qkvBiases)
        parts << LedgerText::tr("QKV biases");
    parts << LedgerText::tr("MLP %1").arg(c.intermediate) << LedgerText::tr("vocab %1").arg(c.vocabulary)
          << (c.tiedEmbeddings ? LedgerText::tr("tied") : LedgerText::tr("untied"));
    return parts.join(LedgerText::tr(", "));
}

QString recomputationName(Recomputation recomputation)
{
    switch (recomputation) {
    case Recomputation::None: return LedgerText::tr("no recomputation");
    case Recomputation::Selective: return LedgerText::tr("selective recomputation / FlashAttention");
    case Recomputation::Full: return LedgerText::tr("full recomputation");
    }
    return {};
}

QString message(const LedgerError& e)
{
    const QString subject = qs(e.subject);
    switch (e.kind) {
    case LedgerErrorKind::SchemeWithoutEquals:
        return thenSentence(LedgerText::tr("scheme '%1' has no '='").arg(subject), schemeUsage());
    case LedgerErrorKind::BadSchemeId:
        return LedgerText::tr("scheme id '%1' must be 1..64 letters, digits, '-', '_' or '.'").arg(subject);
    case LedgerErrorKind::ComponentWithoutColon:
        return thenSentence(LedgerText::tr("component '%1' is not ROLE:FORMAT").arg(subject), schemeUsage());
    case LedgerErrorKind::UnknownRole:
        return thenSentence(LedgerText::tr("unknown component role '%1'").arg(subject), schemeUsage());
    case LedgerErrorKind::NegativeBytes: return LedgerText::tr("component '%1' has negative bytes").arg(subject);
    case LedgerErrorKind::ComponentFormat:
        return LedgerText::tr("component '%1': %2").arg(subject, e.format ? message(*e.format) : QString());
    case LedgerErrorKind::NoComponents:
        return thenSentence(LedgerText::tr("scheme '%1' has no components").arg(subject), schemeUsage());
    case LedgerErrorKind::NoParameters: return LedgerText::tr("the parameter count must be positive");
    case LedgerErrorKind::NoGpus: return LedgerText::tr("the GPU count must be at least 1");
    case LedgerErrorKind::BadZeroStage: return LedgerText::tr("ZeRO stage must be 0, 1, 2 or 3, got %1").arg(e.number);
    case LedgerErrorKind::BadComponentBytes:
        return LedgerText::tr("component '%1' of scheme '%2' needs bytes >= 0")
            .arg(e.component ? componentLabel(*e.component) : QString(), subject);
    case LedgerErrorKind::BadMemorySize:
        return LedgerText::tr("memory size '%1' is not a positive number with a unit (80GB, 80GiB, 141GB, 81559MiB)")
            .arg(subject);
    }
    return {};
}

QString message(const ParameterCountError& e)
{
    const QString text = qs(e.text);
    switch (e.kind) {
    case ParameterCountErrorKind::NotANumber:
        return LedgerText::tr("parameter count '%1' is not a number such as 27781427952, 7e9, 6.7B or a model preset "
                              "(see --list-models)")
            .arg(text);
    case ParameterCountErrorKind::NotPositive: return LedgerText::tr("parameter count '%1' must be positive").arg(text);
    case ParameterCountErrorKind::NotWhole: return LedgerText::tr("parameter count '%1' is not a whole number").arg(text);
    case ParameterCountErrorKind::TooLarge: return LedgerText::tr("parameter count '%1' is above 10^15").arg(text);
    }
    return {};
}

QString message(const ActivationError& e)
{
    switch (e.kind) {
    case ActivationErrorKind::ZeroDimension:
        return LedgerText::tr("activations need a positive sequence length, micro-batch, hidden size, head count, "
                              "layer count and tensor-parallel degree");
    case ActivationErrorKind::TensorParallelSplit:
        return LedgerText::tr("tensor-parallel degree %1 must divide the %2 heads and the hidden size %3")
            .arg(e.tensorParallel)
            .arg(e.heads)
            .arg(e.hidden);
    }
    return {};
}

}  // namespace floatscope::text
