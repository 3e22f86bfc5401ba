#include "gpu/cuda/CudaBackend.h"

#include <algorithm>

#include "gpu/backends/NvidiaSupport.h"
#include "core/batch/Batch.h"
#include "gpu/cuda/CudaDevice.h"

namespace floatscope::gpu {

namespace {

class CudaBackend final : public Backend {
public:
    CudaBackend() : m_info(queryCudaDevice()) {}

    std::string name() const override { return "cuda"; }
    std::string description() const override
    {
        if (!m_info.unavailableReason.empty())
            return "the CUDA device (none here)";
        return m_info.name + " (compute capability " + std::to_string(m_info.computeMajor) + "."
            + std::to_string(m_info.computeMinor) + "), NVIDIA's device conversion functions";
    }
    std::string unavailableReason() const override { return m_info.unavailableReason; }
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
        sweep.nan = NanRule{static_cast<int>(f.convention()),
                            static_cast<std::uint32_t>(((std::uint64_t{1} << f.exponentBits()) - 1) << f.mantissaBits()),
                            static_cast<std::uint32_t>(f.mantissaMask()), static_cast<std::uint32_t>(f.magnitudeMask()),
                            static_cast<std::uint32_t>(f.signMask())};
        DeviceSweepCounts counts;
        InPlaceComparison out;
        out.error = cudaSweep(sweep, begin, end, counts);
        for (int k = 0; k < kDeviceKinds; ++k)
            out.mismatches[static_cast<std::size_t>(k)] = counts.mismatches[k];
        for (unsigned i = 0; i < std::min<unsigned>(counts.examples, kDeviceExamples); ++i) {
            const DeviceMismatch& m = counts.example[i];
            out.examples.push_back({m.input, m.engine, m.reference, static_cast<MismatchKind>(m.kind)});
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
