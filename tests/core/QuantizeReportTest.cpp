// What the quantization panel, `floatscope quantize` and `floatscope export quantize` share: the
// tensor a request makes, the text of a stored value, and the report that quantizes the tensor and
// runs the compared recipes. The lesson's 12.807% is worked out here by hand from its closed form
// (an fp32 scale of 1000 / 448, and e4m3fn's subnormal grid of 2^-9 below 2^-6).
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <filesystem>
#include <fstream>

#include <gmpxx.h>

#include "core/format/Registry.h"
#include "core/scaling/QuantizeReport.h"
#include "core/scaling/TensorRequest.h"

namespace floatscope {
namespace {

TensorRequest values(std::vector<std::string> texts)
{
    TensorRequest r;
    r.source = TensorRequest::Source::Values;
    r.values = std::move(texts);
    return r;
}

QuantizeOptions perTensor(const char* element)
{
    QuantizeOptions o;
    o.scheme = Scheme::tensor();
    o.element = namedFormat(element);
    return o;
}

// An fp32 as an exact rational, from its bits (sign, 8-bit exponent, 23-bit fraction).
mpq_class fp32Exact(float f)
{
    std::uint32_t bits = 0;
    std::memcpy(&bits, &f, sizeof bits);
    const int exponent = static_cast<int>((bits >> 23) & 0xFF);
    mpq_class significand = (bits & 0x7FFFFF) | (exponent == 0 ? 0u : 0x800000u);
    const int shift = (exponent == 0 ? 1 : exponent) - 127 - 23;
    mpq_class scale = 1;
    if (shift >= 0)
        mpq_mul_2exp(scale.get_mpq_t(), scale.get_mpq_t(), static_cast<mp_bitcnt_t>(shift));
    else
        mpq_div_2exp(scale.get_mpq_t(), scale.get_mpq_t(), static_cast<mp_bitcnt_t>(-shift));
    return (bits >> 31 ? -1 : 1) * significand * scale;
}

TEST(TensorRequest, EachSourceMakesItsTensor)
{
    // Typed text: one value per line reads as a vector, rows of values as a matrix.
    TensorRequest text;
    text.text = "1\n2\n3\n";
    TensorLoad load = loadTensor(text);
    ASSERT_TRUE(load.tensor) << static_cast<int>(load.error.kind);
    EXPECT_FALSE(load.tensor->isMatrix());
    EXPECT_EQ(load.tensor->size(), 3u);
    text.text = "1 2 3\n4 5 6\n";
    load = loadTensor(text);
    ASSERT_TRUE(load.tensor);
    EXPECT_EQ(load.tensor->rows(), 2u);
    EXPECT_EQ(load.tensor->cols(), 3u);

    // Values are stored in fp32 first: 0.01 becomes fp32's nearest value.
    load = loadTensor(values({"0.01", "1000"}));
    ASSERT_TRUE(load.tensor);
    EXPECT_EQ((*load.tensor)[0], static_cast<double>(0.01f));

    // A shape reshapes, keeping the storage the values went through (quantize --json reports it);
    // a bad one is refused with the shape parser's kind.
    TensorRequest shaped = values({"1", "2", "3", "4", "5", "6"});
    shaped.shape = "2x3";
    load = loadTensor(shaped);
    ASSERT_TRUE(load.tensor);
    EXPECT_EQ(load.tensor->rows(), 2u);
    ASSERT_TRUE(load.storage);
    EXPECT_EQ(load.storage->name(), "fp32");
    shaped.shape = "4x4";
    load = loadTensor(shaped);
    EXPECT_FALSE(load.tensor);
    EXPECT_EQ(load.error.kind, TensorErrorKind::ShapeMismatch);
    shaped.shape = "two";
    load = loadTensor(shaped);
    EXPECT_EQ(load.error.kind, TensorErrorKind::ShapeSyntax);
    EXPECT_EQ(load.error.text, "two");

    // Generated values: as many as asked, but not more than the request allows.
    TensorRequest normal;
    normal.source = TensorRequest::Source::Normal;
    normal.normal.rows = 4;
    normal.normal.cols = 8;
    normal.normal.matrix = true;
    load = loadTensor(normal);
    ASSERT_TRUE(load.tensor);
    EXPECT_EQ(load.tensor->size(), 32u);
    EXPECT_EQ(normal.expectedElements(), 32u);
    normal.maxElements = 31;
    load = loadTensor(normal);
    EXPECT_FALSE(load.tensor);
    EXPECT_EQ(load.error.kind, TensorErrorKind::TooManyValues);
    EXPECT_EQ(load.error.limit, 31u);
    normal.normal.rows = std::size_t{1} << 40;  // rows x cols overflows
    normal.maxElements = kMaxGeneratedElements;
    EXPECT_EQ(loadTensor(normal).error.kind, TensorErrorKind::TooManyValues);

    // The request's limit holds for every source, typed values too (the window's 2^24, the command
    // line's 2^26).
    TensorRequest many = values({"1", "2", "3"});
    many.maxElements = 2;
    EXPECT_EQ(loadTensor(many).error.kind, TensorErrorKind::TooManyValues);

    // A file, by its extension.
    const std::filesystem::path path = std::filesystem::temp_directory_path() / "floatscope-request-test.csv";
    std::ofstream(path) << "# weights\n0.5, -0.25\n";
    TensorRequest file;
    file.source = TensorRequest::Source::File;
    file.path = path.string();
    EXPECT_EQ(file.expectedElements(), std::nullopt);
    load = loadTensor(file);
    std::filesystem::remove(path);
    ASSERT_TRUE(load.tensor) << static_cast<int>(load.error.kind);
    EXPECT_EQ((*load.tensor)[1], -0.25);
    file.path = "/nonexistent/weights.npy";
    load = loadTensor(file);
    EXPECT_EQ(load.error.kind, TensorErrorKind::FileUnreadable);
    EXPECT_EQ(load.error.path, "/nonexistent/weights.npy");
    file.path.clear();
    EXPECT_EQ(loadTensor(file).error.kind, TensorErrorKind::FileNotChosen);
}

TEST(TensorRequest, StoredValuesReadAsTheShortestTextOfTheirFormat)
{
    EXPECT_EQ(storedValueText(static_cast<double>(0.01f)), "0.01");      // an fp32: fp32's shortest
    EXPECT_EQ(storedValueText(0.01), "0.01");                            // not an fp32: fp64's shortest
    EXPECT_EQ(storedValueText(1.0 / 3.0), "0.3333333333333333");
    EXPECT_EQ(storedValueText(static_cast<double>(1.0f / 3.0f)), "0.33333334");
    EXPECT_EQ(storedValueText(-0.0), "-0");
    EXPECT_EQ(storedValueText(1000), "1000");
}

TEST(QuantizeReport, PerTensorE4m3fnLoses12807PercentOf001)
{
    ReportOutcome out = makeQuantizeReport(values({"1000", "0.01", "0.02", "0.5"}), perTensor("e4m3fn"));
    ASSERT_EQ(out.problem, ReportOutcome::Problem::None);
    const QuantizeReport& r = *out.report;

    // By hand: scale = fp32(1000 / 448); 0.01 / scale ~ 0.00448 lies among e4m3fn's subnormals
    // (multiples of 2^-9): 2.29 steps rounds to 2, so 0.01 comes back as 2/512 * scale.
    const mpq_class x = fp32Exact(0.01f);
    const mpq_class scale = fp32Exact(static_cast<float>(1000.0 / 448.0));
    const mpq_class steps = x / scale * 512;
    ASSERT_GT(steps, mpq_class(2));
    ASSERT_LT(steps, mpq_class(5, 2));
    const mpq_class back = mpq_class(2, 512) * scale;
    const mpq_class relative = (x - back) / x;
    const ElementResult e = r.quantization->element(1);
    EXPECT_EQ(e.dequantized, back);
    ASSERT_TRUE(e.relError);
    EXPECT_EQ(*e.relError, relative);
    EXPECT_NEAR(relative.get_d(), 0.12807, 5e-6);
    EXPECT_EQ(r.quantization->summary().maxRelErrorIndex, 1u);

    // The recipes compared: the current one first among them, marked, with the same summary.
    ASSERT_FALSE(r.comparisons.empty());
    int current = 0;
    for (const RecipeComparison& c : r.comparisons) {
        current += c.current ? 1 : 0;
        ASSERT_TRUE(c.summary) << static_cast<int>(c.error->kind);
        if (c.current) {
            EXPECT_EQ(c.summary->maxRelError, r.quantization->summary().maxRelError);
        }
    }
    EXPECT_EQ(current, 1);
    EXPECT_TRUE(r.comparisons.front().current);
    EXPECT_EQ(r.comparisons.front().worstInput, static_cast<double>(0.01f));
    // A vector has no heatmap.
    EXPECT_FALSE(r.relativeGrid);
}

TEST(QuantizeReport, ComparedRecipesCoverEverySchemeOnce)
{
    const std::vector<QuantizeOptions> list = comparedRecipes(perTensor("e4m3fn"));
    std::vector<SchemeKind> kinds;
    for (const QuantizeOptions& o : list)
        kinds.push_back(o.scheme.kind);
    EXPECT_EQ(kinds, (std::vector<SchemeKind>{SchemeKind::Tensor, SchemeKind::Tensor, SchemeKind::Tile, SchemeKind::Block,
                                              SchemeKind::Mx, SchemeKind::Nvfp4}));
    EXPECT_EQ(list[1].scalePrecision, ScalePrecision::Exact);
    EXPECT_EQ(list[2].scheme.blockCols, 128u);
    EXPECT_EQ(list[4].element.name(), "e4m3fn");  // MX takes e4m3fn elements (MX v1.0 §5)
    EXPECT_EQ(list[5].element.name(), "e2m1");    // NVFP4 is e2m1 only

    // A tile of 32 adds 1x128 beside it; an unsigned element format is shown in MX as MXFP4.
    QuantizeOptions tile = perTensor("e8m0");
    tile.scheme = Scheme::tile(32);
    const std::vector<QuantizeOptions> tiles = comparedRecipes(tile);
    int tileRows = 0;
    for (const QuantizeOptions& o : tiles) {
        tileRows += o.scheme.kind == SchemeKind::Tile ? 1 : 0;
        if (o.scheme.kind == SchemeKind::Mx) {
            EXPECT_EQ(o.element.name(), "e2m1");
        }
    }
    EXPECT_EQ(tileRows, 2);
}

TEST(QuantizeReport, ProblemsProgressAndCancel)
{
    // A NaN in the tensor, and a recipe that refuses a ragged edge, each say which part failed.
    const ReportOutcome nan = makeQuantizeReport(values({"1", "nan"}), perTensor("e4m3fn"));
    EXPECT_EQ(nan.problem, ReportOutcome::Problem::Tensor);
    EXPECT_EQ(nan.tensorError.kind, TensorErrorKind::NonFinite);
    EXPECT_EQ(nan.tensorError.count, 1u);  // element 1, counting from 0
    QuantizeOptions reject = perTensor("e4m3fn");
    reject.scheme = Scheme::tile(3);
    reject.ragged = RaggedPolicy::Reject;
    const ReportOutcome ragged = makeQuantizeReport(values({"1", "2", "3", "4"}), reject);
    EXPECT_EQ(ragged.problem, ReportOutcome::Problem::Recipe);
    ASSERT_TRUE(ragged.recipeError);
    EXPECT_EQ(ragged.recipeError->kind, QuantizeErrorKind::ShapeNotMultipleOfBlock);
    EXPECT_EQ(ragged.recipeError->blockCols, 3u);

    // A matrix gets both heatmap grids; progress rises to 1.
    TensorRequest matrix = values({"1", "2", "3", "4", "5", "6"});
    matrix.shape = "2x3";
    std::vector<double> shares;
    ReportControl control;
    control.progress = [&](double share) { shares.push_back(share); };
    const ReportOutcome done = makeQuantizeReport(matrix, perTensor("e4m3fn"), control);
    ASSERT_TRUE(done.report);
    ASSERT_TRUE(done.report->relativeGrid);
    EXPECT_EQ(done.report->relativeGrid->rows, 2u);
    EXPECT_TRUE(done.report->absoluteGrid);
    ASSERT_FALSE(shares.empty());
    EXPECT_TRUE(std::is_sorted(shares.begin(), shares.end()));
    EXPECT_DOUBLE_EQ(shares.back(), 1.0);

    // Cancelled before it starts: no report.
    std::atomic<bool> cancel{true};
    control.cancel = &cancel;
    EXPECT_EQ(makeQuantizeReport(matrix, perTensor("e4m3fn"), control).problem, ReportOutcome::Problem::Cancelled);
}

}  // namespace
}  // namespace floatscope
