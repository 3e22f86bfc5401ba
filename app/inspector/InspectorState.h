#pragma once

#include <optional>
#include <vector>

#include <QObject>
#include <QString>
#include <QUndoStack>

#include "core/exact/ExactValue.h"
#include "core/format/Format.h"
#include "core/inspect/Inspection.h"
#include "core/round/Route.h"
#include "core/round/Rounding.h"

namespace floatscope::gui {

// The inspector's document: the value (as the user wrote it and exactly), the chosen formats and
// rounding settings, and one Inspection per format, recomputed by core whenever any of them
// changes. Value changes go through the undo stack. Widgets read from here and own no numerics.
class InspectorState : public QObject {
    Q_OBJECT

public:
    explicit InspectorState(QObject* parent = nullptr);

    const QString& text() const { return m_text; }
    const ExactValue& value() const { return m_value; }
    const std::vector<Format>& formats() const { return m_formats; }
    const std::vector<Inspection>& results() const { return m_results; }
    RoundingMode mode() const { return m_mode; }
    std::optional<OverflowPolicy> overflow() const { return m_overflow; }
    Route route() const { return m_route; }
    RoundOptions options() const;
    QUndoStack* undoStack() { return &m_undo; }

    // A value typed or chosen by the user: recorded for undo (consecutive typing merges into one
    // step). Returns false, changing nothing, when the text does not parse.
    bool setValueText(const QString& text, bool typing = false);
    // The same for a text already parsed (the value entry parses what is typed once, for its hint and
    // for this): `value` is the text's, and neither this nor undo and redo parse it again.
    void setValue(const QString& text, const ExactValue& value, bool typing = false);
    // The value of a code of one of the formats, written as a bit pattern (bf16:0x3dcd).
    void setValueFromCode(const Format& format, std::uint64_t code);
    void stepValue(int formatIndex, int direction);  // to the next (+1) or previous (-1) code
    void flipBit(int formatIndex, int bit);          // bit 0 is the least significant

    void setFormats(std::vector<Format> formats);
    void setMode(RoundingMode mode);
    void setOverflow(std::optional<OverflowPolicy> overflow);
    void setRoute(Route route);
    // All of it at once, as opening a session does, computed once (the value through the undo
    // stack when it changes). Setting them one by one computed every row five times, four of them
    // with the old value.
    void setAll(std::vector<Format> formats, RoundingMode mode, std::optional<OverflowPolicy> overflow, Route route,
                const QString& valueText);

    // Applies a value without recording it (a remembered value at start-up); false when the text does
    // not parse.
    bool applyValue(const QString& text);
    // The same for a parsed value (the undo command's own use).
    void showValue(const QString& text, const ExactValue& value);

signals:
    void changed();

private:
    void recompute();

    QString m_text;
    ExactValue m_value;
    std::vector<Format> m_formats;
    RoundingMode m_mode = RoundingMode::NearestEven;
    std::optional<OverflowPolicy> m_overflow;
    Route m_route = Route::Direct;
    std::vector<Inspection> m_results;
    QUndoStack m_undo;
};

// The default formats of the inspector and of `floatscope show`.
std::vector<Format> defaultFormats();
QString codeText(const Format& format, std::uint64_t code);  // "bf16:0x3dcd"

}  // namespace floatscope::gui
