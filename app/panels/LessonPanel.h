#pragma once

#include <memory>
#include <optional>
#include <vector>

#include <QVariantMap>
#include <QWidget>

#include "app/figures/Figure.h"

class QBoxLayout;
class QLabel;
class QSplitter;
class QTimer;

namespace floatscope::gui {

// Values a lesson read from a file, and the file's name (for the panel's words about them).
struct LoadedValues {
    std::vector<double> values;
    QString name;
};

// The shape every lesson panel shares (registered in LessonRegistry.h): fields that recompute
// when they change (at once, or once the user stops typing), a red hint by a bad field while the
// last good result stays, a file of values where the lesson takes one, every text again when the
// language changes, and what it shows as a figure for File > Export figure.
class LessonPanel : public QWidget {
    Q_OBJECT

public:
    explicit LessonPanel(QWidget* parent = nullptr);

    // Reads the fields and shows the result now (a pending delayed recompute is dropped).
    void recompute();
    // A file of values (.npy, .csv or .txt) for the lesson: empty on success, else why not (also
    // shown in red by its field). A lesson that reads no file says so.
    virtual QString loadFile(const QString& path);
    // What the panel shows now as a figure, or null before its first result.
    virtual std::unique_ptr<Figure> makeFigure() const = 0;
    // The panel's inputs, kept in the settings between runs (MainWindow stores them under the
    // lesson's object name); a lesson that remembers nothing keeps the defaults. restoreSettings
    // ignores what it does not know, so that settings from another version do no harm.
    virtual QVariantMap settings() const { return {}; }
    virtual void restoreSettings(const QVariantMap&) {}

protected:
    // The figure F of a result, or null before the first one.
    template <class F, class Result>
    static std::unique_ptr<Figure> figureOf(const std::optional<Result>& result)
    {
        return result ? std::make_unique<F>(*result) : nullptr;
    }
    // Reads the fields and shows the result (recompute() calls it).
    virtual void compute() = 0;
    // Every visible text again, in the interface's language (on a language change).
    virtual void retranslate() = 0;
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

    // The widget the panel's fields and figure are laid out on; it scrolls inside the panel.
    QWidget* scrollingContent();
    // The two areas a lesson lays itself out in, side by side: its fields in a column at the left
    // that scrolls when it must, and its result (figure, table, sentence) at the right, where it
    // shows whole without scrolling (a FigureWidget there is fitted to it). The column is as wide
    // as its fields want, up to 45 % of the panel; a splitter moves the line between them.
    struct Areas {
        QWidget* controls = nullptr;
        QWidget* results = nullptr;
    };
    Areas splitContent();
    // Where the lecture notes differ from this lesson's view, in a label at the end of `layout`
    // (splitContent's column gets it when first shown).
    void addLectureNotes(QBoxLayout* layout);
    // Recomputes once nothing has changed for `milliseconds` (typing, a spin box held down).
    void recomputeLater(int milliseconds);
    // Asks for a tensor file (.npy, .csv, .txt) and loads it (loadFile).
    void chooseFile(const QString& caption);
    // Reads a tensor file's values into `loaded`; else the reason, also shown in `hint` (which is
    // hidden on success), and `loaded` stays as it was.
    QString readValuesFile(const QString& path, QLabel* hint, LoadedValues& loaded);

private:
    QTimer* m_delay = nullptr;
    void placeColumn();
    void showLectureNotes();
    QLabel* m_lectureNotes = nullptr;  // under the fields: where the lecture notes differ from this view
    QSplitter* m_splitter = nullptr;  // splitContent()'s
    bool m_combosShrunk = false;
    bool m_columnMoved = false;       // by the user: then the line stays where it was put
};

}  // namespace floatscope::gui
