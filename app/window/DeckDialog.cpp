#include "app/window/DeckDialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>
#include <QStyle>

#include "app/window/AppSettings.h"

namespace floatscope::gui {

namespace {

enum Kind { Pdf, PngFolder, SvgFolder };

}  // namespace

QString DeckDialog::pagesText(const QString& title, int pages)
{
    return pages == 1 ? tr("%1 (1 page)").arg(title) : tr("%1 (%2 pages)").arg(title).arg(pages);
}

DeckDialog::DeckDialog(std::vector<Deck> decks, const std::string& current, const QString& language, Theme theme,
                       std::function<void(const QString&)> switchLanguage, AppSettings* settings, QWidget* parent)
    : QDialog(parent), m_all(std::move(decks)), m_interfaceLanguage(language), m_switchLanguage(std::move(switchLanguage)),
      m_settings(settings)
{
    setWindowTitle(tr("Export lesson"));
    // The lessons of the last export, or the tab on show.
    const QStringList remembered = m_settings != nullptr ? m_settings->deckLessons() : QStringList();
    m_decks = new QListWidget(this);
    for (const Deck& d : m_all) {
        auto* item = new QListWidgetItem(pagesText(d.title(), static_cast<int>(d.pages.size())), m_decks);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        const bool checked = remembered.isEmpty() ? d.name == current : remembered.contains(QString::fromStdString(d.name));
        item->setCheckState(checked ? Qt::Checked : Qt::Unchecked);
    }
    m_decks->setMinimumWidth(m_decks->sizeHintForColumn(0) + 2 * m_decks->frameWidth()
                             + m_decks->style()->pixelMetric(QStyle::PM_ScrollBarExtent) + 8);
    m_kind = new QComboBox(this);
    m_kind->addItems({tr("one PDF, a page per preset"), tr("a folder of PNG figures"), tr("a folder of SVG figures")});
    m_language = new QComboBox(this);
    m_language->addItem(QStringLiteral("English"), QStringLiteral("en"));
    m_language->addItem(QStringLiteral("中文（简体）"), QStringLiteral("zh_CN"));
    m_language->setCurrentIndex(language == QLatin1String("zh_CN") ? 1 : 0);
    m_theme = new QComboBox(this);
    m_theme->addItems({tr("light"), tr("dark")});
    m_theme->setCurrentIndex(theme == Theme::Dark ? 1 : 0);
    m_scale = new QComboBox(this);
    m_scale->addItems({QStringLiteral("1×"), QStringLiteral("2×"), QStringLiteral("3×"), QStringLiteral("4×")});
    m_scale->setCurrentIndex(1);
    if (m_settings != nullptr) {
        m_kind->setCurrentIndex(m_settings->deckKind());
        if (!m_settings->deckTheme().isEmpty())
            m_theme->setCurrentIndex(m_settings->deckTheme() == QLatin1String("dark") ? 1 : 0);
        m_scale->setCurrentIndex(m_settings->exportScale() - 1);
    }
    m_slide = new QCheckBox(tr("Slide style: large type, thick lines, 1280 × 720"), this);
    m_slide->setChecked(true);
    m_pages = new QLabel(this);

    auto* buttons = new QDialogButtonBox(this);
    m_export = buttons->addButton(tr("&Export…"), QDialogButtonBox::AcceptRole);
    buttons->addButton(QDialogButtonBox::Close);
    connect(m_export, &QPushButton::clicked, this, &DeckDialog::exportChosen);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_decks, &QListWidget::itemChanged, this, &DeckDialog::updatePages);
    connect(m_kind, &QComboBox::currentIndexChanged, this, [this](int kind) { m_scale->setEnabled(kind == PngFolder); });
    m_scale->setEnabled(m_kind->currentIndex() == PngFolder);

    auto* form = new QFormLayout(this);
    form->addRow(tr("Lessons"), m_decks);
    form->addRow(tr("As"), m_kind);
    form->addRow(tr("Language"), m_language);
    form->addRow(tr("Theme"), m_theme);
    form->addRow(tr("PNG scale"), m_scale);
    form->addRow(m_slide);
    form->addRow(m_pages);
    form->addRow(buttons);
    updatePages();
}

