#pragma once

#include <functional>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/cli/ArgParser.h"
#include "app/cli/Output.h"
#include "app/lessons/ExportView.h"
#include "core/format/Format.h"
#include "core/round/Route.h"
#include "core/round/Rounding.h"
#include "gpu/dot/DotBackend.h"

namespace floatscope::cli {

int runFormats(const std::vector<std::string>& arguments, const Io& io);
int runShow(const std::vector<std::string>& arguments, const Io& io);
int runQuantize(const std::vector<std::string>& arguments, const Io& io);
int runLedger(const std::vector<std::string>& arguments, const Io& io);
int runAccumulate(const std::vector<std::string>& arguments, const Io& io);
int runVerify(const std::vector<std::string>& arguments, const Io& io);
int runExport(const std::vector<std::string>& arguments, const Io& io);
int runTrain(const std::vector<std::string>& arguments, const Io& io);
int runDot(const std::vector<std::string>& arguments, const Io& io);
// `floatscope dot` with its --against backends found by `findBackend` (gpu::makeDotBackend; tests
// give one that differs on purpose, to see the exit status an unexplained difference gets).
using DotBackendFinder = std::function<std::unique_ptr<gpu::DotBackend>(std::string_view name)>;
int runDot(const std::vector<std::string>& arguments, const Io& io, const DotBackendFinder& findBackend);
int runReduce(const std::vector<std::string>& arguments, const Io& io);

// How every command starts: parses `arguments` into `args`; on a bad argument, the usage error that
// points to 'floatscope COMMAND --help'; on --help, `help` on stdout and status 0. Either way the exit
// status to return at once; nothing when the command goes on.
std::optional<int> parseArguments(ArgParser& args, const std::vector<std::string>& arguments, const Io& io,
                                  const std::string& command, const std::string& help);

// A command's parser options: its lesson's declared options (each takes a value but a Flag), then
// the command's own (--json, --help, ...).
std::vector<ArgParser::Option> declaredOptions(const std::vector<gui::LessonOption>& declared,
                                               std::initializer_list<ArgParser::Option> own);

// Where the command writes: in colour only where `io` takes it and neither --no-color nor a
// machine-readable --json or --csv was given.
Io outputIo(const Io& io, const ArgParser& args);

// "fp32,bf16,float8_e4m3fn" to formats, as the export views read -f (app/lessons/ExportView.h).
using gui::parseFormatList;

// --NAME N: a whole number in min..max, all of the text (not "12abc", not "-1"); `value` keeps its
// default when the option is absent. False, with the reason, otherwise.
bool readWhole(const ArgParser& args, const std::string& name, std::uint64_t min, std::uint64_t max,
               std::uint64_t& value, std::string& error);

}  // namespace floatscope::cli
