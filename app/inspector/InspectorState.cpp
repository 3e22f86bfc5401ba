#include "app/inspector/InspectorState.h"

#include <variant>

#include <QCoreApplication>
#include <QUndoCommand>

#include "core/format/Registry.h"
#include "core/round/Neighbours.h"
#include "core/text/Parse.h"

namespace floatscope::gui {

namespace {

// One value change; consecutive typing in the entry merges into a single step.
class SetValueCommand : public QUndoCommand {
public:
    // A value with the text it was given as: what undo and redo show, parsed once before.
    struct Entry {
        QString text;
        ExactValue value;
    };

    SetValueCommand(InspectorState* state, Entry before, Entry after, bool typing)
        : m_state(state), m_before(std::move(before)), m_after(std::move(after)), m_typing(typing)
    {
        setText(QCoreApplication::translate("InspectorState", "value %1").arg(m_after.text));
    }
    int id() const override { return m_typing ? 1 : -1; }
    bool mergeWith(const QUndoCommand* other) override
    {
        const auto* next = static_cast<const SetValueCommand*>(other);
        if (!next->m_typing)
            return false;
        m_after = next->m_after;
        setText(QCoreApplication::translate("InspectorState", "value %1").arg(m_after.text));
        return true;
    }
    void redo() override { m_state->showValue(m_after.text, m_after.value); }
    void undo() override { m_state->showValue(m_before.text, m_before.value); }

private:
    InspectorState* m_state;
    Entry m_before;
    Entry m_after;
    bool m_typing;
};

}  // namespace

std::vector<Format> defaultFormats()
{
    return {namedFormat("fp32"), namedFormat("fp16"), namedFormat("bf16"), namedFormat("e4m3fn"),
            namedFormat("e5m2")};
}

QString codeText(const Format& format, std::uint64_t code)
{
    return QString::fromStdString(format.name() + ":" + hexCode(format, code));
}

InspectorState::InspectorState(QObject* parent) : QObject(parent), m_formats(defaultFormats())
{
    applyValue(QStringLiteral("0.1"));
}

RoundOptions InspectorState::options() const
{
    RoundOptions o;
    o.mode = m_mode == RoundingMode::Stochastic ? RoundingMode::NearestEven : m_mode;
    o.overflow = m_overflow;
    return o;
}

bool InspectorState::applyValue(const QString& text)
{
    const ParseOutcome parsed = parseValue(text.toStdString());
    if (std::holds_alternative<ParseError>(parsed))
        return false;
    showValue(text, std::get<ParsedValue>(parsed).value);
    return true;
}

void InspectorState::showValue(const QString& text, const ExactValue& value)
{
    m_text = text.trimmed();
    m_value = value;
    recompute();
}

bool InspectorState::setValueText(const QString& text, bool typing)
{
    const ParseOutcome parsed = parseValue(text.toStdString());
    if (std::holds_alternative<ParseError>(parsed))
        return false;
    setValue(text, std::get<ParsedValue>(parsed).value, typing);
    return true;
}

void InspectorState::setValue(const QString& text, const ExactValue& value, bool typing)
{
    if (text.trimmed() == m_text)
        return;
    m_undo.push(new SetValueCommand(this, {m_text, m_value}, {text.trimmed(), value}, typing));
}

void InspectorState::setValueFromCode(const Format& format, std::uint64_t code)
{
    setValueText(codeText(format, code));
}

void InspectorState::stepValue(int formatIndex, int direction)
{
    if (formatIndex < 0 || formatIndex >= static_cast<int>(m_results.size()))
        return;
    const Format& f = m_formats[static_cast<std::size_t>(formatIndex)];
    const std::uint64_t code = m_results[static_cast<std::size_t>(formatIndex)].code;
    const auto next = direction > 0 ? nextUp(f, code) : nextDown(f, code);
    if (next)
        setValueFromCode(f, *next);
}

void InspectorState::flipBit(int formatIndex, int bit)
{
    if (formatIndex < 0 || formatIndex >= static_cast<int>(m_results.size()))
        return;
    const Format& f = m_formats[static_cast<std::size_t>(formatIndex)];
    if (bit < 0 || bit >= f.totalBits())
        return;
    setValueFromCode(f, m_results[static_cast<std::size_t>(formatIndex)].code ^ (std::uint64_t{1} << bit));
}

void InspectorState::setFormats(std::vector<Format> formats)
{
    m_formats = std::move(formats);
    recompute();
}

void InspectorState::setMode(RoundingMode mode)
{
    m_mode = mode;
    recompute();
}

void InspectorState::setOverflow(std::optional<OverflowPolicy> overflow)
{
    m_overflow = overflow;
    recompute();
}

void InspectorState::setRoute(Route route)
{
    m_route = route;
    recompute();
}

void InspectorState::setAll(std::vector<Format> formats, RoundingMode mode, std::optional<OverflowPolicy> overflow,
                            Route route, const QString& valueText)
{
    m_formats = std::move(formats);
    m_mode = mode;
    m_overflow = overflow;
    m_route = route;
    if (valueText.trimmed() != m_text && setValueText(valueText))
        return;  // the pushed value recomputed
    recompute();
}

void InspectorState::recompute()
{
    m_results.clear();
    m_results.reserve(m_formats.size());
    // Stochastic rounding in the inspector: one seeded draw per format, the same for a given value.
    StochasticSource random(0);
    for (const Format& f : m_formats) {
        RoundOptions o = options();
        if (m_mode == RoundingMode::Stochastic)
            o = random.next(m_overflow);
        m_results.push_back(inspect(m_value, f, o, m_route));
    }
    emit changed();
}

}  // namespace floatscope::gui
