// Encoding checked against an independent, slow oracle (DESIGN.md, "Verification standard"),
// as TestFloat checks SoftFloat. The oracle below knows each format only by its shape (exponent bits,
// mantissa bits, bias, convention, written out again here from the specs) and rounds with exact
// rationals (GMP): it finds the two neighbours of |x| on the format's grid with the exponent range
// unbounded above, picks one by the mode, and only then applies the overflow policy (IEEE 754-2019
// 7.4). It never calls the engine's rounding, decoding or derived properties.
//
// Inputs, for every format of 16 bits or fewer (all codes) and a sample of fp32, tf32 and fp64 codes:
// every representable value, every midpoint between adjacent values (also between 0 and the smallest
// subnormal, and between max and max + ulp), the fp32 neighbours of each midpoint (fp64 neighbours for
// fp32; midpoint +- 2^-61 ulp for fp64), both signs, six modes, both overflow policies.

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gmpxx.h>

#include "core/exact/ExactValue.h"
#include "core/format/Format.h"
#include "core/format/Registry.h"
#include "core/round/Rounding.h"

namespace floatscope {
namespace {

// ---------------------------------------------------------------------------------------------
// The formats, as the specs describe them (IEEE 754-2019 Table 3.5, OCP OFP8 rev 1.0 Table 1,
// OCP MX v1.0 Tables 2-4, Graphcore/AMD FNUZ), not as the engine's registry does.

enum class Kind { Ieee, Fn, Fnuz, Unsigned, Finite };

struct Spec {
    const char* name;
    int e;
    int m;
    int bias;
    Kind kind;
    bool sampled;  // too many codes to enumerate: a sample of codes instead
};

constexpr Spec kSpecs[] = {
    {"fp64", 11, 52, 1023, Kind::Ieee, true},    {"fp32", 8, 23, 127, Kind::Ieee, true},
    {"tf32", 8, 10, 127, Kind::Ieee, true},      {"fp16", 5, 10, 15, Kind::Ieee, false},
    {"bf16", 8, 7, 127, Kind::Ieee, false},      {"e4m3fn", 4, 3, 7, Kind::Fn, false},
    {"e4m3", 4, 3, 7, Kind::Ieee, false},        {"e5m2", 5, 2, 15, Kind::Ieee, false},
    {"e4m3fnuz", 4, 3, 8, Kind::Fnuz, false},    {"e5m2fnuz", 5, 2, 16, Kind::Fnuz, false},
    {"e2m3", 2, 3, 1, Kind::Finite, false},      {"e3m2", 3, 2, 3, Kind::Finite, false},
    {"e2m1", 2, 1, 1, Kind::Finite, false},      {"e8m0", 8, 0, 127, Kind::Unsigned, false},
};

const Spec& specOf(const std::string& name)
{
    for (const Spec& s : kSpecs)
        if (name == s.name)
            return s;
    ADD_FAILURE() << "no spec for " << name;
    return kSpecs[0];
}

mpq_class pow2(long k)
{
    mpq_class q(1);
    if (k >= 0)
        mpq_mul_2exp(q.get_mpq_t(), q.get_mpq_t(), static_cast<mp_bitcnt_t>(k));
    else
        mpq_div_2exp(q.get_mpq_t(), q.get_mpq_t(), static_cast<mp_bitcnt_t>(-k));
    return q;
}

mpq_class fromU64(std::uint64_t v)
{
    mpz_class z;
    mpz_import(z.get_mpz_t(), 1, -1, sizeof v, 0, 0, &v);
    return mpq_class(z);
}

// floor(log2(x)) for x > 0: with a and b the bit lengths of numerator and denominator,
// x lies in (2^(a-b-1), 2^(a-b+1)), so the answer is a-b or a-b-1.
long floorLog2(const mpq_class& x)
{
    const long a = static_cast<long>(mpz_sizeinbase(x.get_num_mpz_t(), 2));
    const long b = static_cast<long>(mpz_sizeinbase(x.get_den_mpz_t(), 2));
    long e = a - b;
    if (x < pow2(e))
        --e;
    return e;
}

// The grid of non-negative values of a format, indexed by magnitude code and continued past the
// largest finite value with the top binade's spacing (the "unbounded exponent" of IEEE 754 7.4).
struct Grid {
    explicit Grid(const Spec& s)
        : spec(s)
    {
        const int width = s.e + s.m;
        signBit = s.kind == Kind::Unsigned ? 0 : std::uint64_t{1} << width;
        const std::uint64_t allOnes = (std::uint64_t{1} << width) - 1;
        switch (s.kind) {
        case Kind::Ieee: maxIndex = ((((std::uint64_t{1} << s.e) - 1)) << s.m) - 1; break;
        case Kind::Fn: maxIndex = allOnes - 1; break;        // S.1..1.1..1 is NaN
        case Kind::Fnuz: maxIndex = allOnes; break;          // NaN sits at the -0 code
        case Kind::Finite: maxIndex = allOnes; break;
        case Kind::Unsigned: maxIndex = allOnes - 1; break;  // 0xFF is NaN
        }
        emin = s.kind == Kind::Unsigned ? -s.bias : 1 - s.bias;
        minNormal = pow2(emin);
    }

