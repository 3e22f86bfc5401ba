#include "app/text/InspectionText.h"

#include <QJsonArray>

#include "app/text/Explain.h"
#include "app/text/StdString.h"

namespace floatscope::text {

namespace {

QJsonValue orNull(const std::string& s) { return s.empty() ? QJsonValue() : QJsonValue(qs(s)); }

QJsonValue neighbourJson(const std::optional<NeighbourText>& n)
{
    if (!n)
        return QJsonValue();
    return QJsonObject{{"bits", qs(n->hex)}, {"value", qs(n->value)}, {"shortest", qs(n->shortest)}};
}

QJsonObject routeJson(const Format& f, const RoundResult& r, bool differs)
{
    return QJsonObject{{"bits", qs(hexCode(f, r.code))}, {"double_rounding", differs}};
}

}  // namespace

QJsonObject inspectionJson(const QString& input, const Format& f, const Inspection& r)
{
    QJsonArray flags;
    for (const Flag flag : {kInexact, kTie, kUnderflow, kOverflow, kInvalid})
        if ((r.flags & flag) != 0)
            flags.append(qs(flagNames(flag)));
    QJsonObject json{
        {"format", qs(r.format)},
        {"bits", qs(r.hex)},
        {"binary", qs(r.binary)},
        {"sign", static_cast<int>(r.sign)},
        {"exponent", static_cast<double>(r.exponentField)},
        {"mantissa", static_cast<double>(r.mantissaField)},
        {"class", toString(r.valueClass)},
        {"value", qs(r.value)},
        {"shortest", qs(r.shortest)},
        {"hex_float", orNull(r.hexFloat)},
        {"abs_error", orNull(r.absError)},
        {"rel_error", orNull(r.relError)},
        {"abs_error_approx", orNull(r.absErrorApprox)},
        {"rel_error_approx", orNull(r.relErrorApprox)},
        {"flags", flags},
        {"prev", neighbourJson(r.previous)},
        {"next", neighbourJson(r.next)},
        {"ulp", orNull(r.ulp)},
        {"tie", r.placement.tie},
        {"rounding_reason", toString(r.placement.reason)},
        {"explanation", explainRounding(input, f, r)},
        {"via_fp32", routeJson(f, r.viaFp32, r.viaFp32Differs)},
        {"via_fp64", routeJson(f, r.viaFp64, r.viaFp64Differs)},
    };
    if (const auto& past = r.placement.past)
        json.insert("past_range", QJsonObject{{"largest", qs(exactText(past->largest))},
                                              {"step", qs(exactText(past->step))},
                                              {"outcome", toString(past->outcome)}});
    return json;
}

QString inspectionLine(const QString& input, const Format& f, const Inspection& r)
{
    return QStringLiteral("%1  %2  %3  %4  %5  (shortest %6; abs error %7; rel error %8)  %9")
        .arg(qs(r.format), qs(r.hex), qs(r.binary), qs(toString(r.valueClass)), qs(r.value), qs(r.shortest),
             r.absErrorApprox.empty() ? QStringLiteral("-") : qs(r.absErrorApprox),
             r.relErrorApprox.empty() ? QStringLiteral("-") : qs(r.relErrorApprox), explainRounding(input, f, r));
}

QString inspectionLatex(const Format&, const Inspection& r)
{
    // format & s|e|m bits & hex & exact value & relative error \\ (amsmath/booktabs tables)
    QString binary = qs(r.binary);
    binary.replace(QLatin1Char(' '), QStringLiteral("\\,"));
    QString value = qs(r.value);
    if (value == QLatin1String("inf") || value == QLatin1String("-inf"))
        value = value.startsWith(QLatin1Char('-')) ? QStringLiteral("$-\\infty$") : QStringLiteral("$\\infty$");
    else if (value == QLatin1String("nan"))
        value = QStringLiteral("NaN");
    return QStringLiteral("\\texttt{%1} & \\texttt{%2} & \\texttt{%3} & %4 & %5 \\\\")
        .arg(qs(r.format), binary, qs(r.hex), value,
             r.relErrorApprox.empty() ? QStringLiteral("--") : qs(r.relErrorApprox));
}

}  // namespace floatscope::text
