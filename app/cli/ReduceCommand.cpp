#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include "app/cli/ArgParser.h"
#include "app/cli/Commands.h"
#include "app/cli/Interruption.h"
#include "app/cli/Progress.h"
#include "app/lessons/ReductionsLesson.h"
#include "app/text/StdString.h"
#include "core/arith/ExactArithmetic.h"
#include "core/exact/DecimalText.h"
#include "core/exact/ExactValue.h"
#include "core/reduce/Reductions.h"

namespace floatscope::cli {

namespace {

constexpr const char* kHelp = R"(usage: floatscope reduce softmax [--logits FMT] [--vocab N] [--mean X] [--std X]
       floatscope reduce moments [--count N] [--mean X] [--std X]
       floatscope reduce rmsnorm [--hidden N] [--rows N] [--std X] [--eps X]
       floatscope reduce router  [--tokens N] [--experts N] [--top-k K] [--std X]
           [--formats LIST] [--seed S] [--json] [--progress]

The reductions mixed precision keeps in fp32, computed with every operation rounded once in each
format (nearest even), beside a reference computed exactly or with MPFR at 256 bits:
  softmax  the denominator sum of e^x over a vocabulary of normal logits (default 151936, Qwen2's),
           without and with the max subtracted: overflow, and terms absorbed by a large sum
  moments  mean and variance of normal values (default 4096 near 100): two-pass, E[x^2] - E[x]^2
           and Welford's update
  rmsnorm  x / sqrt(mean(x^2) + eps) * g over rows of a hidden size, output rounded to bf16
  router   softmax over the experts and the top k per token: tokens whose choice changes against
           the exact order of the logits (default 4096 tokens, 64 experts, top 8)

options:
  --formats LIST   formats to compute in (default bf16,fp16,fp32 for softmax, bf16,fp32 otherwise;
                   signed, with a zero, at most 25 significant bits within fp32's range)
  --seed S         the generator's seed (default 1; 0..1000000000)
  --logits FMT     softmax: the logits' own format (default bf16)
  --vocab N        softmax: the vocabulary (1..4194304)
  --count N        moments: values (1..4194304)
  --hidden N       rmsnorm: the hidden size (1..65536);  --rows N: rows (1..4096), at most
                   16777216 values in all
  --eps X          rmsnorm: the epsilon (default 1e-6)
  --tokens N       router: tokens (1..65536); --experts N (2..1024); --top-k K (1..experts);
                   at most 4194304 logits (tokens x experts)
  --mean X, --std X  the data's mean and standard deviation
  --json           one JSON document on stdout
  --progress       the share done on stderr, as on a terminal, also when stderr is not one
  -h, --help       this help

Ctrl-C (or SIGTERM) stops within a second: the rows of the formats finished are printed (--json says
"interrupted"), exit status 130.
)";

// A format's value (held exactly in a double) with every digit; inf, -inf, nan.
QString valueText(double v)
{
    if (std::isnan(v))
        return "nan";
    if (std::isinf(v))
        return v < 0 ? "-inf" : "inf";
    return qs(exactDecimal(dyadicFromDouble(v)));
}

// A reference or an error: 17 significant digits.
QString approximate(double v)
{
    if (!std::isfinite(v))
        return valueText(v);
    return qs(approximateDecimal(ExactValue::fromDouble(v).value(), 17));
}

QJsonValue optionalApproximate(const std::optional<double>& v) { return v ? QJsonValue(approximate(*v)) : QJsonValue(); }

std::string brief(double v)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", v);
    return text;
}

// What one reduction gives: its setup and rows as JSON, and the rows as a table.
struct Reduced {
    QJsonObject setup;
    QJsonArray results;
    Table table{{}};
};

Reduced reduceSoftmax(const gui::ReductionsSetup& setup, const dot::RunControl& control)
{
    Reduced out;
    const reduce::SoftmaxSetup& s = setup.softmax;
    const std::uint64_t seed = s.seed;
    std::vector<reduce::SoftmaxRow> finished;
    const auto rows = reduce::softmaxDenominators(s, control, &finished).value_or(std::move(finished));
    out.setup = QJsonObject{{"seed", qs(std::to_string(seed))}, {"logits", qs(s.logits.name())},
                            {"vocabulary", static_cast<double>(s.vocabulary)}, {"mean", s.mean}, {"std", s.deviation}};
    out.table = Table({"format", "max", "denominator", "reference", "rel. error", "absorbed", "overflowed", "p(top)",
                       "p(top) exact"});
    for (const reduce::SoftmaxRow& r : rows) {
        out.results.append(QJsonObject{{"format", qs(r.format.name())},
                                       {"subtract_max", r.subtractMax},
                                       {"denominator", valueText(r.denominator)},
                                       {"reference", approximate(r.reference)},
                                       {"rel_error", optionalApproximate(r.relativeError)},
                                       {"absorbed", static_cast<double>(r.absorbed)},
                                       {"overflowed", static_cast<double>(r.overflowed)},
                                       {"top_probability", valueText(r.topProbability)},
                                       {"top_reference", approximate(r.topReference)}});
        out.table.addRow({r.format.name(), r.subtractMax ? "subtracted" : "not", valueText(r.denominator).toStdString(),
                          brief(r.reference), r.relativeError ? brief(*r.relativeError) : "-", std::to_string(r.absorbed),
                          std::to_string(r.overflowed), brief(r.topProbability), brief(r.topReference)});
    }
    return out;
}

Reduced reduceMoments(const gui::ReductionsSetup& setup, const dot::RunControl& control)
{
    Reduced out;
    const reduce::MomentsSetup& s = setup.moments;
    const std::uint64_t seed = s.seed;
    std::vector<reduce::MomentsRow> finished;
    const auto rows = reduce::moments(s, control, &finished).value_or(std::move(finished));
    out.setup = QJsonObject{{"seed", qs(std::to_string(seed))}, {"count", static_cast<double>(s.count)}, {"mean", s.mean},
                            {"std", s.deviation}};
    out.table = Table({"format", "method", "mean", "variance", "exact mean", "exact variance", "mean error", "variance error"});
    for (const reduce::MomentsRow& r : rows) {
        out.results.append(QJsonObject{{"format", qs(r.format.name())},
                                       {"method", reduce::toString(r.method)},
                                       {"mean", valueText(r.mean)},
                                       {"variance", valueText(r.variance)},
                                       {"exact_mean", approximate(r.exactMean)},
                                       {"exact_variance", approximate(r.exactVariance)},
                                       {"mean_rel_error", optionalApproximate(r.meanError)},
                                       {"variance_rel_error", optionalApproximate(r.varianceError)}});
        out.table.addRow({r.format.name(), reduce::toString(r.method), valueText(r.mean).toStdString(),
                          valueText(r.variance).toStdString(), brief(r.exactMean), brief(r.exactVariance),
                          r.meanError ? brief(*r.meanError) : "-", r.varianceError ? brief(*r.varianceError) : "-"});
    }
    return out;
}

Reduced reduceRmsNorm(const gui::ReductionsSetup& setup, const dot::RunControl& control)
{
    Reduced out;
    const reduce::RmsNormSetup& s = setup.rmsNorm;
    const std::uint64_t seed = s.seed;
    std::vector<reduce::RmsNormRow> finished;
    const auto rows = reduce::rmsNorm(s, control, &finished).value_or(std::move(finished));
    out.setup = QJsonObject{{"seed", qs(std::to_string(seed))}, {"hidden", static_cast<double>(s.hidden)},
                            {"rows", static_cast<double>(s.rows)}, {"std", s.deviation}, {"eps", s.eps}};
    out.table = Table({"format", "max rel. error", "mean rel. error", "correctly rounded"});
    for (const reduce::RmsNormRow& r : rows) {
        out.results.append(QJsonObject{{"format", qs(r.format.name())},
                                       {"max_rel_error", approximate(r.maxRelativeError)},
                                       {"mean_rel_error", approximate(r.meanRelativeError)},
                                       {"correctly_rounded", r.correctlyRounded}});
        out.table.addRow({r.format.name(), brief(r.maxRelativeError), brief(r.meanRelativeError),
                          brief(100 * r.correctlyRounded) + "%"});
    }
    return out;
}

Reduced reduceRouter(const gui::ReductionsSetup& setup, const dot::RunControl& control)
{
    Reduced out;
    const reduce::RouterSetup& s = setup.router;
    const std::uint64_t seed = s.seed;
    std::vector<reduce::RouterRow> finished;
    const auto rows = reduce::routerTopK(s, control, &finished).value_or(std::move(finished));
    out.setup = QJsonObject{{"seed", qs(std::to_string(seed))}, {"tokens", static_cast<double>(s.tokens)},
                            {"experts", static_cast<double>(s.experts)}, {"top_k", static_cast<double>(s.topK)},
                            {"std", s.deviation}};
    out.table = Table({"format", "tokens", "top-k changed", "top-1 changed", "tied weights", "max gate error"});
    for (const reduce::RouterRow& r : rows) {
        out.results.append(QJsonObject{{"format", qs(r.format.name())},
                                       {"tokens_changed", static_cast<double>(r.tokensChanged)},
                                       {"top1_changed", static_cast<double>(r.topOneChanged)},
                                       {"tied_weights", static_cast<double>(r.tiedWeights)},
                                       {"max_gate_error", approximate(r.maxGateError)}});
        out.table.addRow({r.format.name(), std::to_string(s.tokens), std::to_string(r.tokensChanged),
                          std::to_string(r.topOneChanged), std::to_string(r.tiedWeights), brief(r.maxGateError)});
    }
    return out;
}

}  // namespace

int runReduce(const std::vector<std::string>& arguments, const Io& io)
{
    // The reductions' declared options (lessons/ReductionsLesson.h), and the command's own.
    std::vector<ArgParser::Option> options;
    for (const std::string& name : gui::reductionOptionNames())
        options.push_back({name, name == "formats" ? 'f' : char(0), true});
    options.insert(options.end(), {{"json", 0, false}, {"progress", 0, false}, {"help", 'h', false}});
    ArgParser args(std::move(options));
    if (const auto done = parseArguments(args, arguments, io, "reduce", kHelp))
        return *done;
    if (args.positionals().size() != 1)
        return usageError(io, args.positionals().empty() ? "reduce needs one of softmax, moments, rmsnorm, router"
                                                         : "reduce takes one reduction, got '" + args.positionals()[1] + "'");
    std::string error;
    const auto setup = gui::readReductions(gui::ParsedArguments(args), error);
    if (!setup)
        return usageError(io, error);
    const std::string what = gui::toString(setup->reduction);
    const bool json = args.has("json");
    // The work on a terminal's stderr; Ctrl-C stops it and the formats finished are printed.
    const Interruption interruption;
    Progress progress(io.err, args.has("progress"), "reduce " + what, "", 0);
    const dot::RunControl control{interruption.flag(), [&](double share) { progress.showShare(share); }};
    progress.showShare(0);
    using Reducer = Reduced (*)(const gui::ReductionsSetup&, const dot::RunControl&);
    const std::map<gui::Reduction, Reducer> reducers = {{gui::Reduction::Softmax, reduceSoftmax},
                                                        {gui::Reduction::Moments, reduceMoments},
                                                        {gui::Reduction::RmsNorm, reduceRmsNorm},
                                                        {gui::Reduction::Router, reduceRouter}};
    const Reduced reduced = reducers.at(setup->reduction)(*setup, control);
    const QJsonArray& results = reduced.results;

    progress.clear();
    const bool interrupted = interruption.requested();
    if (interrupted)
        std::fprintf(io.err, "floatscope: interrupted: %s the results above are of the formats finished before\n",
                     results.isEmpty() ? "no format was finished;" : "");
    if (json) {
        QJsonObject document{{"reduction", qs(what)}, {"setup", reduced.setup}, {"results", results}};
        if (interrupted)
            document["interrupted"] = true;
        printJson(io, QJsonDocument(document));
    } else {
        reduced.table.print(io);
    }
    return interrupted ? Interruption::kExitStatus : 0;
}

}  // namespace floatscope::cli
