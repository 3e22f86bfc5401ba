#include "core/lessons/Logits.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <set>

#include "core/round/Rounding.h"

namespace floatscope {

namespace {

// Softmax from exact logits: the differences from the largest are exact, so only exp and the sum
// round (in long double), and no term overflows.
std::vector<double> softmax(const std::vector<mpq_class>& z)
{
    const mpq_class top = *std::max_element(z.begin(), z.end());
    std::vector<long double> terms;
    long double sum = 0;
    for (const mpq_class& x : z) {
        terms.push_back(std::exp(static_cast<long double>(mpq_class(x - top).get_d())));
        sum += terms.back();
    }
    std::vector<double> p;
    for (const long double t : terms)
        p.push_back(static_cast<double>(t / sum));
    return p;
}

int distinct(const std::vector<mpq_class>& values) { return static_cast<int>(std::set<mpq_class>(values.begin(), values.end()).size()); }

}  // namespace

StoredLogits storeLogits(const Format& format, std::span<const ExactValue> logits)
{
    StoredLogits out;
    out.format = format.name();
    out.inputs.assign(logits.begin(), logits.end());
    std::vector<mpq_class> inputs;
    for (const ExactValue& z : logits) {
        assert(z.isFinite());
        inputs.push_back(z.value());
        const std::uint64_t code = roundExact(z, format).code;
        out.codes.push_back(code);
        const ExactValue stored = ExactValue::fromCode(format, code);
        out.allFinite = out.allFinite && stored.isFinite();
        out.stored.push_back(stored.isFinite() ? stored.value() : mpq_class(0));
    }
    if (inputs.empty())
        return out;
    out.distinctInputs = distinct(inputs);
    out.probabilities = softmax(inputs);
    if (out.allFinite) {
        out.distinctStored = distinct(out.stored);
        out.storedProbabilities = softmax(out.stored);
    } else {
        out.stored.clear();
    }
    return out;
}

ProbabilityRatio probabilityRatio(const StoredLogits& logits, std::size_t i, std::size_t j)
{
    ProbabilityRatio r;
    r.trueDifference = logits.inputs.at(i).value() - logits.inputs.at(j).value();
    r.trueRatio = std::exp(r.trueDifference.get_d());
    if (!logits.allFinite) {
        r.storedRatio = std::nan("");
        r.factor = std::nan("");
        return r;
    }
    r.storedDifference = logits.stored.at(i) - logits.stored.at(j);
    r.storedRatio = std::exp(r.storedDifference.get_d());
    r.factor = std::exp(mpq_class(r.storedDifference - r.trueDifference).get_d());
    return r;
}

}  // namespace floatscope
