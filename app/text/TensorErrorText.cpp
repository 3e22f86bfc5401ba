#include "app/text/TensorErrorText.h"

#include <QCoreApplication>

#include "app/text/FileProblemText.h"
#include "app/text/ParseErrorText.h"

namespace floatscope::text {

namespace {

// Translation context "TensorError" (lupdate reads Q_DECLARE_TR_FUNCTIONS).
struct TensorErrorText {
    Q_DECLARE_TR_FUNCTIONS(TensorError)
};

QString number(std::uint64_t n) { return QString::number(n); }

// Where a text value was: "value 3" (typed) or "line 2, value 3" (CSV).
QString where(const TensorError& e)
{
    if (e.line == 0)
        return TensorErrorText::tr("value %1").arg(number(e.column));
    return TensorErrorText::tr("line %1, value %2").arg(number(e.line), number(e.column));
}

QString elementName(const TensorError& e)
{
    if (e.matrix)
        return TensorErrorText::tr("element [%1, %2]").arg(number(e.line), number(e.column));
    return TensorErrorText::tr("element %1").arg(number(e.count));
}

QString sentence(const TensorError& e)
{
    const QString text = shownText(e.text);
    const QString format = QString::fromStdString(e.format);
    switch (e.kind) {
    case TensorErrorKind::None: return {};
    case TensorErrorKind::StorageTooWide:
        return TensorErrorText::tr("%1 cannot hold its values in fp64, so it cannot be a tensor's storage").arg(format);
    case TensorErrorKind::ValueUnreadable:
        return TensorErrorText::tr("%1 ('%2'): %3")
            .arg(where(e), text, e.parse ? parseErrorText(*e.parse, QString::fromStdString(e.text)) : QString());
    case TensorErrorKind::ValueNotInStorage:
        return TensorErrorText::tr("%1: '%2' has no value in %3, which has no sign and no zero (choose a signed storage: "
                                   "fp32, bf16, ...)")
            .arg(where(e), text, format);
    case TensorErrorKind::ValueOverflowsStorage:
        return TensorErrorText::tr("%1: '%2' overflows %3 storage (choose a wider storage format)")
            .arg(where(e), text, format);
    case TensorErrorKind::ValueTooLong:
        return TensorErrorText::tr("%1: the value is longer than %2 characters").arg(where(e)).arg(kMaxTextLength);
    case TensorErrorKind::CsvNotRectangular:
        return TensorErrorText::tr("line %1 has %2 values but line %3 has %4: a CSV tensor must be rectangular")
            .arg(number(e.line), number(e.count), number(e.expected), number(e.limit));
    case TensorErrorKind::TooManyValues:
        return TensorErrorText::tr("more than %1 values: Floatscope quantizes at most %1 (split the tensor)")
            .arg(number(e.limit));
    case TensorErrorKind::FileExtension: return TensorErrorText::tr("give a .csv or .npy file");
    case TensorErrorKind::FileNotChosen: return TensorErrorText::tr("no file chosen");
    case TensorErrorKind::FileUnreadable: return fileProblemText(e.fileProblem, e.systemError, e.limit);
    case TensorErrorKind::NpyNoMagic:
        return TensorErrorText::tr("not a NumPy .npy file (it does not start with \\x93NUMPY)");
    case TensorErrorKind::NpyTruncated:
        return TensorErrorText::tr("truncated .npy file: it ends after %1 bytes, inside the version and header length")
            .arg(number(e.count));
    case TensorErrorKind::NpyVersion:
        return TensorErrorText::tr(".npy format version %1 is not supported (1.0 to 3.0 are)").arg(number(e.count));
    case TensorErrorKind::NpyHeaderTruncated:
        if (e.limit != 0)
            return TensorErrorText::tr(".npy header announces %1, more than the %2 a header may have")
                .arg(bytesText(e.count), bytesText(e.limit));
        return TensorErrorText::tr("truncated .npy header: it announces %1 bytes").arg(number(e.count));
    case TensorErrorKind::NpyHeaderKeyMissing: return TensorErrorText::tr(".npy header lacks '%1'").arg(text);
    case TensorErrorKind::NpyHeaderMalformed:
        return TensorErrorText::tr(".npy header is not a Python dict of literals: %1").arg(text);
    case TensorErrorKind::NpyStructuredDtype:
        return TensorErrorText::tr("structured .npy dtypes are not supported: save one float16, float32 or float64 array");
    case TensorErrorKind::NpyUnsupportedDtype:
        return TensorErrorText::tr(".npy dtype %1 ('%2') is not supported: Floatscope reads float16, float32 and float64")
            .arg(shownText(e.format), text);
    case TensorErrorKind::NpyFortranOrder:
        return TensorErrorText::tr(".npy array is in Fortran order: save it with np.ascontiguousarray (C order)");
    case TensorErrorKind::NpyBadFortranOrder: return TensorErrorText::tr(".npy header has fortran_order %1").arg(text);
    case TensorErrorKind::NpyShapeNotTuple: return TensorErrorText::tr(".npy shape %1 is not a tuple").arg(text);
    case TensorErrorKind::NpyShapeNotNumber:
        return TensorErrorText::tr(".npy shape has '%1', not a whole number").arg(text);
    case TensorErrorKind::NpyTooManyDimensions:
        return TensorErrorText::tr(".npy array has %1 dimensions; Floatscope quantizes 1-D and 2-D tensors (reshape it first)")
            .arg(number(e.count));
    case TensorErrorKind::NpyDataTruncated:
        return TensorErrorText::tr("truncated .npy data: the shape needs %1 values of %2, the file holds %3")
            .arg(number(e.expected), format, number(e.count));
    case TensorErrorKind::ShapeSyntax:
        return TensorErrorText::tr("shape '%1' is not N or ROWSxCOLS with positive whole numbers").arg(text);
    case TensorErrorKind::ShapeMismatch:
        return TensorErrorText::tr("shape %1 does not hold the %2 values given").arg(text, number(e.count));
    case TensorErrorKind::GeneratedShapeEmpty: return TensorErrorText::tr("a generated tensor needs a positive shape");
    case TensorErrorKind::GeneratedBadDistribution:
        return TensorErrorText::tr("the normal distribution needs a finite mean and a standard deviation >= 0");
    case TensorErrorKind::GeneratedTooManyOutliers:
        return TensorErrorText::tr("%1 outliers do not fit in %2 elements").arg(number(e.count), number(e.expected));
    case TensorErrorKind::GeneratedBadOutlier: return TensorErrorText::tr("the outlier magnitude must be finite");
    case TensorErrorKind::GeneratedNotInStorage:
        return TensorErrorText::tr("%1 has no sign bit, and normal values take both signs: choose a signed storage "
                                   "(fp32, bf16, ...)")
            .arg(format);
    case TensorErrorKind::GeneratedOverflows:
        return TensorErrorText::tr("generated values overflow %1 storage: the mean, standard deviation or outlier "
                                   "value is too large for it")
            .arg(format);
    case TensorErrorKind::Empty: return TensorErrorText::tr("the tensor is empty: quantizing needs at least one value");
    case TensorErrorKind::NonFinite:
        return TensorErrorText::tr("%1 is %2: quantizing needs finite values (one NaN or inf would set its block's scale)")
            .arg(elementName(e), text);
    }
    return {};
}

}  // namespace

QString tensorErrorText(const TensorError& error)
{
    const QString s = sentence(error);
    if (error.path.empty())
        return s;
    return TensorErrorText::tr("'%1': %2").arg(shownText(error.path, 200), s);
}

}  // namespace floatscope::text
