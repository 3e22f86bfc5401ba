#pragma once

// The window benchmarks' main(): the offscreen platform unless another is asked for, settings in a
// test folder, one QApplication for the benchmarks `registerAll` registers, then the runs and
// `summary`.
#include <functional>

#include <QApplication>
#include <QStandardPaths>

#include "BenchReport.h"

namespace floatscope::bench {

inline int runGuiBenchmarks(int argc, char** argv, const std::function<void()>& registerAll,
                            const std::function<void(const Recorder&)>& summary)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QStandardPaths::setTestModeEnabled(true);
    QApplication app(argc, argv);
    registerAll();
    return runAndSummarize(argc, argv, summary);
}

}  // namespace floatscope::bench
