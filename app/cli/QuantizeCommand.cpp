#include <bit>
#include <cfloat>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <limits>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include "app/cli/ArgParser.h"
#include "app/cli/Commands.h"
#include "app/cli/ExportViews.h"
#include "app/figures/QuantizeFigure.h"
#include "app/lessons/QuantizeLesson.h"
#include "app/text/TensorErrorText.h"
#include "core/exact/DecimalText.h"
#include "core/exact/ExactValue.h"
#include "core/format/Registry.h"
#include "core/inspect/Inspection.h"
#include "core/scaling/Quantization.h"
#include "core/scaling/TensorRequest.h"
#include "app/text/FormatText.h"
#include "app/text/QuantizeText.h"
#include "app/text/StdString.h"

namespace floatscope::cli {

namespace {

constexpr const char* kHelp = R"(usage: floatscope quantize V1 V2 ... [-f FMT] [--scheme SCHEME] [options] [--json]
       floatscope quantize --input FILE.csv|FILE.npy [options]
       floatscope quantize --generate N|ROWSxCOLS [--std S] [--outliers K --outlier-value V] [options]

Quantizes a tensor with block scaling: each block's scale comes from its largest magnitude (amax),
each element x is rounded once, from its exact value, to x / scale in the element format, and the
dequantized value is element * scale. Prints the blocks' scales, every element's code, dequantized
value and error, and a summary (MSE, largest relative error, flushed and saturated elements, bits
per element).

schemes (--scheme):
  tensor         one scale: amax / max(element format)                            (default)
  tile:N         1 x N tiles along each row, DeepSeek-V3's activations (tile = tile:128)
  block:RxC      R x C blocks, DeepSeek-V3's weights (block = block:128x128)
  mx             OCP MX v1.0: 32 elements share an E8M0 power of two (MXFP4 with -f e2m1)
  nvfp4          NVIDIA NVFP4: e2m1 elements, an E4M3 scale per 16, an fp32 scale per tensor

options:
  -f, --format FMT      element format (default e4m3fn; e2m1 for mx and nvfp4); e4m3 is the
                        lessons' IEEE-like variant (max 240), e4m3fn the hardware fp8 (max 448)
  --scale exact|fp32    tensor, tile and block scales, and NVFP4's tensor scale: the exact rational
                        amax / max, or rounded to fp32 as recipes store them (default fp32)
  --scale-rule RULE     mx: floor (OCP MX v1.0 6.3: 2^(floor(log2 amax) - emax), default), ceil
                        (2^(ceil(log2 amax) - emax)) or rceil (2^ceil(log2(amax / max)), cuBLAS)
  --shape N|RxC         the values as a vector of N or a ROWS x COLS matrix, row-major
  --input FILE          values from a .csv (rows of numbers) or .npy (float16/32/64, C order) file
  --generate N|RxC      seeded normal values: --mean M (0; |M| at most 10^6), --std S (1; 0..10^6),
                        --outliers K (0; at most 2^24) values of +-V (--outlier-value, 100; at most
                        1e30) at seeded places, --seed N (0..2147483647, default 0)
  --storage FMT         the format typed, CSV and generated values are stored in first: fp32 (the
                        default, as torch.tensor stores them), fp64 (keeps more of typed decimals),
                        bf16 or fp16
  --rounding MODE       element rounding: nearest-even (default), nearest-away, toward-zero, up,
                        down, odd, stochastic (with --seed)
  --no-saturate         let values above the element format's max overflow (inf or NaN) instead of
                        clamping to it
  --ragged pad|reject   blocks cut by the tensor's edge: keep them as if zero-padded (default) or refuse
  --limit N             list at most N elements and N blocks (default 64; 0: all)
  --json                one JSON document on stdout
  -h, --help            this help

policies: an empty tensor, and any NaN or inf element, are refused (exit status 2); an all-zero
block gets scale 1; a partial block at an edge scales by its own amax; an NVFP4 block whose E4M3
scale rounds to 0 is flushed to zero; an MX scale outside E8M0's 2^-127..2^127 is clamped.

limits: at most 2^26 values (67,108,864: an 8192 x 8192 matrix, about 0.7 GB in all) from values,
--input or --generate; --input reads regular files only (not a device or FIFO) of at most 4 GiB,
CSV as a stream and .npy in chunks. --json writes the listed blocks and elements as it makes them;
each listed element costs about 25 us of exact decimals (2^20 elements with --limit 0: 660 MB of
JSON in about 30 s). Statistics beyond fp64's range (an MSE of 1e600) are summed in long double and
written as they are; in JSON as a decimal string where a JSON number would read as 0 or inf.
)";

// --limit 0 may list 2^26 rows: the text tables are printed a page at a time (each page aligned on
// its own), so that memory holds a page, not the table (2^26 rows held would be about 20 GB).
constexpr std::size_t kTablePage = 4096;

// A rational as every digit when it terminates within 60, else 17 significant digits.
std::string rationalText(const mpq_class& q)
{
    if (auto digits = terminatingDecimal(q, 60))
        return *digits;
    return approximateDecimal(q, 17);
}

std::string percent(const mpq_class& q)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4g%%", 100.0 * q.get_d());
    return buf;
}

