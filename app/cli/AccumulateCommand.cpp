#include <string>
#include <variant>
#include <vector>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include "app/cli/ArgParser.h"
#include "app/cli/Commands.h"
#include "app/lessons/AccumulationLesson.h"
#include "core/exact/DecimalText.h"
#include "core/format/Codec.h"
#include "core/inspect/Inspection.h"
#include "core/lessons/Accumulation.h"
#include "core/text/Parse.h"
#include "app/text/StdString.h"
#include "app/text/AccumulationText.h"
#include "app/text/ParseErrorText.h"

namespace floatscope::cli {

namespace {

constexpr const char* kHelp = R"(usage: floatscope accumulate --start X --delta D --steps N [-f FMT[,FMT...]]
                             [--mode stored|fp32-master|kahan|stochastic] [--via direct|fp32|fp64]
                             [--seed S] [--random-bits R] [--json | --csv [--every K]] [--no-color]

X + D + D + ... (N times) in each format: the final bits and exact value, how many adds changed the
sum, and the first step at which an add changed nothing, with the reason (the increment is below
half the gap to the next value there). The lecture notes' demos:
  floatscope accumulate --start 1 --delta 1e-3 --steps 1000     fp16 ends at 1.9765625, bf16 at 1
  floatscope accumulate --start 0 --delta 1e-4 --steps 10000    fp16 stops at 0.25, bf16 at 0.03125
  floatscope accumulate --start 1 --delta 1e-3 --steps 10 --mode fp32-master -f bf16

modes:
  stored       the sum is stored in the format; each add rounds once, to nearest-even, from the
               exact sum (PyTorch's same-dtype add, CUDA's __hadd). The default.
  fp32-master  an fp32 master accumulates with fp32 adds; the format holds the master cast to it
               after every step (mixed precision's master weights). Stalls are the master's.
  kahan        Kahan's compensated sum, every operation an add in the format
  stochastic   as stored, but each add rounds stochastically (seeded: the same seed replays)

options:
  --start X             the start value (decimal, scientific, hex float, or bits such as bf16:0x3F80)
  --delta D             the increment, added N times
  --steps N             1 .. 10000000
  -f, --formats LIST    formats, comma-separated (default fp32,fp16,bf16); any name or alias of
                        'floatscope formats', or a custom eXmY
  --mode MODE           stored (default), fp32-master, kahan, stochastic
  --via ROUTE           how X and D reach each format: direct (default: one rounding from the exact
                        value), fp32 or fp64 first (torch.tensor(x, dtype=...) goes through fp32)
  --seed S              stochastic: the seed (0..1000000000, default 0)
  --random-bits R       stochastic: random bits compared with the fraction (1..64, default 32)
  --json                one JSON document on stdout
  --csv                 the trace as CSV: the step, each format's exact value, the exact sum
  --every K             with --csv: every K-th step (and the last) instead of every step
  --no-color            no colours, even on a terminal
  -h, --help            this help
)";

QJsonObject codeJson(const Format& f, std::uint64_t code)
{
    return QJsonObject{{"format", qs(f.name())}, {"bits", qs(hexCode(f, code))}, {"value", qs(codeValueText(f, code))}};
}

QJsonValue optionalStep(const std::optional<std::int64_t>& step)
{
    return step ? QJsonValue(static_cast<double>(*step)) : QJsonValue();
}

QJsonValue dyadicJson(const std::optional<Dyadic>& d) { return d ? QJsonValue(qs(exactDecimal(*d))) : QJsonValue(); }

QJsonValue stallJson(const std::optional<Stall>& s)
{
    if (!s)
        return QJsonValue();
    return QJsonObject{
        {"step", static_cast<double>(s->step)},
        {"format", qs(s->format.name())},
        {"bits", qs(hexCode(s->format, s->code))},
        {"value", qs(codeValueText(s->format, s->code))},
        {"addend", qs(codeValueText(s->format, s->addendCode))},
        {"ulp", dyadicJson(s->ulp)},
        {"gap", dyadicJson(s->gap)},
        {"threshold", dyadicJson(s->threshold)},
        {"reason", toString(s->reason)},
    };
}

// |final - exact| as an exact number, when the final value is finite.
QJsonValue absError(const AccumulationResult& r, const mpq_class& exact)
{
    const ExactValue v = ExactValue::fromCode(r.format, r.finalCode);
    if (!v.isFinite())
        return QJsonValue();
    return qs(exactText(abs(v.value() - exact)));
}

// One sentence on why the first stall happened.
std::string stallSentence(const AccumulationResult& r)
{
    const Stall& s = *r.firstStall;
    // Stored sums and the fp32 master are deterministic: a step that changes nothing repeats forever.
    const bool forGood = r.mode == AccumulationMode::Stored || r.mode == AccumulationMode::Fp32Master;
    const std::string sum = s.format.name() == r.format.name() ? "the sum" : "the " + s.format.name() + " master";
    const std::string head = r.format.name() + ": " + (forGood ? "from step " : "step ") + std::to_string(s.step)
                           + (forGood ? " on, " + sum + " stays at " : " left " + sum + " at ")
                           + codeValueText(s.format, s.code) + ": ";
    const std::string addend = codeValueText(s.format, s.addendCode);
    const std::string increment = r.mode == AccumulationMode::Kahan ? "the corrected increment " : "the increment ";
    const auto gap = [&] { return s.gap ? exactDecimal(*s.gap) : "?"; };
    const auto half = [&] { return s.threshold ? exactDecimal(*s.threshold) : "?"; };
    switch (s.reason) {
    case StallReason::IncrementIsZero:
        return head + "what is added is 0 in " + s.format.name();
    case StallReason::BelowHalfGap:
        return head + increment + addend + " is below half the gap to the next value (gap " + gap()
             + ", half " + half() + ")";
    case StallReason::TieToEven:
        return head + increment + addend + " is exactly half the gap (" + gap()
             + "), and the tie goes to the even value";
    case StallReason::RoundedBack:
        return head + "stochastic rounding kept it (the increment " + addend + " against a gap of " + gap() + ")";
    case StallReason::Saturated:
        return head + "it is the largest finite value, and " + s.format.name() + " saturates";
    case StallReason::NotFinite:
        return head + "an add leaves inf and NaN as they are (the increment is " + addend + ")";
    }
    return head;
}

// A whole number: "1000", "1e6"; anything else names the option. Ranges are checkSetup()'s.
std::optional<std::int64_t> parseCount(const std::string& text, const std::string& option, std::string& error)
{
    const ParseOutcome parsed = parseValue(text);
    const auto* value = std::get_if<ParsedValue>(&parsed);
    if (value == nullptr || value->bits || !value->value.isFinite() || value->value.value().get_den() != 1) {
        error = option + " must be a whole number, got '" + text + "'";
        return std::nullopt;
    }
    const mpz_class n = value->value.value().get_num();
    if (mpz_fits_slong_p(n.get_mpz_t()) == 0) {
        error = option + " is out of range, got '" + text + "'";
        return std::nullopt;
    }
    return n.get_si();
}

// Rows of step, each format's exact value and the exact sum, every K-th step and the last, produced
// while the runs advance together: memory stays flat for 10^7 steps.
void printCsv(const Io& io, const std::vector<Format>& formats, const AccumulationSetup& setup, std::int64_t every)
{
    std::vector<Accumulator> runs;
    for (const Format& f : formats)
        runs.emplace_back(f, setup);
    std::string header = "step";
    for (const Format& f : formats)
        header += "," + f.name();
    std::fprintf(io.out, "%s,exact\n", header.c_str());
    std::vector<std::uint64_t> lastCode(formats.size());
    std::vector<std::string> lastText(formats.size());
    for (std::int64_t step = 0;;) {
        std::string row = std::to_string(step);
        for (std::size_t i = 0; i < runs.size(); ++i) {
            if (step == 0 || runs[i].code() != lastCode[i]) {
                lastCode[i] = runs[i].code();
                lastText[i] = codeValueText(formats[i], lastCode[i]);
            }
            row += "," + lastText[i];
        }
        std::fprintf(io.out, "%s,%s\n", row.c_str(), exactText(exactSumAt(setup, step)).c_str());
        if (step == setup.steps)
            break;
        const std::int64_t next = std::min(step + every, setup.steps);
        for (Accumulator& run : runs)
            run.advance(next - step);
        step = next;
    }
}

// The document --json prints: the setup as typed and exactly, and each format's run.
QJsonObject accumulationJson(const std::string& startText, const std::string& deltaText, const AccumulationSetup& setup,
                             const std::vector<AccumulationResult>& results, const mpq_class& exact)
{
    QJsonArray list;
    for (const AccumulationResult& r : results) {
        QJsonObject o{
            {"format", qs(r.format.name())},
            {"bits", qs(hexCode(r.format, r.finalCode))},
            {"value", qs(codeValueText(r.format, r.finalCode))},
            {"class", toString(r.format.classify(r.finalCode))},
            {"effective_adds", static_cast<double>(r.effectiveAdds)},
            {"first_change_step", optionalStep(r.firstChange)},
            {"first_stall_step", optionalStep(r.firstStall ? std::optional<std::int64_t>{r.firstStall->step}
                                                           : std::nullopt)},
            {"first_stall", stallJson(r.firstStall)},
            {"start_stored", codeJson(r.format, r.startCode)},
            {"delta_stored", codeJson(r.incrementFormat, r.incrementCode)},
            {"abs_error", absError(r, exact)},
        };
        if (r.masterCode)
            o.insert("master", codeJson(r.incrementFormat, *r.masterCode));
        if (r.compensationCode)
            o.insert("compensation", codeJson(r.format, *r.compensationCode));
        list.append(o);
    }
    QJsonObject document{
        {"start", qs(startText)},
        {"delta", qs(deltaText)},
        {"start_exact", qs(setup.start.rationalText())},
        {"delta_exact", qs(setup.delta.rationalText())},
        {"steps", static_cast<double>(setup.steps)},
        {"mode", toString(setup.mode)},
        {"route", toString(setup.route)},
        {"exact_final", qs(exactText(exact))},
        {"results", list},
    };
    if (setup.mode == AccumulationMode::Stochastic) {
        document.insert("seed", qs(std::to_string(setup.seed)));
        document.insert("random_bits", setup.randomBits);
    }
    return document;
}

// --every K, with --csv: the trace's spacing; false with the reason where it is refused.
bool readEvery(const ArgParser& args, std::int64_t& every, std::string& error)
{
    const auto k = args.value("every");
    if (!k)
        return true;
    if (!args.has("csv")) {
        error = "--every sets the CSV trace's spacing: use it with --csv";
        return false;
    }
    const auto parsedEvery = parseCount(*k, "--every", error);
    if (!parsedEvery)
        return false;
    if (*parsedEvery < 1) {
        error = "--every must be at least 1, got " + *k;
        return false;
    }
    every = *parsedEvery;
    return true;
}

// The text: the sum asked for and its exact value, a row per format, and where each stalled.
void printAccumulation(const Io& io, const std::string& startText, const std::string& deltaText,
                       const AccumulationSetup& setup, const std::vector<AccumulationResult>& results,
                       const mpq_class& exact)
{
    std::fprintf(io.out, "%s + %lld x %s  (%s, %s route)\nexact: %s\n\n", startText.c_str(),
                 static_cast<long long>(setup.steps), deltaText.c_str(), toString(setup.mode),
                 toString(setup.route), exactText(exact).c_str());
    Table table({"format", "bits", "value", "effective adds", "first change", "first stall"});
    for (const AccumulationResult& r : results) {
        const auto step = [](const std::optional<std::int64_t>& s) { return s ? std::to_string(*s) : std::string("-"); };
        table.addRow({r.format.name(), paint(io, Colour::Bold, hexCode(r.format, r.finalCode)),
                      codeValueText(r.format, r.finalCode), std::to_string(r.effectiveAdds), step(r.firstChange),
                      step(r.firstStall ? std::optional<std::int64_t>{r.firstStall->step} : std::nullopt)});
    }
    table.print(io);
    bool blank = false;
    for (const AccumulationResult& r : results) {
        if (!r.firstStall)
            continue;
        if (!blank)
            std::fputc('\n', io.out);
        blank = true;
        std::fprintf(io.out, "%s\n", stallSentence(r).c_str());
    }
}

}  // namespace

int runAccumulate(const std::vector<std::string>& arguments, const Io& ioIn)
{
    // The absorption lesson's declared options (what its panel and `export accumulation` take), and
    // the output's own.
    const std::vector<gui::LessonOption> declared = gui::accumulateCommandOptions();
    ArgParser args(declaredOptions(declared, {{"json", 0, false},
                                              {"csv", 0, false},
                                              {"every", 0, true},
                                              {"no-color", 0, false},
                                              {"help", 'h', false}}));
    if (const auto done = parseArguments(args, arguments, ioIn, "accumulate", kHelp))
        return *done;
    const Io io = outputIo(ioIn, args);
    if (!args.positionals().empty())
        return usageError(io, "accumulate takes options only, got '" + args.positionals().front()
                                  + "' (see 'floatscope accumulate --help')");

    // 1. The sum, which the command needs written out, and the rest as the lesson checks them.
    for (const char* required : {"start", "delta", "steps"})
        if (!args.value(required))
            return usageError(io, std::string("accumulate needs --") + required + " (see 'floatscope accumulate --help')");
    std::string error;
    const auto values = gui::readOptions(gui::ParsedArguments(args), declared, error);
    if (!values)
        return usageError(io, error);
    SetupError problem;
    const auto request = gui::accumulationOf(*values, problem);
    if (!request)
        return usageError(io, text::message(problem).toStdString());
    const AccumulationSetup& setup = request->setup;
    const std::vector<Format>& formats = request->formats;

    // 2. The output.
    if (args.has("json") && args.has("csv"))
        return usageError(io, "--json and --csv contradict each other");
    std::int64_t every = 1;
    if (!readEvery(args, every, error))
        return usageError(io, error);

    if (args.has("csv")) {
        printCsv(io, formats, setup, every);
        return 0;
    }

    // 3. One run per format.
    std::vector<AccumulationResult> results;
    for (const Format& f : formats)
        results.push_back(accumulate(f, setup));
    const mpq_class exact = exactSumAt(setup, setup.steps);

    if (args.has("json")) {
        printJson(io, QJsonDocument(accumulationJson(*args.value("start"), *args.value("delta"), setup, results, exact)));
        return 0;
    }
    printAccumulation(io, *args.value("start"), *args.value("delta"), setup, results, exact);
    return 0;
}

}  // namespace floatscope::cli
