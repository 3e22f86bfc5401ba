#include "app/text/LessonInput.h"

#include <cmath>
#include <variant>

#include <QFileInfo>
#include <QRegularExpression>

#include "core/format/Registry.h"
#include "core/scaling/TensorSources.h"
#include "core/text/Parse.h"
#include "app/text/ParseErrorText.h"
#include "app/text/TensorErrorText.h"

namespace floatscope::gui {

namespace {

// Between the values of a pasted list: blanks, commas, semicolons, new lines.
const QRegularExpression& valueSeparators()
{
    static const QRegularExpression kSeparators(QStringLiteral("[\\s,;]+"));
    return kSeparators;
}

// The value, or why not as a clause (to follow a colon) or as the hint beside the field.
std::optional<ExactValue> exactValue(const QString& text, QString& error, bool hint)
{
    const QString trimmed = text.trimmed();
    const ParseOutcome parsed = parseValue(trimmed.toStdString());
    if (const auto* e = std::get_if<ParseError>(&parsed)) {
        error = hint ? text::parseErrorHint(*e, trimmed) : text::parseErrorText(*e, trimmed);
        return std::nullopt;
    }
    return std::get<ParsedValue>(parsed).value;
}

}  // namespace

std::optional<ExactValue> LessonInput::number(const QString& text, QString& error)
{
    return exactValue(text, error, true);
}

std::optional<double> LessonInput::positive(const QString& text, QString& error)
{
    const auto value = number(text, error);
    if (!value)
        return std::nullopt;
    const double d = value->isFinite() ? nearestDouble(*value) : 0.0;
    if (!value->isFinite() || value->negative() || value->isZero() || !(d > 0) || std::isinf(d)) {
        error = tr("Needs a positive finite number, got “%1”").arg(text.trimmed());
        return std::nullopt;
    }
    return d;
}

std::optional<std::int64_t> LessonInput::wholeNumber(const QString& text, std::int64_t min, std::int64_t max, QString& error)
{
    const auto value = number(text, error);
    if (!value)
        return std::nullopt;
    if (!value->isFinite() || value->value().get_den() != 1) {
        error = tr("Needs a whole number, got “%1”").arg(text.trimmed());
        return std::nullopt;
    }
    const mpz_class n = value->value().get_num();
    if (n < min || n > max) {
        error = tr("Needs a whole number from %1 to %2, got “%3”")
                    .arg(QString::number(min), QString::number(max), text.trimmed());
        return std::nullopt;
    }
    return static_cast<std::int64_t>(n.get_si());
}

std::optional<std::vector<double>> LessonInput::values(const QString& text, QString& error)
{
    std::vector<std::string> tokens;
    for (const QString& t : text.split(valueSeparators(), Qt::SkipEmptyParts))
        tokens.push_back(t.toStdString());
    if (tokens.empty()) {
        error = tr("Paste or type at least one value");
        return std::nullopt;
    }
    const TensorLoad load = tensorFromTexts(tokens, namedFormat("fp64"));
    if (!load.tensor) {
        error = tr("Not a list of numbers: %1").arg(text::tensorErrorText(load.error));
        return std::nullopt;
    }
    return load.tensor->values();
}

std::optional<std::vector<ExactValue>> LessonInput::exactValues(const QString& text, QString& error)
{
    std::vector<ExactValue> out;
    for (const QString& t : text.split(valueSeparators(), Qt::SkipEmptyParts)) {
        QString why;
        const auto value = exactValue(t, why, false);
        if (!value) {
            error = tr("In “%1”: %2").arg(t, why);
            return std::nullopt;
        }
        out.push_back(*value);
    }
    if (out.empty()) {
        error = tr("Paste or type at least one value");
        return std::nullopt;
    }
    return out;
}

std::optional<std::vector<double>> LessonInput::file(const QString& path, QString& error)
{
    const TensorLoad load = loadTensorFile(path.toStdString(), namedFormat("fp64"));
    if (!load.tensor) {
        error = tr("Cannot use %1: %2").arg(QFileInfo(path).fileName(), text::tensorErrorText(load.error));
        return std::nullopt;
    }
    return load.tensor->values();
}

std::optional<std::vector<std::pair<QString, ExactValue>>> LessonInput::marks(const QString& text, QString& error)
{
    static const QRegularExpression kSeparators(QStringLiteral("[;,\\n]+"));
    std::vector<std::pair<QString, ExactValue>> out;
    for (const QString& entry : text.split(kSeparators, Qt::SkipEmptyParts)) {
        const QString trimmed = entry.trimmed();
        if (trimmed.isEmpty())
            continue;
        const qsizetype equals = trimmed.indexOf(QLatin1Char('='));
        const QString label = equals < 0 ? QString() : trimmed.left(equals).trimmed();
        const QString valueText = equals < 0 ? trimmed : trimmed.mid(equals + 1).trimmed();
        QString why;
        const auto value = exactValue(valueText, why, false);
        if (!value) {
            error = tr("In “%1”: %2").arg(trimmed, why);
            return std::nullopt;
        }
        out.emplace_back(label, *value);
    }
    return out;
}

}  // namespace floatscope::gui
