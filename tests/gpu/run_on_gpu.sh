#!/usr/bin/env bash
# One go on a machine with an NVIDIA GPU: build with CUDA, run the GPU tests, compare every fp32 input
# with the device for every format (inside the kernel), compare the training lab's products on the
# tensor cores with the emulated ones, run the benchmark, and print a summary.
# Usage: tests/gpu/run_on_gpu.sh [BUILD_DIR] [training]   (default build-gpu; needs nvcc and the packages
# of .ci/setup). With 'training', only the training lab's comparison (a few minutes less of the device).
set -uo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build-gpu}
only=${2:-all}
jobs=$(nproc 2>/dev/null || echo 4)
summary=()
note() { summary+=("$1"); echo "== $1"; }

cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DFLOATSCOPE_CUDA=ON >/dev/null || { echo "configure failed"; exit 1; }
targets="floatscope floatscope_gpu_tests"
[ "$only" = training ] || targets="$targets floatscope_bench"
cmake --build "$build" -j "$jobs" --target $targets >/dev/null || { echo "build failed"; exit 1; }

if [ "$only" = training ]; then
    "$build/tests/floatscope_gpu_tests" --gtest_filter='Cuda.DescribesTheDevice' | grep '^\[ device' \
        | sed 's/^\[ device   \] /   /'
fi

# The training lab's products on the tensor cores: single products of the model's
# shapes against the accumulator's bound and the presets, then a few steps of bf16-master, fp16-amp
# (and fp8-current from sm_89) whose curves must stay within the stated tolerance of the emulated ones.
if "$build/tests/floatscope_gpu_tests" --gtest_filter='TensorCoreTraining.*' | tee "$build/training-tests.log"; then
    skipped=$(sed -n 's/^\[  SKIPPED \] \([0-9]*\) tests\{0,1\}, listed below:$/\1/p' "$build/training-tests.log")
    if [ -n "$skipped" ]; then
        note "training-lab products on the GPU: $skipped tests skipped: $(grep -A1 ': Skipped$' \
            "$build/training-tests.log" | grep -v -e ': Skipped$' -e '^--' | sort -u | head -1)"
    else
        note "training-lab products on the GPU: passed"
    fi
else
    note "training-lab products on the GPU: FAILED (see $build/training-tests.log)"
fi
grep '^\[ training' "$build/training-tests.log" | sed 's/^\[ training \] /   /'
# The same comparison as a user runs it: each recipe on the engine and on the GPU, 50 steps.
if "$build/app/floatscope" train --recipe bf16-master,fp16-amp --products emulated,gpu --steps 50 --eval-every 50 \
        --json >"$build/train-products.json" 2>"$build/train-products.err"; then
    while read -r line; do note "train --products emulated,gpu: $line"; done < <(python3 -c '
import json, sys
runs = json.load(open(sys.argv[1]))["runs"]
for gpu in (r for r in runs if r["products"] == "gpu"):
    emu = next(r for r in runs if r["products"] == "emulated" and r["recipe"] == gpu["recipe"])
    worst = max(abs(a["train_loss"] - b["train_loss"]) for a, b in zip(gpu["steps"], emu["steps"]))
    print("%s, 50 steps: validation %.5f bits/char on the GPU, %.5f emulated; worst train-loss gap %.2e nats"
          % (gpu["recipe"], gpu["final_val_bits_per_char"], emu["final_val_bits_per_char"], worst))' \
        "$build/train-products.json")
else
    note "train --products emulated,gpu: not run: $(tail -1 "$build/train-products.err")"
fi

if [ "$only" = training ]; then
    echo
    echo "Summary"
    printf '  %s\n' "${summary[@]}"
    exit 0
fi

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
