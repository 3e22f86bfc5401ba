#include "core/ledger/Activations.h"

#include "core/common/Names.h"

namespace floatscope {

namespace {

constexpr Named<Recomputation> kRecomputations[] = {
    {Recomputation::None, "none"},           {Recomputation::Selective, "selective"},
    {Recomputation::Full, "full"},           {Recomputation::Selective, "flash"},
    {Recomputation::Selective, "flash-attention"}};

}  // namespace

const char* toString(Recomputation r) { return nameIn(kRecomputations, r); }

std::optional<Recomputation> parseRecomputation(std::string_view text) { return valueIn(kRecomputations, text); }

ActivationOutcome activationMemory(const ActivationConfig& c)
{
    ActivationOutcome out;
    if (c.sequence == 0 || c.microBatch == 0 || c.hidden == 0 || c.heads == 0 || c.layers == 0
        || c.tensorParallel == 0) {
        out.error = ActivationError{ActivationErrorKind::ZeroDimension, c.tensorParallel, c.heads, c.hidden};
        return out;
    }
    if (c.heads % c.tensorParallel != 0 || c.hidden % c.tensorParallel != 0) {
        out.error = ActivationError{ActivationErrorKind::TensorParallelSplit, c.tensorParallel, c.heads, c.hidden};
        return out;
    }
    const double s = static_cast<double>(c.sequence);
    const double b = static_cast<double>(c.microBatch);
    const double h = static_cast<double>(c.hidden);
    const double a = static_cast<double>(c.heads);
    const double t = static_cast<double>(c.tensorParallel);
    const double sbh = s * b * h;
    ActivationResult r;
    // Korthikanti et al. 2022, Table 2 (one row per case).
    switch (c.recomputation) {
    case Recomputation::None:
        if (c.tensorParallel == 1) {
            r.bytesPerLayer = sbh * (34 + 5 * a * s / h);
            r.formula = "sbh(34 + 5as/h)";
        } else if (c.sequenceParallel) {
            r.bytesPerLayer = sbh / t * (34 + 5 * a * s / h);
            r.formula = "sbh/t (34 + 5as/h)";
        } else {
            r.bytesPerLayer = sbh * (10 + 24 / t + 5 * a * s / (h * t));
            r.formula = "sbh(10 + 24/t + 5as/(ht))";
        }
        break;
    case Recomputation::Selective:
        if (c.tensorParallel == 1) {
            r.bytesPerLayer = 34 * sbh;
            r.formula = "34sbh";
        } else if (c.sequenceParallel) {
            r.bytesPerLayer = 34 * sbh / t;
            r.formula = "34sbh/t";
        } else {
            r.bytesPerLayer = sbh * (10 + 24 / t);
            r.formula = "sbh(10 + 24/t)";
        }
        break;
    case Recomputation::Full:
        r.bytesPerLayer = 2 * sbh;
        r.formula = "2sbh";
        break;
    }
    r.totalBytes = r.bytesPerLayer * static_cast<double>(c.layers);
    out.result = r;
    return out;
}

FitCheck checkFit(double staticBytesPerGpu, double activationBytesPerGpu, double capacityBytes)
{
    FitCheck f;
    f.usedBytes = staticBytesPerGpu + activationBytesPerGpu;
    f.capacityBytes = capacityBytes;
    f.freeBytes = capacityBytes - f.usedBytes;
    f.fits = f.freeBytes >= 0;
    return f;
}

}  // namespace floatscope
