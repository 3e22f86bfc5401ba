#pragma once

#include <cstddef>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include <QJsonObject>
#include <QString>

class QJsonDocument;

namespace floatscope::cli {

// Where a command writes, and whether stdout is a terminal that takes colour.
struct Io {
    std::FILE* out = stdout;
    std::FILE* err = stderr;
    bool colour = false;
};

// ANSI colours for the bit fields, as the inspector paints them.
enum class Colour { None, Sign, Exponent, Mantissa, Dim, Bold };
std::string paint(const Io& io, Colour colour, const std::string& text);

// Columns padded to their widest cell (colour codes and UTF-8 are not counted as width).
class Table {
public:
    explicit Table(std::vector<std::string> header) : m_header(std::move(header)) {}
    void addRow(std::vector<std::string> cells) { m_rows.push_back(std::move(cells)); }
    void print(const Io& io) const;
    // For tables of any length: the rows so far are printed (the header with the first of them)
    // and let go, each page padded to its own widest cell. Memory holds one page, not the table.
    void printPage(const Io& io);
    std::size_t pendingRows() const { return m_rows.size(); }

private:
    void printRows(const Io& io, bool withHeader) const;

    std::vector<std::string> m_header;
    std::vector<std::vector<std::string>> m_rows;
    bool m_headerPrinted = false;
};

void printJson(const Io& io, const QJsonDocument& document);

// A JSON object as printJson writes it (QJsonDocument::Indented: 4 spaces, keys sorted), with
// arrays too large to hold written item by item: memory holds one item, not the document.
struct StreamedArray {
    QString key;
    std::size_t count = 0;
    std::function<QJsonObject(std::size_t)> item;
};
void printJsonStream(const Io& io, const QJsonObject& members, const std::vector<StreamedArray>& arrays);

// The command line's error contract: one line on stderr, exit status 2, nothing on stdout.
int usageError(const Io& io, const std::string& reason);

}  // namespace floatscope::cli
