// Fuzz target for the tensor readers: any bytes as a .npy file and as CSV (fp32 storage takes the
// hardware parser, bf16 the exact one), the CSV also cut into two chunks where the first byte says.
// No crash, no hang, nothing beyond the element bound, and every refusal has a kind.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "core/format/Registry.h"
#include "core/scaling/CsvReader.h"
#include "core/scaling/TensorSources.h"

namespace {

constexpr std::size_t kMaxElements = std::size_t{1} << 16;

void check(const floatscope::TensorLoad& load)
{
    if (load.tensor) {
        const floatscope::Tensor& t = *load.tensor;
        if (t.size() > kMaxElements || t.rows() * t.cols() != t.size() || load.error)
            std::abort();
    } else if (!load.error) {
        std::abort();
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace floatscope;
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    check(parseNpy(bytes, kMaxElements));
    for (const char* storage : {"fp32", "bf16"}) {
        const TensorLoad whole = parseCsv(bytes, namedFormat(storage), kMaxElements);
        check(whole);
        const std::size_t cut = size == 0 ? 0 : data[0] % (size + 1);
        CsvReader reader(namedFormat(storage), kMaxElements);
        reader.feed(bytes.substr(0, cut));
        reader.feed(bytes.substr(cut));
        const TensorLoad split = reader.finish();
        check(split);
        // Where the stream is cut must not change what it reads.
        if (whole.tensor.has_value() != split.tensor.has_value() || whole.error.kind != split.error.kind)
            std::abort();
        if (whole.tensor && (whole.tensor->rows() != split.tensor->rows() || whole.tensor->size() != split.tensor->size()))
            std::abort();
    }
    return 0;
}
