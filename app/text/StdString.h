#pragma once

#include <string>

#include <QString>

namespace floatscope {

// Core's UTF-8 text (a format's name, a code in hex, every digit of a value) as Qt shows it.
inline QString qs(const std::string& text) { return QString::fromStdString(text); }

// Two sentences one after the other: a space after English punctuation, none after Chinese (a
// space after "。" is a stray one in Chinese text).
inline QString thenSentence(const QString& first, const QString& second)
{
    if (first.isEmpty() || second.isEmpty())
        return first + second;
    if (first.back().unicode() >= 0x3000)
        return first + second;
    return first + QLatin1Char(' ') + second;
}

}  // namespace floatscope
