#!/usr/bin/env bash
# One go on a machine with an NVIDIA GPU: build with CUDA, run the GPU tests, compare every fp32 input
# with the device for every format (inside the kernel), run the benchmark, and print a summary.
# Usage: tests/gpu/run_on_gpu.sh [BUILD_DIR]   (default build-gpu; needs nvcc and the packages of .ci/setup)
set -uo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build-gpu}
jobs=$(nproc 2>/dev/null || echo 4)
summary=()
note() { summary+=("$1"); echo "== $1"; }

cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DFLOATSCOPE_CUDA=ON >/dev/null || { echo "configure failed"; exit 1; }
cmake --build "$build" -j "$jobs" --target floatscope floatscope_gpu_tests floatscope_bench >/dev/null \
    || { echo "build failed"; exit 1; }

if "$build/tests/floatscope_gpu_tests" --gtest_filter='Cuda.*' | tee "$build/gpu-tests.log"; then
    note "GPU tests: passed"
else
    note "GPU tests: FAILED (see $build/gpu-tests.log)"
fi
grep '^\[ device' "$build/gpu-tests.log" | sed 's/^\[ device   \] /   /'

# Inner products: the tensor cores against their presets (the papers' measured vectors and 10^5
# random ones), or the probe's findings on a GPU no preset models; VDPBF16PS on the CPU.
if "$build/tests/floatscope_gpu_tests" --gtest_filter='DotHardware.*' | tee "$build/dot-tests.log"; then
    note "inner-product hardware tests: passed"
else
    note "inner-product hardware tests: FAILED (see $build/dot-tests.log)"
fi
grep '^\[ hardware' "$build/dot-tests.log" | sed 's/^\[ hardware \] /   /'

for f in fp16 bf16 e4m3fn e5m2 e2m3 e3m2 e2m1 e8m0; do
    mode=nearest-even
    [ "$f" = e8m0 ] && mode=toward-zero
    if out=$("$build/app/floatscope" verify -f "$f" --against cuda --rounding "$mode" --json 2>&1); then
        ms=$(printf '%s' "$out" | python3 -c 'import json,sys; r=json.load(sys.stdin)["results"][0]; print("%.1f ms, unexplained %d" % (r["seconds"]*1000, r["unexplained"]))')
        note "verify $f ($mode) vs cuda: $ms"
    else
        note "verify $f vs cuda: FAILED: $(printf '%s' "$out" | tail -1)"
    fi
done

"$build/tests/bench/floatscope_bench" --benchmark_filter='engine|copy|nvidia' --benchmark_min_time=0.2 \
    | tail -15 > "$build/bench.log"
note "benchmark ratios (CPU side):"
grep -E ' x ' "$build/bench.log" | sed 's/^/   /'

echo
echo "Summary"
printf '  %s\n' "${summary[@]}"
