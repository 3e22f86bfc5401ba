#include "app/window/ExportDialog.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>

#include "app/figures/FigureExport.h"
#include "app/window/AppSettings.h"

namespace floatscope::gui {

namespace {

constexpr double kPixelsPerCm = 96.0 / 2.54;

}  // namespace

ExportDialog::ExportDialog(std::vector<FigureSource> sources, int current, Theme theme, AppSettings* settings,
                           QWidget* parent)
    : QDialog(parent), m_sources(std::move(sources)), m_settings(settings)
{
    setWindowTitle(tr("Export figure"));
    m_view = new QComboBox(this);
    for (const FigureSource& s : m_sources)
        m_view->addItem(s.name());
    m_view->setCurrentIndex(std::clamp(current, 0, static_cast<int>(m_sources.size()) - 1));
    m_unit = new QComboBox(this);
    m_unit->addItems({tr("pixels"), tr("centimetres")});
    m_width = new QDoubleSpinBox(this);
    m_height = new QDoubleSpinBox(this);
    for (QDoubleSpinBox* s : {m_width, m_height}) {
        s->setRange(1, 20000);
        s->setDecimals(0);
    }
    m_scale = new QComboBox(this);
    m_scale->addItems({QStringLiteral("1×"), QStringLiteral("2×"), QStringLiteral("3×"), QStringLiteral("4×")});
    m_scale->setCurrentIndex(m_settings != nullptr ? m_settings->exportScale() - 1 : 1);
    m_theme = new QComboBox(this);
    m_theme->addItems({tr("light"), tr("dark")});
    m_theme->setCurrentIndex(theme == Theme::Dark ? 1 : 0);
    m_slide = new QCheckBox(tr("Slide style: large type, thick lines"), this);
    m_slide->setChecked(true);
    m_transparent = new QCheckBox(tr("Transparent background"), this);
    m_note = new QLabel(tr("SVG and PDF stay vector with text as text; PNG is drawn at the scale chosen."), this);
    m_note->setWordWrap(true);

    auto* sizeRow = new QHBoxLayout;
    sizeRow->addWidget(m_width);
    sizeRow->addWidget(new QLabel(QStringLiteral("×"), this));
    sizeRow->addWidget(m_height);
    sizeRow->addWidget(m_unit);
    auto* buttons = new QDialogButtonBox(this);
    QPushButton* save = buttons->addButton(tr("&Export…"), QDialogButtonBox::AcceptRole);
    QPushButton* copy = buttons->addButton(tr("&Copy to clipboard"), QDialogButtonBox::ActionRole);
    buttons->addButton(QDialogButtonBox::Close);
    connect(save, &QPushButton::clicked, this, &ExportDialog::exportFile);
    connect(copy, &QPushButton::clicked, this, [this] { copyToClipboard(); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* form = new QFormLayout(this);
    form->addRow(tr("View"), m_view);
    form->addRow(tr("Size"), sizeRow);
    form->addRow(tr("PNG scale"), m_scale);
    form->addRow(tr("Theme"), m_theme);
    form->addRow(m_slide);
    form->addRow(m_transparent);
    form->addRow(m_note);
    form->addRow(buttons);

    connect(m_view, &QComboBox::currentIndexChanged, this, &ExportDialog::updatePreviewSize);
    connect(m_slide, &QCheckBox::toggled, this, &ExportDialog::updatePreviewSize);
    connect(m_unit, &QComboBox::currentIndexChanged, this, [this](int unit) {
        const double factor = unit == 1 ? 1 / kPixelsPerCm : kPixelsPerCm;
        for (QDoubleSpinBox* s : {m_width, m_height}) {
            s->setDecimals(unit == 1 ? 1 : 0);
            s->setValue(s->value() * factor);
        }
    });
    updatePreviewSize();
}

FigureStyle ExportDialog::style() const
{
    const Theme theme = m_theme->currentIndex() == 1 ? Theme::Dark : Theme::Light;
    FigureStyle s = m_slide->isChecked() ? FigureStyle::forSlides(theme, false) : FigureStyle::screen(theme);
    s.transparent = m_transparent->isChecked();
    return s;
}

ExportSize ExportDialog::size() const
{
    const double scale = m_scale->currentIndex() + 1.0;
    if (m_unit->currentIndex() == 1)
        return ExportSize::fromCentimetres(m_width->value(), m_height->value(), scale);
    return ExportSize{QSize(static_cast<int>(m_width->value()), static_cast<int>(m_height->value())), scale};
}

void ExportDialog::updatePreviewSize()
{
    const int i = m_view->currentIndex();
    if (i < 0)
        return;
    const QSizeF preferred = exportPixels(*m_sources[static_cast<std::size_t>(i)].make(), ExportSize{}, style());
    const double factor = m_unit->currentIndex() == 1 ? 1 / kPixelsPerCm : 1.0;
    m_width->setValue(preferred.width() * factor);
    m_height->setValue(preferred.height() * factor);
}

QString ExportDialog::exportTo(const QString& path) const
{
    const auto figure = m_sources[static_cast<std::size_t>(m_view->currentIndex())].make();
    return exportFigure(*figure, path, size(), style());
}

void ExportDialog::copyToClipboard() const
{
    const auto figure = m_sources[static_cast<std::size_t>(m_view->currentIndex())].make();
    QApplication::clipboard()->setMimeData(figureMimeData(*figure, size(), style()));
}

QString ExportDialog::proposedPath() const
{
    const auto figure = m_sources[static_cast<std::size_t>(m_view->currentIndex())].make();
    const QString folder = m_settings != nullptr && QDir(m_settings->exportFolder()).exists() ? m_settings->exportFolder()
                                                                                           : QDir::homePath();
    return QDir(folder).filePath(proposedFileName(*figure, QStringLiteral("svg")));
}

void ExportDialog::exportFile()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export figure"), proposedPath(),
                                                      tr("SVG (*.svg);;PDF (*.pdf);;PNG (*.png)"));
    if (path.isEmpty())
        return;
    if (const QString error = exportTo(path); !error.isEmpty()) {
        QMessageBox::warning(this, tr("Export figure"), error);
        return;
    }
    m_exported = path;
    if (m_settings != nullptr) {
        m_settings->setExportFolder(QFileInfo(path).absolutePath());
        m_settings->setExportScale(m_scale->currentIndex() + 1);
    }
    accept();
}

}  // namespace floatscope::gui
