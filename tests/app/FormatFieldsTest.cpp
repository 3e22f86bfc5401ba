// Every named format through every lesson field that takes one, as the monkey and a curious student
// would try them: each format chooser's every entry, each checklist's every format alone, and every
// format's name typed into every text field. The window survives each; a hint, where one appears,
// is one whole sentence that names what was typed or chosen (the command line's counterpart is
// tests/cli/FormatWalkTest.cpp).
#include <gtest/gtest.h>

#include <set>

#include <QComboBox>
#include <QCoreApplication>
#include <QLineEdit>
#include <QTest>

#include "app/panels/FormatChecklist.h"
#include "app/panels/HintedField.h"
#include "app/panels/LessonJob.h"
#include "app/panels/LessonPanel.h"
#include "app/window/MainWindow.h"
#include "core/format/Registry.h"

namespace floatscope::gui {
namespace {

std::vector<QString> formatNames()
{
    std::vector<QString> names;
    for (const Format& f : namedFormats())
        names.push_back(QString::fromStdString(f.name()));
    return names;
}

// The panel's hints on show, each with the field's text.
std::vector<std::pair<QString, QString>> hintsOf(const LessonPanel* panel)
{
    std::vector<std::pair<QString, QString>> hints;
    for (const HintedField* field : panel->findChildren<HintedField*>())
        if (!field->hint().isEmpty())
            hints.emplace_back(field->text(), field->hint());
    return hints;
}

// A hint is a whole sentence: no empty slot ("''", "“”", " ,", two spaces, a dangling %1).
void expectWhole(const QString& where, const QString& hint)
{
    for (const char* hole : {"''", "“”", " ,", "  ", "%1", "%2", "()"})
        EXPECT_FALSE(hint.contains(QLatin1String(hole))) << where.toStdString() << ": " << hint.toStdString();
}

// What an edit leads to, now rather than after the panel's typing delay.
void settle(LessonPanel* panel)
{
    QCoreApplication::processEvents();
    panel->recompute();
    QCoreApplication::processEvents();
}

bool isFormatChooser(const QComboBox* box)
{
    for (int i = 0; i < box->count(); ++i)
        if (lookupFormat(box->itemText(i).toStdString()).format || lookupFormat(box->itemData(i).toString().toStdString()).format)
            return true;
    return false;
}

TEST(FormatFields, EveryLessonFieldTakesEveryFormatOrSaysWhy)
{
    MainWindow window;  // not closed: nothing typed here is remembered
    const std::vector<QString> names = formatNames();
    int choosers = 0, checklists = 0, fields = 0, hints = 0;
    for (LessonPanel* panel : window.findChildren<LessonPanel*>()) {
        const QString lesson = panel->objectName();
        // 1. Format choosers: every entry, then back.
        for (QComboBox* box : panel->findChildren<QComboBox*>()) {
            if (!isFormatChooser(box) || !box->isEnabled())
                continue;
            ++choosers;
            const int original = box->currentIndex();
            for (int i = 0; i < box->count(); ++i) {
                box->setCurrentIndex(i);
                settle(panel);
                for (const auto& [text, hint] : hintsOf(panel))
                    expectWhole(lesson + " chooser " + box->itemText(i), hint);
            }
            box->setCurrentIndex(original);
            settle(panel);
        }
        // 2. Checklists: each format alone, then as it was.
        for (FormatChecklist* list : panel->findChildren<FormatChecklist*>()) {
            ++checklists;
            std::vector<std::string> before;
            for (const Format& f : list->checkedFormats())
                before.push_back(f.name());
            for (const QString& name : names) {
                list->setChecked({name.toStdString()});
                settle(panel);
                for (const auto& [text, hint] : hintsOf(panel))
                    expectWhole(lesson + " checklist " + name, hint);
            }
            list->setChecked(before);
            settle(panel);
        }
        // 3. Text fields: every format's name typed in; a field that took a format's name before
        //    (an accumulator list) refuses one only by naming it.
        for (HintedField* field : panel->findChildren<HintedField*>()) {
            if (!field->isEnabled())
                continue;
            ++fields;
            const QString original = field->text();
            bool takesFormats = false;
            for (const QString& name : names)
                takesFormats = takesFormats || original.contains(name);
            for (const QString& name : names) {
                field->edit()->clear();
                QTest::keyClicks(field->edit(), name);
                settle(panel);
                const QString where = lesson + " field '" + original + "' given " + name;
                expectWhole(where, field->hint());
                hints += field->hint().isEmpty() ? 0 : 1;
                if (takesFormats && !field->hint().isEmpty()) {
                    EXPECT_TRUE(field->hint().contains(name)) << where.toStdString() << ": " << field->hint().toStdString();
                }
            }
            field->edit()->clear();
            QTest::keyClicks(field->edit(), original);
            settle(panel);
            EXPECT_EQ(field->hint(), QString()) << lesson.toStdString() << ": the original text is taken again";
        }
        for (LessonJob* job : panel->findChildren<LessonJob*>())
            if (job->running())
                job->cancel();
    }
    EXPECT_GE(choosers, 5);
    EXPECT_GE(checklists, 2);
    EXPECT_GE(fields, 15);
    EXPECT_GE(hints, 100) << "format names typed into number fields are refused";
}

}  // namespace
}  // namespace floatscope::gui
