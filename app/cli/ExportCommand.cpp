#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <memory>

#include <unistd.h>

#include <QApplication>
#include <QLocale>
#include <QTranslator>

#include "app/cli/ArgParser.h"
#include "app/cli/Commands.h"
#include "app/cli/ExportViews.h"
#include "app/cli/Interruption.h"
#include "app/figures/FigureExport.h"
#include "app/lessons/LessonDeck.h"

namespace floatscope::cli {

namespace {

// A deck of PNG pages: at most 2^30 pixels in all (the default deck at scale 2 is 0.6 of it).
constexpr double kMaxDeckPngPixels = 1073741824.0;

std::string help()
{
    std::string out = R"(usage: floatscope export VIEW -o FILE.svg|.pdf|.png [--scale S] [--lang en|zh_CN]
                         [--theme light|dark] [--transparent] [--screen] [--size WxH | --size WxHcm]
                         [view arguments]
       floatscope export deck [LESSON...] -o DECK.pdf | -o FOLDER/ [--format png|svg|pdf] [same options]

Renders a view as a figure for slides, headless. SVG and PDF are vector with text kept as text; PNG
is rasterised at --scale (1 to 4) device pixels per pixel. The same arguments give the same SVG,
byte for byte. A figure fills its page: 1280x720 (16:9) unless --size says otherwise. Ctrl-C stops
a view that trains or sweeps (nothing is written) and a deck between pages; exit status 130.

options:
  -o, --output FILE    where to write; the extension picks SVG, PDF or PNG
  --scale S            PNG pixels per figure pixel, 1 to 4 (default 1)
  --lang L             en (default) or zh_CN
  --theme T            light (default) or dark
  --transparent        no background
  --screen             screen style instead of slide style (smaller type, thinner lines, 960x540)
  --size WxH           figure size in pixels (e.g. 1280x720) or centimetres (e.g. 25.4x14.3cm);
                       each side 16 to 4096 pixels (0.43 to 108 cm), a PNG at most 8192 pixels a
                       side after --scale
  -h, --help           this help

views:
)";
    for (const ExportView& v : exportViews())
        out += "  " + v.name + std::string(14 - std::min<std::size_t>(v.name.size(), 13), ' ') + v.summary + "\n"
            + std::string(16, ' ') + v.name + " " + v.usage + "\n";
    out += "  deck          every view of a lesson, its presets a page each (see 'floatscope export deck --help')\n";
    return out;
}

std::string deckHelp()
{
    std::string out = R"(usage: floatscope export deck [LESSON...] -o DECK.pdf | -o FOLDER/ [--format png|svg|pdf]
                              [--scale S] [--lang en|zh_CN] [--theme light|dark] [--transparent]
                              [--screen] [--size WxH | --size WxHcm]

Every view of the lessons named (all of them when none is), each of their presets a page: one
multi-page PDF, or a folder of figures named LESSON-NN.png (or .svg, .pdf). Each page fills the
same page size (1280x720 unless --size says otherwise). A file that cannot be written is left as
it was, and the reason is printed. The options are those of 'floatscope export'; --format picks
the folder's figures (default png) and means -o names a folder. PNG pages hold at most 1073741824
pixels in all (pages x width x height x scale^2): the whole deck at 1280x720 and scale 4 is past it.

lessons:
)";
    for (const gui::Deck& d : gui::decks())
        out += "  " + d.name + std::string(14 - std::min<std::size_t>(d.name.size(), 13), ' ') + std::to_string(d.pages.size())
            + (d.pages.size() == 1 ? " page\n" : " pages\n");
    return out;
}

// WxH in pixels or WxHcm; the size limits are exportFigure's (a figure too small to see, or larger
// than a slide needs, is refused here rather than drawn at another size).
std::optional<gui::ExportSize> parseSize(const std::string& text, double scale)
{
    const bool cm = text.size() > 2 && text.substr(text.size() - 2) == "cm";
    const std::string body = cm ? text.substr(0, text.size() - 2) : text;
    const std::size_t x = body.find('x');
    if (x == std::string::npos)
        return std::nullopt;
    double w = 0;
    double h = 0;
    const char* end = body.data() + body.size();
    const auto [wEnd, wError] = std::from_chars(body.data(), body.data() + x, w);
    const auto [hEnd, hError] = std::from_chars(body.data() + x + 1, end, h);
    if (wError != std::errc() || hError != std::errc() || wEnd != body.data() + x || hEnd != end || !(w > 0)
        || !(h > 0) || w > 1e6 || h > 1e6)
        return std::nullopt;
    if (cm)
        return gui::ExportSize::fromCentimetres(w, h, scale);
    return gui::ExportSize{QSize(static_cast<int>(std::lround(w)), static_cast<int>(std::lround(h))), scale};
}


// What every export reads besides the view: the output, the page size and scale, the language and
// the style. On bad input, the one-line reason.
struct ExportOptions {
    std::string output;
    gui::ExportSize size;
    std::string lang = "en";
    gui::Theme theme = gui::Theme::Light;
    bool screen = false;
    bool transparent = false;

