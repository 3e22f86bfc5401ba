#include <charconv>
#include <cmath>
#include <filesystem>

#include <unistd.h>

#include <QApplication>
#include <QLocale>
#include <QTranslator>

#include "app/cli/ArgParser.h"
#include "app/cli/Commands.h"
#include "app/cli/ExportViews.h"
#include "app/figures/FigureExport.h"

namespace floatscope::cli {

namespace {

std::string help()
{
    std::string out = R"(usage: floatscope export VIEW -o FILE.svg|.pdf|.png [--scale S] [--lang en|zh_CN]
                         [--theme light|dark] [--transparent] [--screen] [--size WxH | --size WxHcm]
                         [view arguments]

Renders a view as a figure for slides, headless. SVG and PDF are vector with text kept as text; PNG
is rasterised at --scale (1 to 4) device pixels per pixel. The same arguments give the same SVG,
byte for byte. A figure fills its page: 1280x720 (16:9) unless --size says otherwise.

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
        out += "  " + v.name + std::string(12 - std::min<std::size_t>(v.name.size(), 11), ' ') + v.summary + "\n"
            + std::string(14, ' ') + v.name + " " + v.usage + "\n";
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
    const ExportView* view = nullptr;
    for (const ExportView& v : exportViews())
        if (v.name == viewName)
            view = &v;
    if (view == nullptr) {
        std::string names;
        for (const ExportView& v : exportViews())
            names += (names.empty() ? "" : ", ") + v.name;
        return usageError(io, "unknown view '" + viewName + "' (" + names + ")");
    }
    std::vector<ArgParser::Option> options = {{"output", 'o', true}, {"scale", 0, true},      {"lang", 0, true},
                                              {"theme", 0, true},    {"transparent", 0, false}, {"screen", 0, false},
                                              {"size", 0, true},     {"help", 'h', false}};
    options.insert(options.end(), view->options.begin(), view->options.end());
    ArgParser args(options);
    if (auto error = args.parse({arguments.begin() + 1, arguments.end()}))
        return usageError(io, *error + " (see 'floatscope export --help')");
    if (args.has("help")) {
        std::fputs(help().c_str(), io.out);
        return 0;
    }
    const std::string output = args.value("output").value_or("");
    if (output.empty())
        return usageError(io, "export needs -o FILE.svg, FILE.pdf or FILE.png");
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
        if (!(scale >= 1 && scale <= 4))
            return usageError(io, "--scale takes a number from 1 to 4, got '" + *s + "'");
    }
    const std::string lang = args.value("lang").value_or("en");
    if (lang != "en" && lang != "zh_CN")
        return usageError(io, "--lang takes en or zh_CN, got '" + lang + "'");
    const std::string theme = args.value("theme").value_or("light");
    if (theme != "light" && theme != "dark")
        return usageError(io, "--theme takes light or dark, got '" + theme + "'");
    gui::ExportSize size{QSize(), scale};
    if (const auto s = args.value("size")) {
        const auto parsed = parseSize(*s, scale);
        if (!parsed)
            return usageError(io, "bad --size '" + *s + "': WxH in pixels (1280x720) or WxHcm (25.4x14.3cm)");
        const bool png = output.size() >= 4 && QString::fromStdString(output).endsWith(QLatin1String(".png"), Qt::CaseInsensitive);
        if (const QString problem = gui::exportSizeProblem(parsed->pixels, scale, png); !problem.isEmpty())
            return usageError(io, "bad --size '" + *s + "': " + problem.toStdString());
        size = *parsed;
    }

    // A headless application: the offscreen platform unless the caller chose one, and a private
    // runtime directory where the session has none (Qt warns on stderr otherwise).
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
    int argc = 1;
    char name[] = "floatscope";
    char* argv[] = {name, nullptr};
    QApplication app(argc, argv);
    QTranslator translator;
    if (lang == "zh_CN" && translator.load(QStringLiteral(":/i18n/floatscope_zh_CN")))
        QApplication::installTranslator(&translator);
    QLocale::setDefault(lang == "zh_CN" ? QLocale(QLocale::Chinese, QLocale::China)
                                        : QLocale(QLocale::English, QLocale::UnitedStates));

    std::string error;
    const std::unique_ptr<gui::Figure> figure = view->make(args, error);
    if (!figure)
        return usageError(io, error);
    const gui::Theme t = theme == "dark" ? gui::Theme::Dark : gui::Theme::Light;
    const gui::FigureStyle style = args.has("screen") ? gui::FigureStyle::screen(t) : gui::FigureStyle::forSlides(t, false);
    gui::FigureStyle finalStyle = style;
    finalStyle.transparent = args.has("transparent");
    const QString problem = gui::exportFigure(*figure, QString::fromStdString(output), size, finalStyle);
    if (!problem.isEmpty())
        return usageError(io, problem.toStdString());
    return 0;
}

}  // namespace floatscope::cli
