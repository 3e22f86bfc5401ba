// Loading tensors, against references run alongside: 2^22 values of CSV text into fp32 storage
// against glibc's strtof over the same fields and against the engine quantizing as many values
// (before: parsing took 200x what the engine takes, 12.7 s for 2^24 values); CSV into bf16
// storage (through binary64; before: 11.5 s for 2^24 values); the seeded generator; and .npy
// against allocating and widening the same floats.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "BenchReport.h"
#include "core/format/Registry.h"
#include "core/scaling/Quantization.h"
#include "core/scaling/TensorSources.h"

namespace {

using namespace floatscope;

constexpr std::size_t kValues = std::size_t{1} << 22;

const Tensor& normal()
{
    static const Tensor t = [] {
        NormalSpec spec;
        spec.cols = kValues;
        spec.seed = 7;
        return *generateNormal(spec, namedFormat("fp32")).tensor;
    }();
    return t;
}

// 1024 values a line, as %.9g prints them (every fp32 reads back).
const std::string& csv()
{
    static const std::string text = [] {
        std::string out;
        char buf[32];
        for (std::size_t i = 0; i < kValues; ++i) {
            std::snprintf(buf, sizeof buf, "%.9g%c", normal()[i], (i + 1) % 1024 == 0 ? '\n' : ',');
            out += buf;
        }
        return out;
    }();
    return text;
}

void csvIntoFp32(benchmark::State& state)
{
    csv();  // made before the clock starts
    for (auto _ : state) {
        const TensorLoad load = parseCsv(csv(), namedFormat("fp32"));
        if (!load.tensor)
            state.SkipWithError("the CSV did not load");
        benchmark::DoNotOptimize(load.tensor->values().data());
    }
}

void strtofReference(benchmark::State& state)
{
    std::vector<float> out(kValues);
    csv();
    for (auto _ : state) {
        const char* p = csv().c_str();
        for (std::size_t i = 0; i < kValues; ++i) {
            char* end = nullptr;
            out[i] = std::strtof(p, &end);
            p = end + 1;
        }
        benchmark::DoNotOptimize(out.data());
    }
}

void quantizeReference(benchmark::State& state)
{
    const auto tensor = std::make_shared<const Tensor>(normal());
    QuantizeOptions o;
    o.element = namedFormat("e4m3fn");
    for (auto _ : state)
        benchmark::DoNotOptimize(quantize(tensor, o).result->summary().mse);
}

// Narrow storage reads through binary64 (std::from_chars, then one rounding of that double, the exact
// parser only at the storage's rounding boundaries): the 750 ns a value before were the exact parser.
void csvIntoBf16(benchmark::State& state)
{
    csv();
    for (auto _ : state) {
        const TensorLoad load = parseCsv(csv(), namedFormat("bf16"));
        if (!load.tensor)
            state.SkipWithError("the CSV did not load");
        benchmark::DoNotOptimize(load.tensor->values().data());
    }
}

void generator(benchmark::State& state)
{
    NormalSpec spec;
    spec.cols = kValues;
    spec.outliers = 1000;
    for (auto _ : state)
        benchmark::DoNotOptimize(generateNormal(spec, namedFormat("fp32")).tensor->values().data());
}

std::string npyBytes()
{
    std::string header = "{'descr': '<f4', 'fortran_order': False, 'shape': (" + std::to_string(kValues) + ",), }";
    while ((10 + header.size() + 1) % 64 != 0)
        header += ' ';
    header += '\n';
    std::string out = std::string("\x93NUMPY\x01\x00", 8) + static_cast<char>(header.size() & 0xFF)
        + static_cast<char>(header.size() >> 8) + header;
    std::vector<float> values(kValues);
    for (std::size_t i = 0; i < kValues; ++i)
        values[i] = static_cast<float>(normal()[i]);
    out.append(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(float));
    return out;
}

void npyFloat32(benchmark::State& state)
{
    const std::string bytes = npyBytes();  // made before the clock starts
    for (auto _ : state)
        benchmark::DoNotOptimize(parseNpy(bytes).tensor->values().data());
}

void copyReference(benchmark::State& state)
{
    // A fresh tensor's memory, 4 bytes read and 8 written a value: what loading must at least do.
    const std::string bytes = npyBytes();
    for (auto _ : state) {
        std::vector<double> out(kValues);
        const char* p = bytes.data() + bytes.size() - kValues * sizeof(float);
        for (std::size_t i = 0; i < kValues; ++i) {
            float f = 0;
            std::memcpy(&f, p + 4 * i, 4);
            out[i] = f;
        }
        benchmark::DoNotOptimize(out.data());
    }
}

void printRatios(const bench::Recorder& recorder)
{
    std::map<std::string, double> ms = recorder.times();
    auto ratio = [&ms](const char* a, const char* b) { return ms[a] / ms[b]; };
    std::printf("\n2^22 values of CSV into fp32: %.0f ms, %.2fx glibc strtof over the same fields, %.1fx the\n"
                "engine quantizing them (e4m3fn, per tensor; 200x before)\n",
                ms["csvIntoFp32"], ratio("csvIntoFp32", "strtofReference"),
                ratio("csvIntoFp32", "quantizeReference"));
    std::printf("2^22 values of CSV into bf16: %.0f ms, %.0f ns a value, %.2fx into fp32 (before: 750 ns a value)\n",
                ms["csvIntoBf16"], ms["csvIntoBf16"] * 1e6 / static_cast<double>(kValues),
                ratio("csvIntoBf16", "csvIntoFp32"));
    std::printf("2^22 generated normal values: %.0f ms; 2^22 float32 .npy values: %.2fx a widening copy\n",
                ms["generator"], ratio("npyFloat32", "copyReference"));
}

}  // namespace

int main(int argc, char** argv)
{
    using Function = void (*)(benchmark::State&);
    for (const auto& [name, function] :
         {std::pair<const char*, Function>{"csvIntoFp32", csvIntoFp32}, {"strtofReference", strtofReference},
          {"quantizeReference", quantizeReference}, {"csvIntoBf16", csvIntoBf16},
          {"generator", generator}, {"npyFloat32", npyFloat32}, {"copyReference", copyReference}})
        benchmark::RegisterBenchmark(name, function)->Unit(benchmark::kMillisecond)->UseRealTime();
    return bench::runAndSummarize(argc, argv, printRatios);
}
