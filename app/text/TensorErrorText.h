#pragma once

#include <QString>

#include "core/scaling/TensorError.h"

namespace floatscope::text {

// Why a tensor could not be loaded, made or quantized, in the interface's language (English on the
// command line, where no translator is installed): one line naming the offending text, the file
// and the place in it.
QString tensorErrorText(const TensorError& error);

}  // namespace floatscope::text