    bool hasSubnormals() const { return spec.kind != Kind::Unsigned; }

    // value(i) = 0.m * 2^emin for field 0 (subnormals), 1.m * 2^(field - bias) otherwise.
    mpq_class value(std::uint64_t index) const
    {
        const std::uint64_t field = index >> spec.m;
        const std::uint64_t mant = index & ((std::uint64_t{1} << spec.m) - 1);
        if (hasSubnormals() && field == 0)
            return fromU64(mant) * pow2(emin - spec.m);
        return fromU64((std::uint64_t{1} << spec.m) + mant)
            * pow2(static_cast<long>(field) - spec.bias - spec.m);
    }

    // The code a non-saturating overflow produces.
    std::uint64_t overflowCode(bool negative) const
    {
        const std::uint64_t sign = negative ? signBit : 0;
        switch (spec.kind) {
        case Kind::Ieee: return sign | (((std::uint64_t{1} << spec.e) - 1) << spec.m);  // inf
        case Kind::Fn: return sign | ((std::uint64_t{1} << (spec.e + spec.m)) - 1);    // S.1..1.1..1
        case Kind::Fnuz: return signBit;                                                // 0x80
        case Kind::Unsigned: return (std::uint64_t{1} << spec.e) - 1;                   // 0xFF
        case Kind::Finite: return sign | maxIndex;                                      // nothing else
        }
        return 0;
    }

