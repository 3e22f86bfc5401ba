#include "app/text/OptionText.h"

#include <cmath>

#include "app/text/FormatText.h"
#include "app/text/ParseErrorText.h"

namespace floatscope::gui {

namespace {

QString bound(double value)
{
    return QString::fromStdString(optionBoundText(value));
}

// Above max (or below min) of an option with both bounds or with max alone.
QString outOfRange(const LessonOption& option, const OptionRefusal& refusal, const QString& text)
{
    const bool low = std::isfinite(option.min) && option.type != OptionType::Positive;
    if (option.type == OptionType::List)
        return OptionText::tr("Needs %1 to %2 values, got %3")
            .arg(bound(option.min), bound(option.max))
            .arg(refusal.count);
    if (option.type == OptionType::Whole && low)
        return OptionText::tr("Needs a whole number from %1 to %2, got “%3”").arg(bound(option.min), bound(option.max), text);
    if (low)
        return OptionText::tr("Needs a number from %1 to %2, got “%3”").arg(bound(option.min), bound(option.max), text);
    if (option.unit == OptionUnit::Decades)
        return OptionText::tr("At most %1 decades, got “%2”").arg(bound(option.max), text);
    return OptionText::tr("At most %1, got “%2”").arg(bound(option.max), text);
}

// A few choices by name; a long list (every power of two from 16 to 2^20) by its ends.
QString choiceList(const LessonOption& option)
{
    const std::vector<std::string>& all = option.choices;
    QStringList choices;
    for (std::size_t i = 0; i < all.size(); ++i)
        if (all.size() <= 12 || i < 2 || i + 1 == all.size())
            choices << QString::fromStdString(all[i]);
    if (all.size() > 12)
        choices.insert(2, QStringLiteral("…"));
    return choices.join(QStringLiteral(", "));
}

}  // namespace

QString OptionText::reason(const LessonOption& option, const OptionRefusal& refusal)
{
    const QString text = QString::fromStdString(refusal.text);
    switch (refusal.problem) {
    case OptionProblem::NotANumber:
        return text::parseErrorHint(*refusal.parse, text);
    case OptionProblem::NotFinite:
        return tr("Needs a finite number, got “%1”").arg(text);
    case OptionProblem::NotWhole:
        return tr("Needs a whole number, got “%1”").arg(text);
    case OptionProblem::NotPositive:
        return tr("Needs a positive finite number, got “%1”").arg(text);
    case OptionProblem::OutOfRange:
        return outOfRange(option, refusal, text);
    case OptionProblem::UnknownFormat:
        if (refusal.format && refusal.format->kind != FormatErrorKind::UnknownName) {
            FormatError why = *refusal.format;  // "e12m3": a custom format core refuses, and why
            why.text.clear();
            return tr("“%1” names no format: %2").arg(text, text::message(why));
        }
        return tr("No format is named “%1”").arg(text);
    case OptionProblem::EmptyName:
        return tr("A format name is missing in “%1”").arg(text);
    case OptionProblem::Repeated:
        return tr("“%1” is given twice").arg(text);
    case OptionProblem::Zero:
        return tr("Needs a nonzero number, got “%1”").arg(text);
    case OptionProblem::NoFormat:
        return tr("Choose at least one format");
    case OptionProblem::UnknownChoice:
        return tr("Needs one of %1, got “%2”").arg(choiceList(option), text);
    case OptionProblem::FormatNotTaken:
        return tr("Takes one of %1; %2 does not fit here").arg(choiceList(option), text);
    }
    return {};
}

std::string OptionText::commandLine(const LessonOption& option, const OptionRefusal& refusal)
{
    const std::string flag = option.shortName != 0 ? std::string("-") + option.shortName : "--" + option.name;
    return flag + ": " + reason(option, refusal).toStdString();
}

}  // namespace floatscope::gui
