#pragma once

#include <QString>

#include "core/io/RegularFile.h"
#include "core/scaling/TensorError.h"

namespace floatscope::text {

// Why a tensor could not be loaded, made or quantized, in the interface's language (English on the
// command line, where no translator is installed): one line naming the offending text, the file
// and the place in it.
QString tensorErrorText(const TensorError& error);

// Why a file could not be read ("no such file", "not a regular file", ...), for any reader.
QString fileProblemText(FileProblem problem, int systemError, quint64 limitBytes);

// Text from a file or the user as it may appear in a message: at most `length` characters, control
// characters (a NUL byte included) written as \xNN so that nothing cuts the line short.
QString shownText(const std::string& text, int length = 40);

}  // namespace floatscope::text
