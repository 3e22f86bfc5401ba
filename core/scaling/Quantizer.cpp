// The quantizer: block geometry, the scale of each block, one rounding per element, statistics.
#include <algorithm>
#include <array>
#include <bit>
#include <cmath>

#include "core/format/Registry.h"
#include "core/scaling/Quantization.h"
#include "core/scaling/ScalingKernels.h"
#include "core/scaling/WideStatistics.h"

namespace floatscope {

namespace {

// NVFP4's constants: the largest E4M3 and E2M1 values (OCP OFP8 Table 1, MX v1.0 Table 4).
constexpr double kE4m3Max = 448.0;
constexpr double kE2m1Max = 6.0;

double dyadicToDouble(const Dyadic& d)
{
    const double m = std::ldexp(static_cast<double>(d.significand), static_cast<int>(d.exponent));
    return d.negative ? -m : m;
}

constexpr std::size_t kChunk = 2048;

QuantizeError refusal(QuantizeErrorKind kind, const Tensor& t)
{
    QuantizeError e;
    e.kind = kind;
    e.rows = t.rows();
    e.cols = t.cols();
    e.matrix = t.isMatrix();
    return e;
}

// Running statistics of one quantization (fp64).
struct Statistics {
    double sumSquaredError = 0;
    double sumSquaredInput = 0;
    double maxAbs = 0;
    std::size_t maxAbsIndex = 0;
    double maxRel = 0;
    std::size_t maxRelIndex = 0;
};

}  // namespace

// Friend of Quantization: fills one in.
class Quantizer {
public:
    static QuantizeOutcome run(std::shared_ptr<const Tensor> tensor, const QuantizeOptions& options);

private:
    Quantizer(Quantization& q) : m_q(q), m_rounder(q.m_options.element, q.m_options.rounding, q.m_options.overflow,
                                                   q.m_options.seed, q.m_options.randomBits),
                                 m_fp32(namedFormat("fp32"), RoundingMode::NearestEven, OverflowPolicy::Saturate),
                                 m_e4m3(namedFormat("e4m3fn"), RoundingMode::NearestEven, OverflowPolicy::Saturate),
                                 m_e4m3Values(*DecodeTable::make(namedFormat("e4m3fn"))) {}

    std::optional<QuantizeError> prepare();
    bool blockAmax();
    void tensorScale();
    void nvfp4BlockCodes();
    void blockScale(std::size_t block, double amax);
    void quantizeRow(std::size_t row);
    void finishSummary();

    // An fp32 scale, a / b rounded once to nearest-even and kept off 0 and inf (policy).
    double fp32Quotient(double a, double b, std::uint32_t& code, bool& clamped) const;