// Statistics are long double where they can pass fp64's range (Quantization.h).
std::string percent(long double share)
{
    if (std::isinf(share))
        return "inf";
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.4Lg%%", 100.0L * share);
    return buf;
}

std::string number(long double v, int digits = 6)
{
    if (std::isinf(v))
        return v > 0 ? "inf" : "-inf";
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.*Lg", digits, v);
    return buf;
}

QJsonValue jsonNumber(double v)
{
    if (std::isfinite(v))
        return v;
    return QString(std::isnan(v) ? "nan" : v > 0 ? "inf" : "-inf");
}

// A JSON number where fp64 holds the statistic as a normal number, else its 17 significant digits as
// a string ("5.0000000000000001e-601"): a JSON reader would turn such a number into 0 or inf.
QJsonValue jsonStatistic(long double v)
{
    if (v == 0 || (std::isfinite(v) && std::fabs(v) >= DBL_MIN && std::fabs(v) <= DBL_MAX))
        return static_cast<double>(v);
    if (!std::isfinite(v))
        return QString(std::isnan(v) ? "nan" : v > 0 ? "inf" : "-inf");
    return QString::fromStdString(number(v, 17));
}

std::string scaleBits(const Quantization& q, const BlockResult& b)
{
    if (!b.scaleCode)
        return "exact";
    return hexCode(*q.scaleFormat(), *b.scaleCode) + " (" + q.scaleFormat()->name() + ")";
}

QJsonObject blockJson(const Quantization& q, const BlockResult& b)
{
    const mpq_class scale = b.scaleIsZero ? mpq_class(0) : b.scale.exact();
    return QJsonObject{
        {"index", static_cast<double>(b.index)},
        {"row", static_cast<double>(b.row)},
        {"col", static_cast<double>(b.col)},
        {"rows", static_cast<double>(b.rows)},
        {"cols", static_cast<double>(b.cols)},
        {"partial", b.partial},
        {"all_zero", b.allZero},
        {"scale_clamped", b.scaleClamped},
        {"scale_is_zero", b.scaleIsZero},
        {"amax", qs(storedValueText(b.amax))},
        {"scale", qs(rationalText(scale))},
        {"scale_rational", qs(scale.get_str())},
        {"scale_bits", b.scaleCode ? QJsonValue(qs(hexCode(*q.scaleFormat(), *b.scaleCode))) : QJsonValue()},
        {"saturated", static_cast<double>(b.saturated)},
        {"flushed", static_cast<double>(b.flushed)},
    };
}

QJsonObject elementJson(const Quantization& q, const ElementResult& e)
{
    const bool finite = e.valueClass != ValueClass::Infinite && e.valueClass != ValueClass::NaN;
    return QJsonObject{
        {"index", static_cast<double>(e.index)},
        {"row", static_cast<double>(e.row)},
        {"col", static_cast<double>(e.col)},
        {"block", static_cast<double>(e.block)},
        {"input", qs(storedValueText(e.input))},
        {"input_exact", qs(codeValueText(namedFormat("fp64"), std::bit_cast<std::uint64_t>(e.input)))},
        {"scaled", qs(approximateDecimal(e.scaled, 17))},
        {"code", qs(hexCode(q.elementFormat(), e.code))},
        {"class", toString(e.valueClass)},
        {"element_value", finite ? QJsonValue(qs(exactDecimal(e.elementValue))) : QJsonValue(toString(e.valueClass))},
        {"dequantized", finite ? QJsonValue(qs(rationalText(e.dequantized))) : QJsonValue()},
        {"dequantized_rational", finite ? QJsonValue(qs(e.dequantized.get_str())) : QJsonValue()},
        {"abs_error", finite ? QJsonValue(qs(approximateDecimal(e.absError, 17))) : QJsonValue("inf")},
        {"rel_error", e.relError ? QJsonValue(qs(approximateDecimal(*e.relError, 17))) : QJsonValue()},
        {"flushed", e.flushed},
        {"saturated", e.saturated},
    };
}

