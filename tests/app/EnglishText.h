#pragma once

#include <QString>
#include <QStringList>

namespace floatscope::gui::test {

// English words left in a text of the Chinese interface: every run of two or more ASCII letters
// that is not on the explicit list of what may stay (see EnglishText.cpp: format names and aliases,
// units, hex and numbers, technical words, names of papers, models, GPUs and backends). Markup
// (HTML tags and entities) is not text and is skipped.
//
// Quoted text is skipped only where it is the user's own input (what addUserInput was told the
// fields hold or were given) or a name from outside (a format's name or alias): a quoted keyword or
// phrase of ours is words like any other.
QStringList englishWords(const QString& text);

// Text the user typed or a field holds: where a message quotes it, it is the user's, not ours.
void addUserInput(const QString& text);

// The categories of the list, for the report: one line each.
QStringList allowedCategories();

}  // namespace floatscope::gui::test
