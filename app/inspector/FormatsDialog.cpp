#include "app/inspector/FormatsDialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include "core/exact/DecimalText.h"
#include "core/exact/ExactValue.h"
#include "core/format/Registry.h"
#include "app/text/FormatText.h"

namespace floatscope::gui {

namespace {

QString describe(const Format& f)
{
    return QStringLiteral("%1  —  %2").arg(QString::fromStdString(f.name()), text::formatNote(f));
}

}  // namespace

FormatsDialog::FormatsDialog(const std::vector<Format>& chosen, QWidget* parent) : QDialog(parent)
{
    setWindowTitle(tr("Formats"));
    m_list = new QListWidget(this);
    m_list->setDragDropMode(QAbstractItemView::NoDragDrop);
    for (const Format& f : chosen)
        addItem(f, true);
    for (const Format& f : namedFormats()) {
        bool present = false;
        for (const Format& c : chosen)
            present = present || c.name() == f.name();
        if (!present)
            addItem(f, false);
    }
    auto* up = new QPushButton(tr("Move &up"), this);
    auto* down = new QPushButton(tr("Move &down"), this);
    auto* custom = new QPushButton(tr("&Custom format…"), this);
    connect(up, &QPushButton::clicked, this, [this] { move(-1); });
    connect(down, &QPushButton::clicked, this, [this] { move(1); });
    connect(custom, &QPushButton::clicked, this, &FormatsDialog::addCustom);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* side = new QVBoxLayout;
    side->addWidget(up);
    side->addWidget(down);
    side->addStretch();
    side->addWidget(custom);
    auto* top = new QHBoxLayout;
    top->addWidget(m_list, 1);
    top->addLayout(side);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(tr("Tick the formats to show, in the order shown:"), this));
    layout->addLayout(top);
    layout->addWidget(buttons);
    resize(720, 480);
}

void FormatsDialog::addItem(const Format& format, bool checked)
{
    auto* item = new QListWidgetItem(describe(format), m_list);
    item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
    item->setCheckState(checked ? Qt::Checked : Qt::Unchecked);
    m_formats.push_back(format);
}

void FormatsDialog::move(int delta)
{
    const int row = m_list->currentRow();
    const int target = row + delta;
    if (row < 0 || target < 0 || target >= m_list->count())
        return;
    QListWidgetItem* item = m_list->takeItem(row);
    m_list->insertItem(target, item);
    std::swap(m_formats[static_cast<std::size_t>(row)], m_formats[static_cast<std::size_t>(target)]);
    m_list->setCurrentRow(target);
}

void FormatsDialog::addCustom()
{
    CustomFormatDialog dialog(this);
    if (dialog.exec() == QDialog::Accepted && dialog.format())
        addItem(*dialog.format(), true);
}

std::vector<Format> FormatsDialog::formats() const
{
    std::vector<Format> out;
    for (int i = 0; i < m_list->count(); ++i)
        if (m_list->item(i)->checkState() == Qt::Checked)
            out.push_back(m_formats[static_cast<std::size_t>(i)]);
    return out;
}

CustomFormatDialog::CustomFormatDialog(QWidget* parent) : QDialog(parent)
{
    setWindowTitle(tr("Custom format"));
    m_exponent = new QSpinBox(this);
    m_exponent->setRange(1, Format::kMaxExponentBits);
    m_exponent->setValue(4);
    m_mantissa = new QSpinBox(this);
    m_mantissa->setRange(0, Format::kMaxMantissaBits);
    m_mantissa->setValue(3);
    m_convention = new QComboBox(this);
    m_convention->addItem(tr("IEEE: inf and NaN at the top exponent"), static_cast<int>(Convention::Ieee));
    m_convention->addItem(tr("FN: no inf, NaN only at all ones (as e4m3fn)"), static_cast<int>(Convention::FiniteNan));
    m_convention->addItem(tr("FNUZ: no inf, no -0, NaN at the minus-zero code"), static_cast<int>(Convention::Fnuz));
    m_convention->addItem(tr("Unsigned scale: no sign, no zero, NaN at all ones (as e8m0)"),
                          static_cast<int>(Convention::Unsigned));
    m_convention->addItem(tr("Finite: every code is a number (as fp6/fp4)"), static_cast<int>(Convention::Finite));
    m_customBias = new QCheckBox(tr("Bias other than the usual"), this);
    m_bias = new QSpinBox(this);
    m_bias->setRange(-4096, 4096);
    m_bias->setEnabled(false);
    m_hint = new QLabel(this);
    m_hint->setWordWrap(true);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_customBias, &QCheckBox::toggled, m_bias, &QSpinBox::setEnabled);
    for (QSpinBox* s : {m_exponent, m_mantissa, m_bias})
        connect(s, &QSpinBox::valueChanged, this, &CustomFormatDialog::validate);
    connect(m_convention, &QComboBox::currentIndexChanged, this, &CustomFormatDialog::validate);
    connect(m_customBias, &QCheckBox::toggled, this, &CustomFormatDialog::validate);

    auto* form = new QFormLayout(this);
    form->addRow(tr("Exponent bits"), m_exponent);
    form->addRow(tr("Mantissa bits"), m_mantissa);
    form->addRow(tr("Special values"), m_convention);
    form->addRow(m_customBias, m_bias);
    form->addRow(m_hint);
    form->addRow(m_buttons);
    validate();
}

void CustomFormatDialog::validate()
{
    const auto convention = static_cast<Convention>(m_convention->currentData().toInt());
    const FormatLookup made = makeCustomFormat(m_exponent->value(), m_mantissa->value(), convention,
                                               m_customBias->isChecked() ? std::optional<int>(m_bias->value())
                                                                         : std::nullopt);
    m_format = made.format;
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(made.format.has_value());
    if (!made.format) {
        m_hint->setStyleSheet(QStringLiteral("color: #c0392b;"));
        m_hint->setText(text::message(*made.error));
        return;
    }
    m_hint->setStyleSheet(QString());
    m_hint->setText(tr("%1: largest finite %2, smallest positive %3")
                        .arg(QString::fromStdString(made.format->name()),
                             QString::fromStdString(briefDecimal(ExactValue::fromDyadic(made.format->maxFinite()).value())),
                             QString::fromStdString(
                                 briefDecimal(ExactValue::fromDyadic(made.format->minSubnormal()).value()))));
}

}  // namespace floatscope::gui