    Quantization& m_q;
    ScaledRounder m_rounder;
    ScaledRounder m_fp32;
    ScaledRounder m_e4m3;
    DecodeTable m_e4m3Values;
    double m_elementMax = 0;
    CodeArray m_nvfp4Codes;  // per block: NVFP4's E4M3 scale codes
    std::size_t m_saturated = 0;
    std::size_t m_flushed = 0;
    Statistics m_stats;
};

std::optional<QuantizeError> Quantizer::prepare()
{
    Quantization& q = m_q;
    const Tensor& t = *q.m_tensor;
    const QuantizeOptions& o = q.m_options;
    const Format& element = o.element;
    auto refused = [&](QuantizeErrorKind kind) {
        QuantizeError e = refusal(kind, t);
        e.format = element.name();
        return e;
    };

    // 1. The element format.
    if (element.signBits() == 0)
        return refused(QuantizeErrorKind::UnsignedElementFormat);
    if (o.scheme.kind == SchemeKind::Nvfp4 && !(element == namedFormat("e2m1")))
        return refused(QuantizeErrorKind::Nvfp4NeedsE2m1);
    if (o.randomBits < 1 || o.randomBits > 64)
        return refused(QuantizeErrorKind::RandomBitsOutOfRange);
    m_elementMax = dyadicToDouble(element.maxFinite());

    // 2. Block geometry; a whole-tensor scheme is one block of the tensor's shape.
    q.m_blockRows = o.scheme.kind == SchemeKind::Tensor ? t.rows() : o.scheme.blockRows;
    q.m_blockCols = o.scheme.kind == SchemeKind::Tensor ? t.cols() : o.scheme.blockCols;
    if (q.m_blockRows == 0 || q.m_blockCols == 0)
        return refused(QuantizeErrorKind::EmptyBlock);
    if (o.ragged == RaggedPolicy::Reject && (t.rows() % q.m_blockRows != 0 || t.cols() % q.m_blockCols != 0)) {
        QuantizeError e = refused(QuantizeErrorKind::ShapeNotMultipleOfBlock);
        e.blockRows = q.m_blockRows;
        e.blockCols = q.m_blockCols;
        return e;
    }
    // (Written so that a block larger than the tensor, tile:2^64-1 included, cannot wrap around.)
    q.m_gridRows = t.rows() / q.m_blockRows + (t.rows() % q.m_blockRows != 0 ? 1 : 0);
    q.m_gridCols = t.cols() / q.m_blockCols + (t.cols() % q.m_blockCols != 0 ? 1 : 0);
    const std::size_t blocks = q.m_gridRows * q.m_gridCols;
    q.m_amax.assign(blocks, 0.0);
    q.m_blockFactor.assign(blocks, 1.0);
    q.m_scaleCodes.assign(blocks, 0);
    q.m_blockFlags.assign(blocks, 0);
    q.m_codes = CodeArray(element, t.size());
    q.m_decodeTable = DecodeTable::make(element);

    // 3. Where scales are stored.
    switch (o.scheme.kind) {
    case SchemeKind::Mx: q.m_scaleFormat = namedFormat("e8m0"); break;
    case SchemeKind::Nvfp4: q.m_scaleFormat = namedFormat("e4m3fn"); break;
    default:
        if (o.scalePrecision == ScalePrecision::Fp32)
            q.m_scaleFormat = namedFormat("fp32");
        else
            q.m_scaleDivisor = m_elementMax;  // exact: amax / max
        break;
    }
    return std::nullopt;
}

double Quantizer::fp32Quotient(double a, double b, std::uint32_t& code, bool& clamped) const
{
    const ScaledRounder::Scaled r = m_fp32.roundOne(a, ScaleFactor{b, 1.0, 1.0}, 0);
    code = static_cast<std::uint32_t>(r.code);
    clamped = r.saturated;
    if (code == 0) {
        code = 1;  // the smallest positive fp32, 2^-149: a scale of 0 would divide by zero
        clamped = true;
    }
    return static_cast<double>(std::bit_cast<float>(code));
}

void Quantizer::tensorScale()
{
    // NVFP4 (NVIDIA Transformer Engine, core_nvfp4.cuh): the tensor's scale maps its amax onto
    // 448 * 6 = 2688, the largest value an E4M3 block scale times an E2M1 element can reach; a zero
    // tensor gets scale 1, as TE does.
    Quantization& q = m_q;
    const double amax = q.m_amax.empty() ? 0.0 : *std::max_element(q.m_amax.begin(), q.m_amax.end());
    TensorScale ts;
    ts.amax = amax;
    if (amax == 0) {
        ts.scale = ScaleFactor{1.0, 1.0, 1.0};
        if (q.m_options.scalePrecision == ScalePrecision::Fp32)
            ts.fp32Code = 0x3F800000u;
    } else if (q.m_options.scalePrecision == ScalePrecision::Exact) {
        ts.scale = ScaleFactor{amax, 1.0, kE4m3Max * kE2m1Max};
    } else {
        std::uint32_t code = 0;
        bool clamped = false;
        ts.scale = ScaleFactor{fp32Quotient(amax, kE4m3Max * kE2m1Max, code, clamped), 1.0, 1.0};
        ts.fp32Code = code;
    }
    // A block's scale is E4M3 * the tensor scale: (e4m3, factor, divisor).
    q.m_scaleFactor2 = ts.scale.factor;
    q.m_scaleDivisor = ts.scale.divisor;
    q.m_tensorScale = ts;
}

void Quantizer::nvfp4BlockCodes()
{
    // Every block's E4M3 scale at once: amax_b / unit with the same unit for all blocks, rounded
    // once with saturation (TE: static_cast<fp8e4m3>(S_dec_b * S_enc)), so the batch path applies.
    const Quantization& q = m_q;
    const TensorScale& ts = *q.m_tensorScale;
    const ScaleFactor unit = q.m_options.scalePrecision == ScalePrecision::Exact
        ? ScaleFactor{ts.amax, 1.0, kE4m3Max}         // amax_b / (6 amax_t / 2688)
        : ScaleFactor{kE2m1Max, ts.scale.factor, 1.0};  // amax_b / (6 s_t)
    std::array<double, kChunk> denominators;
    denominators.fill(ScaledRounder::fastDenominator(unit));
    m_nvfp4Codes = CodeArray(namedFormat("e4m3fn"), q.m_amax.size());
    for (std::size_t first = 0; first < q.m_amax.size(); first += kChunk)
        m_e4m3.roundRun(q.m_amax.data() + first, std::min(kChunk, q.m_amax.size() - first), unit.divisor,
                        denominators.data(), first, m_nvfp4Codes, [&unit](std::size_t) { return unit; });
}

void Quantizer::blockScale(std::size_t b, double amax)
{
    Quantization& q = m_q;
    const QuantizeOptions& o = q.m_options;
    q.m_amax[b] = amax;
    std::uint8_t flags = 0;
    double factor = 1.0;
    std::uint32_t code = 0;

    // 1. An all-zero block: scale 1 in every scheme (its zeros stay zeros whatever the scale).
    if (amax == 0) {
        flags |= Quantization::kFlagAllZero;
        switch (o.scheme.kind) {
        case SchemeKind::Mx: code = 127; break;      // E8M0 2^0
        case SchemeKind::Nvfp4: code = 0x38; break;  // E4M3 1.0
        default: code = 0x3F800000u; factor = o.scalePrecision == ScalePrecision::Exact ? m_elementMax : 1.0; break;
        }
        q.m_blockFactor[b] = factor;
        q.m_scaleCodes[b] = code;
        q.m_blockFlags[b] = flags;
        return;
    }

    switch (o.scheme.kind) {
    // 2. Tensor, tile, block: amax / max, exact or rounded once to fp32 (DeepSeek-V3 §3.3.2 scales
    //    each 1x128 tile and 128x128 block by its own amax; TE's per-tensor recipe does the same).
    case SchemeKind::Tensor:
    case SchemeKind::Tile:
    case SchemeKind::Block:
        if (o.scalePrecision == ScalePrecision::Exact) {
            factor = amax;
        } else {
            bool clamped = false;
            factor = fp32Quotient(amax, m_elementMax, code, clamped);
            if (clamped)
                flags |= Quantization::kFlagClamped;
        }
        break;
    // 3. MX: a power of two, by the chosen rule, clamped to E8M0's 2^-127..2^127.
    case SchemeKind::Mx: {
        const int emax = q.m_options.element.maxExponent();
        const int floorLog2 = std::ilogb(amax);
        int frexpExp = 0;
        const double fraction = std::frexp(amax, &frexpExp);
        int k = 0;
        switch (o.mxRule) {
        case MxScaleRule::Floor: k = floorLog2 - emax; break;
        case MxScaleRule::Ceil: k = floorLog2 + (fraction == 0.5 ? 0 : 1) - emax; break;
        case MxScaleRule::RoundUp: {
            // ceil(log2(amax / max)) with amax = fa 2^ea, max = fm 2^em (fa, fm in [0.5, 1)):
            // fa / fm lies in (0.5, 2), so the ceiling of its log is 1 when fa > fm, else 0.
            int maxExp = 0;
            const double maxFraction = std::frexp(m_elementMax, &maxExp);
            k = frexpExp - maxExp + (fraction > maxFraction ? 1 : 0);
            break;
        }
        }
        if (k < -127 || k > 127) {
            k = std::clamp(k, -127, 127);
            flags |= Quantization::kFlagClamped;
        }
        factor = std::ldexp(1.0, k);
        code = static_cast<std::uint32_t>(k + 127);
        break;
    }
    // 4. NVFP4: the block's decode scale amax / 6 in units of the tensor scale, rounded once to
    //    E4M3 with saturation (TE: static_cast<fp8e4m3>(S_dec_b * S_enc)); it can round to 0.
    case SchemeKind::Nvfp4: {
        code = static_cast<std::uint32_t>(m_nvfp4Codes[b]);
        factor = m_e4m3Values[static_cast<std::uint16_t>(code)];
        if (factor == 0)
            flags |= Quantization::kFlagScaleZero;
        break;
    }
    }
    q.m_blockFactor[b] = factor;
    q.m_scaleCodes[b] = code;
    q.m_blockFlags[b] = flags;
}

bool Quantizer::blockAmax()
{
    // Row by row, each row's segments folded into its blocks' amax (blocks span blockRows rows).
    // A NaN or inf shows up here; the caller then names it (firstNonFinite).
    Quantization& q = m_q;
    const Tensor& t = *q.m_tensor;
    bool finite = true;
    for (std::size_t r = 0; r < t.rows(); ++r)
        finite = kernels::blockMaxima(t.values().data() + r * t.cols(), t.cols(), q.m_blockCols,
                                      q.m_amax.data() + (r / q.m_blockRows) * q.m_gridCols) && finite;
    return finite;
}

void Quantizer::quantizeRow(std::size_t r)
{
    // In chunks that stay in cache: each element's denominator and scale from its block, one
    // rounding per element, decoding, statistics against the input.
    Quantization& q = m_q;
    const Tensor& t = *q.m_tensor;
    const double* data = t.values().data();
    const std::size_t blockRowStart = (r / q.m_blockRows) * q.m_gridCols;
    const bool table = q.m_decodeTable && q.m_codes.narrow();
    const auto scaleOf = [&q](std::size_t index) { return q.scaleOf(q.blockOf(index)); };
    std::array<double, kChunk> denominators;
    std::array<double, kChunk> scales;
    std::array<double, kChunk> values;
    for (std::size_t c = 0; c < t.cols(); c += kChunk) {
        const std::size_t n = std::min(kChunk, t.cols() - c);
        const std::size_t first = r * t.cols() + c;
        for (std::size_t i = 0; i < n;) {
            const std::size_t block = blockRowStart + (c + i) / q.m_blockCols;
            const std::size_t end = std::min(n, (block - blockRowStart + 1) * q.m_blockCols - c);
            const ScaleFactor scale = q.scaleOf(block);
            std::fill(denominators.begin() + static_cast<std::ptrdiff_t>(i),
                      denominators.begin() + static_cast<std::ptrdiff_t>(end), ScaledRounder::fastDenominator(scale));
            std::fill(scales.begin() + static_cast<std::ptrdiff_t>(i), scales.begin() + static_cast<std::ptrdiff_t>(end),
                      scale.approx());
            i = end;
        }
        m_saturated += m_rounder.roundRun(data + first, n, q.m_scaleDivisor, denominators.data(), first, q.m_codes, scaleOf);
        if (table) {
            kernels::decodeCodes(q.m_codes.narrowData() + first, n, *q.m_decodeTable, values.data());
        } else {
            for (std::size_t i = 0; i < n; ++i)
                values[i] = q.elementValue(q.m_codes[first + i]);
        }
        const kernels::RunStatistics run = kernels::runStatistics(data + first, values.data(), scales.data(), n);
        m_flushed += run.flushed;
        m_stats.sumSquaredError += run.sumSquaredError;
        m_stats.sumSquaredInput += run.sumSquaredInput;
        // The largest errors' positions, looked up only when a chunk beats the record.
        if (run.maxAbs > m_stats.maxAbs || run.maxRel > m_stats.maxRel)
            kernels::locateLargest(data + first, values.data(), scales.data(), n, first, m_stats.maxAbs,
                                   m_stats.maxAbsIndex, m_stats.maxRel, m_stats.maxRelIndex);
    }
}

void Quantizer::finishSummary()
{
    Quantization& q = m_q;
    QuantizationSummary& s = q.m_summary;
    const std::size_t n = q.m_tensor->size();
    s.elements = n;
    s.blocks = q.blockCount();
    const bool raggedRows = q.m_tensor->rows() % q.m_blockRows != 0;
    const bool raggedCols = q.m_tensor->cols() % q.m_blockCols != 0;
    s.partialBlocks = s.blocks - (q.m_gridRows - (raggedRows ? 1 : 0)) * (q.m_gridCols - (raggedCols ? 1 : 0));
    for (const std::uint8_t flags : q.m_blockFlags)
        s.zeroBlocks += (flags & Quantization::kFlagAllZero) != 0 ? 1 : 0;
    s.saturated = m_saturated;
    s.flushed = m_flushed;
    // The fp64 sums when they hold; else every statistic again in long double (WideStatistics.h).
    const double largestInput = q.m_amax.empty() ? 0.0 : *std::max_element(q.m_amax.begin(), q.m_amax.end());
    if (fitsFp64Squares(m_stats.maxAbs, n) && fitsFp64Squares(largestInput, n) && !std::isinf(m_stats.maxRel)) {
        s.mse = static_cast<long double>(m_stats.sumSquaredError) / static_cast<long double>(n);
        s.maxAbsError = m_stats.maxAbs;
        s.maxAbsErrorIndex = m_stats.maxAbsIndex;
        s.maxRelError = m_stats.maxRel;
        s.maxRelErrorIndex = m_stats.maxRelIndex;
        if (m_stats.sumSquaredError > 0 && m_stats.sumSquaredInput > 0)
            s.sqnrDb = 10.0 * std::log10(m_stats.sumSquaredInput / m_stats.sumSquaredError);
    } else {
        const WideStatistics w = wideStatistics(q);
        s.mse = w.sumSquaredError / static_cast<long double>(n);
        s.maxAbsError = static_cast<double>(w.maxAbs);  // |deq - x| of doubles of one sign: a double's range
        s.maxAbsErrorIndex = w.maxAbsIndex;
        s.maxRelError = w.maxRel;
        s.maxRelErrorIndex = w.maxRelIndex;
        if (w.sumSquaredError > 0 && w.sumSquaredInput > 0)
            s.sqnrDb = static_cast<double>(10.0L * std::log10(w.sumSquaredInput / w.sumSquaredError));
    }

    const double elementBits = q.m_options.element.totalBits();
    const SchemeKind kind = q.m_options.scheme.kind;
    const double scaleBits = kind == SchemeKind::Mx || kind == SchemeKind::Nvfp4 ? 8.0 : 32.0;
    const double blockElements = static_cast<double>(q.m_blockRows) * static_cast<double>(q.m_blockCols);
    s.bitsPerElement = elementBits + scaleBits / blockElements;
    const double tensorScaleBits = kind == SchemeKind::Nvfp4 ? 32.0 : 0.0;
    s.storedBitsPerElement =
        elementBits + (scaleBits * static_cast<double>(s.blocks) + tensorScaleBits) / static_cast<double>(n);
}

QuantizeOutcome Quantizer::run(std::shared_ptr<const Tensor> tensor, const QuantizeOptions& options)
{
    QuantizeOutcome out;
    if (!tensor) {
        out.error = QuantizeError{};
        return out;
    }
    if (tensor->empty()) {
        out.tensorError = checkQuantizable(*tensor);
        return out;
    }
    Quantization q(std::move(tensor), options);
    Quantizer quantizer(q);
    if (auto problem = quantizer.prepare()) {
        out.error = std::move(problem);
        return out;
    }
    // 1. Every block's amax, 2. NVFP4's tensor scale and E4M3 block scales, 3. every block's scale,
    // 4. the elements, row by row.
    if (!quantizer.blockAmax()) {
        out.tensorError = checkQuantizable(*q.m_tensor);
        return out;
    }
    if (options.scheme.kind == SchemeKind::Nvfp4) {
        quantizer.tensorScale();
        quantizer.nvfp4BlockCodes();
    }
    for (std::size_t b = 0; b < q.blockCount(); ++b)
        quantizer.blockScale(b, q.m_amax[b]);
    for (std::size_t r = 0; r < q.m_tensor->rows(); ++r)
        quantizer.quantizeRow(r);
    quantizer.finishSummary();
    out.result = std::move(q);
    return out;
}

QuantizeOutcome quantize(std::shared_ptr<const Tensor> tensor, const QuantizeOptions& options)
{
    return Quantizer::run(std::move(tensor), options);
}

QuantizeOutcome quantize(Tensor tensor, const QuantizeOptions& options)
{
    return Quantizer::run(std::make_shared<const Tensor>(std::move(tensor)), options);
}

}  // namespace floatscope
