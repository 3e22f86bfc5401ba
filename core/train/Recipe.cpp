#include "core/train/Recipe.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <functional>
#include <map>
#include <set>

#include "core/batch/FloatRounder.h"
#include "core/common/Names.h"
#include "core/format/Registry.h"

namespace floatscope::train {

namespace {

Recipe make(const char* name, const char* params, bool master, const char* matmul, const char* attention,
            const char* gradients)
{
    Recipe r;
    r.name = name;
    r.params = namedFormat(params);
    r.master = master;
    r.matmul = namedFormat(matmul);
    r.attention = namedFormat(attention);
    r.gradients = namedFormat(gradients);
    return r;
}

Recipe withFp8(Recipe r, Fp8Scaling scaling)
{
    r.fp8 = true;
    r.matmul = Recipe::fp32();  // unused with fp8
    r.fp8Forward = namedFormat("e4m3fn");
    r.fp8Backward = namedFormat("e5m2");
    r.scaling = scaling;
    return r;
}

// Adam's moments stay fp32 in every preset, as in lecture 10's demo 5: the presets differ where the
// lecture's runs differ (storage, master copy, the products' inputs, loss scaling, the update's rounding).
std::vector<Recipe> makePresets()
{
    std::vector<Recipe> out;
    out.push_back(make("fp32", "fp32", false, "fp32", "fp32", "fp32"));
    out.push_back(make("bf16-pure", "bf16", false, "bf16", "bf16", "bf16"));
    out.push_back(make("fp16-pure", "fp16", false, "fp16", "fp16", "fp16"));
    out.push_back(make("bf16-master", "bf16", true, "bf16", "bf16", "bf16"));
    Recipe amp = make("fp16-amp", "fp16", true, "fp16", "fp16", "fp16");
    amp.lossScale.kind = LossScaleKind::Dynamic;
    out.push_back(amp);
    out.push_back(make("fp16-noscale", "fp16", true, "fp16", "fp16", "fp16"));
    Recipe stochastic = make("bf16-stochastic", "bf16", false, "bf16", "bf16", "bf16");
    stochastic.stochasticUpdate = true;
    out.push_back(stochastic);
    out.push_back(withFp8(make("fp8-current", "bf16", true, "bf16", "bf16", "bf16"), Fp8Scaling::Current));
    out.push_back(withFp8(make("fp8-delayed", "bf16", true, "bf16", "bf16", "bf16"), Fp8Scaling::Delayed));
    return out;
}

constexpr Named<Fp8Scaling> kScalings[] = {
    {Fp8Scaling::Current, "current"}, {Fp8Scaling::Delayed, "delayed"}, {Fp8Scaling::Block, "block"}};

const char* scalingName(Fp8Scaling s) { return nameIn(kScalings, s); }

std::string number(double v)
{
    char buffer[64];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, v);
    return std::string(buffer, result.ptr);
}

std::optional<double> parseNumber(std::string_view text)
{
    double v = 0;
    const auto result = std::from_chars(text.data(), text.data() + text.size(), v);
    if (result.ec != std::errc() || result.ptr != text.data() + text.size() || !std::isfinite(v))
        return std::nullopt;
    return v;
}

// Formats a role can hold: a sign and a zero, and a FloatRounder (values inside fp32).
// At most kMaxShownValueBytes of `text` for a message, cut between UTF-8 characters.
std::string shown(std::string_view text)
{
    if (text.size() <= kMaxShownValueBytes)
        return std::string(text);
    std::size_t cut = kMaxShownValueBytes;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80)
        --cut;
    return std::string(text.substr(0, cut)) + "...";
}

std::variant<Format, RecipeError> roleFormat(const std::string& key, const std::string& value)
{
    const FormatLookup found = lookupFormat(value);
    if (!found.format)
        return RecipeError{RecipeErrorKind::UnknownFormat, shown(key), shown(value)};
    const Format& f = *found.format;
    if (f.signBits() == 0 || !f.hasZero() || !FloatRounder::make(f))
        return RecipeError{RecipeErrorKind::UnsupportedFormat, shown(key), shown(value)};
    return f;
}

