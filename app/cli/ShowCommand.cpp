#include <sstream>
#include <variant>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include "app/cli/ArgParser.h"
#include "app/cli/Commands.h"
#include "app/lessons/InspectorViews.h"
#include "core/format/Registry.h"
#include "core/inspect/Inspection.h"
#include "app/text/Explain.h"
#include "app/text/InspectionText.h"
#include "app/text/ParseErrorText.h"
#include "app/text/StdString.h"
#include "core/text/Parse.h"

namespace floatscope::cli {

namespace {

constexpr const char* kHelp = R"(usage: floatscope show VALUE [-f FMT[,FMT...]] [--rounding MODE] [--saturate|--no-saturate]
                       [--via direct|fp32|fp64] [--seed N] [--random-bits R] [--json] [--no-color]

VALUE, rounded once from its exact value into each format: the bits, the exact stored value, the
shortest text that reads back to it, the error, the neighbours, the ulp, and why it rounded that way.

VALUE: decimal or scientific (0.1, -2.5e-3), hex float (0x1.8p3), inf, -inf, nan, or a bit pattern
of a format (bf16:0x3DCD, e4m3fn:0b0111_1110).

options:
  -f, --formats LIST    formats, comma-separated (default fp32,fp16,bf16,e4m3fn,e5m2); any name or
                        alias of 'floatscope formats', or a custom eXmY
  --rounding MODE       nearest-even (default), nearest-away, toward-zero, up, down, odd, stochastic
  --saturate            clamp overflow (and infinities) to the largest finite value
  --no-saturate         overflow to inf, or NaN where the format has no inf
                        (default: each format's own rule)
  --via ROUTE           direct (default: one rounding from the exact value), fp32 or fp64 (first to
                        that format, as torch.tensor(x).to(dtype) does); other bits than direct are
                        reported as double rounding
  --seed N              stochastic rounding: the seed (0..1000000000, default 0)
  --random-bits R       stochastic rounding: random bits compared with the fraction (1..64, default 32)
  --json                one JSON document on stdout
  --no-color            no colours, even on a terminal
  -h, --help            this help
)";

// The ulp as a power of two, which it always is: "2^-27".
std::string powerOfTwo(const Format& f, std::uint64_t code)
{
    const auto ulp = ulpOf(f, code);
    if (!ulp)
        return "-";
    return "2^" + std::to_string(ulp->normalized().exponent);
}

std::string roundingWords(const Inspection& in)
{
    std::string out = toString(in.placement.reason);
    if ((in.flags & kInexact) != 0 && in.valueClass != ValueClass::NaN)
        out += in.placement.wentUp ? " (up)" : " (down)";
    return out;
}


std::string binaryCell(const Io& io, const std::string& binary, const Format& f)
{
    // The fields are separated by single spaces: colour each as the bit strip does.
    std::istringstream fields(binary);
    std::string out;
    std::string field;
    const Colour colours[] = {Colour::Sign, Colour::Exponent, Colour::Mantissa};
    int index = f.signBits() == 0 ? 1 : 0;
    while (fields >> field) {
        out += (out.empty() ? "" : " ") + paint(io, colours[std::min(index, 2)], field);
        ++index;
    }
    return out;
}

}  // namespace

int runShow(const std::vector<std::string>& arguments, const Io& ioIn)
{
    // The options the inspector's figures declare (`export bits`), the seed and random bits of
    // stochastic rounding, and the output's own.
    const std::vector<gui::LessonOption> declared = gui::showOptions();
    ArgParser args(declaredOptions(declared, {{"json", 0, false}, {"no-color", 0, false}, {"help", 'h', false}}));
    if (const auto done = parseArguments(args, arguments, ioIn, "show", kHelp))
        return *done;
    const Io io = outputIo(ioIn, args);

    // 1. The value.
    if (args.positionals().empty())
        return usageError(io, "show needs a VALUE (see 'floatscope show --help')");
    if (args.positionals().size() > 1)
        return usageError(io, "show takes one VALUE, got '" + args.positionals()[0] + "' and '"
                                  + args.positionals()[1] + "'");
    const std::string& text = args.positionals().front();
    const ParseOutcome parsed = parseValue(text);
    if (const auto* e = std::get_if<ParseError>(&parsed))
        return usageError(io, text::parseErrorLine(*e, text).toStdString());
    const ExactValue value = std::get<ParsedValue>(parsed).value;

    // 2. Formats, rounding, overflow and route, checked as the figures check them.
    std::string error;
    const auto values = gui::readOptions(gui::ParsedArguments(args), declared, error);
    if (!values)
        return usageError(io, error);
    const auto formats = parseFormatList(values->text("formats"), error);
    if (!formats)
        return usageError(io, error);
    const auto choice = gui::roundingChoiceOf(*values, error);
    if (!choice)
        return usageError(io, error);
    const RoundOptions options = choice->options;
    const Route route = choice->route;
    StochasticSource random(static_cast<std::uint64_t>(values->whole("seed")),
                            static_cast<int>(values->whole("random-bits")));

    // 3. One inspection per format.
    std::vector<Inspection> results;
    for (const Format& f : *formats) {
        RoundOptions o = options;
        if (o.mode == RoundingMode::Stochastic)
            o = random.next(options.overflow);
        results.push_back(inspect(value, f, o, route));
    }

    if (args.has("json")) {
        QJsonArray list;
        for (std::size_t i = 0; i < results.size(); ++i)
            list.append(text::inspectionJson(qs(text), (*formats)[i], results[i]));
        printJson(io, QJsonDocument(QJsonObject{
                          {"input", qs(text)},
                          {"exact", qs(value.rationalText())},
                          {"rounding", toString(options.mode)},
                          {"overflow", options.overflow ? toString(*options.overflow) : "format-default"},
                          {"route", toString(route)},
                          {"results", list},
                      }));
        return 0;
    }

    std::fprintf(io.out, "%s = %s  (%s, %s route)\n\n", text.c_str(), value.rationalText().c_str(),
                 toString(options.mode), toString(route));
    Table bits({"format", "bits", "sign exponent mantissa", "class", "value (exact)"});
    Table rounding({"format", "shortest", "abs error", "rel error", "ulp", "rounding", "via fp32"});
    // The neighbours are values of the format: every digit, as the stored value (the shortest text
    // that reads back to one is another thing, and 257's e4m3fn neighbour is 288, not "300").
    Table neighbours({"format", "previous", "previous (exact)", "next", "next (exact)"});
    for (std::size_t i = 0; i < results.size(); ++i) {
        const Inspection& r = results[i];
        const Format& f = (*formats)[i];
        bits.addRow({r.format, r.hex, binaryCell(io, r.binary, f), toString(r.valueClass), r.value});
        rounding.addRow({r.format, r.shortest, r.absErrorApprox.empty() ? "-" : r.absErrorApprox,
                         r.relErrorApprox.empty() ? "-" : r.relErrorApprox, powerOfTwo(f, r.code), roundingWords(r),
                         r.viaFp32Differs ? hexCode(f, r.viaFp32.code) + " (double rounding)" : "same"});
        neighbours.addRow({r.format, r.previous ? r.previous->hex : "-", r.previous ? r.previous->value : "-",
                           r.next ? r.next->hex : "-", r.next ? r.next->value : "-"});
    }
    for (const Table* table : {&bits, &rounding, &neighbours}) {
        table->print(io);
        std::fputc('\n', io.out);
    }
    for (std::size_t i = 0; i < results.size(); ++i)
        std::fprintf(io.out, "%s\n", text::explainRounding(qs(text), (*formats)[i], results[i]).toStdString().c_str());
    return 0;
}

}  // namespace floatscope::cli
