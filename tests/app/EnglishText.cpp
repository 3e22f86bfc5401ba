#include "EnglishText.h"

#include <QRegularExpression>
#include <QSet>

#include "core/dot/TensorCorePresets.h"
#include "core/format/Registry.h"
#include "core/ledger/MemoryLedger.h"
#include "core/ledger/ModelPresets.h"
#include "core/train/Recipe.h"
#include "gpu/Backend.h"
#include "gpu/Device.h"

namespace floatscope::gui::test {

namespace {

struct Category {
    const char* what;
    QStringList words;
};

// What may stay English in the Chinese interface, by category. Words are matched whole and without
// regard to case. Anything else of two or more ASCII letters is English that should have been
// translated.
const std::vector<Category>& categories()
{
    static const std::vector<Category> kCategories = {
        {"number-format families and spec names (names of formats, as the specs and PyTorch write them)",
         {"fp", "bf", "tf", "fp8", "fp6", "fp4", "fp16", "bf16", "fp32", "fp64", "tf32", "fp8e4m3", "e4m3", "e5m2",
          "e2m1", "e2m3", "e3m2", "e8m0", "ue8m0", "fn", "fnu", "fnuz", "mx", "mxfp4", "mxfp6", "mxfp8", "nvfp4",
          "ocp", "ofp8", "ieee", "binary16", "binary32", "binary64", "bfloat16", "float16", "float32", "float64",
          "half", "tensorfloat"}},
        {"units", {"gb", "gib", "mb", "mib", "kb", "kib", "tb", "tib", "ms", "px", "cm", "mm", "pt", "dpi", "dB"}},
        {"special values and rounding terms kept as symbols", {"nan", "inf", "ulp", "eps", "sqnr", "mse", "amax", "emax",
                                                               "emin", "rne", "rceil", "ceil", "floor", "log", "log2",
                                                               "log10", "exp", "max", "min", "abs", "rel", "sgn"}},
        {"technical words of ML and GPUs",
         {"softmax", "logits", "logit", "rmsnorm", "layernorm", "gemm", "gemms", "adam", "adamw",
          "mlp", "lr", "gpu", "gpus", "cpu", "cuda", "cublas", "ptx", "simd", "avx", "avx512", "avx512bf16", "f16c", "vcvtps2ph",
          "vcvtneps2bf16", "vdpbf16ps", "cvt", "rna", "satfinite", "hadd", "fadd", "rn", "TE", "sm", "dtype", "ZeRO", "KV", "QKV",
          "tile", "HBM", "ID", "cublaslt", "token"}},
        {"input syntax shown as syntax (the fields' own notation)", {"ROWSxCOLS", "RxC", "eXmY", "ROLE", "FORMAT", "xN"}},
        {"key names", {"Ctrl", "Shift", "Alt", "Delete", "Page Up", "Page Down", "Page Up/Down", "Enter", "Esc"}},
        {"a language's own name", {"English"}},
        {"file formats and tools", {"svg", "pdf", "png", "csv", "npy", "json", "latex", "numpy", "pytorch", "torch",
                                    "ml_dtypes", "np", "floatscope", "Qt", "nvcc", "nvidia-smi", "Python", "GradScaler",
                                    "x93NUMPY", "fortran_order", "Fortran"}},
        {"code the lecture notes quote (functions, modules, recipe options)",
         {"float_props", "fp8_autocast", "transformer_engine", "set_float8_matmul_precision", "set_float32_matmul_precision",
          "fp8_autocast", "HYBRID", "dp", "epsilon"}},
        {"names of papers, people, products, companies and models",
         {"Kahan", "Korthikanti", "Rajbhandari", "Peng", "et", "al", "Heckbert", "DeepSeek", "DSV3", "Playbook",
          "nanotron", "FlashAttention", "Graphcore", "AMD", "Intel", "Google", "Hopper", "Blackwell", "Llama", "Mistral",
          "Qwen", "O3", "H100", "H200", "A100", "B200", "NVIDIA", "Transformer Engine", "FP8-LM", "DeepSeek-V3", "Megatron-LM",
          "Transformer", "Qwen2", "V100", "Welford", "Fasi", "Higham", "Mikaitis", "Pranesh", "Khattak", "Switch Transformer",
          "Numerical behavior of NVIDIA tensor cores", "Accurate models of NVIDIA tensor cores"}},
        {"formula symbols of the lessons (Korthikanti's s, b, h, a, L, t; the update dw)", {"sbh", "ht", "dw"}},
    };
    return kCategories;
}

// Names that are data from outside, matched as whole strings before words are split: format names
// and aliases, ledger scheme ids, model preset ids and names, backend names, recipe presets.
const QStringList& names()
{
    static const QStringList kNames = [] {
        QStringList out;
        for (const Format& f : namedFormats()) {
            out << QString::fromStdString(f.name());
            for (const std::string& a : f.aliases())
                out << QString::fromStdString(a);
        }
        for (const LedgerScheme& s : builtinSchemes())
            out << QString::fromStdString(s.id);
        for (const ModelPreset& m : modelPresets()) {
            out << QString::fromStdString(m.id);
            if (!m.name.empty())
                out << QString::fromStdString(m.name);
        }
        for (const train::Recipe& r : train::presets())
            out << QString::fromStdString(r.name);  // the training lab's recipes, as `floatscope train` takes them
        for (const auto& b : gpu::makeBackends())
            out << QString::fromStdString(b->name());
        // The operators lab's accumulators by the names they are typed as: the tensor-core presets and
        // the CPU's instruction (its name in the window is the spec text).
        for (const dot::TensorCorePreset& p : dot::tensorCorePresets())
            out << QString::fromLatin1(p.id);
        out << QStringLiteral("avx512bf16");
        for (const train::Recipe& r : train::presets())
            out << QString::fromStdString(r.name);  // bf16-pure, fp8-delayed: the recipes' own names
        if (const gpu::DeviceReport d = gpu::describeDevice(); !d.name.empty())
            out << QString::fromStdString(d.name);  // the GPU's name as its driver gives it
        for (const Category& c : categories())
            for (const QString& w : c.words)
                if (w.contains(QLatin1Char(' ')) || w.contains(QLatin1Char('-')))
                    out << w;
        // Longest first, so that "e4m3fnuz" goes before "e4m3".
        std::sort(out.begin(), out.end(), [](const QString& a, const QString& b) { return a.size() > b.size(); });
        return out;
    }();
    return kNames;
}

// The words of the fields' own syntax, which a hint lists as they are typed: the recipe keys and
// their choices, rounding and summation orders as the accumulator spec writes them. Allowed only in
// a list of two or more of them ("（sequential、pairwise、blocked）"), in a spec joined by ':'
// (bf16:rtz:pairwise), or quoted: on its own such a word is English like any other.
const QSet<QString>& syntaxWords()
{
    static const QSet<QString> kWords = {
        // train --recipe keys and choices (core/train/Recipe.cpp)
        "name", "base", "params", "master", "matmul", "fp8-forward", "fp8-backward", "fp8-scaling", "amax-history",
        "attention", "grads", "adam-m", "adam-v", "update", "loss-scale", "scale-initial", "scale-interval",
        "scale-growth", "scale-backoff", "none", "current", "delayed", "block", "nearest", "stochastic", "dynamic",
        // rounding modes and summation orders (core/round, core/dot/AccumulatorSpec.cpp)
        "nearest-even", "nearest-away", "toward-zero", "up", "down", "odd", "rne", "rna", "rtz", "rup", "rdn",
        "sequential", "pairwise", "blocked", "fixed",
        // keywords a field takes
        "all", "some"};
    return kWords;
}

bool isSyntaxOrName(const QString& word)
{
    if (syntaxWords().contains(word.toLower()))
        return true;
    for (const QString& name : names())
        if (word.compare(name, Qt::CaseInsensitive) == 0)
            return true;
    return false;
}

// A word listed in lower case is allowed in any case ("nan", "NaN"); one listed with capitals only as
// written ("ZeRO", not "zero"). Entries with a blank or a hyphen are matched whole, as names are.
bool isAllowed(const QString& word)
{
    static const QSet<QString> kExact = [] {
        QSet<QString> out;
        for (const Category& c : categories())
            for (const QString& w : c.words)
                out.insert(w);
        return out;
    }();
    return kExact.contains(word) || kExact.contains(word.toLower());
}

QSet<QString>& userInputs()
{
    static QSet<QString> inputs;
    return inputs;
}

// The user's own text (or a part of it between separators, as a message quotes one entry of a
// list), or a name from outside, matched whole.
bool isLiteral(const QString& quoted)
{
    const QString t = quoted.trimmed();
    if (t.isEmpty() || userInputs().contains(t) || syntaxWords().contains(t.toLower()))
        return true;
    for (const QString& name : names())
        if (t.compare(name, Qt::CaseInsensitive) == 0)
            return true;
    return false;
}

}  // namespace

void addUserInput(const QString& text)
{
    // Whole, and its entries as a message quotes one: split at list separators, then at ':' and '='
    // too (x=brains:fp32 gives x=brains and brains).
    if (text.trimmed().isEmpty())
        return;
    userInputs().insert(text.trimmed());
    for (const char* separators : {"[;,\\n]+", "[;,\\n:]+", "[;,\\n:=]+"})
        for (const QString& part : text.split(QRegularExpression(QString::fromLatin1(separators)), Qt::SkipEmptyParts))
            userInputs().insert(part.trimmed());
}

QStringList englishWords(const QString& input)
{
    QString text = input;
    // 1. Markup is not text: tags and entities (also a run cut off before its '&').
    static const QRegularExpression kTags(QStringLiteral("<[^>]*>"));
    static const QRegularExpression kEntities(QStringLiteral("&?(nbsp|amp|lt|gt|quot|apos);|&#[0-9]+;"));
    text.replace(kTags, QStringLiteral(" ")).replace(kEntities, QStringLiteral(" "));
    // 2. Quoted text that is the user's own input or a name from outside is literal; other quoted
    //    text (a keyword of ours, a phrase) is read as words.
    static const QRegularExpression kQuoted(QStringLiteral("“([^”]*)”|‘([^’]*)’|'([^'\\s][^']*)'|\"([^\"]*)\""));
    QString unquoted;
    qsizetype from = 0;
    for (auto it = kQuoted.globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        QString inner;
        for (int g = 1; g <= 4 && inner.isNull(); ++g)
            inner = m.captured(g).isNull() ? QString() : m.captured(g);
        unquoted += text.mid(from, m.capturedStart() - from);
        unquoted += isLiteral(inner) ? QStringLiteral(" ") : QStringLiteral(" %1 ").arg(inner);
        from = m.capturedEnd();
    }
    text = unquoted + text.mid(from);
    // 3. Text from outside, kept as it is: CUDA's error names and strings, code (torch.tensor(x).to(...)),
    //    file names, and the input syntax of the fields (mine=master:fp32,..., ROLE:FORMAT[xN]).
    static const QRegularExpression kOutside(QStringLiteral(
        "cudaError\\w*( \\([^)]*\\))?|\\b(torch|np|numpy)(\\.\\w+)+(\\([^)]*\\))?|\\.to\\([^)]*\\)|"
        "[\\w.-]*\\.(floatscope|svg|pdf|png|csv|txt|npy|json)\\b|\\w+=\\w+:[\\w.:,=]*|--[a-z][a-z-]+|"
        "\\bfloatscope [a-z]+\\b|\\b[a-z]+[0-9]+x[0-9]+\\b"));
    text.replace(kOutside, QStringLiteral(" "));
    //    key=value pairs of a spec (loss-scale=dynamic, name=...), and the fields' syntax words in a
    //    list of them or joined by ':' into a spec.
    static const QRegularExpression kPair(QStringLiteral("\\b[\\w-]+=[\\w.+-]*"));
    text.replace(kPair, QStringLiteral(" "));
    static const QRegularExpression kList(QStringLiteral("[\\w.:-]+(?:\\s*[、,，]\\s*[\\w.:-]+)*"));
    QString rest;
    qsizetype at = 0;
    for (auto it = kList.globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        static const QRegularExpression kItems(QStringLiteral("\\s*[、,，]\\s*"));
        const QStringList items = m.captured().split(kItems);
        bool syntax = items.size() >= 2 || items.front().contains(QLatin1Char(':'));
        for (const QString& item : items)
            for (const QString& piece : item.split(QLatin1Char(':'), Qt::SkipEmptyParts))
                syntax = syntax && (isSyntaxOrName(piece) || piece.front().isDigit() || piece.size() < 2);
        rest += text.mid(at, m.capturedStart() - at) + (syntax ? QStringLiteral(" ") : m.captured());
        at = m.capturedEnd();
    }
    text = rest + text.mid(at);
    // The role keywords of a scheme spec, where they stand as keywords (before 、 , : or a closing bracket).
    static const QRegularExpression kRoles(
        QStringLiteral("\\b(master|acc|weights|grads|opt|other|tensor|tile|block|mx|nvfp4)(?=\\s*[、,:，）)\\]]|$)"));
    text.replace(kRoles, QStringLiteral(" "));
    // 4. Names from outside, matched whole (case-insensitive) where they are not part of a longer word.
    static const QRegularExpression kNames = [] {
        QStringList escaped;
        for (const QString& name : names())
            escaped << QRegularExpression::escape(name);
        return QRegularExpression(QStringLiteral("(?<![A-Za-z0-9_.])(%1)(?![A-Za-z0-9_])").arg(escaped.join(QLatin1Char('|'))),
                                  QRegularExpression::CaseInsensitiveOption);
    }();
    text.replace(kNames, QStringLiteral(" "));
    // 5. Words: a token that starts with a digit is a number with its unit or symbol (0x3f80, 1e-3,
    //    34sbh, 10ms); eXmY is a format; a run of lower-case hex after an x is a code cut by painting.
    QStringList out;
    static const QRegularExpression kToken(QStringLiteral("[A-Za-z0-9_]+"));
    static const QRegularExpression kFormat(QStringLiteral("^[eE][0-9]+[mM][0-9]+[a-z]*$"));
    static const QRegularExpression kHexTail(QStringLiteral("^x[0-9a-f]+$"));
    for (auto it = kToken.globalMatch(text); it.hasNext();) {
        const QString token = it.next().captured();
        int letters = 0;
        for (const QChar c : token)
            letters += c.isLetter() ? 1 : 0;
        if (letters < 2 || token.front().isDigit() || kFormat.match(token).hasMatch() || kHexTail.match(token).hasMatch()
            || isAllowed(token))
            continue;
        out << token;
    }
    return out;
}

QStringList allowedCategories()
{
    QStringList out;
    for (const Category& c : categories())
        out << QStringLiteral("%1: %2").arg(QString::fromLatin1(c.what), c.words.join(QStringLiteral(", ")));
    out << QStringLiteral("names from outside, matched whole: format names and aliases, ledger scheme ids, model "
                          "preset ids and names, backend names");
    return out;
}

}  // namespace floatscope::gui::test
