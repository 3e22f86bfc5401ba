// `floatscope dot --against`, run in process with a stand-in backend: an unexplained difference
// between model and hardware exits 1 and says so; agreement exits 0. (On this machine no real
// backend disagrees with its model, so the exit status is checked through the command's seam.)
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <tuple>

#include "app/cli/Commands.h"
#include "core/dot/AccumulatorSpec.h"
#include "core/dot/InnerProduct.h"
#include "core/format/Registry.h"
#include "gpu/dot/DotCheck.h"

namespace floatscope::cli {
namespace {

// A "CPU" that runs the avx512bf16 model and, when asked, flips the last bit of one result.
class StandIn final : public gpu::DotBackend {
public:
    explicit StandIn(bool skewed) : m_skewed(skewed) {}
    std::string name() const override { return m_skewed ? "skewed" : "faithful"; }
    gpu::DotBackendStatus status() const override { return {}; }
    gpu::DotSupport supports(const Format& inputs, const dot::Accumulator& a) const override
    {
        if (!std::holds_alternative<dot::Vdpbf16ps>(a.model))
            return gpu::DotSupport::WrongModel;
        return inputs == namedFormat("bf16") ? gpu::DotSupport::Supported : gpu::DotSupport::WrongInputs;
    }
    gpu::DotBackendStatus gemm(const Format& inputs, const dot::Accumulator& a, gpu::GemmShape s,
                               std::span<const std::uint32_t> x, std::span<const std::uint32_t> y,
                               std::span<std::uint32_t> d) const override
    {
        const auto c = dot::matmul(inputs, a, s.m, s.n, s.k, x, y, 1);
        for (std::size_t i = 0; i < c->size(); ++i)
            d[i] = static_cast<std::uint32_t>((*c)[i]);
        if (m_skewed)
            d[0] ^= 1;  // one ulp off: no known kind of difference
        return {};
    }

private:
    bool m_skewed;
};

struct Captured {
    int status = -1;
    std::string out;
};

Captured runAgainst(const std::string& backend, bool json)
{
    std::FILE* out = std::tmpfile();
    std::FILE* err = std::tmpfile();
    std::vector<std::string> args = {"--inputs", "bf16", "--accumulator", "avx512bf16", "--k", "64", "--count", "9",
                                     "--against", backend};
    if (json)
        args.push_back("--json");
    Captured c;
    c.status = runDot(args, Io{out, err, false}, [](std::string_view name) -> std::unique_ptr<gpu::DotBackend> {
        if (name == "skewed" || name == "faithful")
            return std::make_unique<StandIn>(name == "skewed");
        return nullptr;
    });
    std::rewind(out);
    char buffer[4096];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, out)) > 0;)
        c.out.append(buffer, n);
    std::fclose(out);
    std::fclose(err);
    return c;
}

TEST(DotAgainst, AnUnexplainedDifferenceExitsOne)
{
    const Captured c = runAgainst("skewed", false);
    EXPECT_EQ(c.status, 1);
    EXPECT_NE(c.out.find("UNEXPLAINED DIFFERENCES"), std::string::npos) << c.out;
    const Captured j = runAgainst("skewed", true);
    EXPECT_EQ(j.status, 1);
    EXPECT_NE(j.out.find("\"unexplained\": 1"), std::string::npos) << j.out;
}

TEST(DotAgainst, AgreementExitsZero)
{
    const Captured c = runAgainst("faithful", false);
    EXPECT_EQ(c.status, 0) << c.out;
    EXPECT_NE(c.out.find("Every inner product agrees"), std::string::npos) << c.out;
}

// The trap: the count was one GEMM of side sqrt(count), generated whole: count 1 at K 2^24 held
// four vectors of 2^25 values (1 GB), and memory grew with the count. Now the comparison runs in
// batches of at most 2^20 operands a side, exactly `count` inner products in all.
TEST(DotAgainst, TheCountRunsInBatchesOfBoundedMemory)
{
    struct Recording final : gpu::DotBackend {
        mutable std::size_t calls = 0, largestSide = 0, products = 0;
        std::string name() const override { return "recording"; }
        gpu::DotBackendStatus status() const override { return {}; }
        gpu::DotSupport supports(const Format&, const dot::Accumulator&) const override { return gpu::DotSupport::Supported; }
        gpu::DotBackendStatus gemm(const Format& inputs, const dot::Accumulator& a, gpu::GemmShape s,
                                   std::span<const std::uint32_t> x, std::span<const std::uint32_t> y,
                                   std::span<std::uint32_t> d) const override
        {
            ++calls;
            largestSide = std::max({largestSide, x.size(), y.size()});
            products += s.m * s.n;
            EXPECT_EQ(x.size(), s.m * s.k);
            EXPECT_EQ(y.size(), s.n * s.k);
            const auto c = dot::matmul(inputs, a, s.m, s.n, s.k, x, y, 1);
            for (std::size_t i = 0; i < c->size(); ++i)
                d[i] = static_cast<std::uint32_t>((*c)[i]);
            return {};
        }
    };
    const Format& bf16 = namedFormat("bf16");
    const dot::Accumulator fp32 = std::get<dot::Accumulator>(dot::parseAccumulator("fp32"));
    for (const auto& [k, count, batches] : {std::tuple{std::size_t{16384}, std::uint64_t{200}, std::size_t{4}},
                                            std::tuple{std::size_t{64}, std::uint64_t{9}, std::size_t{1}},
                                            std::tuple{std::size_t{1} << 21, std::uint64_t{2}, std::size_t{2}}}) {
        const Recording backend;
        const gpu::DotComparison c =
            gpu::compareInnerProductCount(backend, bf16, fp32, k, count, dot::Distribution::Normal, 1);
        EXPECT_EQ(c.compared, count) << "K " << k;
        EXPECT_EQ(c.matches, count) << "the model against itself";
        EXPECT_EQ(backend.products, count);
        EXPECT_EQ(backend.calls, batches) << "K " << k;
        EXPECT_LE(backend.largestSide, std::max<std::size_t>(k, std::size_t{1} << 20)) << "K " << k;
    }
}

}  // namespace
}  // namespace floatscope::cli
