#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/lessons/ArgParser.h"
#include "app/lessons/LessonOption.h"
#include "app/figures/Figure.h"
#include "core/exact/ExactValue.h"
#include "core/format/Format.h"
#include "core/round/Route.h"
#include "core/round/Rounding.h"

namespace floatscope::gui {

// One option of a view, as `floatscope export VIEW` takes it (--long, -s).
struct ViewOption {
    std::string longName;  // without the dashes
    char shortName = 0;
    bool takesValue = true;
};

// The arguments `floatscope export VIEW` was given, as a view reads them (the command line's parser
// stands behind it).
class ViewArguments {
public:
    virtual ~ViewArguments() = default;
    virtual bool has(std::string_view longName) const = 0;
    virtual std::optional<std::string> value(std::string_view longName) const = 0;  // the last one given
    virtual const std::vector<std::string>& positionals() const = 0;
    // Set when the command line is asked to stop (Ctrl-C): a view that works long (trains the
    // lab's model, sweeps K, reduces millions of values) polls it and, once set, returns null.
    virtual const std::atomic<bool>* stop() const { return nullptr; }
    bool stopped() const { return stop() != nullptr && stop()->load(); }
};

// A figure `floatscope export NAME` draws from its arguments: every lesson has one (its
// registration, lessons/LessonRegistry.h), built the way its panel builds the same figure.
struct ExportView {
    std::string name;
    std::string summary;  // one line for --help
    std::string usage;    // the view's own arguments, for --help
    std::vector<ViewOption> options;
    // Builds the figure, or sets `error` (one line naming the offending text).
    std::function<std::unique_ptr<Figure>(const ViewArguments& args, std::string& error)> make;
    // What `make` refuses, checked without its work, where that is long (the training lab trains
    // before it draws); empty: `make` itself.
    std::function<bool(const ViewArguments& args, std::string& error)> check = {};
};

// A lesson's view read through its declaration: the options and --help's usage are the declaration's,
// and `make` receives every declared option checked (absent ones at their fallback), so the view
// refuses what the panel refuses, with the same reason. Options of type Text (a format list, values,
// a file) pass unchecked: `make` reads them from `args`, where it can also tell an absent option
// from one given.
struct DeclaredView {
    std::string name;
    std::string summary;
    std::vector<LessonOption> options;
    std::function<std::unique_ptr<Figure>(const OptionValues& values, const ViewArguments& args, std::string& error)> make;
};
ExportView declaredView(DeclaredView view);

// Every declared option of `options` from the view's arguments, or the first refusal in `error`
// (OptionText::commandLine's words). Where a Preset option is declared, an absent option takes the
// chosen preset's value.
std::optional<OptionValues> readOptions(const ViewArguments& args, const std::vector<LessonOption>& options,
                                        std::string& error);

// The parsed command line (or a deck page's arguments) as views read them.
class ParsedArguments final : public ViewArguments {
public:
    explicit ParsedArguments(const ArgParser& args, const std::atomic<bool>* stop = nullptr) : m_args(args), m_stop(stop) {}
    bool has(std::string_view longName) const override { return m_args.has(longName); }
    std::optional<std::string> value(std::string_view longName) const override { return m_args.value(longName); }
    const std::vector<std::string>& positionals() const override { return m_args.positionals(); }
    const std::atomic<bool>* stop() const override { return m_stop; }

private:
    const ArgParser& m_args;
    const std::atomic<bool>* m_stop;
};

// The view's options as the command line's parser declares them.
std::vector<ArgParser::Option> parserOptions(const ExportView& view);

// The figure a view draws from arguments as `floatscope export NAME ARGUMENTS...` takes them, or
// null with the reason in `error`: how a lesson's deck pages (lessons/LessonDeck.h) are drawn.
std::unique_ptr<Figure> makeViewFigure(const ExportView& view, const std::vector<std::string>& arguments,
                                       std::string& error);

// The steps a view may train the lab's model for before drawing (--model-steps, --model-step): 4096
// take about 40 s on one Zen 4 core, inside a command's minute. The panels train further, with a
// progress bar and Cancel.
inline constexpr std::int64_t kMaxModelStepsInAView = 4096;

// What views read from their options; each sets `error` to one line naming the option and the text.
// `fallback` is what an absent option means.
std::optional<ExactValue> readNumber(const ViewArguments& args, const char* option, const char* fallback,
                                     std::string& error);
std::optional<std::int64_t> readWhole(const ViewArguments& args, const char* option, std::int64_t fallback,
                                      std::int64_t min, std::int64_t max, std::string& error);
std::optional<double> readPositive(const ViewArguments& args, const char* option, const char* fallback,
                                   std::string& error);

// --OPTION, one format by name or alias, into `target` (kept where the option is absent); false, with
// the lookup's reason, where it names none.
bool readFormat(const ViewArguments& args, const char* option, Format& target, std::string& error);
// -f/--formats, a comma-separated list of names and aliases.
std::optional<std::vector<Format>> readFormats(const ViewArguments& args, const char* fallback, std::string& error);
// --values "v1,v2,..." or --file PATH (.npy, .csv, .txt); nullopt with no error when neither is given.
std::optional<std::vector<double>> readValues(const ViewArguments& args, std::string& error);

// All of `text` as a whole number (not "12abc", not "-1"; with `positive`, not 0), or as a finite
// number; as the command line's counts and sizes are read.
std::optional<std::uint64_t> wholeNumberText(const std::string& text, bool positive = false);
std::optional<double> finiteNumberText(const std::string& text);

// "fp32,bf16,float8_e4m3fn" to formats; on failure the reason names the offending name.
std::optional<std::vector<Format>> parseFormatList(const std::string& text, std::string& error);

}  // namespace floatscope::gui
