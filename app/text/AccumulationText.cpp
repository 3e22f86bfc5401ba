#include "app/text/AccumulationText.h"

#include <QCoreApplication>

namespace floatscope::text {

namespace {

// Translation context "AccumulationText" (lupdate reads Q_DECLARE_TR_FUNCTIONS).
struct AccumulationText {
    Q_DECLARE_TR_FUNCTIONS(AccumulationText)
};

}  // namespace

QString message(const SetupError& e)
{
    const QString value = QString::fromStdString(e.value);
    const auto number = static_cast<qlonglong>(e.number);
    switch (e.kind) {
    case SetupErrorKind::KahanNeedsZeroAndSign:
        return AccumulationText::tr("Kahan's compensated sum needs a zero and negative values, which %1 lacks")
            .arg(QString::fromStdString(e.format));
    case SetupErrorKind::TooFewSteps: return AccumulationText::tr("the number of steps must be at least 1, got %1").arg(number);
    case SetupErrorKind::TooManySteps:
        return AccumulationText::tr("the number of steps must be at most %1 (10^7), got %2")
            .arg(static_cast<qlonglong>(kMaxAccumulationSteps))
            .arg(number);
    case SetupErrorKind::StartNotFinite: return AccumulationText::tr("the start value must be finite, got %1").arg(value);
    case SetupErrorKind::IncrementNotANumber: return AccumulationText::tr("the increment must be a number, got nan");
    case SetupErrorKind::IncrementNotFinite: return AccumulationText::tr("the increment must be finite, got %1").arg(value);
    case SetupErrorKind::RandomBitsOutOfRange: return AccumulationText::tr("random bits must be 1..64, got %1").arg(number);
    }
    return {};
}

}  // namespace floatscope::text
