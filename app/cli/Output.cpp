#include "app/cli/Output.h"

#include <algorithm>

#include <QJsonArray>
#include <QJsonDocument>

namespace floatscope::cli {

namespace {

std::size_t displayWidth(const std::string& s)
{
    std::size_t width = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '\x1b') {  // skip an ANSI escape: ESC [ ... m
            while (i < s.size() && s[i] != 'm')
                ++i;
            continue;
        }
        if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80)
            ++width;
    }
    return width;
}

}  // namespace

std::string paint(const Io& io, Colour colour, const std::string& text)
{
    if (!io.colour || colour == Colour::None || text.empty())
        return text;
    const char* code = "";
    switch (colour) {
    case Colour::Sign: code = "\x1b[38;5;208m"; break;      // orange, as the bit strip's sign
    case Colour::Exponent: code = "\x1b[38;5;33m"; break;   // blue
    case Colour::Mantissa: code = "\x1b[38;5;35m"; break;   // green
    case Colour::Dim: code = "\x1b[2m"; break;
    case Colour::Bold: code = "\x1b[1m"; break;
    case Colour::None: break;
    }
    return code + text + "\x1b[0m";
}

void Table::print(const Io& io) const { printRows(io, true); }

void Table::printPage(const Io& io)
{
    printRows(io, !m_headerPrinted);
    m_headerPrinted = true;
    m_rows.clear();
}

void Table::printRows(const Io& io, bool withHeader) const
{
    std::vector<std::size_t> widths(m_header.size(), 0);
    auto measure = [&](const std::vector<std::string>& row) {
        for (std::size_t c = 0; c < row.size() && c < widths.size(); ++c)
            widths[c] = std::max(widths[c], displayWidth(row[c]));
    };
    measure(m_header);
    for (const auto& row : m_rows)
        measure(row);
    auto printRow = [&](const std::vector<std::string>& row, bool header) {
        std::string line;
        for (std::size_t c = 0; c < row.size() && c < widths.size(); ++c) {
            const bool last = c + 1 == row.size();
            line += header ? paint(io, Colour::Bold, row[c]) : row[c];
            if (!last)
                line.append(widths[c] - displayWidth(row[c]) + 2, ' ');
        }
        std::fprintf(io.out, "%s\n", line.c_str());
    };
    if (withHeader)
        printRow(m_header, true);
    for (const auto& row : m_rows)
        printRow(row, false);
}

void printJson(const Io& io, const QJsonDocument& document)
{
    const QByteArray bytes = document.toJson(QJsonDocument::Indented);
    std::fwrite(bytes.constData(), 1, static_cast<std::size_t>(bytes.size()), io.out);
}

namespace {

// A value as Qt writes it `depth` levels down: its own indented text with every line after the
// first moved right by 4 * depth spaces (qjsonwriter.cpp indents nested values exactly so).
QByteArray nested(const QJsonValue& value, int depth)
{
    QByteArray text;
    if (value.isObject())
        text = QJsonDocument(value.toObject()).toJson(QJsonDocument::Indented);
    else if (value.isArray())
        text = QJsonDocument(value.toArray()).toJson(QJsonDocument::Indented);
    else  // a scalar: Qt's own number and string formatting, from a one-element array
        text = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact).mid(1).chopped(1);
    if (text.endsWith('\n'))
        text.chop(1);
    return text.replace("\n", "\n" + QByteArray(4 * depth, ' '));
}

void put(const Io& io, const QByteArray& bytes)
{
    std::fwrite(bytes.constData(), 1, static_cast<std::size_t>(bytes.size()), io.out);
}

}  // namespace

void printJsonStream(const Io& io, const QJsonObject& members, const std::vector<StreamedArray>& arrays)
{
    QStringList keys = members.keys();
    for (const StreamedArray& a : arrays)
        keys << a.key;
    std::sort(keys.begin(), keys.end());  // QJsonObject's order: by UTF-16 code units
    const QByteArray indent(4, ' ');
    put(io, "{\n");
    for (qsizetype k = 0; k < keys.size(); ++k) {
        put(io, indent + '"' + keys[k].toUtf8() + "\": ");
        const auto streamed = std::find_if(arrays.begin(), arrays.end(), [&](const StreamedArray& a) { return a.key == keys[k]; });
        if (streamed == arrays.end()) {
            put(io, nested(members.value(keys[k]), 1));
        } else {
            put(io, "[\n");
            for (std::size_t i = 0; i < streamed->count && std::ferror(io.out) == 0; ++i)
                put(io, indent + indent + nested(streamed->item(i), 2) + (i + 1 < streamed->count ? ",\n" : "\n"));
            put(io, indent + "]");
        }
        put(io, k + 1 < keys.size() ? ",\n" : "\n");
    }
    put(io, "}\n");
}

int usageError(const Io& io, const std::string& reason)
{
    std::fprintf(io.err, "floatscope: %s\n", reason.c_str());
    return 2;
}

}  // namespace floatscope::cli
