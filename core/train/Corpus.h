#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace floatscope::train {

// The training lab's text as character ids. resources/corpus/README.md gives the built-in text's
// provenance (public domain) and the normalisation fromText() applies: lower case, '_' removed,
// white space runs as one space, and only a-z, space and . , ; : ' " ! ? - ( ) kept. Every tenth
// block of kBlock characters is held out for validation.
class Corpus {
public:
    static constexpr std::size_t kBlock = 1000;

    static Corpus fromText(std::string_view text);
    // The Devil's Dictionary (Ambrose Bierce, 1911), built into the program.
    static const Corpus& builtin();

    // The characters in id order (sorted by byte value).
    const std::string& alphabet() const { return m_alphabet; }
    int vocabulary() const { return static_cast<int>(m_alphabet.size()); }
    const std::vector<std::uint8_t>& training() const { return m_training; }
    const std::vector<std::uint8_t>& validation() const { return m_validation; }
    std::string decode(std::span<const std::uint8_t> ids) const;

private:
    std::string m_alphabet;
    std::vector<std::uint8_t> m_training;
    std::vector<std::uint8_t> m_validation;
};

// The built-in text as it ships (resources/corpus/devils-dictionary.txt), before normalisation.
std::string_view builtinCorpusText();

}  // namespace floatscope::train
