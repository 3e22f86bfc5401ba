#pragma once

#include <functional>
#include <string>
#include <vector>

#include <QString>

#include "app/figures/ExportView.h"

namespace floatscope::gui {

class LessonPanel;

// The lessons, each registered once: the registration gives a lesson its tab in the window (in
// View > Lessons, and its figure in File > Export figure), its view for `floatscope export`, its
// place in the bash completion (checked against this list) and in the registry's panel tests
// (tests/app/LessonRegistryTest.cpp: a tab, a translated title, the panel's figure byte for byte
// the export view's, bad files refused, the language switched both ways).
//
// A lesson registers itself at the end of its panel's .cpp:
//
//     const LessonRegistration kRegistration({
//         .place = 30,                                   // its tab's position (10, 20, ... 80 taken)
//         .objectName = "lossScalingDock",
//         .title = [] { return LossScalingPanel::tr("Loss scaling"); },
//         .shortTitle = [] { return LossScalingPanel::tr("Loss scale"); },  // for a narrow window
//         .makePanel = [] { return new LossScalingPanel; },
//         .view = LossScalingFigure::exportView(),       // in the figure's .cpp
//         .viewExample = {},                             // what a new panel shows, as view arguments
//         .deck = {{"--loss-scale", "0"}, {"--loss-scale", "24"}},  // its presets, a page each
//     });
//
// A new lesson is these seven files, and only these (CMake picks up core/lessons, tests/lessons,
// app/figures and app/panels by folder; the window, `floatscope export`, its --help, the bash
// completion and tests/app/LessonRegistryTest.cpp follow the registration):
//   core/lessons/Foo.h, core/lessons/Foo.cpp   the simulation, no Qt
//   tests/lessons/FooTest.cpp                  the simulation against an independent reference
//   app/figures/FooFigure.h, FooFigure.cpp     what it draws (a FlowFigure), and its exportView()
//   app/panels/FooPanel.cpp                    the panel on LessonPanel, and its registration; with
//                                              the class in the .cpp, end it with #include
//                                              "FooPanel.moc" (a FooPanel.h only when its own tests
//                                              reach into it)
//   translations/floatscope_zh_CN.ts           its words in Chinese (lupdate, then translate)
// Long work goes through a BackgroundJob (progress, cancel, restart on new input).
struct Lesson {
    int place = 0;
    const char* objectName = "";
    std::function<QString()> title = {};        // the tab's title, in the interface's language
    // The tab's title where the full titles do not fit the window's width (a 1024-pixel screen):
    // every tab stays on the bar; empty: the title.
    std::function<QString()> shortTitle = {};
    std::function<QString()> figureTitle = {};  // its name in File > Export figure; empty: the title
    std::function<LessonPanel*()> makePanel = {};
    ExportView view = {};
    std::vector<std::string> viewExample = {};  // view arguments that draw what a new panel shows
    // The lesson's deck (`floatscope export deck`, File > Export lesson...): one page per entry, each
    // the view arguments of one of the lesson's presets (the lecture notes' demos); empty: one page,
    // viewExample.
    std::vector<std::vector<std::string>> deck = {};
};

// Registers a lesson while the program starts (a namespace-scope object in the panel's .cpp).
class LessonRegistration {
public:
    explicit LessonRegistration(Lesson lesson);
};

// Every registered lesson, in the order of their places.
std::vector<Lesson> lessons();

}  // namespace floatscope::gui
