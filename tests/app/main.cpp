// GoogleTest main for the widget tests: a QApplication on the offscreen platform (so the tests and
// gtest_discover_tests run without a display), settings kept away from the user's.
#include <gtest/gtest.h>

#include <QApplication>
#include <QStandardPaths>

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QStandardPaths::setTestModeEnabled(true);
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("FloatscopeTests"));
    testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
