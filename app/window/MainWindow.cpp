#include "window/MainWindow.h"

#include <QApplication>
#include <QHeaderView>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>
#include <QTableWidget>

#include "exact/DecimalText.h"
#include "format/Registry.h"

namespace floatscope::gui {

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent)
{
    setWindowTitle(tr("Floatscope"));
    m_formats = new QTableWidget(this);
    m_formats->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_formats->verticalHeader()->hide();
    setCentralWidget(m_formats);
    createActions();
    fillFormats();
    statusBar()->showMessage(tr("%n formats", nullptr, static_cast<int>(namedFormats().size())));
    resize(1200, 560);
}

void MainWindow::createActions()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* quit = file->addAction(tr("&Quit"), qApp, &QApplication::closeAllWindows);
    quit->setShortcut(QKeySequence::Quit);
    quit->setStatusTip(tr("Close Floatscope"));

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About Floatscope"), this, [this] {
        QMessageBox::about(this, tr("About Floatscope"),
                           tr("<b>Floatscope %1</b><p>A microscope for the number formats of machine learning: "
                              "the bits, the exact value and the rounding of every format side by side.</p>")
                               .arg(QApplication::applicationVersion()));
    });
}

void MainWindow::fillFormats()
{
    const QStringList headers = {tr("Format"), tr("Layout"), tr("Bias"), tr("Largest finite"), tr("Smallest normal"),
                                 tr("Smallest subnormal"), tr("Epsilon"), tr("Binades"), tr("Description")};
    const auto& formats = namedFormats();
    m_formats->setColumnCount(static_cast<int>(headers.size()));
    m_formats->setHorizontalHeaderLabels(headers);
    m_formats->setRowCount(static_cast<int>(formats.size()));
    int row = 0;
    for (const Format& f : formats) {
        const auto text = [](const std::string& s) { return new QTableWidgetItem(QString::fromStdString(s)); };
        const auto number = [](const Dyadic& d) {
            return new QTableWidgetItem(QString::fromStdString(exactDecimal(d)).left(24));
        };
        m_formats->setItem(row, 0, text(f.name()));
        m_formats->setItem(row, 1, new QTableWidgetItem(tr("%1 sign, %2 exponent, %3 mantissa")
                                                            .arg(f.signBits())
                                                            .arg(f.exponentBits())
                                                            .arg(f.mantissaBits())));
        m_formats->setItem(row, 2, new QTableWidgetItem(QString::number(f.bias())));
        m_formats->setItem(row, 3, number(f.maxFinite()));
        m_formats->setItem(row, 4, number(f.minNormal()));
        m_formats->setItem(row, 5, number(f.minSubnormal()));
        m_formats->setItem(row, 6, number(f.epsilon()));
        m_formats->setItem(row, 7, new QTableWidgetItem(QString::number(f.binades())));
        m_formats->setItem(row, 8, text(f.note()));
        ++row;
    }
    m_formats->resizeColumnsToContents();
    m_formats->horizontalHeader()->setStretchLastSection(true);
}

}  // namespace floatscope::gui
