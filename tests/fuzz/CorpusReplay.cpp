// Replays every file of the fuzz corpus through the fuzz target's entry point (a normal test:
// libFuzzer's own driver only exists with clang). With --random SECONDS SEED it then goes on with
// random inputs for that long, a plain fuzzer where libFuzzer is not built (CI runs the command
// line's target so); each input is first written to $TMPDIR/floatscope-fuzz-last-input, so that a
// crash can be replayed as a corpus file.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);
extern "C" __attribute__((weak)) int LLVMFuzzerInitialize(int* argc, char*** argv);

namespace {

void random(double seconds, std::uint64_t seed)
{
    const char* tmp = std::getenv("TMPDIR");
    const std::string last = std::string(tmp != nullptr ? tmp : "/tmp") + "/floatscope-fuzz-last-input";
    std::mt19937_64 generator(seed);
    const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    std::size_t runs = 0;
    while (std::chrono::steady_clock::now() < end) {
        std::vector<std::uint8_t> bytes(1 + generator() % 64);
        for (std::uint8_t& b : bytes)
            b = static_cast<std::uint8_t>(generator());
        std::ofstream(last, std::ios::binary | std::ios::trunc)
            .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
        LLVMFuzzerTestOneInput(bytes.data(), bytes.size());
        ++runs;
    }
    std::printf("ran %zu random inputs in %.0f s (seed %llu)\n", runs, seconds, static_cast<unsigned long long>(seed));
}

}  // namespace

int main(int argc, char** argv)
{
    if (argc != 2 && !(argc == 5 && std::strcmp(argv[2], "--random") == 0)) {
        std::fprintf(stderr, "usage: %s CORPUS_DIRECTORY [--random SECONDS SEED]\n", argv[0]);
        return 2;
    }
    const std::filesystem::path corpus = std::filesystem::absolute(argv[1]);  // before a target moves elsewhere
    if (LLVMFuzzerInitialize != nullptr)
        LLVMFuzzerInitialize(&argc, &argv);
    std::size_t count = 0;
    for (const auto& entry : std::filesystem::directory_iterator(corpus)) {
        if (!entry.is_regular_file())
            continue;
        std::ifstream in(entry.path(), std::ios::binary);
        const std::vector<char> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
        LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
        ++count;
    }
    std::printf("replayed %zu corpus inputs\n", count);
    if (argc == 5)
        random(std::atof(argv[3]), std::strtoull(argv[4], nullptr, 0));
    return count > 0 ? 0 : 1;
}