    gui::FigureStyle style() const
    {
        gui::FigureStyle s = screen ? gui::FigureStyle::screen(theme) : gui::FigureStyle::forSlides(theme, false);
        s.transparent = transparent;
        return s;
    }
};

std::vector<ArgParser::Option> exportOptions()
{
    return {{"output", 'o', true}, {"scale", 0, true},      {"lang", 0, true},    {"theme", 0, true},
            {"transparent", 0, false}, {"screen", 0, false}, {"size", 0, true}, {"help", 'h', false}};
}

std::optional<ExportOptions> readExportOptions(const ArgParser& args, bool png, std::string& error)
{
    ExportOptions o;
    o.output = args.value("output").value_or("");
    double scale = 1;
    if (const auto s = args.value("scale")) {
        try {
            std::size_t used = 0;
            scale = std::stod(*s, &used);
            if (used != s->size())
                scale = 0;
        } catch (const std::exception&) {
            scale = 0;
        }
        if (!(scale >= 1 && scale <= 4)) {
            error = "--scale takes a number from 1 to 4, got '" + *s + "'";
            return std::nullopt;
        }
    }
    o.lang = args.value("lang").value_or("en");
    if (o.lang != "en" && o.lang != "zh_CN") {
        error = "--lang takes en or zh_CN, got '" + o.lang + "'";
        return std::nullopt;
    }
    const std::string theme = args.value("theme").value_or("light");
    if (theme != "light" && theme != "dark") {
        error = "--theme takes light or dark, got '" + theme + "'";
        return std::nullopt;
    }
    o.theme = theme == "dark" ? gui::Theme::Dark : gui::Theme::Light;
    o.screen = args.has("screen");
    o.transparent = args.has("transparent");
    o.size = gui::ExportSize{QSize(), scale};
    if (const auto s = args.value("size")) {
        const auto parsed = parseSize(*s, scale);
        if (!parsed) {
            error = "bad --size '" + *s + "': WxH in pixels (1280x720) or WxHcm (25.4x14.3cm)";
            return std::nullopt;
        }
        if (const QString problem = gui::exportSizeProblem(parsed->pixels, scale, png); !problem.isEmpty()) {
            error = "bad --size '" + *s + "': " + problem.toStdString();
            return std::nullopt;
        }
        o.size = *parsed;
    }
    return o;
}

// A headless application in the export's language: the offscreen platform unless the caller chose
// one, and a private runtime directory where the session has none (Qt warns on stderr otherwise).
class HeadlessApp {
public:
    explicit HeadlessApp(const std::string& lang)
    {
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
        if (qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR")) {
            const std::filesystem::path runtime =
                std::filesystem::temp_directory_path() / ("floatscope-runtime-" + std::to_string(getuid()));
            std::error_code ignored;
            std::filesystem::create_directories(runtime, ignored);
            std::filesystem::permissions(runtime, std::filesystem::perms::owner_all, ignored);
            qputenv("XDG_RUNTIME_DIR", QByteArray::fromStdString(runtime.string()));
        }
        m_app = std::make_unique<QApplication>(m_argc, m_argv);
        if (lang == "zh_CN" && m_translator.load(QStringLiteral(":/i18n/floatscope_zh_CN")))
            QApplication::installTranslator(&m_translator);
        QLocale::setDefault(lang == "zh_CN" ? QLocale(QLocale::Chinese, QLocale::China)
                                            : QLocale(QLocale::English, QLocale::UnitedStates));
    }

private:
    int m_argc = 1;
    char m_name[11] = "floatscope";
    char* m_argv[2] = {m_name, nullptr};
    std::unique_ptr<QApplication> m_app;
    QTranslator m_translator;
};

bool endsWith(const std::string& text, const std::string& suffix)
{
    return text.size() >= suffix.size()
        && QString::fromStdString(text).endsWith(QString::fromStdString(suffix), Qt::CaseInsensitive);
}