    Spec spec;
    std::uint64_t signBit = 0;
    std::uint64_t maxIndex = 0;
    long emin = 0;
    mpq_class minNormal;
};

// Where a positive x lies on the grid: x = value(lo) + rem * ulp with rem in [0, 1).
struct Analysis {
    bool zero = false;
    bool belowRange = false;  // e8m0: below 2^-127, where there is no code below
    std::uint64_t lo = 0;
    mpq_class rem;            // the discarded fraction of an ulp
    int half = -1;            // sign(rem - 1/2)
    bool inexact = false;
    bool tiny = false;        // below the smallest normal
};

Analysis analyse(const Grid& g, const mpq_class& x)
{
    Analysis a;
    if (x == 0) {
        a.zero = true;
        return a;
    }
    const long e = floorLog2(x);
    a.tiny = x < g.minNormal;
    if (e < g.emin && !g.hasSubnormals()) {
        a.belowRange = true;
        a.inexact = true;
        return a;
    }
    // The spacing at x: 2^(e - M) for normals, 2^(emin - M) for subnormals.
    const long quantum = std::max(e, g.emin) - g.spec.m;
    mpq_class y = x / pow2(quantum);
    mpz_class n;
    mpz_fdiv_q(n.get_mpz_t(), y.get_num_mpz_t(), y.get_den_mpz_t());
    a.rem = y - mpq_class(n);
    a.inexact = a.rem != 0;
    a.half = a.inexact ? cmp(a.rem, mpq_class(1, 2)) : -1;
    a.half = a.half < 0 ? -1 : (a.half > 0 ? 1 : 0);
    const std::uint64_t nn = n.get_ui();  // fits: n < 2^(M+1) <= 2^53
    if (e < g.emin)
        a.lo = nn;  // subnormal: 0.m
    else
        a.lo = (static_cast<std::uint64_t>(e + g.spec.bias) << g.spec.m) + (nn - (std::uint64_t{1} << g.spec.m));
    return a;
}

const RoundingMode kModes[] = {RoundingMode::NearestEven, RoundingMode::NearestAway, RoundingMode::TowardZero,
                               RoundingMode::Up, RoundingMode::Down, RoundingMode::ToOdd};

const char* modeName(RoundingMode m)
{
    switch (m) {
    case RoundingMode::NearestEven: return "NearestEven";
    case RoundingMode::NearestAway: return "NearestAway";
    case RoundingMode::TowardZero: return "TowardZero";
    case RoundingMode::Up: return "Up";
    case RoundingMode::Down: return "Down";
    case RoundingMode::ToOdd: return "ToOdd";
    case RoundingMode::Stochastic: return "Stochastic";
    }
    return "?";
}

std::string flagText(Flags f)
{
    std::string s;
    const std::pair<Flags, const char*> names[] = {
        {kInexact, "inexact"}, {kTie, "tie"}, {kUnderflow, "underflow"}, {kOverflow, "overflow"}, {kInvalid, "invalid"}};
    for (const auto& [bit, name] : names)
        if (f & bit)
            s += (s.empty() ? "" : "|") + std::string(name);
    return s.empty() ? "none" : s;
}

std::string hex(std::uint64_t v)
{
    char buf[24];
    std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
    return buf;
}

// The oracle's answer: which way the mode goes, then overflow, then sign and the format's zero.
RoundResult expectedRounding(const Grid& g, const Analysis& a, bool negative, RoundingMode mode,
                             OverflowPolicy policy)
{
    const Kind kind = g.spec.kind;
    if (kind == Kind::Unsigned && negative && !a.zero)
        return {g.overflowCode(false), kInvalid};  // no code for a negative number: NaN
    if (a.zero) {
        if (kind == Kind::Unsigned)
            return {0, Flags(kUnderflow | kInexact)};  // no zero: the smallest value, 2^-127
        return {negative && kind != Kind::Fnuz ? g.signBit : 0, 0};
    }
    if (a.belowRange)
        return {0, Flags(kUnderflow | kInexact)};

    bool up = false;  // in magnitude
    switch (mode) {
    case RoundingMode::NearestEven: up = a.half > 0 || (a.half == 0 && (a.lo & 1) != 0); break;
    case RoundingMode::NearestAway: up = a.half >= 0; break;
    case RoundingMode::TowardZero: up = false; break;
    case RoundingMode::Up: up = a.inexact && !negative; break;
    case RoundingMode::Down: up = a.inexact && negative; break;
    case RoundingMode::ToOdd: up = a.inexact && (a.lo & 1) == 0; break;
    case RoundingMode::Stochastic: ADD_FAILURE() << "not here"; break;
    }
    std::uint64_t index = a.lo + (up ? 1 : 0);
    Flags flags = 0;
    if (a.inexact)
        flags |= kInexact;
    // A tie needs a representable lower neighbour: 464 in e4m3fn (448 | 480) is one, 496 (480 | 512,
    // both past max) is not; nor is 2^-128 in e8m0, which has nothing below 2^-127.
    if (a.inexact && a.half == 0 && a.lo <= g.maxIndex)
        flags |= kTie;
    if (a.inexact && a.tiny)
        flags |= kUnderflow;
    if (index > g.maxIndex) {
        flags |= kOverflow | kInexact;
        const bool away = mode == RoundingMode::NearestEven || mode == RoundingMode::NearestAway
            || (mode == RoundingMode::Up && !negative) || (mode == RoundingMode::Down && negative);
        if (policy == OverflowPolicy::NonSaturating && away)
            return {g.overflowCode(negative), flags};
        index = g.maxIndex;
    }
    const bool signed_ = negative && !(kind == Kind::Fnuz && index == 0);
    return {(signed_ ? g.signBit : 0) | index, flags};
}

// ---------------------------------------------------------------------------------------------
// The inputs of a format, built once and shared by the six mode tests.

enum class Where { Value, Midpoint, BelowMidpoint, AboveMidpoint, Extra };

const char* whereName(Where w)
{
    switch (w) {
    case Where::Value: return "value";
    case Where::Midpoint: return "mid";
    case Where::BelowMidpoint: return "mid-";
    case Where::AboveMidpoint: return "mid+";
    case Where::Extra: return "extra";
    }
    return "?";
}

struct Case {
    mpq_class magnitude;
    Where where;
    std::int64_t index;  // of the value, or of the lower end of the midpoint's pair (-1: below e8m0's range)
    ExactValue positive;
    ExactValue negative;
    Analysis analysis;
};

struct Inputs {
    std::vector<Case> cases;
    std::size_t oracleSelfCheckFailures = 0;
    std::string firstSelfCheckFailure;
    std::size_t neighbourlessMidpoints = 0;
};

std::vector<std::uint64_t> sampledIndices(const Grid& g)
{
    const int m = g.spec.m;
    const std::uint64_t one = static_cast<std::uint64_t>(g.spec.bias) << m;  // 1.0
    const std::uint64_t sub = std::uint64_t{1} << m;                          // min normal
    std::set<std::uint64_t> s = {0, 1, 2, 3, sub - 3, sub - 2, sub - 1, sub, sub + 1, sub + 2,
                                 one - 2, one - 1, one, one + 1, one + 2, 2 * sub - 1, 2 * sub,
                                 g.maxIndex - 2, g.maxIndex - 1, g.maxIndex};
    // Every binade's first and last code, and a few inside it.
    const std::uint64_t fields = g.maxIndex >> m;
    for (std::uint64_t f = 1; f <= fields; ++f) {
        s.insert(f << m);
        s.insert((f << m) + 1);
        s.insert(std::min(g.maxIndex, ((f + 1) << m) - 1));
        s.insert((f << m) + (sub >> 1));
    }
    std::mt19937_64 rng(0x5EED0F10A7ull + static_cast<std::uint64_t>(m));
    std::uniform_int_distribution<std::uint64_t> any(0, g.maxIndex);
    std::uniform_int_distribution<std::uint64_t> subnormal(0, sub - 1);
    for (int i = 0; i < 1500; ++i)
        s.insert(any(rng));
    for (int i = 0; i < 200; ++i)
        s.insert(subnormal(rng));
    return {s.begin(), s.end()};
}

// The midpoint's neighbours in the next wider format.
std::vector<mpq_class> neighboursOf(const Spec& spec, const mpq_class& mid, const mpq_class& gap)
{
    if (std::string(spec.name) == "fp64")
        return {mid - gap * pow2(-61), mid + gap * pow2(-61)};
    if (std::string(spec.name) == "fp32") {
        const double d = mid.get_d();
        if (mpq_class(d) != mid)
            return {};
        return {mpq_class(std::nextafter(d, -INFINITY)), mpq_class(std::nextafter(d, INFINITY))};
    }
    const float f = static_cast<float>(mid.get_d());
    if (!std::isfinite(f) || mpq_class(static_cast<double>(f)) != mid)
        return {};
    return {mpq_class(static_cast<double>(std::nextafterf(f, -INFINITY))),
            mpq_class(static_cast<double>(std::nextafterf(f, INFINITY)))};
}

void addCase(Inputs& in, const Grid& g, mpq_class magnitude, Where where, std::int64_t index)
{
    Case c{magnitude, where, index, ExactValue::finite(false, magnitude), ExactValue::finite(true, magnitude),
           analyse(g, magnitude)};
    // The oracle locates x by its binary logarithm; the inputs were built from grid indices. Both
    // must agree, or the oracle itself is wrong.
    if (where != Where::Extra) {
        bool ok = true;
        if (index < 0)
            ok = c.analysis.zero || c.analysis.belowRange;
        else if (c.analysis.zero)
            ok = index == 0 && where == Where::Value;
        else
            ok = c.analysis.lo == static_cast<std::uint64_t>(index)
                && (where == Where::Value) == !c.analysis.inexact
                && (where == Where::Midpoint) == (c.analysis.inexact && c.analysis.half == 0);
        if (!ok && in.oracleSelfCheckFailures++ == 0)
            in.firstSelfCheckFailure = std::string(whereName(where)) + " of index " + std::to_string(index);
    }
    in.cases.push_back(std::move(c));
}

void addMidpointAndNeighbours(Inputs& in, const Grid& g, const mpq_class& a, const mpq_class& b, std::int64_t index)
{
    const mpq_class mid = (a + b) / 2;
    addCase(in, g, mid, Where::Midpoint, index);
    const std::vector<mpq_class> n = neighboursOf(g.spec, mid, b - a);
    if (n.empty()) {
        ++in.neighbourlessMidpoints;
        return;
    }
    addCase(in, g, n[0], Where::BelowMidpoint, index);
    addCase(in, g, n[1], Where::AboveMidpoint, index);
}

Inputs buildInputs(const Spec& spec)
{
    const Grid g(spec);
    Inputs in;
    std::vector<std::uint64_t> indices;
    if (spec.sampled) {
        indices = sampledIndices(g);
    } else {
        for (std::uint64_t i = 0; i <= g.maxIndex; ++i)
            indices.push_back(i);
    }
    if (spec.kind == Kind::Unsigned) {
        // No zero: 0 itself, and the midpoint between 0 and 2^-127 with its neighbours.
        addCase(in, g, 0, Where::Value, -1);
        addMidpointAndNeighbours(in, g, 0, g.value(0), -1);
    }
    for (std::uint64_t i : indices) {
        const mpq_class v = g.value(i);
        addCase(in, g, v, Where::Value, static_cast<std::int64_t>(i));
        addMidpointAndNeighbours(in, g, v, g.value(i + 1), static_cast<std::int64_t>(i));  // i = max: past max
    }
    // Far beyond the largest value: overflow in every mode that rounds away.
    const mpq_class max = g.value(g.maxIndex);
    addCase(in, g, (g.value(g.maxIndex + 1) + g.value(g.maxIndex + 2)) / 2, Where::Extra, -2);  // max + 1.5 ulp
    addCase(in, g, max * 2, Where::Extra, -2);
    addCase(in, g, max * pow2(40) + mpq_class(1, 3), Where::Extra, -2);
    return in;
}

const Inputs& inputsOf(const std::string& name)
{
    static std::map<std::string, Inputs> cache;
    auto it = cache.find(name);
    if (it == cache.end())
        it = cache.emplace(name, buildInputs(specOf(name))).first;
    return it->second;
}

// ---------------------------------------------------------------------------------------------

struct Mismatches {
    std::size_t count = 0;
    std::size_t checked = 0;
    std::ostringstream first;

