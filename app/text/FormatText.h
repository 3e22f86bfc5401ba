#pragma once

#include <QString>

#include "core/format/Registry.h"

namespace floatscope::text {

// What a format is, one line: where it comes from and what is special about it ("OCP FP8 E4M3: no
// inf, NaN at S.1111.111, max 448"); a user-defined format by its parameters.
QString formatNote(const Format& format);

// Why a text or a set of parameters names no format.
QString message(const FormatError& error);

}  // namespace floatscope::text
