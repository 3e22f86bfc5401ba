#include "gpu/cuda/CudaDotBackend.h"

#include "core/dot/TensorCorePresets.h"
#include "core/format/Registry.h"
#include "gpu/cuda/CudaDevice.h"
#include "gpu/cuda/TensorCoreGemm.h"

namespace floatscope::gpu {

namespace {

DotBackendStatus fromError(const std::string& error)
{
    return error.empty() ? DotBackendStatus{} : DotBackendStatus{DotBackendStatus::Kind::DeviceError, error};
}

bool fp16Output(const dot::Accumulator& accumulator) { return dot::resultFormat(accumulator) == namedFormat("fp16"); }

class CudaDotBackend final : public DotBackend {
public:
    CudaDotBackend() : m_deviceError(cudaDeviceError())
    {
        if (m_deviceError.empty()) {
            m_info = queryCudaDevice();
            m_family = presetFamily(m_info.computeMajor, m_info.computeMinor, m_info.name);
        }
    }

    std::string name() const override { return "cuda"; }
    std::string deviceName() const override { return m_info.name; }
    DotBackendStatus status() const override
    {
        if (!m_deviceError.empty())
            return {DotBackendStatus::Kind::NoDevice, m_deviceError};
        return {};
    }
    DotSupport supports(const Format& inputs, const dot::Accumulator& accumulator) const override
    {
        const dot::TensorCorePreset* preset = dot::findTensorCorePreset(accumulator.preset);
        if (preset == nullptr || accumulator.promoteEvery)
            return DotSupport::WrongModel;
        if (!tensorCoreInput(inputs) || !preset->acceptsInput(inputs.name()))
            return DotSupport::WrongInputs;
        const bool fp8 = *tensorCoreInput(inputs) == TensorCoreInput::E4m3 || *tensorCoreInput(inputs) == TensorCoreInput::E5m2;
        if (fp8 && m_info.computeMajor * 10 + m_info.computeMinor < 89)
            return DotSupport::WrongInputs;
        return preset->gpu == m_family ? DotSupport::Supported : DotSupport::NotThisGpu;
    }
    DotBackendStatus gemm(const Format& inputs, const dot::Accumulator& accumulator, GemmShape s,
                          std::span<const std::uint32_t> a, std::span<const std::uint32_t> b,
                          std::span<std::uint32_t> d) const override
    {
        if (!status().available())
            return status();
        TensorCoreGemm g;
        g.input = *tensorCoreInput(inputs);
        g.fp16Output = fp16Output(accumulator);
        g.m = s.m;
        g.n = s.n;
        g.k = s.k;
        g.a = a.data();
        g.b = b.data();
        g.d = d.data();
        return fromError(cublasTensorCoreGemm(g));
    }
    bool startsFromC(const Format& inputs) const override
    {
        const auto input = tensorCoreInput(inputs);
        return input && (*input == TensorCoreInput::Fp16 || *input == TensorCoreInput::Bf16 || *input == TensorCoreInput::Tf32);
    }
    std::size_t maxK() const override { return 8; }
    DotBackendStatus innerProducts(const Format& inputs, const dot::Accumulator& accumulator, std::size_t k,
                                   std::span<const std::uint32_t> a, std::span<const std::uint32_t> b,
                                   std::span<const std::uint32_t> c, std::span<std::uint32_t> d) const override
    {
        if (!status().available())
            return status();
        WmmaInnerProducts run;
        run.input = *tensorCoreInput(inputs);
        run.fp16Output = fp16Output(accumulator);
        run.count = c.size();
        run.k = k;
        run.a = a.data();
        run.b = b.data();
        run.c = c.data();
        run.d = d.data();
        return fromError(wmmaInnerProducts(run));
    }

private:
    std::string m_deviceError;
    CudaDeviceInfo m_info;
    std::string m_family;
};

}  // namespace

std::optional<TensorCoreInput> tensorCoreInput(const Format& f)
{
    if (f == namedFormat("fp16"))
        return TensorCoreInput::Fp16;
    if (f == namedFormat("bf16"))
        return TensorCoreInput::Bf16;
    if (f == namedFormat("tf32"))
        return TensorCoreInput::Tf32;
    if (f == namedFormat("e4m3fn"))
        return TensorCoreInput::E4m3;
    if (f == namedFormat("e5m2"))
        return TensorCoreInput::E5m2;
    if (f == namedFormat("fp32"))
        return TensorCoreInput::Fp32;
    return std::nullopt;
}

std::string presetFamily(int major, int minor, const std::string& name)
{
    const int cc = major * 10 + minor;
    if (cc == 70)
        return "V100";
    if (cc == 80)
        return "A100";
    if (cc == 90)
        return name.find("H200") != std::string::npos ? "H200" : "H100";
    if (cc == 100)
        return "B200";
    return {};
}

std::unique_ptr<DotBackend> makeCudaDotBackend() { return std::make_unique<CudaDotBackend>(); }

}  // namespace floatscope::gpu