std::vector<Deck> DeckDialog::chosen() const
{
    std::vector<Deck> out;
    for (int i = 0; i < m_decks->count(); ++i)
        if (m_decks->item(i)->checkState() == Qt::Checked)
            out.push_back(m_all[static_cast<std::size_t>(i)]);
    return out;
}

int DeckDialog::pageCount() const
{
    int n = 0;
    for (const Deck& d : chosen())
        n += static_cast<int>(d.pages.size());
    return n;
}

bool DeckDialog::toFolder() const
{
    return m_kind->currentIndex() != Pdf;
}

void DeckDialog::updatePages()
{
    const int n = pageCount();
    m_pages->setText(n == 0 ? tr("Choose at least one lesson.") : n == 1 ? tr("1 page in all.") : tr("%1 pages in all.").arg(n));
    m_export->setEnabled(n > 0);
}

DeckResult DeckDialog::exportTo(const QString& path)
{
    DeckOutput output;
    output.path = path;
    output.folder = toFolder();
    output.suffix = m_kind->currentIndex() == SvgFolder ? QStringLiteral("svg") : QStringLiteral("png");
    output.size.scale = m_kind->currentIndex() == PngFolder ? m_scale->currentIndex() + 1.0 : 1.0;
    const Theme theme = m_theme->currentIndex() == 1 ? Theme::Dark : Theme::Light;
    output.style = m_slide->isChecked() ? FigureStyle::forSlides(theme, false) : FigureStyle::screen(theme);
    const std::vector<Deck> decks = chosen();

    // The pages' words in the language asked, the window hidden from the switch meanwhile.
    const QString language = m_language->currentData().toString();
    const bool switched = language != m_interfaceLanguage && m_switchLanguage;
    QWidget* window = parentWidget() != nullptr ? parentWidget()->window() : nullptr;
    if (switched) {
        if (window != nullptr)
            window->setUpdatesEnabled(false);
        m_switchLanguage(language);
    }
    QProgressDialog progress(tr("Drawing the pages…"), tr("Cancel"), 0, pageCount(), this);
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(300);
    const DeckResult result = LessonDeck::write(decks, output, [&](int done, int) {
        progress.setValue(done);
        QCoreApplication::processEvents();
        return !progress.wasCanceled();
    });
    if (switched) {
        m_switchLanguage(m_interfaceLanguage);
        if (window != nullptr)
            window->setUpdatesEnabled(true);
    }
    if (result.error.isEmpty() && !result.cancelled) {
        m_exported = path;
        if (m_settings != nullptr) {
            QStringList names;
            for (const Deck& d : decks)
                names << QString::fromStdString(d.name);
            m_settings->setDeckLessons(names);
            m_settings->setDeckKind(m_kind->currentIndex());
            m_settings->setDeckTheme(theme == Theme::Dark ? QStringLiteral("dark") : QStringLiteral("light"));
            m_settings->setExportScale(m_scale->currentIndex() + 1);
            m_settings->setExportFolder(QFileInfo(path).absolutePath());  // a folder of figures: the one it is in
        }
    }
    return result;
}

void DeckDialog::exportChosen()
{
    // In the folder of the last export, a name from the lessons: a PDF, or a folder of figures that
    // is made when it does not exist yet (a name typed is a new folder).
    const std::vector<Deck> decks = chosen();
    const QString base = decks.size() == 1 ? QString::fromStdString(decks.front().name) : QStringLiteral("lessons");
    const QString folder = m_settings != nullptr && QDir(m_settings->exportFolder()).exists() ? m_settings->exportFolder()
                                                                                           : QDir::homePath();
    const QString path = toFolder()
                             ? QFileDialog::getSaveFileName(this, tr("Export lesson into a folder (a new name makes one)"),
                                                            QDir(folder).filePath(base + QStringLiteral("-slides")),
                                                            QString(), nullptr, QFileDialog::ShowDirsOnly)
                             : QFileDialog::getSaveFileName(this, tr("Export lesson"),
                                                            QDir(folder).filePath(base + QStringLiteral(".pdf")),
                                                            tr("PDF (*.pdf)"));
    if (path.isEmpty())
        return;
    const DeckResult result = exportTo(path);
    if (result.cancelled)
        return;
    if (!result.error.isEmpty()) {
        QMessageBox::warning(this, tr("Export lesson"), result.error);
        return;
    }
    accept();
}

}  // namespace floatscope::gui