QJsonObject summaryJson(const QuantizationSummary& s)
{
    return QJsonObject{
        {"elements", static_cast<double>(s.elements)},
        {"blocks", static_cast<double>(s.blocks)},
        {"partial_blocks", static_cast<double>(s.partialBlocks)},
        {"zero_blocks", static_cast<double>(s.zeroBlocks)},
        {"flushed", static_cast<double>(s.flushed)},
        {"saturated", static_cast<double>(s.saturated)},
        {"mse", jsonStatistic(s.mse)},
        {"max_abs_error", jsonNumber(s.maxAbsError)},
        {"max_abs_error_index", static_cast<double>(s.maxAbsErrorIndex)},
        {"max_rel_error", jsonStatistic(s.maxRelError)},
        {"max_rel_error_index", static_cast<double>(s.maxRelErrorIndex)},
        {"sqnr_db", s.sqnrDb ? jsonNumber(*s.sqnrDb) : QJsonValue()},
        {"bits_per_element", s.bitsPerElement},
        {"stored_bits_per_element", s.storedBitsPerElement},
    };
}

// The document --json prints; blocks and elements are written as they are made.
void printQuantizeJson(const Io& io, const Quantization& q, const QuantizeOptions& options,
                       const std::optional<Format>& stored, std::size_t blocksShown, std::size_t elementsShown)
{
    const Tensor& t = q.tensor();
    const QuantizationSummary& s = q.summary();
    QJsonArray shape;
    if (t.isMatrix())
        shape.append(static_cast<double>(t.rows()));
    shape.append(static_cast<double>(t.cols()));
    QJsonArray recipeLines;
    for (const QString& line : text::quantizeRecipe(q))
        recipeLines.append(line);
    QJsonObject doc{
        {"scheme", qs(options.scheme.name())},
        {"format", qs(options.element.name())},
        {"element_max", qs(exactDecimal(options.element.maxFinite()))},
        {"scale", options.scheme.kind == SchemeKind::Mx ? QJsonValue() : QJsonValue(toString(options.scalePrecision))},
        {"scale_rule", options.scheme.kind == SchemeKind::Mx ? QJsonValue(toString(options.mxRule)) : QJsonValue()},
        {"scale_format", q.scaleFormat() ? QJsonValue(qs(q.scaleFormat()->name())) : QJsonValue()},
        {"block_rows", static_cast<double>(q.blockRows())},
        {"block_cols", static_cast<double>(q.blockCols())},
        {"rounding", toString(options.rounding)},
        {"overflow", toString(options.overflow)},
        {"ragged", toString(options.ragged)},
        // .npy values are exact as the file holds them; everything else went through --storage.
        {"storage", stored ? QJsonValue(qs(stored->name())) : QJsonValue()},
        {"shape", shape},
        {"recipe", recipeLines},
        {"blocks_shown", static_cast<double>(blocksShown)},
        {"elements_shown", static_cast<double>(elementsShown)},
        {"truncated", elementsShown < t.size() || blocksShown < q.blockCount()},
        {"summary", summaryJson(s)},
    };
    if (const auto& ts = q.tensorScale()) {
        doc["tensor_scale"] = QJsonObject{
            {"amax", qs(storedValueText(ts->amax))},
            {"scale", qs(rationalText(ts->scale.exact()))},
            {"scale_rational", qs(ts->scale.exact().get_str())},
            {"scale_bits", ts->fp32Code ? QJsonValue(qs(hexCode(namedFormat("fp32"), *ts->fp32Code))) : QJsonValue()},
        };
    }
    // Blocks and elements are written as they are made: --limit 0 on 2^20 elements held 3.3 GB.
    printJsonStream(io, doc,
                    {{"blocks", blocksShown, [&q](std::size_t b) { return blockJson(q, q.block(b)); }},
                     {"elements", elementsShown, [&q](std::size_t i) { return elementJson(q, q.element(i)); }}});
}

