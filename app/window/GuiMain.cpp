#include "app/window/GuiMain.h"

#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>

#include <QApplication>
#include <QDateTime>
#include <QIcon>
#include <QTimer>

#include "app/io/AtomicFile.h"
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

// The window takes Qt's own options that a user may need (QGuiApplication and QApplication
// documentation): -platform NAME (offscreen, xcb, wayland), -style NAME, -display X-SERVER,
// -geometry WxH+X+Y, -reverse; written with one dash or two. Anything else is refused before a
// platform or a window is made, so that a typo never opens the window as if nothing were wrong.
struct WindowOption {
    const char* name;
    bool takesValue;
};
constexpr WindowOption kWindowOptions[] = {
    {"platform", true}, {"style", true}, {"display", true}, {"geometry", true}, {"reverse", false}};

std::optional<std::string> badWindowArgument(int argc, char** argv)
{
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const std::string name = a.rfind("--", 0) == 0 ? a.substr(2) : a.rfind('-', 0) == 0 ? a.substr(1) : "";
        const WindowOption* option = nullptr;
        for (const WindowOption& o : kWindowOptions)
            if (name == o.name)
                option = &o;
        if (option == nullptr)
            return a.empty() || a[0] != '-' ? "unexpected argument '" + a + "'" : "unknown option '" + a + "'";
        if (option->takesValue && ++i >= argc)
            return "option '" + a + "' needs a value";
    }
    return std::nullopt;
}

// Qt ends the program with abort() when it cannot make a platform (no display): while the
// application is created, that fatal message becomes one line on stderr and exit status 2, with
// the warning before it (e.g. "could not connect to display") as the reason. Other messages of
// that moment are passed on once the application exists.
QtMessageHandler g_previousHandler = nullptr;
QStringList g_startupWarnings;

void startupMessages(QtMsgType type, const QMessageLogContext& context, const QString& message)
{
    (void)context;
    if (type != QtFatalMsg) {
        g_startupWarnings << message;
        return;
    }
    const QString reason = g_startupWarnings.isEmpty() ? QStringLiteral("no platform could be initialised")
                                                       : g_startupWarnings.first().section(QLatin1Char('\n'), 0, 0).trimmed();
    std::fprintf(stderr,
                 "floatscope: cannot open the window: %s (the commands work without a display: 'floatscope --help')\n",
                 reason.toLocal8Bit().constData());
    std::fflush(stderr);
    std::_Exit(2);
}

}  // namespace

int run(int argc, char** argv)
{
    if (const auto bad = badWindowArgument(argc, argv)) {
        std::fprintf(stderr, "floatscope: %s (see 'floatscope --help')\n", bad->c_str());
        return 2;
    }
    g_previousHandler = qInstallMessageHandler(startupMessages);
    QApplication app(argc, argv);
    qInstallMessageHandler(g_previousHandler);
    for (const QString& warning : std::as_const(g_startupWarnings))
        qWarning("%s", qPrintable(warning));
    g_startupWarnings.clear();

    QApplication::setApplicationName(QStringLiteral("Floatscope"));
    QApplication::setOrganizationName(QStringLiteral("Floatscope"));
    QApplication::setApplicationVersion(QStringLiteral(FLOATSCOPE_VERSION));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/floatscope.svg")));
    QApplication::setDesktopFileName(QStringLiteral("io.github.floatscope.Floatscope"));

    MainWindow window;
    FirstPaintExit exitAfterPaint;
    if (qEnvironmentVariableIsSet("FLOATSCOPE_EXIT_AFTER_FIRST_PAINT"))
        window.installEventFilter(&exitAfterPaint);
    // FLOATSCOPE_HEARTBEAT=FILE: the UI thread writes the time there every second, so that the
    // monkey test (tests/monkey) can tell a window that hangs from one that is busy painting.
    QTimer heartbeat;
    if (const QString file = qEnvironmentVariable("FLOATSCOPE_HEARTBEAT"); !file.isEmpty()) {
        QObject::connect(&heartbeat, &QTimer::timeout, [file] {
            io::writeFileAtomically(file, QByteArray::number(QDateTime::currentMSecsSinceEpoch()));
        });
        heartbeat.start(1000);
    }
    window.show();
    return QApplication::exec();
}

}  // namespace floatscope::gui
