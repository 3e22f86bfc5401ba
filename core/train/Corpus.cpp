#include "core/train/Corpus.h"

#include <array>

namespace floatscope::train {

namespace {

constexpr std::string_view kKept = " !\"'(),-.:;?abcdefghijklmnopqrstuvwxyz";

// The normalised text: lower case, no '_', one space for each run of white space, kept characters only.
std::string normalise(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    bool space = false;
    for (const char raw : text) {
        const char c = raw >= 'A' && raw <= 'Z' ? static_cast<char>(raw - 'A' + 'a') : raw;
        if (c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
            space = !out.empty();
            continue;
        }
        if (kKept.find(c) == std::string_view::npos)
            continue;
        if (space)
            out += ' ';
        space = false;
        out += c;
    }
    return out;
}

}  // namespace

Corpus Corpus::fromText(std::string_view text)
{
    const std::string normal = normalise(text);
    std::array<bool, 256> present{};
    for (const char c : normal)
        present[static_cast<unsigned char>(c)] = true;
    Corpus corpus;
    std::array<std::uint8_t, 256> id{};
    for (int c = 0; c < 256; ++c)
        if (present[static_cast<std::size_t>(c)]) {
            id[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(corpus.m_alphabet.size());
            corpus.m_alphabet += static_cast<char>(c);
        }
    for (std::size_t i = 0; i < normal.size(); ++i) {
        const std::uint8_t token = id[static_cast<unsigned char>(normal[i])];
        ((i / kBlock) % 10 == 9 ? corpus.m_validation : corpus.m_training).push_back(token);
    }
    return corpus;
}

const Corpus& Corpus::builtin()
{
    static const Corpus corpus = fromText(builtinCorpusText());
    return corpus;
}

std::string Corpus::decode(std::span<const std::uint8_t> ids) const
{
    std::string out;
    out.reserve(ids.size());
    for (const std::uint8_t i : ids)
        out += i < m_alphabet.size() ? m_alphabet[i] : '?';
    return out;
}

}  // namespace floatscope::train
