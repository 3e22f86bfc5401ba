#include "cuda/CudaBackend.h"

#include "backends/NvidiaSupport.h"
#include "cuda/CudaDevice.h"

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

private:
    CudaDeviceInfo m_info;
};

}  // namespace

std::unique_ptr<Backend> makeCudaBackend()
{
    return std::make_unique<CudaBackend>();
}

}  // namespace floatscope::gpu
