#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include "app/cli/ArgParser.h"
#include "app/cli/Commands.h"
#include "core/exact/DecimalText.h"
#include "core/exact/ExactValue.h"
#include "core/format/Codec.h"
#include "core/format/Registry.h"
#include "core/inspect/Inspection.h"
#include "app/text/StdString.h"
#include "app/text/FormatText.h"

namespace floatscope::cli {

namespace {

constexpr const char* kHelp = R"(usage: floatscope formats [--json | --names]

Every format Floatscope knows: aliases, layout (sign/exponent/mantissa bits), bias, largest finite
value, smallest normal and subnormal, epsilon (the gap above 1), where inf and NaN are encoded, and
the range it covers:
  binades   powers of two [2^k, 2^(k+1)) holding a positive finite value, subnormal ones included
            (fp16: 40); "normal" counts only those of normal numbers (fp16: 30)
  decades   log10(largest finite / smallest positive); "normal" uses the smallest normal instead
e4m3 is the lessons' IEEE-like teaching formula (max 240); e4m3fn is the OCP/hardware fp8 (max 448).
Custom formats: eXmY with an optional convention, e.g. e5m4, e3m4fnuz, e5m0fnu, e4m3fnb8 (bias 8).

options:
  --json      one JSON document on stdout
  --names     every name and alias, one per line (for scripts and shell completion)
  -h, --help  this help
)";

// Where inf and NaN sit, as code lists ("0x7c00, 0xfc00"; "0x7c01..0x7fff, 0xfc01..0xffff").
std::string infinityCodes(const Format& f)
{
    if (!f.hasInfinity())
        return "none";
    return hexCode(f, f.infinityMagnitude()) + ", " + hexCode(f, f.signMask() | f.infinityMagnitude());
}

std::string nanCodes(const Format& f)
{
    switch (f.convention()) {
    case Convention::Ieee: {
        const std::uint64_t first = f.infinityMagnitude() + 1;
        const std::uint64_t last = f.magnitudeMask();
        return hexCode(f, first) + ".." + hexCode(f, last) + ", " + hexCode(f, f.signMask() | first) + ".."
            + hexCode(f, f.signMask() | last);
    }
    case Convention::FiniteNan: return hexCode(f, f.magnitudeMask()) + ", " + hexCode(f, f.signMask() | f.magnitudeMask());
    case Convention::Fnuz: return hexCode(f, f.signMask());
    case Convention::Unsigned: return hexCode(f, f.magnitudeMask());
    case Convention::Finite: return "none";
    }
    return "none";
}

std::string brief(const Dyadic& d)
{
    return briefDecimal(ExactValue::fromDyadic(d).value());
}

std::string fixed(double x, int decimals)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, x);
    return buf;
}

}  // namespace

int runFormats(const std::vector<std::string>& arguments, const Io& io)
{
    ArgParser args({{"json", 0, false}, {"names", 0, false}, {"help", 'h', false}});
    if (const auto done = parseArguments(args, arguments, io, "formats", kHelp))
        return *done;
    if (!args.positionals().empty())
        return usageError(io, "formats takes no values, got '" + args.positionals().front() + "'");

    if (args.has("names")) {
        for (const Format& f : namedFormats()) {
            std::fprintf(io.out, "%s\n", f.name().c_str());
            for (const std::string& a : f.aliases())
                std::fprintf(io.out, "%s\n", a.c_str());
        }
        return 0;
    }
    if (args.has("json")) {
        QJsonArray list;
        for (const Format& f : namedFormats()) {
            QJsonArray aliases;
            for (const std::string& a : f.aliases())
                aliases.append(qs(a));
            list.append(QJsonObject{
                {"format", qs(f.name())},
                {"aliases", aliases},
                {"description", text::formatNote(f)},
                {"bits", f.totalBits()},
                {"sign_bits", f.signBits()},
                {"exponent_bits", f.exponentBits()},
                {"mantissa_bits", f.mantissaBits()},
                {"bias", f.bias()},
                {"convention", toString(f.convention())},
                {"default_overflow", toString(f.defaultOverflow())},
                {"max", qs(exactDecimal(f.maxFinite()))},
                {"min_normal", qs(exactDecimal(f.minNormal()))},
                {"min_subnormal", qs(exactDecimal(f.minSubnormal()))},
                {"epsilon", qs(exactDecimal(f.epsilon()))},
                {"has_zero", f.hasZero()},
                {"has_negative_zero", f.hasNegativeZero()},
                {"inf_codes", qs(infinityCodes(f))},
                {"nan_codes", qs(nanCodes(f))},
                {"binades", f.binades()},
                {"normal_binades", f.normalBinades()},
                {"decades", f.decades()},
                {"normal_decades", f.normalDecades()},
            });
        }
        printJson(io, QJsonDocument(QJsonObject{{"formats", list}}));
        return 0;
    }

    Table table({"format", "s+e+m", "bias", "max", "min normal", "min subnormal", "epsilon", "inf", "nan",
                 "binades (normal)", "decades (normal)", "also known as"});
    for (const Format& f : namedFormats()) {
        std::string aliases;
        for (std::size_t i = 0; i < f.aliases().size() && i < 3; ++i)
            aliases += (i ? ", " : "") + f.aliases()[i];
        table.addRow({f.name(),
                      std::to_string(f.signBits()) + "+" + std::to_string(f.exponentBits()) + "+"
                          + std::to_string(f.mantissaBits()),
                      std::to_string(f.bias()), brief(f.maxFinite()), brief(f.minNormal()), brief(f.minSubnormal()),
                      brief(f.epsilon()), infinityCodes(f), nanCodes(f),
                      std::to_string(f.binades()) + " (" + std::to_string(f.normalBinades()) + ")",
                      fixed(f.decades(), 1) + " (" + fixed(f.normalDecades(), 1) + ")", aliases});
    }
    table.print(io);
    std::fputs("\n~: rounded to 6 digits ('floatscope formats --json' has every digit). binades: powers of two "
               "holding a positive finite value, subnormals included; decades: log10(max / min positive).\ne4m3 is the lessons' IEEE-like teaching formula (max 240); e4m3fn is the OCP "
               "hardware fp8 (max 448).\n",
               io.out);
    return 0;
}

}  // namespace floatscope::cli
