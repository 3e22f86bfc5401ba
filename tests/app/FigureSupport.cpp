#include "FigureSupport.h"

#include <gtest/gtest.h>

#include <QFile>
#include <QTemporaryDir>

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

QString writeFile(const QTemporaryDir& dir, const char* name, const QByteArray& contents)
{
    const QString path = dir.filePath(QString::fromLatin1(name));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(contents) != contents.size() || !file.flush())
        return {};
    return path;
}

}  // namespace floatscope::gui::test
