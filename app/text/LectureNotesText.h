#pragma once

#include <string>
#include <vector>

#include <QString>
#include <QStringList>

namespace floatscope::text {

// Where the lecture notes are wrong, or right only under a convention they do not state, each in
// one sentence: what the note says, and what the engine computes (every figure checked with exact
// arithmetic). Shown beside the views they concern and all together in Help > Notes on the lecture
// notes; translated (context "LectureNotes") where a translator is installed.
struct LectureNote {
    std::string id;                    // "bf16-decades-not-80"
    std::vector<std::string> lessons;  // the decks of the views it concerns: "inspector", "range", ...
    QString text;                      // in the interface's language
};

std::vector<LectureNote> lectureNotes();
// The sentences for one lesson's view (a deck's name), in the order of lectureNotes().
QStringList lectureNotesFor(const std::string& lesson);
// The same under a heading, as rich text for a label beside the view; empty where there are none.
QString lectureNotesHtml(const std::string& lesson);

}  // namespace floatscope::text