int runDeck(const std::vector<std::string>& arguments, const Io& io)
{
    std::vector<ArgParser::Option> options = exportOptions();
    options.push_back({"format", 0, true});
    ArgParser args(options);
    if (const auto done = parseArguments(args, arguments, io, "export deck", deckHelp()))
        return *done;
    // 1. The lessons, by name, in the order given (all when none is).
    const std::vector<gui::Deck> all = gui::decks();
    std::vector<gui::Deck> chosen;
    for (const std::string& name : args.positionals()) {
        const auto found = std::find_if(all.begin(), all.end(), [&](const gui::Deck& d) { return d.name == name; });
        if (found == all.end()) {
            std::string names;
            for (const gui::Deck& d : all)
                names += (names.empty() ? "" : ", ") + d.name;
            return usageError(io, "unknown lesson '" + name + "' (" + names + ")");
        }
        chosen.push_back(*found);
    }
    if (chosen.empty())
        chosen = all;
    // 2. One PDF, or a folder of figures.
    const std::string output = args.value("output").value_or("");
    if (output.empty())
        return usageError(io, "export deck needs -o DECK.pdf or -o FOLDER/");
    const auto format = args.value("format");
    if (format && *format != "png" && *format != "svg" && *format != "pdf")
        return usageError(io, "--format takes png, svg or pdf, got '" + *format + "'");
    std::error_code ignored;
    const bool existingFolder = std::filesystem::is_directory(output, ignored);
    if (existingFolder && !format && output.back() != '/' && endsWith(output, ".pdf"))
        return usageError(io, "'" + output + "' is a folder: give a file name for one PDF, or -o " + output
                                  + "/ for a folder of pages");
    const bool folder = format || output.back() == '/' || existingFolder;
    if (!folder && !endsWith(output, ".pdf"))
        return usageError(io, "export deck writes DECK.pdf, or a folder (-o FOLDER/ [--format png|svg|pdf]); got '"
                                  + output + "'");
    std::string error;
    const auto common = readExportOptions(args, folder && format.value_or("png") == "png", error);
    if (!common)
        return usageError(io, error);

    // PNG pages are painted pixel by pixel: the deck's pixels in all are bounded before any page is
    // drawn (an 8192-pixel square page takes about 3 s; 81 of them took five minutes).
    if (folder && format.value_or("png") == "png") {
        std::size_t pages = 0;
        for (const gui::Deck& d : chosen)
            pages += d.pages.size();
        const QSize side = common->size.pixels.isEmpty() ? gui::kSlidePage : common->size.pixels;
        const double pixels = static_cast<double>(pages) * side.width() * side.height() * common->size.scale * common->size.scale;
        if (pixels > kMaxDeckPngPixels) {
            char why[300];
            std::snprintf(why, sizeof why,
                          "%zu PNG pages of %d x %d at scale %g are %.0f million pixels; a deck is at most %.0f million "
                          "(fewer lessons, a smaller --size or --scale, or --format svg or pdf)",
                          pages, side.width(), side.height(), common->size.scale, pixels / 1e6, kMaxDeckPngPixels / 1e6);
            return usageError(io, why);
        }
    }

    const HeadlessApp app(common->lang);
    gui::DeckOutput out;
    out.path = QString::fromStdString(output);
    out.folder = folder;
    out.suffix = QString::fromStdString(format.value_or("png"));
    out.size = common->size;
    out.style = common->style();
    // Ctrl-C stops between pages: a PDF is left as it was, a folder keeps the whole pages written.
    const Interruption interruption;
    const gui::DeckResult result = gui::LessonDeck::write(chosen, out, [&](int, int) { return !interruption.requested(); });
    if (result.cancelled) {
        std::fprintf(io.err, "floatscope: interrupted: %s\n", result.error.toStdString().c_str());
        return Interruption::kExitStatus;
    }
    if (!result.error.isEmpty())
        return usageError(io, result.error.toStdString());
    return 0;
}

}  // namespace

int runExport(const std::vector<std::string>& arguments, const Io& io)
{
    if (arguments.empty() || arguments.front() == "--help" || arguments.front() == "-h") {
        if (arguments.empty())
            return usageError(io, "export needs a VIEW (see 'floatscope export --help')");
        std::fputs(help().c_str(), io.out);
        return 0;
    }
    const std::string& viewName = arguments.front();
    if (viewName == "deck")
        return runDeck({arguments.begin() + 1, arguments.end()}, io);
    const ExportView* view = nullptr;
    for (const ExportView& v : exportViews())
        if (v.name == viewName)
            view = &v;
    if (view == nullptr) {
        std::string names;
        for (const ExportView& v : exportViews())
            names += (names.empty() ? "" : ", ") + v.name;
        return usageError(io, "unknown view '" + viewName + "' (" + names + ", deck)");
    }
    std::vector<ArgParser::Option> options = exportOptions();
    options.insert(options.end(), view->options.begin(), view->options.end());
    ArgParser args(options);
    if (const auto done = parseArguments(args, {arguments.begin() + 1, arguments.end()}, io, "export", help()))
        return *done;
    const std::string output = args.value("output").value_or("");
    if (output.empty())
        return usageError(io, "export needs -o FILE.svg, FILE.pdf or FILE.png");
    std::string error;
    const auto common = readExportOptions(args, endsWith(output, ".png"), error);
    if (!common)
        return usageError(io, error);

    const HeadlessApp app(common->lang);
    // Ctrl-C stops a view that trains or sweeps; nothing is written then.
    const Interruption interruption;
    const std::unique_ptr<gui::Figure> figure = view->make(args, error);
    if (interruption.requested()) {
        std::fprintf(io.err, "floatscope: interrupted: %s was not written\n", output.c_str());
        return Interruption::kExitStatus;
    }
    if (!figure)
        return usageError(io, error);
    const QString problem = gui::exportFigure(*figure, QString::fromStdString(output), common->size, common->style());
    if (!problem.isEmpty())
        return usageError(io, problem.toStdString());
    return 0;
}

}  // namespace floatscope::cli
