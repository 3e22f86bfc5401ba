#include "gpu/backends/NvidiaHostBackend.h"

#include <bit>

#include "gpu/backends/NvidiaSupport.h"

#if FLOATSCOPE_HAVE_CUDA_HEADERS

#include "gpu/backends/NvidiaConvert.h"

namespace floatscope::gpu {

namespace {

class NvidiaHostBackend final : public Backend {
public:
    std::string name() const override { return "nvidia-host"; }
    BackendInfo info() const override
    {
        return {BackendKind::NvidiaHost, {}, CUDART_VERSION / 1000, CUDART_VERSION % 1000 / 10};
    }
    bool supports(const Format& f, RoundingMode mode, OverflowPolicy overflow) const override
    {
        return nvidiaSupports(f, mode, overflow);
    }
    KnownProperties knownProperties(const Format& f) const override { return nvidiaKnownProperties(f); }

    std::string convert(std::span<const std::uint32_t> input, std::span<std::uint16_t> output, const Format& f,
                        RoundingMode mode, OverflowPolicy overflow) const override
    {
        const NvidiaTarget target = nvidiaTargetOf(f);
        const bool saturate = overflow == OverflowPolicy::Saturate;
        const std::size_t n = std::min(input.size(), output.size());
        for (std::size_t i = 0; i < n; ++i)
            output[i] = nvidiaConvert(target, std::bit_cast<float>(input[i]), static_cast<int>(mode), saturate);
        return {};
    }
};

}  // namespace

std::unique_ptr<Backend> makeNvidiaHostBackend()
{
    return std::make_unique<NvidiaHostBackend>();
}

}  // namespace floatscope::gpu

#else

namespace floatscope::gpu {

std::unique_ptr<Backend> makeNvidiaHostBackend()
{
    return nullptr;
}

}  // namespace floatscope::gpu

#endif
