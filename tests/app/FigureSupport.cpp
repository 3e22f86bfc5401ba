#include "FigureSupport.h"

#include <cmath>

#include <gtest/gtest.h>

#include <QFile>
#include <QFont>
#include <QFontMetricsF>
#include <QPolygonF>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTransform>
#include <QXmlStreamReader>

#include "app/cli/ArgParser.h"
#include "app/cli/ExportViews.h"
#include "app/figures/FigureExport.h"

namespace floatscope::gui::test {

QByteArray svgOf(const Figure& figure, const FigureStyle& style)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("f.svg"));
    EXPECT_EQ(exportFigure(figure, path, {}, style), QString());
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

std::unique_ptr<Figure> exportViewFigure(const std::string& name, const std::vector<std::string>& arguments,
                                         std::string& error)
{
    for (const cli::ExportView& v : cli::exportViews()) {
        if (v.name != name)
            continue;
        cli::ArgParser args(v.options);
        if (auto problem = args.parse(arguments)) {
            error = *problem;
            return nullptr;
        }
        return v.make(args, error);
    }
    error = "no view " + name;
    return nullptr;
}

namespace {

// matrix(a,b,c,d,e,f) of a group; the identity when it has none.
QTransform transformOf(const QString& attribute)
{
    static const QRegularExpression matrix(QStringLiteral("matrix\\(([^)]*)\\)"));
    const QRegularExpressionMatch m = matrix.match(attribute);
    if (!m.hasMatch())
        return {};
    const QStringList v = m.captured(1).split(QLatin1Char(','));
    if (v.size() != 6)
        return {};
    return QTransform(v[0].toDouble(), v[1].toDouble(), v[2].toDouble(), v[3].toDouble(), v[4].toDouble(), v[5].toDouble());
}

QPolygonF pointsOf(const QString& points, const QTransform& t)
{
    static const QRegularExpression number(QStringLiteral("-?[0-9]*\\.?[0-9]+(e-?[0-9]+)?"));
    std::vector<double> v;
    for (auto it = number.globalMatch(points); it.hasNext();)
        v.push_back(it.next().captured(0).toDouble());
    QPolygonF polygon;
    for (std::size_t i = 0; i + 1 < v.size(); i += 2)
        polygon << QPointF(v[i], v[i + 1]);
    return t.map(polygon);
}

QRectF boundsOfNumbers(const QString& points, const QTransform& t)
{
    static const QRegularExpression number(QStringLiteral("-?[0-9]*\\.?[0-9]+(e-?[0-9]+)?"));
    std::vector<double> v;
    for (auto it = number.globalMatch(points); it.hasNext();)
        v.push_back(it.next().captured(0).toDouble());
    QPolygonF polygon;
    for (std::size_t i = 0; i + 1 < v.size(); i += 2)
        polygon << QPointF(v[i], v[i + 1]);
    return t.map(polygon).boundingRect();
}

}  // namespace

std::vector<SvgItem> svgItems(const QByteArray& svg)
{
    std::vector<SvgItem> out;
    QXmlStreamReader xml(svg);
    struct Group {
        QTransform transform;
        QColor fill;
        QColor stroke;
        bool dashed = false;
    };
    std::vector<Group> groups = {{}};
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isEndElement() && xml.name() == QLatin1String("g") && groups.size() > 1)
            groups.pop_back();
        if (!xml.isStartElement())
            continue;
        const QXmlStreamAttributes a = xml.attributes();
        const Group& g = groups.back();
        const auto colour = [&](const char* name, const QColor& inherited) {
            const QString v = a.value(QLatin1String(name)).toString();
            return v.isEmpty() ? inherited : v == QLatin1String("none") ? QColor() : QColor(v);
        };
        if (xml.name() == QLatin1String("g")) {
            Group next{g.transform, colour("fill", g.fill), colour("stroke", g.stroke),
                       a.hasAttribute(QLatin1String("stroke-dasharray")) || g.dashed};
            if (a.hasAttribute(QLatin1String("transform")))
                next.transform = transformOf(a.value(QLatin1String("transform")).toString());
            groups.push_back(next);
            continue;
        }
        SvgItem item;
        item.fill = colour("fill", g.fill);
        item.stroke = colour("stroke", g.stroke);
        item.dashed = g.dashed;
        // A group's scale, rotated or not (a chart's vertical axis title is turned a quarter).
        item.scale = std::hypot(g.transform.m11(), g.transform.m12());
        item.rotated = std::fabs(g.transform.m12()) > 1e-9;
        if (xml.name() == QLatin1String("text")) {
            item.kind = SvgItem::Kind::Text;
            item.fontPixels = a.value(QLatin1String("font-size")).toDouble();
            item.family = a.value(QLatin1String("font-family")).toString();
            item.bold = a.value(QLatin1String("font-weight")).toInt() >= 600;
            const QPointF at = g.transform.map(QPointF(a.value(QLatin1String("x")).toDouble(), a.value(QLatin1String("y")).toDouble()));
            item.text = xml.readElementText();
            QFont font(item.family);
            font.setPointSizeF(item.fontPixels * 72.0 / 96.0);
            font.setBold(item.bold);
            font.setHintingPreference(QFont::PreferNoHinting);
            const double advance = QFontMetricsF(font).horizontalAdvance(item.text) * item.scale;
            item.box = QRectF(at.x(), at.y(), advance, item.fontPixels * item.scale);
            if (item.rotated) {  // the glyphs' box, turned with the group
                const double x = a.value(QLatin1String("x")).toDouble();
                const double y = a.value(QLatin1String("y")).toDouble();
                const double w = QFontMetricsF(font).horizontalAdvance(item.text);
                item.box = g.transform.mapRect(QRectF(x, y - item.fontPixels * 0.72, w, item.fontPixels * 0.92));
            }
        } else if (xml.name() == QLatin1String("path")) {
            item.kind = SvgItem::Kind::Path;
            item.box = boundsOfNumbers(a.value(QLatin1String("d")).toString(), g.transform);
            item.points = pointsOf(a.value(QLatin1String("d")).toString(), g.transform);
        } else if (xml.name() == QLatin1String("polyline")) {
            item.kind = SvgItem::Kind::Polyline;
            item.box = boundsOfNumbers(a.value(QLatin1String("points")).toString(), g.transform);
            item.points = pointsOf(a.value(QLatin1String("points")).toString(), g.transform);
        } else if (xml.name() == QLatin1String("rect")) {
            item.kind = SvgItem::Kind::Rect;
            item.box = g.transform.mapRect(QRectF(a.value(QLatin1String("x")).toDouble(), a.value(QLatin1String("y")).toDouble(),
                                                  a.value(QLatin1String("width")).toDouble(),
                                                  a.value(QLatin1String("height")).toDouble()));
        } else {
            continue;
        }
        out.push_back(std::move(item));
    }
    return out;
}

QString writeFile(const QTemporaryDir& dir, const char* name, const QByteArray& contents)
{
    const QString path = dir.filePath(QString::fromLatin1(name));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(contents) != contents.size() || !file.flush())
        return {};
    return path;
}

}  // namespace floatscope::gui::test
