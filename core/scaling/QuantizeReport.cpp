#include "core/scaling/QuantizeReport.h"

#include "core/format/Registry.h"

namespace floatscope {

namespace {

bool cancelled(const ReportControl& control)
{
    return control.cancel != nullptr && control.cancel->load(std::memory_order_relaxed);
}

ReportOutcome problem(ReportOutcome::Problem kind)
{
    ReportOutcome out;
    out.problem = kind;
    return out;
}

ReportOutcome tensorProblem(TensorError error)
{
    ReportOutcome out = problem(ReportOutcome::Problem::Tensor);
    out.tensorError = std::move(error);
    return out;
}

bool sameRecipe(const QuantizeOptions& a, const QuantizeOptions& b)
{
    if (a.scheme.kind != b.scheme.kind || a.scheme.blockRows != b.scheme.blockRows
        || a.scheme.blockCols != b.scheme.blockCols || !(a.element == b.element))
        return false;
    if (a.scheme.kind == SchemeKind::Mx)
        return a.mxRule == b.mxRule;
    return a.scalePrecision == b.scalePrecision;
}

}  // namespace

std::vector<QuantizeOptions> comparedRecipes(const QuantizeOptions& current)
{
    const bool blockwise = current.scheme.kind == SchemeKind::Tile || current.scheme.kind == SchemeKind::Block;
    auto with = [&](Scheme scheme, ScalePrecision precision, const Format& element) {
        QuantizeOptions o = current;
        o.scheme = scheme;
        o.scalePrecision = precision;
        o.element = element;
        return o;
    };
    const ScalePrecision blockPrecision = blockwise ? current.scalePrecision : ScalePrecision::Fp32;
    const std::size_t tile = current.scheme.kind == SchemeKind::Tile ? current.scheme.blockCols : 128;
    const Scheme block = current.scheme.kind == SchemeKind::Block ? current.scheme : Scheme::block(128, 128);
    // MX takes signed element formats with normals (MX v1.0 §5); otherwise the comparison shows MXFP4.
    const bool mxTakesElement = current.element.signBits() == 1 && current.element.maxExponent() >= current.element.minExponent();
    const Format& nonMx = current.scheme.kind == SchemeKind::Nvfp4 ? namedFormat("e2m1") : current.element;

    std::vector<QuantizeOptions> list = {with(Scheme::tensor(), ScalePrecision::Fp32, nonMx),
                                         with(Scheme::tensor(), ScalePrecision::Exact, nonMx),
                                         with(Scheme::tile(tile), blockPrecision, nonMx)};
    if (tile != 128)
        list.push_back(with(Scheme::tile(128), blockPrecision, nonMx));
    list.push_back(with(block, blockPrecision, nonMx));
    list.push_back(with(Scheme::mx(), ScalePrecision::Fp32, mxTakesElement ? nonMx : namedFormat("e2m1")));
    list.push_back(with(Scheme::nvfp4(),
                        current.scheme.kind == SchemeKind::Nvfp4 ? current.scalePrecision : ScalePrecision::Fp32,
                        namedFormat("e2m1")));
    bool found = false;
    for (const QuantizeOptions& o : list)
        found = found || sameRecipe(o, current);
    if (!found)
        list.insert(list.begin(), current);
    return list;
}

ReportOutcome makeQuantizeReport(const TensorRequest& request, const QuantizeOptions& options,
                                 const ReportControl& control)
{
    const std::vector<QuantizeOptions> recipes = control.compare ? comparedRecipes(options) : std::vector<QuantizeOptions>{};
    const double steps = 3.0 + static_cast<double>(recipes.size());
    auto progress = [&](double step) {
        if (control.progress)
            control.progress(step / steps);
    };

    // 1. The tensor.
    TensorLoad load = loadTensor(request);
    if (!load.tensor)
        return tensorProblem(std::move(load.error));
    if (auto why = checkQuantizable(*load.tensor))
        return tensorProblem(std::move(*why));
    auto report = std::make_shared<QuantizeReport>();
    report->request = request;
    report->tensor = std::make_shared<const Tensor>(std::move(*load.tensor));
    progress(1);
    if (cancelled(control))
        return problem(ReportOutcome::Problem::Cancelled);

    // 2. The chosen recipe.
    QuantizeOutcome outcome = quantize(report->tensor, options);
    if (outcome.tensorError)
        return tensorProblem(std::move(*outcome.tensorError));
    if (!outcome.result) {
        ReportOutcome refused = problem(ReportOutcome::Problem::Recipe);
        refused.recipeError = outcome.error;
        return refused;
    }
    report->quantization = std::make_shared<const Quantization>(std::move(*outcome.result));
    progress(2);
    if (cancelled(control))
        return problem(ReportOutcome::Problem::Cancelled);

    // 3. The heatmap's grids, for a matrix.
    if (report->tensor->isMatrix()) {
        report->absoluteGrid = report->quantization->errorGrid(ErrorMeasure::Absolute);
        report->relativeGrid = report->quantization->errorGrid(ErrorMeasure::Relative);
    }
    progress(3);

    // 4. The same tensor through the other recipes; only their summaries are kept.
    for (std::size_t i = 0; i < recipes.size(); ++i) {
        if (cancelled(control))
            return problem(ReportOutcome::Problem::Cancelled);
        RecipeComparison row;
        row.options = recipes[i];
        row.current = sameRecipe(recipes[i], options);
        if (row.current) {
            row.summary = report->quantization->summary();
        } else {
            const QuantizeOutcome other = quantize(report->tensor, recipes[i]);
            if (other.result)
                row.summary = other.result->summary();
            else
                row.error = other.error;
        }
        if (row.summary)
            row.worstInput = (*report->tensor)[row.summary->maxRelErrorIndex];
        report->comparisons.push_back(std::move(row));
        progress(4.0 + static_cast<double>(i));
    }
    ReportOutcome out;
    out.report = std::move(report);
    return out;
}

}  // namespace floatscope
