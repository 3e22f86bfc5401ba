#pragma once

#include <functional>
#include <string>
#include <vector>

#include <QString>

#include "app/lessons/ExportView.h"
#include "app/lessons/LessonOption.h"

namespace floatscope::gui {

class LessonPanel;

// The lessons, each registered once: the registration gives a lesson its tab in the window (in
// View > Lessons, and its figure in File > Export figure), its view for `floatscope export`, its
// place in the bash completion (checked against this list) and in the registry's panel tests
// (tests/app/LessonRegistryTest.cpp: a tab, a translated title, the panel's figure byte for byte
// the export view's, bad files refused, the language switched both ways).
//
// A lesson is declared once, headless, in app/lessons/FooLesson.cpp: its options (name, type,
// fallback, range or choices, unit: LessonOption.h), its view read through them, its deck; and its
// panel is registered apart, in the panel's .cpp, by the lesson's name:
//
//     const LessonRegistration kRegistration({              // app/lessons/LossScalingLesson.cpp
//         .place = 30,                                   // its tab's position (10, 20, ... 80 taken)
//         .title = [] { return QCoreApplication::translate("LossScalingPanel", "Loss scaling"); },
//         .shortTitle = ...,                             // for a narrow window
//         .view = declaredView({"loss-scale", "one line for --help", lossScalingOptions(), makeFigure}),
//         .viewExample = {},                             // what a new panel shows, as view arguments
//         .deck = {{"--loss-scale", "0"}, {"--loss-scale", "24"}},  // its presets, a page each
//         .options = lossScalingOptions(),
//     });
//     const PanelRegistration kPanel({                   // app/panels/LossScalingPanel.cpp
//         .lesson = "loss-scale", .objectName = "lossScalingDock",
//         .makePanel = [] { return new LossScalingPanel; },
//     });
//
// The panel builds its fields from the declaration (panels/DeclaredFields.h: the ranges into spin
// boxes, the choices into combo boxes, the check behind the red hint) and reads them into the same
// OptionValues the view reads, through the lesson's own function from values to its simulation's
// setup (delayedScalingOf). tests/app/LessonDeclarationTest.cpp walks every declaration through both.
// The lesson's words share the panel's translation context: "floatscope::gui::FooPanel" for a panel
// with Q_OBJECT, "FooPanel" for one with Q_DECLARE_TR_FUNCTIONS (the title above). A lesson of
// several kinds, each with options of its own, declares a set per kind and registers the default's
// (lessons/ReductionsLesson.h); the panel shows a page per kind. The lecture notes' examples, where a
// panel offers them in a box, are a Preset option (presetOption: each preset's values for the others'
// fallbacks; lessons/AccumulationLesson.cpp), which the panel fills with declaredPresetBox and
// applies with applyDeclaredPreset, and `--preset ID` reads.
//
// A new lesson is these nine files, and only these (CMake picks up core/lessons, tests/lessons,
// app/figures, app/lessons and app/panels by folder; the window, `floatscope export`, its --help, the
// bash completion and the tests follow the registrations):
//   core/lessons/Foo.h, core/lessons/Foo.cpp   the simulation, no Qt
//   tests/lessons/FooTest.cpp                  the simulation against an independent reference
//   app/figures/FooFigure.h, FooFigure.cpp     what it draws (a FlowFigure, or a StackedFigure of
//                                              charts and tables); it parses nothing
//   app/lessons/FooLesson.h, FooLesson.cpp     its options, its setup from them, its view and deck,
//                                              and its registration; no widgets
//   app/panels/FooPanel.cpp                    the panel (on FigurePanel where it shows one figure,
//                                              on LessonPanel otherwise) and its PanelRegistration;
//                                              with the class in the .cpp, end it with #include
//                                              "FooPanel.moc" (a FooPanel.h only when its own tests
//                                              reach into it)
//   translations/floatscope_zh_CN.ts           its words in Chinese (lupdate, then translate)
// Long work goes through a BackgroundJob (progress, cancel, restart on new input). A view whose
// drawing works long (the training lab trains first) also gives ExportView::check, what it refuses
// without the work, which the declaration's walk runs; and its panel shows a preset before training
// it, as --untrained draws it.
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
    // The lesson's options, declared once (lessons/LessonOption.h): its panel builds its fields from
    // them and its view reads them; empty where the lesson has not moved to a declaration yet.
    std::vector<LessonOption> options = {};
};

// A lesson's panel, registered by the panel's .cpp where the lesson itself is registered headless
// (by its app/lessons/FooLesson.cpp, which names no widget): `lessons()` gives the lesson named
// `lesson` (its view's name) this panel and object name.
struct LessonPanelEntry {
    const char* lesson = "";
    const char* objectName = "";
    std::function<LessonPanel*()> makePanel = {};
};

class PanelRegistration {
public:
    explicit PanelRegistration(LessonPanelEntry panel);
};

// Registers a lesson while the program starts (a namespace-scope object in the panel's .cpp).
class LessonRegistration {
public:
    explicit LessonRegistration(Lesson lesson);
};

// Every registered lesson, in the order of their places, with its panel where one is linked in.
std::vector<Lesson> lessons();

// The lesson whose view is named `name` ("loss-scale"); a registered one (a panel asks for its own),
// so a missing one is a programming error (it aborts).
Lesson lessonNamed(const std::string& name);

}  // namespace floatscope::gui
