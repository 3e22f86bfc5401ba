#pragma once

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include <QCoreApplication>
#include <QString>

#include "core/exact/ExactValue.h"

namespace floatscope::gui {

// What the lesson panels' fields accept, read by core's exact parser, with the reason a text is
// refused in the interface's language (shown in red beside the field).
class LessonInput {
    Q_DECLARE_TR_FUNCTIONS(LessonInput)

public:
    // A number as the inspector reads it: decimal, scientific, hex float, inf/nan, bits (bf16:0x3F80).
    static std::optional<ExactValue> number(const QString& text, QString& error);
    // A finite positive number, as a double (a median, a standard deviation).
    static std::optional<double> positive(const QString& text, QString& error);
    // A whole number in [min, max]; "1e6" is one.
    static std::optional<std::int64_t> wholeNumber(const QString& text, std::int64_t min, std::int64_t max, QString& error);
    // Values separated by blanks, commas, semicolons or new lines, each read exactly and rounded once
    // to fp64; at least one.
    static std::optional<std::vector<double>> values(const QString& text, QString& error);
    // The same, each kept exactly (for a lesson that rounds them once to its own format).
    static std::optional<std::vector<ExactValue>> exactValues(const QString& text, QString& error);
    // The values of a tensor file (.npy, .csv or .txt) rounded once to fp64; the error names the file.
    static std::optional<std::vector<double>> file(const QString& path, QString& error);
    // "gradient = 1e-8; eps = 1e-6": values with optional labels, separated by ';', ',' or new lines.
    static std::optional<std::vector<std::pair<QString, ExactValue>>> marks(const QString& text, QString& error);
};

}  // namespace floatscope::gui