struct Pair {
    std::string key;
    std::string value;
};

// The first byte that is not text (below a blank, other than tab and line ends, or DEL): a NUL in
// a file would otherwise cut the message that quotes it.
std::optional<RecipeError> controlByte(std::string_view text)
{
    int line = 1;
    for (const char c : text) {
        const auto b = static_cast<unsigned char>(c);
        if (b == '\n')
            ++line;
        if ((b < 0x20 && b != '\t' && b != '\n' && b != '\r') || b == 0x7F) {
            char hex[8];
            std::snprintf(hex, sizeof hex, "0x%02X", b);
            return RecipeError{RecipeErrorKind::ControlByte, std::to_string(line), hex};
        }
    }
    return std::nullopt;
}

std::variant<std::vector<Pair>, RecipeError> splitPairs(std::string_view text)
{
    if (auto bad = controlByte(text))
        return *bad;
    std::vector<Pair> pairs;
    std::size_t i = 0;
    while (i < text.size()) {
        const char c = text[i];
        if (c == '#') {
            while (i < text.size() && text[i] != '\n')
                ++i;
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ';') {
            ++i;
            continue;
        }
        std::size_t end = i;
        while (end < text.size() && text[end] != ' ' && text[end] != '\t' && text[end] != '\n' && text[end] != '\r'
               && text[end] != ';' && text[end] != '#')
            ++end;
        const std::string word(text.substr(i, end - i));
        const std::size_t eq = word.find('=');
        if (eq == std::string::npos || eq == 0)
            return RecipeError{RecipeErrorKind::NotAPair, "", shown(word)};
        pairs.push_back({word.substr(0, eq), word.substr(eq + 1)});
        i = end;
    }
    return pairs;
}

// Applies one key to the recipe; an error names the key and the value.
std::optional<RecipeError> apply(Recipe& r, const Pair& p)
{
    const auto bad = [&](RecipeErrorKind kind) { return RecipeError{kind, shown(p.key), shown(p.value)}; };
    const auto format = [&](Format& target) -> std::optional<RecipeError> {
        auto f = roleFormat(p.key, p.value);
        if (auto* e = std::get_if<RecipeError>(&f))
            return *e;
        target = std::get<Format>(f);
        return std::nullopt;
    };
    const auto whole = [&](int min, int max, int& target) -> std::optional<RecipeError> {
        const auto v = parseNumber(p.value);
        if (!v || *v != std::floor(*v) || *v < min || *v > max)
            return bad(RecipeErrorKind::BadNumber);
        target = static_cast<int>(*v);
        return std::nullopt;
    };
    const auto factor = [&](double min, double max, double& target) -> std::optional<RecipeError> {
        const auto v = parseNumber(p.value);
        if (!v || !(*v >= min) || !(*v <= max))
            return bad(RecipeErrorKind::BadNumber);
        target = *v;
        return std::nullopt;
    };
    const std::string& k = p.key;
    const std::string& v = p.value;
    if (k == "name") {
        if (v.empty() || v.size() > kMaxRecipeNameBytes || v.find(',') != std::string::npos)
            return bad(RecipeErrorKind::BadChoice);
        r.name = v;
        return std::nullopt;
    }
    if (k == "params")
        return format(r.params);
    if (k == "master") {
        if (v != "fp32" && v != "none")
            return bad(RecipeErrorKind::BadChoice);
        r.master = v == "fp32";
        return std::nullopt;
    }
    if (k == "matmul") {
        r.fp8 = v == "fp8";
        if (!r.fp8)
            return format(r.matmul);
        r.matmul = Recipe::fp32();  // unused with fp8
        if (r.fp8Forward == Recipe::fp32())
            r.fp8Forward = namedFormat("e4m3fn");
        if (r.fp8Backward == Recipe::fp32())
            r.fp8Backward = namedFormat("e5m2");
        return std::nullopt;
    }
    if (k == "fp8-forward")
        return format(r.fp8Forward);
    if (k == "fp8-backward")
        return format(r.fp8Backward);
    if (k == "fp8-scaling") {
        const std::optional<Fp8Scaling> s = valueIn(kScalings, v);
        if (!s)
            return bad(RecipeErrorKind::BadChoice);
        r.scaling = *s;
        return std::nullopt;
    }
    if (k == "amax-history")
        return whole(1, 1024, r.amaxHistory);
    if (k == "attention")
        return format(r.attention);
    if (k == "grads")
        return format(r.gradients);
    if (k == "adam-m")
        return format(r.adamM);
    if (k == "adam-v")
        return format(r.adamV);
    if (k == "update") {
        if (v != "nearest" && v != "stochastic")
            return bad(RecipeErrorKind::BadChoice);
        r.stochasticUpdate = v == "stochastic";
        return std::nullopt;
    }
    if (k == "loss-scale") {
        if (v == "none" || v == "dynamic") {
            r.lossScale.kind = v == "none" ? LossScaleKind::None : LossScaleKind::Dynamic;
            return std::nullopt;
        }
        r.lossScale.kind = LossScaleKind::Static;
        return factor(0x1p-64, 0x1p64, r.lossScale.initial);
    }
    if (k == "scale-initial")
        return factor(0x1p-64, 0x1p64, r.lossScale.initial);
    if (k == "scale-interval")
        return whole(1, 1000000, r.lossScale.interval);
    if (k == "scale-growth")
        return factor(1.0, 1024.0, r.lossScale.growth);
    if (k == "scale-backoff")
        return factor(0x1p-10, 1.0, r.lossScale.backoff);
    return bad(RecipeErrorKind::UnknownKey);
}

}  // namespace

