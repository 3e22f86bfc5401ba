#pragma once

#include <QString>

#include "core/text/Parse.h"

namespace floatscope::text {

// A parse error in the interface's language, naming what is wrong and where.
QString parseErrorText(const ParseError& error, const QString& input);

}  // namespace floatscope::text
