#include "app/window/GuiMain.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QIcon>
#include <QTimer>

#include "app/window/MainWindow.h"

namespace floatscope::gui {

namespace {

// FLOATSCOPE_EXIT_AFTER_FIRST_PAINT=1: quit once the window has painted (the start-up benchmark).
class FirstPaintExit : public QObject {
public:
    using QObject::QObject;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::Paint && !m_done) {
            m_done = true;
            QTimer::singleShot(0, qApp, &QApplication::quit);
        }
        return QObject::eventFilter(watched, event);
    }

private:
    bool m_done = false;
};

}  // namespace

int run(int argc, char** argv)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Floatscope"));
    QApplication::setOrganizationName(QStringLiteral("Floatscope"));
    QApplication::setApplicationVersion(QStringLiteral(FLOATSCOPE_VERSION));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/floatscope.svg")));
    QApplication::setDesktopFileName(QStringLiteral("io.github.floatscope.Floatscope"));

    MainWindow window;
    FirstPaintExit exitAfterPaint;
    if (qEnvironmentVariableIsSet("FLOATSCOPE_EXIT_AFTER_FIRST_PAINT"))
        window.installEventFilter(&exitAfterPaint);
    window.show();
    return QApplication::exec();
}

}  // namespace floatscope::gui
