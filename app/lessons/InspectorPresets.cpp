#include "app/lessons/InspectorPresets.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace floatscope::gui {

std::vector<Preset> loadPresets(const QString& path)
{
    std::vector<Preset> out;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return out;
    const QJsonObject root = QJsonDocument::fromJson(file.readAll()).object();
    for (const QJsonValue& v : root.value(QLatin1String("presets")).toArray()) {
        const QJsonObject o = v.toObject();
        Preset p;
        p.value = o.value(QLatin1String("value")).toString();
        for (const QJsonValue& f : o.value(QLatin1String("formats")).toArray())
            p.formats << f.toString();
        const QJsonObject title = o.value(QLatin1String("title")).toObject();
        p.titleEnglish = title.value(QLatin1String("en")).toString();
        p.titleChinese = title.value(QLatin1String("zh_CN")).toString();
        if (!p.value.isEmpty())
            out.push_back(p);
    }
    return out;
}

}  // namespace floatscope::gui