void printBlocks(const Io& io, const Quantization& q, std::size_t blocksShown)
{
    const Tensor& t = q.tensor();
    Table blockTable({"block", t.isMatrix() ? "rows x cols" : "elements", "amax", "scale bits", "scale", "note"});
    for (std::size_t b = 0; b < blocksShown; ++b) {
        const BlockResult r = q.block(b);
        std::string note;
        auto add = [&note](const char* what) { note += (note.empty() ? "" : ", ") + std::string(what); };
        if (r.allZero)
            add("all zero (scale 1)");
        if (r.partial)
            add("partial");
        if (r.scaleClamped)
            add("scale clamped");
        if (r.scaleIsZero)
            add("scale 0: block flushed");
        const std::string cols = std::to_string(r.col) + ".." + std::to_string(r.col + r.cols - 1);
        blockTable.addRow({std::to_string(b),
                           t.isMatrix() ? std::to_string(r.row) + ".." + std::to_string(r.row + r.rows - 1) + " x " + cols
                                        : cols,
                           storedValueText(r.amax), scaleBits(q, r),
                           briefDecimal(r.scaleIsZero ? mpq_class(0) : r.scale.exact(), 14), note.empty() ? "-" : note});
        if (blockTable.pendingRows() == kTablePage)
            blockTable.printPage(io);
    }
    blockTable.printPage(io);
    if (blocksShown < q.blockCount())
        std::fprintf(io.out, "... %zu more blocks (--limit 0 lists all)\n", q.blockCount() - blocksShown);
    std::fputc('\n', io.out);
}

void printElements(const Io& io, const Quantization& q, std::size_t elementsShown)
{
    const Tensor& t = q.tensor();
    Table elementTable({"element", "block", "x", "x / scale", "code", "element", "dequantized", "abs error", "rel error", "note"});
    for (std::size_t i = 0; i < elementsShown; ++i) {
        const ElementResult e = q.element(i);
        const bool finite = e.valueClass != ValueClass::Infinite && e.valueClass != ValueClass::NaN;
        const std::string where = t.isMatrix() ? "[" + std::to_string(e.row) + ", " + std::to_string(e.col) + "]"
                                               : std::to_string(e.index);
        std::string note = e.flushed ? "flushed to 0" : e.saturated ? "saturated" : "-";
        if (!finite)
            note = std::string(toString(e.valueClass)) + " (overflow)";
        elementTable.addRow({where, std::to_string(e.block), storedValueText(e.input), briefDecimal(e.scaled, 14),
                             hexCode(q.elementFormat(), e.code),
                             finite ? exactDecimal(e.elementValue) : toString(e.valueClass),
                             finite ? briefDecimal(e.dequantized, 14) : "-",
                             finite ? number(e.absError.get_d(), 4) : "inf",
                             e.relError ? percent(*e.relError) : "-", note});
        if (elementTable.pendingRows() == kTablePage)
            elementTable.printPage(io);
    }
    elementTable.printPage(io);
    if (elementsShown < t.size())
        std::fprintf(io.out, "... %zu more elements (--limit 0 lists all)\n", t.size() - elementsShown);
    std::fputc('\n', io.out);
}

void printSummary(const Io& io, const QuantizationSummary& s, OverflowPolicy overflow)
{
    std::fprintf(io.out, "summary: %zu element%s in %zu block%s (%zu partial, %zu all zero)\n", s.elements,
                 s.elements == 1 ? "" : "s", s.blocks, s.blocks == 1 ? "" : "s", s.partialBlocks, s.zeroBlocks);
    std::fprintf(io.out, "  MSE %s, largest abs error %s (element %zu), largest rel error %s (element %zu)\n",
                 number(s.mse, 6).c_str(), number(s.maxAbsError, 6).c_str(), s.maxAbsErrorIndex,
                 percent(s.maxRelError).c_str(), s.maxRelErrorIndex);
    // Elements above the element format's max were clamped, or (--no-saturate) became inf or NaN.
    const bool clamps = overflow == OverflowPolicy::Saturate;
    std::fprintf(io.out, "  SQNR %s, %zu flushed to zero, %zu %s\n",
                 s.sqnrDb ? (number(*s.sqnrDb, 4) + " dB").c_str() : "inf (exact)", s.flushed, s.saturated,
                 clamps ? "saturated" : "overflowed to inf or NaN");
    std::fprintf(io.out, "  %s bits per element as quoted (element + block scale over a full block), %s as stored here\n",
                 number(s.bitsPerElement, 6).c_str(), number(s.storedBitsPerElement, 6).c_str());
}

