# Every include runs down the layers (DESIGN.md, "Layout"): core/ includes neither Qt, CUDA, gpu/
# nor app/; gpu/ neither Qt nor app/; in app/, each folder includes only the folders listed for it
# below, and the headless ones (text, lessons, cli) no widget header. A wrong include fails this
# test, naming the file, the line and the rule it breaks. Where products run (gpu/) is the lessons'
# choice: figures, charts, style, io and the inspector never include it.
#
#   cmake -DROOT=<the source tree> -P IncludeLayers.cmake
cmake_minimum_required(VERSION 3.25)

if(NOT ROOT)
    message(FATAL_ERROR "usage: cmake -DROOT=<source tree> -P IncludeLayers.cmake")
endif()

# app/FOLDER: the app/ folders it may include (besides core/ and gpu/). text words the lessons'
# declarations (lessons/LessonOption.h, headless), so it may include that one header of lessons/.
set(allowed_style "style")
set(allowed_io "io")
set(allowed_text "text;lessons/LessonOption.h")
set(allowed_charts "charts;style;text")
set(allowed_figures "figures;charts;style;text;io")
set(allowed_lessons "lessons;figures;text")
set(allowed_inspector "inspector;figures;style;text")
set(allowed_cli "cli;lessons;figures;text;io")
set(allowed_panels "panels;lessons;figures;charts;inspector;style;text;io")
set(allowed_window "window;panels;inspector;lessons;figures;charts;style;text;io")

# Where products run (gpu/) is the lesson layer's choice: what draws and styles never includes it.
set(without_gpu "figures;charts;style;io;inspector")

# Widget headers: what a headless folder must not touch.
set(widgets_regex "#include <Q(t?Widgets|Widget|Application|MainWindow|Dialog|Label|LineEdit|ComboBox|SpinBox|PushButton|CheckBox|[A-Za-z]*Layout|ScrollArea|GroupBox|Slider|ProgressBar|Table[A-Za-z]*|Chart[A-Za-z]*|Menu[A-Za-z]*|Action)[>/]")

# The one exception: `floatscope export` starts a QApplication, because Qt Charts draws its charts
# as QGraphicsWidgets (a QChart needs one), though no window opens.
set(widgets_allowed "app/cli/ExportCommand.cpp:#include <QApplication>")

set(violations "")
macro(refuse file line rule)
    file(RELATIVE_PATH relative "${ROOT}" "${file}")
    string(APPEND violations "${relative}: ${line}  (${rule})\n")
endmacro()

# core/ and gpu/ (gpu/'s CUDA sources may include CUDA, not Qt or app/).
foreach(layer core gpu)
    file(GLOB_RECURSE sources "${ROOT}/${layer}/*.h" "${ROOT}/${layer}/*.cpp" "${ROOT}/${layer}/*.cu" "${ROOT}/${layer}/*.cuh")
    foreach(source IN LISTS sources)
        file(STRINGS "${source}" includes REGEX "^[ \t]*#[ \t]*include")
        foreach(line IN LISTS includes)
            if(line MATCHES "#include \"app/" OR line MATCHES "#include <Q")
                refuse("${source}" "${line}" "${layer}/ includes neither Qt nor app/")
            elseif(layer STREQUAL "core" AND (line MATCHES "#include \"gpu/" OR line MATCHES "#include <cuda"))
                refuse("${source}" "${line}" "core/ includes neither gpu/ nor CUDA")
            endif()
        endforeach()
    endforeach()
endforeach()

# app/: each folder's includes of app/ against its list; every folder has one.
file(GLOB folders LIST_DIRECTORIES true "${ROOT}/app/*")
foreach(folder IN LISTS folders)
    if(NOT IS_DIRECTORY "${folder}")
        continue()
    endif()
    get_filename_component(name "${folder}" NAME)
    if(NOT DEFINED allowed_${name})
        refuse("${folder}" "a folder of app/" "IncludeLayers.cmake lists what it may include")
        continue()
    endif()
    file(GLOB_RECURSE sources "${folder}/*.h" "${folder}/*.cpp")
    foreach(source IN LISTS sources)
        file(STRINGS "${source}" includes REGEX "^[ \t]*#[ \t]*include")
        foreach(line IN LISTS includes)
            file(RELATIVE_PATH relative "${ROOT}" "${source}")
            if(name MATCHES "^(text|lessons|cli)$" AND line MATCHES "${widgets_regex}"
               AND NOT "${relative}:${line}" IN_LIST widgets_allowed)
                refuse("${source}" "${line}" "app/${name} is headless: no widget header")
            endif()
            if(name IN_LIST without_gpu AND line MATCHES "#include \"gpu/")
                refuse("${source}" "${line}" "app/${name} does not include gpu/: the lessons choose where products run")
            endif()
            if(NOT line MATCHES "#include \"app/([^\"]+)\"")
                continue()
            endif()
            set(path "${CMAKE_MATCH_1}")
            string(REGEX REPLACE "/.*" "" target "${path}")
            if(NOT target IN_LIST allowed_${name} AND NOT path IN_LIST allowed_${name})
                refuse("${source}" "${line}" "app/${name} includes only ${allowed_${name}}")
            endif()
        endforeach()
    endforeach()
endforeach()

if(violations)
    message(FATAL_ERROR "includes that run up the layers:\n${violations}")
endif()
message(STATUS "every include runs down the layers")
