#pragma once

#include <vector>

#include <QString>
#include <QStringList>

namespace floatscope::gui {

// The lecture notes' examples (the BF16 lesson, lecture 10, lesson 14), loaded from
// resources/presets.json: a value, the formats that show the point, and a title in each language.
struct Preset {
    QString value;
    QStringList formats;
    QString titleEnglish;
    QString titleChinese;

    QString title(const QString& language) const
    {
        return language.startsWith(QLatin1String("zh")) && !titleChinese.isEmpty() ? titleChinese : titleEnglish;
    }
};

std::vector<Preset> loadPresets(const QString& path = QStringLiteral(":/presets.json"));

}  // namespace floatscope::gui
