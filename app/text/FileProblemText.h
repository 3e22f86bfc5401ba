#pragma once

#include <string>

#include <QString>

#include "core/io/RegularFile.h"

namespace floatscope::text {

// Why a file could not be read ("no such file", "not a regular file", ...), for every reader.
QString fileProblemText(FileProblem problem, int systemError, quint64 limitBytes);

// 4 GiB, 1 MiB, 300 bytes.
QString bytesText(quint64 bytes);

// Text from a file or the user as it may appear in a message: at most `length` characters, control
// characters (a NUL byte included) written as \xNN so that nothing cuts the line short.
QString shownText(const std::string& text, int length = 40);

}  // namespace floatscope::text
