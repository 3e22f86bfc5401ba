#pragma once

#include <string>

#include <QString>

namespace floatscope {

// Core's UTF-8 text (a format's name, a code in hex, every digit of a value) as Qt shows it.
inline QString qs(const std::string& text) { return QString::fromStdString(text); }

}  // namespace floatscope
