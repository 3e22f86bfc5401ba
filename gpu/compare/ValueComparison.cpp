#include "gpu/compare/ValueComparison.h"

#include "core/batch/Batch.h"
#include "gpu/sweep/Sweep.h"

namespace floatscope::gpu {

std::vector<ValueComparison> compareValue(std::uint32_t x, const std::vector<Format>& formats, RoundingMode mode,
                                          std::optional<OverflowPolicy> overflowChoice,
                                          const std::vector<std::unique_ptr<Backend>>& backends)
{
    std::vector<ValueComparison> out;
    for (const Format& f : formats) {
        const OverflowPolicy overflow = overflowChoice.value_or(f.defaultOverflow());
        BatchPlanResult plan = makeBatchPlan(f, mode, overflow);
        if (!plan.plan)
            continue;
        plan.plan->hardware = HardwarePath::None;  // the engine's own rules face the backends
        ValueComparison row{f, x, 0, {}};
        convertFromFp32Bits({&x, 1}, {&row.engine, 1}, *plan.plan);
        for (const auto& backend : backends) {
            BackendCode b{backend->name(), std::nullopt, std::nullopt, std::nullopt, {}};
            if (!backend->available()) {
                b.missing = NoCode::Unavailable;
            } else if (!backend->supports(f, mode, overflow)) {
                b.missing = NoCode::NotOffered;
            } else {
                std::uint16_t code = 0;
                b.failure = backend->convert({&x, 1}, {&code, 1}, f, mode, overflow);
                if (!b.failure.empty()) {
                    b.missing = NoCode::Failed;
                } else {
                    b.code = code;
                    if (code != row.engine)
                        b.difference = classifyMismatch(x, row.engine, code, f, *plan.plan,
                                                        backend->knownProperties(f));
                }
            }
            row.backends.push_back(std::move(b));
        }
        out.push_back(std::move(row));
    }
    return out;
}

}  // namespace floatscope::gpu
