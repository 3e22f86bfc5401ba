#include "gpu/train/TensorCoreProducts.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/format/Registry.h"
#include "gpu/Device.h"

#if FLOATSCOPE_HAVE_CUDA_DEVICE
#include "gpu/cuda/CudaDotBackend.h"
#include "gpu/cuda/TensorCoreSession.h"
#endif

namespace floatscope::gpu {

namespace {

const DeviceReport& device()
{
    static const DeviceReport report = describeDevice();
    return report;
}

// The formats cuBLASLt multiplies, and the compute capability each needs (cuBLASLt's tables: bf16
// and tf32 tensor cores from Ampere, fp8 from Ada).
struct Taken {
    const char* format;
    int major;
    int minor;
};
constexpr Taken kTaken[] = {{"fp32", 0, 0}, {"fp16", 0, 0}, {"bf16", 8, 0},
                            {"tf32", 8, 0}, {"e4m3fn", 8, 9}, {"e5m2", 8, 9}};

const Taken* taken(const Format& f)
{
    for (const Taken& t : kTaken)
        if (f == namedFormat(t.format))
            return &t;
    return nullptr;
}

// The formats of the recipe's product inputs: the linear layers' (or fp8's two) and attention's.
std::vector<Format> productFormats(const train::Recipe& r)
{
    if (r.fp8)
        return {r.fp8Forward, r.fp8Backward, r.attention};
    return {r.matmul, r.attention};
}

#if FLOATSCOPE_HAVE_CUDA_DEVICE
class TensorCoreEngine final : public train::ProductEngine {
public:
    std::string name() const override { return "gpu"; }
    void multiply(const train::Product& p) override
    {
        if (m_failure.empty()) {
            const std::optional<TensorCoreInput> a = tensorCoreInput(*p.a.grid), b = tensorCoreInput(*p.b.grid);
            if (!a || !b) {
                m_failure = "CUBLAS_STATUS_NOT_SUPPORTED";  // refuseTensorCoreProducts names the format
            } else {
                SessionProduct s;
                s.m = static_cast<std::size_t>(p.m);
                s.n = static_cast<std::size_t>(p.n);
                s.k = static_cast<std::size_t>(p.k);
                s.a = {p.a.values, static_cast<std::size_t>(p.a.ld), p.a.transposed, *a};
                s.b = {p.b.values, static_cast<std::size_t>(p.b.ld), p.b.transposed, *b};
                s.c = p.c;
                s.ldc = static_cast<std::size_t>(p.ldc);
                m_failure = m_session.multiply(s);
            }
        }
        if (!m_failure.empty())  // what the trainer throws away, never a number that looks right
            for (int i = 0; i < p.m; ++i)
                std::fill_n(p.c + static_cast<std::ptrdiff_t>(i) * p.ldc, p.n, NAN);
    }
    std::string failure() const override { return m_failure; }

private:
    TensorCoreSession m_session;
    std::string m_failure;
};
#endif

}  // namespace

std::optional<Unavailable> tensorCoreProductsUnavailable()
{
    return device().unavailable;
}

std::string tensorCoreDeviceName()
{
    return device().unavailable ? std::string() : device().name;
}

int tensorCoreComputeCapability()
{
    return device().unavailable ? 0 : 10 * device().computeMajor + device().computeMinor;
}

std::string tensorCorePresetFamily()
{
#if FLOATSCOPE_HAVE_CUDA_DEVICE
    if (!device().unavailable)
        return presetFamily(device().computeMajor, device().computeMinor, device().name);
#endif
    return {};
}

std::optional<ProductsRefusal> refuseTensorCoreProducts(const train::Recipe& recipe)
{
    ProductsRefusal r;
    if (const auto unavailable = tensorCoreProductsUnavailable()) {
        r.unavailable = unavailable;
        return r;
    }
    const int capability = tensorCoreComputeCapability();
    for (const Format& f : productFormats(recipe)) {
        const Taken* t = taken(f);
        r.format = f.name();
        if (t == nullptr) {
            r.kind = ProductsRefusalKind::FormatNotTaken;
            return r;
        }
        if (capability < 10 * t->major + t->minor) {
            r.kind = ProductsRefusalKind::NeedsNewerGpu;
            r.needMajor = t->major;
            r.needMinor = t->minor;
            r.device = device().name;
            r.deviceMajor = device().computeMajor;
            r.deviceMinor = device().computeMinor;
            return r;
        }
    }
    // cuBLASLt pairs e4m3 with either fp8 type, but not e5m2 with e5m2: fp8's Y = X W multiplies two
    // fp8-forward operands, every other product two operands of one format.
    const Format& e5m2 = namedFormat("e5m2");
    if ((recipe.fp8 ? recipe.fp8Forward == e5m2 : recipe.matmul == e5m2) || recipe.attention == e5m2) {
        r.kind = ProductsRefusalKind::E5m2ByE5m2;
        r.format = e5m2.name();
        return r;
    }
    return std::nullopt;
}

train::ProductEngineFactory tensorCoreProducts()
{
#if FLOATSCOPE_HAVE_CUDA_DEVICE
    return [](const train::Recipe&) -> std::unique_ptr<train::ProductEngine> {
        return std::make_unique<TensorCoreEngine>();
    };
#else
    return {};
#endif
}

}  // namespace floatscope::gpu