    void add(const std::string& what)
    {
        if (count++ < 8)
            first << "\n  " << what;
    }
};

std::string describe(const Case& c, bool negative)
{
    std::ostringstream os;
    os << (negative ? "-" : "+") << whereName(c.where);
    if (c.index >= 0)
        os << "(" << hex(static_cast<std::uint64_t>(c.index)) << ")";
    os << " ~ " << (negative ? "-" : "") << c.magnitude.get_d();
    if (mpz_sizeinbase(c.magnitude.get_den_mpz_t(), 2) < 80 && mpz_sizeinbase(c.magnitude.get_num_mpz_t(), 2) < 80)
        os << " = " << (negative ? "-" : "") << c.magnitude.get_str();
    return os.str();
}

using OracleParam = std::tuple<std::string, RoundingMode>;

class OracleTest : public ::testing::TestWithParam<OracleParam> {};

TEST_P(OracleTest, EveryValueMidpointAndNeighbour)
{
    const auto& [name, mode] = GetParam();
    const Format& format = namedFormat(name);
    const Grid g(specOf(name));
    const Inputs& in = inputsOf(name);
    ASSERT_EQ(in.oracleSelfCheckFailures, 0u) << "oracle disagrees with its own grid: " << in.firstSelfCheckFailure;
    EXPECT_EQ(in.neighbourlessMidpoints, 0u) << "midpoints that are not fp32 (fp64 for fp32)";

    Mismatches codes;
    Mismatches flags;
    for (const Case& c : in.cases) {
        for (bool negative : {false, true}) {
            const ExactValue& x = negative ? c.negative : c.positive;
            for (OverflowPolicy policy : {OverflowPolicy::Saturate, OverflowPolicy::NonSaturating}) {
                RoundOptions options;
                options.mode = mode;
                options.overflow = policy;
                const RoundResult want = expectedRounding(g, c.analysis, negative, mode, policy);
                const RoundResult got = roundExact(x, format, options);
                ++codes.checked;
                ++flags.checked;
                const std::string where = describe(c, negative) + " [" + toString(policy) + "]";
                if (got.code != want.code)
                    codes.add(where + ": expected " + hex(want.code) + ", got " + hex(got.code));
                if (got.flags != want.flags)
                    flags.add(where + ": expected flags " + flagText(want.flags) + ", got " + flagText(got.flags));
            }
        }
    }
    RecordProperty("checks", static_cast<int>(codes.checked));
    EXPECT_EQ(codes.count, 0u) << codes.count << " of " << codes.checked << " codes differ from the oracle:"
                               << codes.first.str();
    EXPECT_EQ(flags.count, 0u) << flags.count << " of " << flags.checked << " flag sets differ from the oracle:"
                               << flags.first.str();
}

std::vector<std::string> allFormatNames()
{
    std::vector<std::string> names;
    for (const Spec& s : kSpecs)
        names.push_back(s.name);
    return names;
}

std::string oracleParamName(const ::testing::TestParamInfo<OracleParam>& info)
{
    return std::get<0>(info.param) + "_" + modeName(std::get<1>(info.param));
}

INSTANTIATE_TEST_SUITE_P(AllFormatsAllModes, OracleTest,
                         ::testing::Combine(::testing::ValuesIn(allFormatNames()), ::testing::ValuesIn(kModes)),
                         oracleParamName);

// ---------------------------------------------------------------------------------------------
// The engine's named formats are the ones the oracle describes.

TEST(OracleFormats, RegistryMatchesOracleShapes)
{
    ASSERT_EQ(namedFormats().size(), std::size(kSpecs));
    for (const Spec& s : kSpecs) {
        const Format& f = namedFormat(s.name);
        EXPECT_EQ(f.exponentBits(), s.e) << s.name;
        EXPECT_EQ(f.mantissaBits(), s.m) << s.name;
        EXPECT_EQ(f.bias(), s.bias) << s.name;
        EXPECT_EQ(f.totalBits(), s.e + s.m + (s.kind == Kind::Unsigned ? 0 : 1)) << s.name;
    }
}

// Hand-worked cases: they pin the oracle itself (and the engine) to values worked out on paper.
TEST(OracleAnchors, HandWorkedRoundings)
{
    using M = RoundingMode;
    using P = OverflowPolicy;
    struct Anchor {
        const char* format;
        mpq_class x;
        M mode;
        P policy;
        std::uint64_t code;
        Flags flags;
        const char* why;
    };
    const Flags I = kInexact, T = kTie, U = kUnderflow, O = kOverflow, V = kInvalid;
    const Anchor anchors[] = {
        {"e4m3fn", 464, M::NearestEven, P::NonSaturating, 0x7E, Flags(I | T), "448|480 tie, 0x7E even"},
        {"e4m3fn", 465, M::NearestEven, P::NonSaturating, 0x7F, Flags(I | O), "nearer 480 > max: NaN"},
        {"e4m3fn", 465, M::NearestEven, P::Saturate, 0x7E, Flags(I | O), "clamped to 448"},
        {"e4m3fn", -465, M::Up, P::NonSaturating, 0xFE, Flags(I), "up on the negative side: -448, in range"},
        {"e4m3fn", -465, M::Down, P::NonSaturating, 0xFF, Flags(I | O), "down on the negative side: -480: NaN"},
        {"e4m3fn", -465, M::Down, P::Saturate, 0xFE, Flags(I | O), "down on the negative side: -480: -max"},
        {"e4m3fn", 470, M::TowardZero, P::NonSaturating, 0x7E, Flags(I), "truncates to 448: no overflow"},
        {"e4m3fn", 500, M::TowardZero, P::NonSaturating, 0x7E, Flags(I | O), "truncates to 480 > max"},
        {"e4m3fn", 496, M::NearestEven, P::NonSaturating, 0x7F, Flags(I | O), "480|512, both past max: no tie"},
        {"e4m3fn", 449, M::ToOdd, P::NonSaturating, 0x7E, Flags(I | O), "448 | 1 = 480 > max: -> max"},
        {"e4m3fn", -mpq_class(1, 4096), M::NearestEven, P::NonSaturating, 0x80, Flags(I | U), "-0 kept"},
        {"e4m3fnuz", -mpq_class(1, 4096), M::NearestEven, P::NonSaturating, 0x00, Flags(I | U), "fnuz: +0"},
        {"e5m2fnuz", 61440, M::NearestEven, P::NonSaturating, 0x80, Flags(I | T | O), "57344|65536 tie, 0x7F odd"},
        {"fp16", 65520, M::NearestEven, P::NonSaturating, 0x7C00, Flags(I | T | O), "65504|65536 tie: inf"},
        {"fp16", 65519, M::NearestEven, P::NonSaturating, 0x7BFF, Flags(I), "nearer 65504"},
        {"fp16", pow2(-14) - pow2(-25), M::NearestEven, P::NonSaturating, 0x0400, Flags(I | T | U),
         "max subnormal carries to min normal"},
        {"bf16", 1 + pow2(-8), M::NearestEven, P::NonSaturating, 0x3F80, Flags(I | T), "tie to even 0x3F80"},
        {"bf16", 1 + 3 * pow2(-8), M::NearestEven, P::NonSaturating, 0x3F82, Flags(I | T), "tie to even 0x3F82"},
        {"tf32", 1 + pow2(-11), M::NearestAway, P::NonSaturating, 0x1FC01, Flags(I | T), "tie away"},
        {"fp32", 1 + pow2(-30), M::ToOdd, P::NonSaturating, 0x3F800001, Flags(I), "sticky to the last bit"},
        {"e2m1", 7, M::NearestEven, P::NonSaturating, 0x7, Flags(I | T | O), "6|8 tie goes to 8 > max: 6"},
        {"e2m1", mpq_class(1, 4), M::NearestEven, P::Saturate, 0x0, Flags(I | T | U), "0|0.5 tie: 0"},
        {"e2m1", -mpq_class(1, 4), M::NearestEven, P::Saturate, 0x8, Flags(I | T | U), "-0"},
        {"e8m0", 3 * pow2(126), M::NearestEven, P::NonSaturating, 0xFE, Flags(I | T), "field 254 even: no overflow"},
        {"e8m0", 3 * pow2(125), M::NearestEven, P::NonSaturating, 0xFE, Flags(I | T), "253|254: 254 even"},
        {"e8m0", 5 * pow2(125), M::ToOdd, P::NonSaturating, 0xFE, Flags(I | O), "254 | 1 = 255 > max"},
        {"e8m0", -1, M::NearestEven, P::NonSaturating, 0xFF, Flags(V), "negative into unsigned: NaN"},
        {"e8m0", 0, M::Up, P::NonSaturating, 0x00, Flags(I | U), "no zero: 2^-127"},
    };
    for (const Anchor& a : anchors) {
        const Grid g(specOf(a.format));
        const RoundResult oracle = expectedRounding(g, analyse(g, abs(a.x)), sgn(a.x) < 0, a.mode, a.policy);
        EXPECT_EQ(oracle.code, a.code) << "oracle: " << a.format << " " << a.x.get_str() << " (" << a.why << ")";
        EXPECT_EQ(oracle.flags, a.flags) << "oracle: " << a.format << " " << a.x.get_str() << " (" << a.why << ")";
        RoundOptions o;
        o.mode = a.mode;
        o.overflow = a.policy;
        const RoundResult got = roundExact(ExactValue::fromRational(a.x), namedFormat(a.format), o);
        EXPECT_EQ(got.code, a.code) << a.format << " " << a.x.get_str() << " (" << a.why << ")";
        EXPECT_EQ(flagText(got.flags), flagText(a.flags)) << a.format << " " << a.x.get_str() << " (" << a.why << ")";
    }
}

// e8m0 has no code below 2^-127, so 2^-128 is not "halfway between two neighbours": it has one.
// Every mode gives 0x00 with underflow|inexact, and nothing says it was a tie.
TEST(OracleAnchors, E8m0BelowSmallestIsNotATie)
{
    const Format& e8m0 = namedFormat("e8m0");
    for (RoundingMode mode : kModes) {
        RoundOptions o;
        o.mode = mode;
        for (const mpq_class& x : {mpq_class(pow2(-128)), mpq_class(pow2(-129)), mpq_class(3 * pow2(-129))}) {
            const RoundResult r = roundExact(ExactValue::fromRational(x), e8m0, o);
            EXPECT_EQ(r.code, 0x00u) << modeName(mode) << " " << x.get_str();
            EXPECT_EQ(flagText(r.flags), flagText(kUnderflow | kInexact)) << modeName(mode) << " " << x.get_str();
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Infinity and NaN inputs, every mode and policy.

class SpecialInputTest : public ::testing::TestWithParam<std::string> {};

TEST_P(SpecialInputTest, InfinityAndNan)
{
    const std::string& name = GetParam();
    const Format& format = namedFormat(name);
    const Grid g(specOf(name));
    const Kind kind = g.spec.kind;
    const RoundingMode modes[] = {RoundingMode::NearestEven, RoundingMode::NearestAway, RoundingMode::TowardZero,
                                  RoundingMode::Up, RoundingMode::Down, RoundingMode::ToOdd,
                                  RoundingMode::Stochastic};
    for (RoundingMode mode : modes) {
        for (OverflowPolicy policy : {OverflowPolicy::Saturate, OverflowPolicy::NonSaturating}) {
            RoundOptions o;
            o.mode = mode;
            o.overflow = policy;
            o.randomBits = 8;
            o.random = 0x5A;
            const std::string ctx = std::string(modeName(mode)) + " " + toString(policy);
            for (bool negative : {false, true}) {
                // +-inf: kept by IEEE formats unless saturating; otherwise clamp (saturate) or the
                // format's NaN; e8m0 has no negative numbers at all.
                const RoundResult inf = roundExact(ExactValue::infinity(negative), format, o);
                std::uint64_t wantInf = 0;
                if (kind == Kind::Unsigned && negative)
                    wantInf = g.overflowCode(false);
                else if (policy == OverflowPolicy::Saturate)
                    wantInf = (negative ? g.signBit : 0) | g.maxIndex;
                else
                    wantInf = g.overflowCode(negative);
                EXPECT_EQ(inf.code, wantInf) << name << " " << (negative ? "-inf " : "+inf ") << ctx;
                if (kind == Kind::Unsigned && negative) {
                    EXPECT_TRUE(inf.flags & kInvalid) << name << " -inf " << ctx;
                }

                // NaN with a payload whose top bits are 1011...: IEEE keeps sign and top bits and sets
                // the quiet bit; FN gives S.1..1; FNUZ 0x80; e8m0 0xFF; fp6/fp4 +max with invalid.
                const std::uint64_t payload = 0xB000000000000000ull | 0x123456789ull;
                const RoundResult nan = roundExact(ExactValue::nan(negative, payload), format, o);
                std::uint64_t wantNan = 0;
                Flags wantFlags = 0;
                switch (kind) {
                case Kind::Ieee: {
                    const std::uint64_t quiet = std::uint64_t{1} << (g.spec.m - 1);
                    wantNan = (negative ? g.signBit : 0) | g.overflowCode(false) | quiet
                        | (payload >> (64 - g.spec.m));
                    break;
                }
                case Kind::Fn: wantNan = (negative ? g.signBit : 0) | ((std::uint64_t{1} << (g.spec.e + g.spec.m)) - 1); break;
                case Kind::Fnuz: wantNan = g.signBit; break;
                case Kind::Unsigned: wantNan = 0xFF; break;
                case Kind::Finite: wantNan = g.maxIndex; wantFlags = kInvalid; break;
                }
                EXPECT_EQ(nan.code, wantNan) << name << (negative ? " -nan " : " +nan ") << ctx;
                EXPECT_EQ(nan.flags & kInvalid, wantFlags) << name << " nan " << ctx;
            }
        }
    }
}

std::string formatParamName(const ::testing::TestParamInfo<std::string>& info) { return info.param; }

INSTANTIATE_TEST_SUITE_P(AllFormats, SpecialInputTest, ::testing::ValuesIn(allFormatNames()), formatParamName);

// ---------------------------------------------------------------------------------------------
// Stochastic rounding: with r random bits and a discarded fraction f, exactly F = floor(f * 2^r) of
// the 2^r values of R round away from zero (F + R >= 2^r); bits of R above r are ignored.

class StochasticTest : public ::testing::TestWithParam<std::string> {};

TEST_P(StochasticTest, ExactlyFloorFractionOfDrawsRoundAway)
{
    const std::string& name = GetParam();
    const Format& format = namedFormat(name);
    const Grid g(specOf(name));
    const int m = g.spec.m;

    // Lower ends: the smallest values, the top subnormal (its upper neighbour is the min normal),
    // 1.0, and the one just below max.
    std::vector<std::uint64_t> lows = {0, 1, static_cast<std::uint64_t>(g.spec.bias) << m, g.maxIndex - 1};
    if (g.hasSubnormals())
        lows.push_back((std::uint64_t{1} << m) - 1);
    const std::vector<mpq_class> fractions = {
        mpq_class(0),    mpq_class(1, 3), mpq_class(1, 2),  mpq_class(7, 10),
        mpq_class(5, 16), mpq_class(255, 256), mpq_class(1, 1024), mpq_class(1) - pow2(-40),
        mpq_class(3, 7) + pow2(-45)};

    Mismatches bad;
    for (int r : {4, 8}) {
        const std::uint64_t span = std::uint64_t{1} << r;
        for (std::uint64_t lo : lows) {
            const mpq_class a = g.value(lo);
            const mpq_class b = g.value(lo + 1);
            for (const mpq_class& f : fractions) {
                const mpq_class x = a + f * (b - a);
                if (x == 0)
                    continue;  // zero is exact; nothing to draw
                mpq_class scaled = f * mpq_class(fromU64(span));
                mpz_class floorF;
                mpz_fdiv_q(floorF.get_mpz_t(), scaled.get_num_mpz_t(), scaled.get_den_mpz_t());
                const std::uint64_t wantUps = floorF.get_ui();
                for (bool negative : {false, true}) {
                    if (negative && g.spec.kind == Kind::Unsigned)
                        continue;
                    const std::uint64_t sign = negative && !(g.spec.kind == Kind::Fnuz && lo == 0) ? g.signBit : 0;
                    const std::uint64_t loCode = sign | lo;
                    const std::uint64_t hiCode = (negative ? g.signBit : 0) | (lo + 1);
                    const ExactValue ex = ExactValue::finite(negative, x);
                    std::uint64_t ups = 0;
                    for (std::uint64_t random = 0; random < span; ++random) {
                        RoundOptions o;
                        o.mode = RoundingMode::Stochastic;
                        o.randomBits = r;
                        o.overflow = OverflowPolicy::Saturate;
                        o.random = random;
                        const RoundResult res = roundExact(ex, format, o);
                        o.random = random | (0xA5A5A5A5A5A5A5A5ull << r);  // bits above r do not count
                        const RoundResult high = r < 64 ? roundExact(ex, format, o) : res;
                        const bool wantUp = wantUps + random >= span;
                        const std::uint64_t want = wantUp ? hiCode : loCode;
                        ++bad.checked;
                        if (res.code != want || high.code != res.code) {
                            bad.add(name + " r=" + std::to_string(r) + " lo=" + hex(lo) + " f=" + f.get_str()
                                    + (negative ? " negative" : "") + " R=" + std::to_string(random) + ": expected "
                                    + hex(want) + ", got " + hex(res.code) + " (with high bits " + hex(high.code) + ")");
                        }
                        ups += res.code == hiCode ? 1 : 0;
                        const Flags wantFlags = Flags((f != 0 ? kInexact : 0) | (f == mpq_class(1, 2) ? kTie : 0)
                                                      | (f != 0 && x < g.minNormal ? kUnderflow : 0));
                        if (res.flags != wantFlags)
                            bad.add(name + " r=" + std::to_string(r) + " f=" + f.get_str() + ": expected flags "
                                    + flagText(wantFlags) + ", got " + flagText(res.flags));
                    }
                    if (ups != wantUps)
                        bad.add(name + " r=" + std::to_string(r) + " lo=" + hex(lo) + " f=" + f.get_str()
                                + ": " + std::to_string(ups) + " of " + std::to_string(span)
                                + " draws rounded away, expected floor(f*2^r) = " + std::to_string(wantUps));
                }
            }
        }
    }
    EXPECT_EQ(bad.count, 0u) << bad.count << " of " << bad.checked << " stochastic draws wrong:" << bad.first.str();
}

INSTANTIATE_TEST_SUITE_P(AllFormats, StochasticTest, ::testing::ValuesIn(allFormatNames()), formatParamName);

// The mean of many stochastic roundings is the input (unbiased), within five standard errors.
TEST(StochasticSourceTest, MeanOfRoundingsApproachesExactInput)
{
    struct Probe {
        const char* format;
        std::uint64_t lo;        // lower neighbour's magnitude code
        mpq_class fraction;      // where x sits between it and the next code
    };
    const Probe probes[] = {
        {"bf16", 0x3F80, mpq_class(1, 3)},  {"bf16", 0x0001, mpq_class(9, 10)}, {"fp16", 0x3C00, mpq_class(1, 1000)},
        {"fp16", 0x03FF, mpq_class(1, 2)},  {"e4m3fn", 0x38, mpq_class(7, 10)}, {"e4m3fn", 0x7D, mpq_class(2, 3)},
        {"e2m1", 0x1, mpq_class(1, 4)},     {"e8m0", 0x7F, mpq_class(1, 5)},    {"fp32", 0x3F800000, mpq_class(1, 7)},
        {"e5m2fnuz", 0x00, mpq_class(3, 5)}};
    constexpr int kDraws = 6000;
    for (const Probe& p : probes) {
        const Format& format = namedFormat(p.format);
        const Grid g(specOf(p.format));
        const mpq_class a = g.value(p.lo);
        const mpq_class b = g.value(p.lo + 1);
        const mpq_class x = a + p.fraction * (b - a);
        for (bool negative : {false, true}) {
            if (negative && g.spec.kind == Kind::Unsigned)
                continue;
            const ExactValue ex = ExactValue::finite(negative, x);
            StochasticSource source(0xC0FFEE + p.lo);
            mpq_class sum = 0;
            int other = 0;
            for (int i = 0; i < kDraws; ++i) {
                const RoundResult r = roundExact(ex, format, source.next(OverflowPolicy::Saturate));
                const std::uint64_t magnitude = r.code & ~g.signBit;
                if (magnitude != p.lo && magnitude != p.lo + 1) {
                    ++other;
                    continue;
                }
                sum += g.value(magnitude);
            }
            ASSERT_EQ(other, 0) << p.format << ": stochastic rounding left the two neighbours";
            // In ulps: mean - x, against sqrt(f(1-f)/N).
            const double f = p.fraction.get_d();
            const double meanUlps = mpq_class((sum / kDraws - a) / (b - a)).get_d();
            const double sigma = std::sqrt(f * (1 - f) / kDraws);
            EXPECT_NEAR(meanUlps, f, 5 * sigma + 1e-12)
                << p.format << " lo=" << hex(p.lo) << " fraction " << p.fraction.get_str() << (negative ? " negative" : "");
        }
    }
}

TEST(StochasticSourceTest, SameSeedReplaysTheSameDraws)
{
    const Format& bf16 = namedFormat("bf16");
    const ExactValue x = ExactValue::fromRational(mpq_class(1) + mpq_class(1, 3) * pow2(-7));
    StochasticSource a(42);
    StochasticSource b(42);
    StochasticSource c(43);
    int differentFromOtherSeed = 0;
    for (int i = 0; i < 200; ++i) {
        const RoundOptions oa = a.next();
        const RoundOptions ob = b.next();
        const RoundOptions oc = c.next();
        EXPECT_EQ(oa.random, ob.random);
        EXPECT_EQ(roundExact(x, bf16, oa).code, roundExact(x, bf16, ob).code);
        differentFromOtherSeed += oa.random != oc.random ? 1 : 0;
    }
    EXPECT_GT(differentFromOtherSeed, 190);
}

}  // namespace
}  // namespace floatscope