int tensorError(const Io& io, const TensorError& error)
{
    return usageError(io, text::tensorErrorText(error).toStdString());
}

}  // namespace

int runQuantize(const std::vector<std::string>& arguments, const Io& io)
{
    // The block-scaling lesson's declared options (what its panel and `export quantize` take), and
    // the command's own.
    const std::vector<gui::LessonOption> declared = gui::quantizeCommandOptions();
    ArgParser args(declaredOptions(declared, {{"limit", 0, true}, {"json", 0, false}, {"help", 'h', false}}));
    if (const auto done = parseArguments(args, arguments, io, "quantize", kHelp))
        return *done;

    // 1. The recipe and the tensor's source, as the lesson reads them.
    const ParsedArguments view(args);
    std::string error;
    const auto values = gui::readOptions(view, declared, error);
    if (!values)
        return usageError(io, error);
    auto input = gui::readQuantizeInput(*values, view, "scale", error);
    if (!input)
        return usageError(io, error);
    if (!input->sourceGiven)
        return usageError(io, "quantize needs values, --input FILE or --generate SHAPE (see 'floatscope quantize --help')");
    std::size_t limit = 64;
    if (const auto text = args.value("limit")) {
        const auto n = gui::wholeNumberText(*text);
        if (!n)
            return usageError(io, "--limit takes a whole number, got '" + *text + "'");
        limit = *n == 0 ? std::numeric_limits<std::size_t>::max() : static_cast<std::size_t>(*n);
    }
    const QuantizeOptions& options = input->options;
    TensorRequest& request = input->request;
    request.maxElements = kMaxTensorElements;  // the loaders' limit, not the window's
    TensorLoad load = loadTensor(request);
    if (!load.tensor)
        return tensorError(io, load.error);
    const std::optional<Format> stored = load.storage;

    // 2. Quantize.
    QuantizeOutcome outcome = quantize(std::move(*load.tensor), options);
    if (outcome.tensorError)
        return tensorError(io, *outcome.tensorError);
    if (!outcome.result)
        return usageError(io, text::message(*outcome.error).toStdString());
    const Quantization& q = *outcome.result;
    const Tensor& t = q.tensor();
    const QuantizationSummary& s = q.summary();
    const std::size_t elementsShown = std::min(limit, t.size());
    const std::size_t blocksShown = std::min(limit, q.blockCount());

    if (args.has("json")) {
        printQuantizeJson(io, q, options, stored, blocksShown, elementsShown);
        return 0;
    }

    // Text: the recipe, the blocks, the elements, the summary.
    std::fprintf(io.out, "%s, scheme %s, %s elements (max %s)\n",
                 t.isMatrix() ? (t.shapeText() + " matrix").c_str()
                              : (std::to_string(t.size()) + (t.size() == 1 ? " value" : " values")).c_str(),
                 options.scheme.name().c_str(), options.element.name().c_str(),
                 exactDecimal(options.element.maxFinite()).c_str());
    for (const QString& line : text::quantizeRecipe(q))
        std::fprintf(io.out, "  %s\n", line.toStdString().c_str());
    if (const auto& ts = q.tensorScale())
        std::fprintf(io.out, "  tensor amax %s, tensor scale %s%s\n", storedValueText(ts->amax).c_str(),
                     briefDecimal(ts->scale.exact()).c_str(),
                     ts->fp32Code ? (" = " + hexCode(namedFormat("fp32"), *ts->fp32Code) + " (fp32)").c_str() : "");
    std::fputc('\n', io.out);

    printBlocks(io, q, blocksShown);
    printElements(io, q, elementsShown);
    printSummary(io, s, options.overflow);
    return 0;
}

}  // namespace floatscope::cli
