#include "core/dot/InnerProduct.h"

#include <atomic>
#include <cmath>
#include <span>
#include <thread>

#include "core/arith/ExactArithmetic.h"
#include "core/dot/FusedSum.h"
#include "core/dot/IeeeSum.h"
#include "core/dot/Operands.h"
#include "core/dot/TensorCorePresets.h"
#include "core/dot/Vdpbf16psModel.h"
#include "core/format/Codec.h"
#include "core/format/Registry.h"

namespace floatscope::dot {

namespace {

using Codes = std::span<const std::uint32_t>;

std::optional<DotError> checkModel(const Format& inputs, const IeeeAccumulator& a)
{
    if (a.order == SumOrder::Blocked && (a.blockSize < 1 || a.blockSize > kMaxBlockSize))
        return DotError{DotErrorKind::BadParameter, std::to_string(a.blockSize), {}};
    if (a.format.mantissaBits() > 52)
        return DotError{DotErrorKind::BadParameter, a.format.name(), {}};
    (void)inputs;
    return std::nullopt;
}

std::optional<DotError> checkModel(const Format& inputs, const FusedAdder& f)
{
    if (!fusedAcceptsInputs(inputs))
        return DotError{DotErrorKind::FusedInputs, inputs.name(), {}};
    if (!fusedAcceptsOutput(f.output))
        return DotError{DotErrorKind::FusedOutput, f.output.name(), {}};
    if (f.blockTerms < 1 || f.blockTerms > kMaxFusedBlockTerms)
        return DotError{DotErrorKind::BadParameter, std::to_string(f.blockTerms), {}};
    if (f.alignedFractionBits < 1 || f.alignedFractionBits > 40)
        return DotError{DotErrorKind::BadParameter, std::to_string(f.alignedFractionBits), {}};
    if (f.resultFractionBits < 1 || f.resultFractionBits > f.output.mantissaBits())
        return DotError{DotErrorKind::BadParameter, std::to_string(f.resultFractionBits), {}};
    if (f.resultRounding != RoundingMode::TowardZero && f.resultRounding != RoundingMode::NearestEven)
        return DotError{DotErrorKind::BadParameter, toString(f.resultRounding), {}};
    return std::nullopt;
}

std::optional<DotError> checkModel(const Format& inputs, const Vdpbf16ps&)
{
    if (!(inputs == namedFormat("bf16")))
        return DotError{DotErrorKind::Vdpbf16psInputs, inputs.name(), {}};
    return std::nullopt;
}

// The model's own sum (no promotion), from `start`, as a code of its result format.
std::optional<std::uint64_t> modelSum(const AccumulatorModel& model, const OperandDecoder& inputs, Codes a, Codes b,
                                      const Dyadic& start, const RunControl& control, DotTrace* trace,
                                      std::size_t maxSteps)
{
    if (const auto* ieee = std::get_if<IeeeAccumulator>(&model))
        return ieeeDot(*ieee, inputs, a, b, start, control, trace, maxSteps);
    if (const auto* fused = std::get_if<FusedAdder>(&model))
        return fusedDot(*fused, inputs, a, b, start, control, trace, maxSteps);
    const auto startBits = static_cast<std::uint32_t>(roundToFormat(unpackDyadic(start), namedFormat("fp32")).code);
    const auto r = vdpbf16psDot(a, b, startBits, control, trace, maxSteps);
    if (!r)
        return std::nullopt;
    return std::uint64_t{*r};
}

const Format& modelFormat(const AccumulatorModel& model)
{
    if (const auto* ieee = std::get_if<IeeeAccumulator>(&model))
        return ieee->format;
    if (const auto* fused = std::get_if<FusedAdder>(&model))
        return fused->output;
    return namedFormat("fp32");
}

// Promotion (DeepSeek-V3, section 3.3.2): chunks of N products summed by the model from zero, each
// partial result added into fp32 with round-to-nearest-even.
std::optional<std::uint64_t> promotedSum(const Accumulator& acc, const OperandDecoder& inputs, Codes a, Codes b,
                                         const Dyadic& start, const RunControl& control, DotTrace* trace,
                                         std::size_t maxSteps)
{
    const Format& fp32 = namedFormat("fp32");
    const Format& inner = modelFormat(acc.model);
    const auto chunk = static_cast<std::size_t>(*acc.promoteEvery);
    const RunControl innerControl{control.cancel, {}};
    std::uint64_t total = roundToFormat(unpackDyadic(start), fp32).code;
    for (std::size_t first = 0; first < a.size(); first += chunk) {
        const std::size_t count = std::min(chunk, a.size() - first);
        const std::size_t before = trace != nullptr ? trace->steps.size() : 0;
        const auto partial = modelSum(acc.model, inputs, a.subspan(first, count), b.subspan(first, count), Dyadic{},
                                      innerControl, trace, maxSteps);
        if (!partial)
            return std::nullopt;
        if (trace != nullptr)
            for (std::size_t s = before; s < trace->steps.size(); ++s) {
                TraceStep& step = trace->steps[s];
                step.first += first;
                if (step.term != kNoIndex)
                    step.term += first;
                for (AlignedTerm& t : step.terms)
                    if (t.index != kNoIndex)
                        t.index += first;
            }
        const Decoded x = decode(fp32, total);
        const Decoded y = decode(inner, *partial);
        const auto special = [](const Decoded& d) {
            return d.valueClass == ValueClass::NaN || d.valueClass == ValueClass::Infinite;
        };
        if (special(x) || special(y)) {
            // inf and NaN as IEEE adds them (doubles hold every special value and sign).
            const auto asDouble = [](const Decoded& d) {
                if (d.valueClass == ValueClass::NaN)
                    return std::nan("");
                if (d.valueClass == ValueClass::Infinite)
                    return d.negative ? -HUGE_VAL : HUGE_VAL;
                return 0.0;
            };
            total = roundToFormat(unpackDouble(asDouble(x) + asDouble(y)), fp32).code;
        } else {
            const std::uint64_t next = roundToFormat(exactSum(x.value, y.value), fp32).code;
            if (trace != nullptr && trace->steps.size() < maxSteps) {
                TraceStep step;
                step.kind = TraceStep::Kind::Promote;
                step.first = 0;
                step.count = first + count;
                step.left = x.value;
                step.right = y.value;
                step.exact = ExactValue::fromDyadic(x.value).value() + ExactValue::fromDyadic(y.value).value();
                step.result = decode(fp32, next).value;
                trace->steps.push_back(std::move(step));
            }
            total = next;
        }
        control.report(static_cast<double>(first + count) / static_cast<double>(a.size()));
    }
    return total;
}

std::optional<std::uint64_t> sumOf(const Accumulator& accumulator, const OperandDecoder& decoder, Codes a, Codes b,
                                   const Dyadic& start, const RunControl& control, DotTrace* trace, std::size_t maxSteps)
{
    return accumulator.promoteEvery ? promotedSum(accumulator, decoder, a, b, start, control, trace, maxSteps)
                                    : modelSum(accumulator.model, decoder, a, b, start, control, trace, maxSteps);
}

}  // namespace

std::optional<DotError> checkDot(const Format& inputs, const Accumulator& accumulator)
{
    // Inner products start at 0 and their terms take either sign: an unsigned format (e8m0, which
    // holds scales) can be neither an input nor the sum.
    if (inputs.signBits() == 0)
        return DotError{DotErrorKind::InputsUnsigned, inputs.name(), {}};
    if (resultFormat(accumulator).signBits() == 0)
        return DotError{DotErrorKind::ResultUnsigned, resultFormat(accumulator).name(), {}};
    if (!productsFit(inputs))
        return DotError{DotErrorKind::InputsTooWide, inputs.name(), {}};
    if (!accumulator.preset.empty()) {
        const TensorCorePreset* preset = findTensorCorePreset(accumulator.preset);
        if (preset != nullptr && !preset->acceptsInput(inputs.name()))
            return DotError{DotErrorKind::PresetInputs, accumulator.preset, inputs.name()};
    }
    if (accumulator.promoteEvery && (*accumulator.promoteEvery < 1 || *accumulator.promoteEvery > kMaxPromoteEvery))
        return DotError{DotErrorKind::BadParameter, std::to_string(*accumulator.promoteEvery), {}};
    return std::visit([&](const auto& model) { return checkModel(inputs, model); }, accumulator.model);
}

bool acceptsInputs(const Format& inputs) { return inputs.signBits() == 1 && productsFit(inputs); }

std::optional<DotOutcome> innerProduct(const DotInputs& inputs, const Accumulator& accumulator, const RunControl& control,
                              DotTrace* trace, std::size_t maxTraceSteps)
{
    if (inputs.a.size() != inputs.b.size())
        return DotError{DotErrorKind::LengthsDiffer, std::to_string(inputs.a.size()) + "/" + std::to_string(inputs.b.size()), {}};
    if (auto error = checkDot(inputs.format, accumulator))
        return *error;
    const Format& format = resultFormat(accumulator);
    if (!std::isfinite(inputs.start)
        || roundToFormat(unpackDouble(inputs.start), format).flags != 0)
        return DotError{DotErrorKind::StartNotRepresentable, format.name(), {}};
    const Dyadic start = dyadicFromDouble(inputs.start);

    const OperandDecoder decoder(inputs.format);
    const std::optional<std::uint64_t> code = sumOf(accumulator, decoder, inputs.a, inputs.b, start, control, trace,
                                                    maxTraceSteps);
    if (!code)
        return std::nullopt;

    ExactSum exact(inputs.format);
    exact.add(start);
    exact.addProducts(decoder, inputs.a, inputs.b);
    return DotResult{format, *code, exact.value()};
}


std::optional<std::uint64_t> modelDot(const Format& inputs, const Accumulator& accumulator,
                                      std::span<const std::uint32_t> a, std::span<const std::uint32_t> b, double start,
                                      const RunControl& control)
{
    const OperandDecoder decoder(inputs);
    return sumOf(accumulator, decoder, a, b, dyadicFromDouble(start), control, nullptr, 0);
}

std::optional<std::vector<std::uint64_t>> matmul(const Format& inputs, const Accumulator& accumulator, std::size_t m,
                                                 std::size_t n, std::size_t k, std::span<const std::uint32_t> a,
                                                 std::span<const std::uint32_t> b, unsigned threads,
                                                 const RunControl& control)
{
    std::vector<std::uint64_t> c(m * n);
    const unsigned workers = std::max(1u, threads != 0 ? threads : std::thread::hardware_concurrency());
    std::atomic<std::size_t> nextRow{0};
    std::atomic<bool> stopped{false};
    const RunControl quiet{control.cancel, {}};
    // Rows are handed out one at a time; the calling thread is one of the workers and reports.
    const auto work = [&](bool reporting) {
        const OperandDecoder decoder(inputs);
        for (std::size_t i; (i = nextRow.fetch_add(1)) < m && !stopped;) {
            for (std::size_t j = 0; j < n; ++j) {
                const auto d = sumOf(accumulator, decoder, a.subspan(i * k, k), b.subspan(j * k, k), Dyadic{}, quiet,
                                     nullptr, 0);
                if (!d) {
                    stopped = true;
                    return;
                }
                c[i * n + j] = *d;
            }
            if (reporting)
                control.report(static_cast<double>(std::min(m, i + 1)) / static_cast<double>(m));
            if (control.cancelled())
                stopped = true;
        }
    };
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < workers; ++t)
        pool.emplace_back(work, false);
    work(true);
    for (std::thread& t : pool)
        t.join();
    if (stopped)
        return std::nullopt;
    return c;
}

}  // namespace floatscope::dot
