#pragma once

#include <QString>

#include "core/lessons/Accumulation.h"

namespace floatscope::text {

// Why an accumulation setup cannot run, naming the offending value.
QString message(const SetupError& error);

}  // namespace floatscope::text
