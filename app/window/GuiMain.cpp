#include "window/GuiMain.h"

#include <QApplication>
#include <QIcon>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

#include "window/MainWindow.h"

namespace floatscope::gui {

int run(int argc, char** argv)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Floatscope"));
    QApplication::setOrganizationName(QStringLiteral("Floatscope"));
    QApplication::setApplicationVersion(QStringLiteral(FLOATSCOPE_VERSION));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/floatscope.svg")));
    QApplication::setDesktopFileName(QStringLiteral("io.github.floatscope.Floatscope"));

    QTranslator translator;
    if (translator.load(QLocale(), QStringLiteral("floatscope"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        QApplication::installTranslator(&translator);

    MainWindow window;
    window.show();
    return QApplication::exec();
}

}  // namespace floatscope::gui