Format Recipe::fp32()
{
    return namedFormat("fp32");
}

bool Recipe::operator==(const Recipe& o) const
{
    return name == o.name && params == o.params && master == o.master && fp8 == o.fp8 && matmul == o.matmul
        && fp8Forward == o.fp8Forward && fp8Backward == o.fp8Backward && scaling == o.scaling
        && amaxHistory == o.amaxHistory && attention == o.attention && gradients == o.gradients && adamM == o.adamM
        && adamV == o.adamV && stochasticUpdate == o.stochasticUpdate && lossScale == o.lossScale;
}

const std::vector<Recipe>& presets()
{
    static const std::vector<Recipe> list = makePresets();
    return list;
}

std::optional<Recipe> findPreset(std::string_view name)
{
    for (const Recipe& r : presets())
        if (r.name == name)
            return r;
    return std::nullopt;
}

std::string recipeText(const Recipe& r)
{
    std::string s = "name=" + r.name + " params=" + r.params.name() + " master=" + (r.master ? "fp32" : "none");
    if (r.fp8)
        s += std::string(" matmul=fp8 fp8-forward=") + r.fp8Forward.name() + " fp8-backward=" + r.fp8Backward.name()
           + " fp8-scaling=" + scalingName(r.scaling) + " amax-history=" + std::to_string(r.amaxHistory);
    else
        s += " matmul=" + r.matmul.name();
    s += " attention=" + r.attention.name() + " grads=" + r.gradients.name() + " adam-m=" + r.adamM.name()
       + " adam-v=" + r.adamV.name() + " update=" + (r.stochasticUpdate ? "stochastic" : "nearest");
    switch (r.lossScale.kind) {
    case LossScaleKind::None: s += " loss-scale=none"; break;
    case LossScaleKind::Static: s += " loss-scale=" + number(r.lossScale.initial); break;
    case LossScaleKind::Dynamic:
        s += " loss-scale=dynamic scale-initial=" + number(r.lossScale.initial)
           + " scale-interval=" + std::to_string(r.lossScale.interval) + " scale-growth=" + number(r.lossScale.growth)
           + " scale-backoff=" + number(r.lossScale.backoff);
        break;
    }
    return s;
}

std::string recipeFileText(const Recipe& recipe)
{
    std::string s = recipeText(recipe);  // values hold no blanks: every blank separates two pairs
    std::replace(s.begin(), s.end(), ' ', '\n');
    return s + '\n';
}

