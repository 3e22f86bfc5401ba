#pragma once

#include <QString>
#include <QStringList>

namespace floatscope::gui::test {

// English words left in a text of the Chinese interface: every run of two or more ASCII letters
// that is not on the explicit list of what may stay (see EnglishText.cpp: format names and aliases,
// units, hex and numbers, technical words, names of papers, models, GPUs and backends). Markup
// (HTML tags and entities) is not text and is skipped.
QStringList englishWords(const QString& text);

// The categories of the list, for the report: one line each.
QStringList allowedCategories();

}  // namespace floatscope::gui::test
