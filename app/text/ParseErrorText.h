#pragma once

#include <string>

#include <QString>

#include "core/text/Parse.h"

namespace floatscope::text {

// Why `input` is not a value, in the interface's language (English on the command line): a clause
// that names what is wrong and where ("unexpected 'x' at position 3"), to follow a colon. Positions
// count characters from 1; a control character is named as U+XXXX, never embedded.
QString parseErrorText(const ParseError& error, const QString& input);

// The same as a sentence on its own, for the hint beside the field the user typed into.
QString parseErrorHint(const ParseError& error, const QString& input);

// The same with the input quoted before it, for a line that stands far from the text, as the command
// line's stderr: "'1e-3x': unexpected 'x' at position 5". The input arrives as the bytes it was.
QString parseErrorLine(const ParseError& error, const std::string& input);

}  // namespace floatscope::text
