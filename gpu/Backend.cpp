#include "gpu/Backend.h"

#include "core/common/Names.h"
#include "core/format/Registry.h"
#include "gpu/backends/NvidiaHostBackend.h"
#include "gpu/backends/NvidiaTarget.h"
#include "gpu/backends/X86Backends.h"
#if FLOATSCOPE_HAVE_CUDA_DEVICE
#include "gpu/cuda/CudaBackend.h"
#endif

namespace floatscope::gpu {

constexpr Named<MismatchKind> kMismatchNames[] = {
    {MismatchKind::NanEncoding, "nan-encoding"}, {MismatchKind::SubnormalInputFlushed, "subnormal-input-flushed"},
    {MismatchKind::UnsignedTakesMagnitude, "unsigned-takes-magnitude"}, {MismatchKind::Unexplained, "unexplained"}
};

const char* toString(MismatchKind kind) { return nameIn(kMismatchNames, kind); }

std::vector<Format> checkedFormats()
{
    std::vector<Format> out;
    for (const NvidiaFormat& n : kNvidiaFormats)
        out.push_back(namedFormat(n.name));
    return out;
}

std::vector<std::unique_ptr<Backend>> makeBackends()
{
    std::vector<std::unique_ptr<Backend>> out;
#if FLOATSCOPE_HAVE_CUDA_DEVICE
    out.push_back(makeCudaBackend());
#endif
    if (auto b = makeNvidiaHostBackend())
        out.push_back(std::move(b));
    for (auto& b : makeX86Backends())
        out.push_back(std::move(b));
    return out;
}

std::unique_ptr<Backend> makeBackend(std::string_view name)
{
    for (auto& b : makeBackends())
        if (b->name() == name)
            return std::move(b);
    return nullptr;
}

}  // namespace floatscope::gpu