RecipeParse parseRecipe(std::string_view text)
{
    constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";  // editors on Windows start UTF-8 with it
    if (text.substr(0, kByteOrderMark.size()) == kByteOrderMark)
        text.remove_prefix(kByteOrderMark.size());
    auto split = splitPairs(text);
    if (auto* e = std::get_if<RecipeError>(&split))
        return *e;
    const auto& pairs = std::get<std::vector<Pair>>(split);
    if (pairs.empty())
        return RecipeError{RecipeErrorKind::Empty, "", ""};
    std::set<std::string> seen;
    for (const Pair& p : pairs)
        if (!seen.insert(p.key).second)
            return RecipeError{RecipeErrorKind::RepeatedKey, shown(p.key), shown(p.value)};
    Recipe recipe;
    recipe.name.clear();
    for (const Pair& p : pairs)
        if (p.key == "base") {
            auto base = findPreset(p.value);
            if (!base)
                return RecipeError{RecipeErrorKind::UnknownPreset, p.key, shown(p.value)};
            recipe = *base;
        }
    for (const Pair& p : pairs)
        if (p.key != "base")
            if (auto e = apply(recipe, p))
                return *e;
    if (recipe.name.empty())
        return RecipeError{RecipeErrorKind::MissingName, "", ""};
    return recipe;
}

RecipeListParse parseRecipeList(std::string_view text)
{
    std::vector<Recipe> out;
    std::size_t start = 0;
    while (true) {
        const std::size_t comma = text.find(',', start);
        const std::string_view item = text.substr(start, comma == std::string_view::npos ? text.npos : comma - start);
        if (item.find('=') != std::string_view::npos) {
            auto parsed = parseRecipe(item);
            if (auto* e = std::get_if<RecipeError>(&parsed))
                return *e;
            out.push_back(std::get<Recipe>(parsed));
        } else if (auto preset = findPreset(item)) {
            out.push_back(*preset);
        } else {
            return RecipeError{item.empty() ? RecipeErrorKind::Empty : RecipeErrorKind::UnknownPreset, "", shown(item)};
        }
        if (comma == std::string_view::npos)
            return out;
        start = comma + 1;
    }
}

RecipeFileRead readRecipeFile(const std::string& path)
{
    RecipeFileRead out;
    const FileBytes file = readRegularFile(path, kMaxRecipeFileBytes);
    out.problem = file.problem;
    out.systemError = file.systemError;
    if (file.problem != FileProblem::None)
        return out;
    RecipeParse parsed = parseRecipe(file.bytes);
    if (auto* e = std::get_if<RecipeError>(&parsed))
        out.error = *e;
    else
        out.recipe = std::move(std::get<Recipe>(parsed));
    return out;
}

LedgerScheme ledgerScheme(const Recipe& r)
{
    // Formats are held in whole bytes: up to 8 bits in one, 16 in two, tf32 and fp32 in four.
    const auto bytes = [](const Format& f) { return f.totalBits() <= 8 ? 1.0 : f.totalBits() <= 16 ? 2.0 : 4.0; };
    LedgerScheme s;
    s.id = r.name;
    s.name = r.name;
    // Components are named by their role and moment (app/text/LedgerText), not by words here.
    if (r.master)
        s.components.push_back({ComponentRole::MasterWeights, AdamMoment::None, {}, "fp32", 4});
    s.components.push_back({ComponentRole::Weights, AdamMoment::None, {}, r.params.name(), bytes(r.params)});
    s.components.push_back({ComponentRole::Gradients, AdamMoment::None, {}, r.gradients.name(), bytes(r.gradients)});
    s.components.push_back({ComponentRole::OptimizerStates, AdamMoment::First, {}, r.adamM.name(), bytes(r.adamM)});
    s.components.push_back({ComponentRole::OptimizerStates, AdamMoment::Second, {}, r.adamV.name(), bytes(r.adamV)});
    return s;
}

double bytesPerParameter(const Recipe& recipe)
{
    return ledgerScheme(recipe).bytesPerParam();
}

}  // namespace floatscope::train
