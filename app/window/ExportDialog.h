#pragma once

#include <functional>
#include <memory>
#include <vector>

#include <QDialog>

#include "app/figures/Figure.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QSpinBox;

namespace floatscope::gui {

class AppSettings;

// A view that can become a figure: the inspector's bits, the neighbourhood, each lesson panel.
struct FigureSource {
    std::function<QString()> name;  // as the user sees it, in the current language
    std::function<std::unique_ptr<Figure>()> make;
};

// Export a view as SVG, PDF or PNG (1x, 2x, 3x), or copy it to the clipboard, in a chosen size
// (pixels or centimetres) and style (slide or screen, light or dark, transparent).
class ExportDialog : public QDialog {
    Q_OBJECT

public:
    // `settings` (may be null): where the last export went and at what PNG scale, proposed again.
    ExportDialog(std::vector<FigureSource> sources, int current, Theme theme, AppSettings* settings = nullptr,
                 QWidget* parent = nullptr);

    // For tests and the dialog's own buttons: writes the chosen figure to `path`.
    QString exportTo(const QString& path) const;
    void copyToClipboard() const;
    // The file the dialog's Export wrote (empty until it wrote one), and the name it proposes for
    // the chosen view, in the folder of the last export.
    QString exportedPath() const { return m_exported; }
    QString proposedPath() const;

private:
    FigureStyle style() const;
    struct ExportSize size() const;
    void updatePreviewSize();
    void exportFile();

    std::vector<FigureSource> m_sources;
    QComboBox* m_view = nullptr;
    QComboBox* m_unit = nullptr;
    QDoubleSpinBox* m_width = nullptr;
    QDoubleSpinBox* m_height = nullptr;
    QComboBox* m_scale = nullptr;
    QComboBox* m_theme = nullptr;
    QCheckBox* m_slide = nullptr;
    QCheckBox* m_transparent = nullptr;
    QLabel* m_note = nullptr;
    AppSettings* m_settings = nullptr;
    QString m_exported;
};

}  // namespace floatscope::gui
