#include "gpu/cuda/CudaBackend.h"

#include <algorithm>

#include "gpu/backends/NvidiaSupport.h"
#include "core/batch/Batch.h"
#include "gpu/cuda/CudaDevice.h"
#include "gpu/sweep/Sweep.h"

namespace floatscope::gpu {

namespace {

class CudaBackend final : public Backend {
public:
    CudaBackend() : m_info(queryCudaDevice()) {}

    std::string name() const override { return "cuda"; }
    BackendInfo info() const override
    {
        return {BackendKind::CudaDevice, m_info.name, m_info.computeMajor, m_info.computeMinor};
    }
    std::optional<Unavailable> unavailable() const override { return m_info.unavailable; }
    bool supports(const Format& f, RoundingMode mode, OverflowPolicy overflow) const override
    {
        return nvidiaSupports(f, mode, overflow);
    }
    KnownProperties knownProperties(const Format& f) const override { return nvidiaKnownProperties(f); }
    std::string convert(std::span<const std::uint32_t> input, std::span<std::uint16_t> output, const Format& f,
                        RoundingMode mode, OverflowPolicy overflow) const override
    {
        return cudaConvert(input.data(), output.data(), std::min(input.size(), output.size()), nvidiaTargetOf(f),
                           static_cast<int>(mode), overflow == OverflowPolicy::Saturate);
    }

    std::optional<InPlaceComparison> compareInPlace(const Format& f, RoundingMode mode, OverflowPolicy overflow,
                                                    std::uint64_t begin, std::uint64_t end) const override
    {
        const BatchPlanResult plan = makeBatchPlan(f, mode, overflow);
        if (!plan.plan || !available())
            return std::nullopt;
        DeviceSweep sweep;
        sweep.plan = *plan.plan;
        sweep.target = nvidiaTargetOf(f);
        sweep.mode = static_cast<int>(mode);
        sweep.saturate = overflow == OverflowPolicy::Saturate;
        sweep.rules = mismatchRules(f, knownProperties(f));
        DeviceSweepCounts counts;
        InPlaceComparison out;
        out.failure = cudaSweep(sweep, begin, end, counts);
        for (unsigned k = 0; k < kMismatchKinds; ++k)
            out.mismatches[k] = counts.mismatches[k];
        for (unsigned i = 0; i < std::min(counts.examples, kDeviceExamples); ++i) {
            const DeviceMismatch& m = counts.example[i];
            out.examples.push_back({m.input, m.engine, m.reference, m.kind});
        }
        out.seconds = counts.milliseconds / 1000.0;
        return out;
    }

private:
    CudaDeviceInfo m_info;
};

}  // namespace

std::unique_ptr<Backend> makeCudaBackend()
{
    return std::make_unique<CudaBackend>();
}

}  // namespace floatscope::gpu
