// Tensor sources: .npy files built here byte by byte from NumPy's format description
// (numpy.lib.format: magic, version, little-endian header length, a Python dict literal, data),
// CSV text, typed values and the seeded generator. Every refusal names what it refused.

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include <sys/stat.h>

#include "core/exact/DecimalText.h"
#include "core/format/Registry.h"
#include "core/io/RegularFile.h"
#include "core/round/Rounding.h"
#include "core/scaling/CsvReader.h"
#include "core/scaling/StoredValues.h"
#include "core/scaling/TensorSources.h"
#include "core/text/Parse.h"

namespace floatscope {
namespace {

// An .npy file: header dict padded with spaces to a multiple of 64 bytes, ending in '\n'.
std::string npy(const std::string& dict, const std::string& data, int major = 1)
{
    std::string header = dict;
    const std::size_t prefix = major == 1 ? 10 : 12;
    while ((prefix + header.size() + 1) % 64 != 0)
        header += ' ';
    header += '\n';
    std::string out = std::string("\x93NUMPY", 6) + static_cast<char>(major) + '\0';
    const auto length = static_cast<std::uint32_t>(header.size());
    out += static_cast<char>(length & 0xFF);
    out += static_cast<char>((length >> 8) & 0xFF);
    if (major != 1) {
        out += static_cast<char>((length >> 16) & 0xFF);
        out += static_cast<char>((length >> 24) & 0xFF);
    }
    return out + header + data;
}

template <class T>
std::string littleEndianBytes(const std::vector<T>& values)
{
    std::string out(values.size() * sizeof(T), '\0');
    std::memcpy(out.data(), values.data(), out.size());  // x86: little-endian already
    return out;
}

const Format& fp32() { return namedFormat("fp32"); }

TEST(Npy, Float32VectorAndFloat64Matrix)
{
    const TensorLoad v = parseNpy(npy("{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }",
                                      littleEndianBytes(std::vector<float>{1.5f, -0.1f, 1e-40f})));
    ASSERT_TRUE(v.tensor) << static_cast<int>(v.error.kind);
    EXPECT_FALSE(v.tensor->isMatrix());
    EXPECT_FALSE(v.storage) << "a .npy holds its values exactly";
    EXPECT_EQ(v.tensor->size(), 3u);
    EXPECT_EQ((*v.tensor)[1], static_cast<double>(-0.1f));
    EXPECT_EQ((*v.tensor)[2], static_cast<double>(1e-40f));  // an fp32 subnormal, exact
    const TensorLoad m = parseNpy(npy("{'descr': '<f8', 'fortran_order': False, 'shape': (2, 3), }",
                                      littleEndianBytes(std::vector<double>{1, 2, 3, 4, 5, 0.1})));
    ASSERT_TRUE(m.tensor);
    EXPECT_TRUE(m.tensor->isMatrix());
    EXPECT_EQ(m.tensor->rows(), 2u);
    EXPECT_EQ(m.tensor->cols(), 3u);
    EXPECT_EQ(m.tensor->at(1, 2), 0.1);
}

TEST(Npy, Float16BigEndianVersion2AndScalar)
{
    // fp16 0x3C00 = 1, 0xB555 = -0.333251953125, 0x0001 = 2^-24; stored big-endian.
    const std::string halfBigEndian = std::string("\x3C\x00\xB5\x55\x00\x01", 6);
    const TensorLoad h = parseNpy(npy("{'descr': '>f2', 'fortran_order': False, 'shape': (3,), }", halfBigEndian, 2));
    ASSERT_TRUE(h.tensor);
    EXPECT_EQ((*h.tensor)[0], 1.0);
    EXPECT_EQ((*h.tensor)[1], -0.333251953125);
    EXPECT_EQ((*h.tensor)[2], std::ldexp(1.0, -24));
    const TensorLoad scalar = parseNpy(npy("{'descr': '<f8', 'fortran_order': False, 'shape': (), }",
                                           littleEndianBytes(std::vector<double>{42})));
    ASSERT_TRUE(scalar.tensor);
    EXPECT_EQ(scalar.tensor->size(), 1u);
}

TensorErrorKind kindOf(const TensorLoad& load) { return load.error.kind; }

TEST(Npy, RefusalsNameTheProblem)
{
    const std::string four = littleEndianBytes(std::vector<float>{1, 2, 3, 4});
    EXPECT_EQ(kindOf(parseNpy("PK\x03\x04 not numpy")), TensorErrorKind::NpyNoMagic);
    const TensorLoad integer = parseNpy(npy("{'descr': '<i4', 'fortran_order': False, 'shape': (4,), }", four));
    EXPECT_EQ(kindOf(integer), TensorErrorKind::NpyUnsupportedDtype);
    EXPECT_EQ(integer.error.format, "int32");
    EXPECT_EQ(integer.error.text, "<i4");
    EXPECT_EQ(kindOf(parseNpy(npy("{'descr': '<f4', 'fortran_order': True, 'shape': (2, 2), }", four))),
              TensorErrorKind::NpyFortranOrder);
    const TensorLoad cube = parseNpy(npy("{'descr': '<f4', 'fortran_order': False, 'shape': (1, 2, 2), }", four));
    EXPECT_EQ(kindOf(cube), TensorErrorKind::NpyTooManyDimensions);
    EXPECT_EQ(cube.error.count, 3u);
    const TensorLoad shortData = parseNpy(npy("{'descr': '<f4', 'fortran_order': False, 'shape': (5,), }", four));
    EXPECT_EQ(kindOf(shortData), TensorErrorKind::NpyDataTruncated);
    EXPECT_EQ(shortData.error.expected, 5u);
    EXPECT_EQ(shortData.error.count, 4u);
    EXPECT_EQ(kindOf(parseNpy(npy("{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (4,), }", four))),
              TensorErrorKind::NpyStructuredDtype);
    const TensorLoad header = parseNpy(std::string("\x93NUMPY\x01\x00\xFF\x00", 10));
    EXPECT_EQ(kindOf(header), TensorErrorKind::NpyHeaderTruncated);
    EXPECT_EQ(header.error.count, 255u);
    EXPECT_EQ(kindOf(parseNpy(npy("{'descr': '<f4', 'fortran_order': False, 'shape': (2, x), }", four))),
              TensorErrorKind::NpyShapeNotNumber);
    EXPECT_EQ(kindOf(parseNpy(npy("{'descr': '<f4', 'shape': (4,), }", four))), TensorErrorKind::NpyHeaderKeyMissing);
    EXPECT_EQ(kindOf(parseNpy(npy("{'descr': '<f4', 'fortran_order': False, 'shape': (4,)", four))),
              TensorErrorKind::NpyHeaderMalformed);
}

// The trap: a 9-byte file that starts with the magic was said not to start with it.
TEST(Npy, NineByteTruncatedFileIsTruncatedNotForeign)
{
    const std::string nine("\x93NUMPY\x01\x00\x76", 9);
    const TensorLoad t = parseNpy(nine);
    EXPECT_EQ(kindOf(t), TensorErrorKind::NpyTruncated);
    EXPECT_EQ(t.error.count, 9u);
    for (std::size_t n = 0; n < 10; ++n)
        EXPECT_EQ(kindOf(parseNpy(nine.substr(0, n))), TensorErrorKind::NpyTruncated) << n << " bytes";
    EXPECT_EQ(kindOf(parseNpy(std::string("\x93NUMPX", 6))), TensorErrorKind::NpyNoMagic);
}

// The trap: 'descr' found inside another key's string was taken as the dtype.
TEST(Npy, DescrInsideAnotherKeysStringIsNotTheDtype)
{
    const std::string data = littleEndianBytes(std::vector<double>{0.1, 0.2});
    const TensorLoad t = parseNpy(npy("{'note': \"'descr': '<f2', \", 'descr': '<f8', 'fortran_order': False, 'shape': (2,), }",
                                      data));
    ASSERT_TRUE(t.tensor) << static_cast<int>(t.error.kind);
    EXPECT_EQ((*t.tensor)[0], 0.1);  // read as float64, not as four float16 values
    EXPECT_EQ(t.tensor->size(), 2u);
    // Nor is a key's name inside a value a key: this header has no 'shape'.
    EXPECT_EQ(kindOf(parseNpy(npy("{'descr': '<f8', 'fortran_order': False, 'x': \"'shape': (2,)\", }", data))),
              TensorErrorKind::NpyHeaderKeyMissing);
}

TEST(Npy, ShapeBeyondTheLimitIsRefusedBeforeAllocating)
{
    const TensorLoad t = parseNpy(npy("{'descr': '<f8', 'fortran_order': False, 'shape': (4294967296, 4294967296), }", ""));
    EXPECT_EQ(kindOf(t), TensorErrorKind::TooManyValues);
    EXPECT_EQ(t.error.limit, kMaxTensorElements);
    EXPECT_EQ(kindOf(parseNpy(npy("{'descr': '<f8', 'fortran_order': False, 'shape': (9,), }",
                                  littleEndianBytes(std::vector<double>(9, 1.0))), 8)),
              TensorErrorKind::TooManyValues);
}

std::string writeFile(const std::string& name, const std::string& bytes)
{
    const std::string path = testing::TempDir() + name;
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
}

TEST(Npy, FromAFile)
{
    const std::string path = writeFile("floatscope_tensor.npy", npy("{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }",
                                                                    littleEndianBytes(std::vector<float>{0.5f, 2.0f})));
    const TensorLoad t = loadTensorFile(path, fp32());
    ASSERT_TRUE(t.tensor);
    EXPECT_EQ((*t.tensor)[1], 2.0);
    const TensorLoad missing = loadTensorFile(testing::TempDir() + "missing.npy", fp32());
    EXPECT_EQ(kindOf(missing), TensorErrorKind::FileUnreadable);
    EXPECT_EQ(missing.error.fileProblem, FileProblem::Missing);
    EXPECT_EQ(missing.error.path, testing::TempDir() + "missing.npy");
    EXPECT_EQ(kindOf(loadTensorFile("weights.bin", fp32())), TensorErrorKind::FileExtension);
}

// The trap: "X.NPY" was read as .npy but reported as stored in fp32.
TEST(Npy, CapitalExtensionIsANpyFileWithExactValues)
{
    const std::string path = writeFile("floatscope_TENSOR.NPY", npy("{'descr': '<f8', 'fortran_order': False, 'shape': (1,), }",
                                                                    littleEndianBytes(std::vector<double>{0.1})));
    const TensorLoad t = loadTensorFile(path, fp32());
    ASSERT_TRUE(t.tensor);
    EXPECT_EQ((*t.tensor)[0], 0.1);  // not rounded to fp32
    EXPECT_FALSE(t.storage);
    const TensorLoad csv = loadTensorFile(writeFile("floatscope_values.CSV", "0.1\n"), fp32());
    ASSERT_TRUE(csv.tensor);
    EXPECT_EQ(csv.storage->name(), "fp32");
}

// The trap: a device or FIFO named as a tensor (ln -s /dev/zero x.npy) was read until memory ran out.
TEST(Files, DevicesAndFifosAreRefusedNotRead)
{
    namespace fs = std::filesystem;
    for (const char* name : {"floatscope_zero.npy", "floatscope_zero.csv"}) {
        const fs::path link = fs::path(testing::TempDir()) / name;
        fs::remove(link);
        fs::create_symlink("/dev/zero", link);
        const TensorLoad t = loadTensorFile(link.string(), fp32());
        EXPECT_EQ(kindOf(t), TensorErrorKind::FileUnreadable) << name;
        EXPECT_EQ(t.error.fileProblem, FileProblem::NotRegular) << name;
        fs::remove(link);
    }
    const fs::path fifo = fs::path(testing::TempDir()) / "floatscope_fifo.csv";
    fs::remove(fifo);
    ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
    // Opening a FIFO for reading would wait for a writer; this returns at once.
    EXPECT_EQ(loadTensorFile(fifo.string(), fp32()).error.fileProblem, FileProblem::NotRegular);
    fs::remove(fifo);
    EXPECT_EQ(loadTensorFile(testing::TempDir(), fp32()).error.kind, TensorErrorKind::FileExtension);
    const fs::path folder = fs::path(testing::TempDir()) / "floatscope_folder.csv";
    fs::create_directories(folder);
    EXPECT_EQ(loadTensorFile(folder.string(), fp32()).error.fileProblem, FileProblem::NotRegular);
}

TEST(Files, EveryReadIsBoundedEvenWhenTheSizeLies)
{
    // /proc files say they are empty and are not: the bound holds on what is read, not on st_size.
    const FileBytes proc = readRegularFile("/proc/self/status", 16);
    EXPECT_EQ(proc.problem, FileProblem::TooLarge);
    EXPECT_TRUE(proc.bytes.empty());
    const std::string path = writeFile("floatscope_bound.csv", std::string(100, '1'));
    EXPECT_EQ(readRegularFile(path, 99).problem, FileProblem::TooLarge);
    const FileBytes whole = readRegularFile(path, 100);
    EXPECT_EQ(whole.problem, FileProblem::None);
    EXPECT_EQ(whole.bytes.size(), 100u);
}

TEST(Csv, RowsCommentsAndStorage)
{
    const TensorLoad m = parseCsv("# activations\n1, 2, 3\n\n4;5\t6\r\n  # more\n", fp32());
    ASSERT_TRUE(m.tensor);
    EXPECT_EQ(m.tensor->rows(), 2u);
    EXPECT_EQ(m.tensor->at(1, 1), 5.0);
    // One row is a vector; text is rounded once into the storage format.
    const TensorLoad v32 = parseCsv("0.1 1e-3 0x1.8p1", fp32());
    ASSERT_TRUE(v32.tensor);
    EXPECT_FALSE(v32.tensor->isMatrix());
    EXPECT_EQ((*v32.tensor)[0], static_cast<double>(0.1f));
    EXPECT_EQ((*v32.tensor)[2], 3.0);
    EXPECT_EQ((*parseCsv("0.1", namedFormat("fp64")).tensor)[0], 0.1);
    EXPECT_EQ((*parseCsv("0.1", namedFormat("bf16")).tensor)[0], 0.10009765625);
}

TEST(Csv, RefusalsNameTheLine)
{
    const TensorLoad ragged = parseCsv("1,2\n3\n", fp32());
    EXPECT_EQ(kindOf(ragged), TensorErrorKind::CsvNotRectangular);
    EXPECT_EQ(ragged.error.line, 2u);
    EXPECT_EQ(ragged.error.count, 1u);
    EXPECT_EQ(ragged.error.expected, 1u);
    EXPECT_EQ(ragged.error.limit, 2u);
    const TensorLoad bad = parseCsv("1,2\n3,abc\n", fp32());
    EXPECT_EQ(kindOf(bad), TensorErrorKind::ValueUnreadable);
    EXPECT_EQ(bad.error.line, 2u);
    EXPECT_EQ(bad.error.column, 2u);
    EXPECT_EQ(bad.error.text, "abc");
    ASSERT_TRUE(bad.error.parse);
    const TensorLoad overflow = parseCsv("1e39", fp32());
    EXPECT_EQ(kindOf(overflow), TensorErrorKind::ValueOverflowsStorage);
    EXPECT_EQ(overflow.error.format, "fp32");
    EXPECT_TRUE(parseCsv("1e39", namedFormat("fp64")).tensor);
    // NaN and inf load (the quantizer refuses them, by position).
    EXPECT_TRUE(std::isnan((*parseCsv("nan", fp32()).tensor)[0]));
    EXPECT_TRUE(parseCsv("", fp32()).tensor->empty());
    EXPECT_EQ(kindOf(parseCsv("1 2 3 4", fp32(), 3)), TensorErrorKind::TooManyValues);
    EXPECT_EQ(kindOf(parseCsv(std::string(kMaxTextLength + 1, '1'), fp32())), TensorErrorKind::ValueTooLong);
}

// A stream cut anywhere reads as the whole text does: the file reader feeds 1 MiB chunks.
TEST(Csv, ChunksSplitAnywhere)
{
    const std::string text = "# head, 1 2\n0.1, -2e-3 ,0x1.8p1\n\n  4;5e-50\tinf\r\n# tail";
    const TensorLoad whole = parseCsv(text, fp32());
    ASSERT_TRUE(whole.tensor);
    ASSERT_EQ(whole.tensor->size(), 6u);
    for (std::size_t cut = 0; cut <= text.size(); ++cut) {
        CsvReader reader(fp32(), kMaxTensorElements);
        reader.feed(std::string_view(text).substr(0, cut));
        reader.feed(std::string_view(text).substr(cut));
        const TensorLoad split = reader.finish();
        ASSERT_TRUE(split.tensor) << "cut at " << cut;
        EXPECT_EQ(split.tensor->rows(), 2u);
        for (std::size_t i = 0; i < 6; ++i)
            EXPECT_EQ(std::bit_cast<std::uint64_t>((*split.tensor)[i]), std::bit_cast<std::uint64_t>((*whole.tensor)[i]))
                << "cut at " << cut << ", value " << i;
    }
}

// The fast path (std::from_chars into fp32 or fp64) against glibc's strtof and strtod, an
// independent correctly rounded conversion: random decimals, exact midpoints between neighbouring
// floats (ties go to even), subnormals, and values at the edge of overflow.
TEST(Csv, HardwareParsingRoundsOnceLikeTheEngine)
{
    std::mt19937_64 random(11);
    std::vector<std::string> texts = {"3.4028235677973366e38", "3.4028235677973362e38", "1e-45", "7e-46", "1.4e-45",
                                      "-0", "0.000", "1.17549435e-38", "9007199254740993", "2.2250738585072011e-308"};
    char buf[80];
    for (int i = 0; i < 20000; ++i) {
        const float f = std::bit_cast<float>(static_cast<std::uint32_t>(random()) & 0x7F7FFFFFu);
        const float g = std::nextafter(f, HUGE_VALF);
        std::snprintf(buf, sizeof buf, "%.60g", (static_cast<double>(f) + static_cast<double>(g)) / 2);  // exact
        texts.push_back(buf);
        std::snprintf(buf, sizeof buf, "%.*e", static_cast<int>(random() % 20), std::bit_cast<double>(random() & 0x7FEFFFFFFFFFFFFFull));
        texts.push_back(buf);
    }
    const Format& fp64 = namedFormat("fp64");
    for (const std::string& t : texts) {
        const float expected32 = std::strtof(t.c_str(), nullptr);
        const TensorLoad as32 = parseCsv(t, fp32());
        if (std::isinf(expected32)) {
            EXPECT_EQ(kindOf(as32), TensorErrorKind::ValueOverflowsStorage) << t;
        } else {
            ASSERT_TRUE(as32.tensor) << t;
            EXPECT_EQ(std::bit_cast<std::uint64_t>((*as32.tensor)[0]), std::bit_cast<std::uint64_t>(static_cast<double>(expected32)))
                << t;
        }
        const double expected64 = std::strtod(t.c_str(), nullptr);
        const TensorLoad as64 = parseCsv(t, fp64);
        if (std::isinf(expected64))
            continue;
        ASSERT_TRUE(as64.tensor) << t;
        EXPECT_EQ(std::bit_cast<std::uint64_t>((*as64.tensor)[0]), std::bit_cast<std::uint64_t>(expected64)) << t;
    }
}

// Issue 13: `quantize --input` of 2^24 CSV values into bf16 storage took 11.5 s, each value parsed
// exactly. Narrow storage now reads decimal text through binary64 and rounds that double, falling
// back to the exact path when the double is a rounding boundary of the storage. The trap is double
// rounding, so the inputs are the boundaries themselves (midpoints between neighbours, half the
// smallest value, the largest plus half an ulp), the doubles next to them, values a quarter of a
// double's ulp from them (which read as the boundary), stored values and their neighbours,
// subnormals, huge exponents and long digit strings; each against the exact path: the parser's
// exact value rounded once by the engine.
TEST(Csv, NarrowStorageThroughBinary64RoundsLikeTheExactPath)
{
    const auto exactly = [](const std::string& text, const Format& f, TensorErrorKind& kind) -> std::optional<double> {
        const ParseOutcome parsed = parseValue(text);
        if (std::holds_alternative<ParseError>(parsed)) {
            kind = TensorErrorKind::ValueUnreadable;
            return std::nullopt;
        }
        const ExactValue& v = std::get<ParsedValue>(parsed).value;
        const RoundResult r = roundExact(v, f);
        if ((r.flags & kOverflow) != 0 && v.isFinite()) {
            kind = TensorErrorKind::ValueOverflowsStorage;
            return std::nullopt;
        }
        kind = TensorErrorKind::None;
        return codeToDouble(f, r.code);
    };
    const auto decimal = [](const mpq_class& q) { return *terminatingDecimal(q, 6000); };
    std::mt19937_64 random(13);
    const std::vector<std::string> names = {"bf16", "fp16", "tf32", "e4m3fn", "e4m3", "e5m2", "e4m3fnuz", "e5m2fnuz",
                                            "e2m3", "e3m2", "e2m1", "e8m20", "e5m10fn", "e11m40"};
    std::size_t checked = 0;
    for (const std::string& name : names) {
        const Format f = *lookupFormat(name).format;
        const ValueStore store(f);
        // Codes: all of a small format; the ends and a random sample of a wide one.
        std::vector<std::uint64_t> codes;
        const std::uint64_t top = f.maxFiniteMagnitude();
        if (top <= 0x800) {
            for (std::uint64_t c = 0; c <= top; ++c)
                codes.push_back(c);
        } else {
            for (std::uint64_t c = 0; c < 300; ++c)
                codes.push_back(c), codes.push_back(top - c);
            for (int i = 0; i < 1500; ++i)
                codes.push_back(random() % top);
            codes.push_back(f.minNormalMagnitude()), codes.push_back(f.minNormalMagnitude() - 1);
        }
        std::vector<std::string> texts = {"0", "-0", "0.000", "1e308", "-1.7976931348623157e308", "1e-320", "4.9e-324",
                                          "1e400", "0e99999", "0e999999", "1e-999999", " 1", "+1", "1e", "0x1p-3",
                                          "0.1" + std::string(5000, '3'), "1" + std::string(400, '0'), "5e-1", "inf"};
        for (const std::uint64_t c : codes) {
            const mpq_class v = ExactValue::fromCode(f, c).value();
            // The next value up: the next code, or past the largest one its would-be successor.
            const mpq_class ulp = ExactValue::fromCode(f, c == 0 ? 1 : c).value() - (c == 0 ? 0 : ExactValue::fromCode(f, c - 1).value());
            const mpq_class next = c < top ? ExactValue::fromCode(f, c + 1).value() : mpq_class(v + ulp);
            for (const mpq_class& boundary : {mpq_class((v + next) / 2), v}) {
                const double b = ExactValue::fromRational(boundary).isZero() ? 0.0 : boundary.get_d();
                const mpq_class quarter = mpq_class(ExactValue::fromDouble(std::nextafter(b, HUGE_VAL)).value() - ExactValue::fromDouble(b).value()) / 4;
                for (const mpq_class& x : {boundary, mpq_class(boundary + quarter), mpq_class(boundary - quarter),
                                          ExactValue::fromDouble(std::nextafter(b, HUGE_VAL)).value(),
                                          ExactValue::fromDouble(std::nextafter(b, -HUGE_VAL)).value()})
                    for (const int sign : {1, -1})
                        texts.push_back(decimal(sign * x));
            }
            texts.push_back(decimal(v) + std::string(300, '0') + "1");  // just above, far down the digits
        }
        for (const std::string& t : texts) {
            TensorErrorKind want = TensorErrorKind::None;
            const std::optional<double> expected = exactly(t, f, want);
            TensorError error;
            const std::optional<double> got = store.fromText(t, error);
            ASSERT_EQ(error.kind, want) << name << " '" << t.substr(0, 80) << "'";
            if (expected) {
                ASSERT_TRUE(got) << name << " '" << t.substr(0, 80) << "'";
                ASSERT_EQ(std::bit_cast<std::uint64_t>(*got), std::bit_cast<std::uint64_t>(*expected))
                    << name << " '" << t.substr(0, 80) << "': " << *got << " against " << *expected;
            }
            ++checked;
        }
    }
    EXPECT_GT(checked, 200000u);
}

TEST(TypedValues, AreRoundedIntoStorage)
{
    const TensorLoad t = tensorFromTexts({"1000", "0.01", "bf16:0x3DCD", "-0"}, fp32());
    ASSERT_TRUE(t.tensor);
    EXPECT_EQ((*t.tensor)[1], static_cast<double>(0.01f));
    EXPECT_EQ((*t.tensor)[2], 0.10009765625);
    EXPECT_TRUE(std::signbit((*t.tensor)[3]));
    const TensorLoad bad = tensorFromTexts({"1", "x"}, fp32());
    EXPECT_EQ(kindOf(bad), TensorErrorKind::ValueUnreadable);
    EXPECT_EQ(bad.error.line, 0u);
    EXPECT_EQ(bad.error.column, 2u);
    EXPECT_TRUE(tensorFromTexts({}, fp32()).tensor->empty());
    EXPECT_EQ(kindOf(tensorFromTexts({"1"}, namedFormat("e5m3fnuz"))), TensorErrorKind::None);
}

TEST(Shapes, ParseAndReshape)
{
    const ShapeParse v = parseShape("4096");
    EXPECT_FALSE(v.matrix);
    EXPECT_EQ(v.cols, 4096u);
    const ShapeParse m = parseShape("2x128");
    EXPECT_TRUE(m.matrix);
    EXPECT_EQ(*m.rows, 2u);
    EXPECT_EQ(m.cols, 128u);
    EXPECT_FALSE(parseShape("0x4").rows);
    EXPECT_FALSE(parseShape("2x").rows);
    EXPECT_EQ(parseShape("big").error.kind, TensorErrorKind::ShapeSyntax);
    EXPECT_EQ(parseShape("big").error.text, "big");
    const Tensor t = Tensor::vector({1, 2, 3, 4, 5, 6});
    EXPECT_EQ(reshape(t, 2, 3, true).tensor->at(1, 0), 4.0);
    const TensorLoad wrong = reshape(t, 4, 2, true);
    EXPECT_EQ(kindOf(wrong), TensorErrorKind::ShapeMismatch);
    EXPECT_EQ(wrong.error.text, "4x2");
    EXPECT_EQ(wrong.error.count, 6u);
}

// 64x512 normal values, sigma 0.5, seed 99, with 7 outliers of magnitude 1000.
NormalSpec outlierSpec()
{
    NormalSpec spec;
    spec.rows = 64;
    spec.cols = 512;
    spec.matrix = true;
    spec.stddev = 0.5;
    spec.outliers = 7;
    spec.outlierMagnitude = 1000;
    spec.seed = 99;
    return spec;
}

TEST(Generator, SeededNormalWithOutliers)
{
    NormalSpec spec = outlierSpec();
    const Tensor a = *generateNormal(spec, fp32()).tensor;
    const Tensor b = *generateNormal(spec, fp32()).tensor;
    EXPECT_EQ(a.values(), b.values());
    spec.seed = 100;
    EXPECT_NE(a.values(), generateNormal(spec, fp32()).tensor->values());
    std::size_t outliers = 0;
    double sum = 0;
    double squares = 0;
    for (const double x : a.values()) {
        EXPECT_EQ(x, static_cast<double>(static_cast<float>(x)));  // stored in fp32
        if (std::fabs(x) == 1000) {
            ++outliers;
            continue;
        }
        sum += x;
        squares += x * x;
    }
    EXPECT_EQ(outliers, 7u);
    const double n = static_cast<double>(a.size() - 7);
    EXPECT_NEAR(sum / n, 0.0, 0.02);                       // 5 standard errors of the mean
    EXPECT_NEAR(std::sqrt(squares / n), 0.5, 0.01);
    spec.outliers = a.size() + 1;
    const TensorLoad tooMany = generateNormal(spec, fp32());
    EXPECT_EQ(kindOf(tooMany), TensorErrorKind::GeneratedTooManyOutliers);
    EXPECT_EQ(tooMany.error.count, a.size() + 1);
}

// A seed gives the same tensor on every machine and in every release: FNV-1a of the values' bits,
// recorded when the generator took the lessons' SeededRandom (splitmix64 of a counter, Box-Muller;
// before that it kept its own copy, with uniforms in (0, 1] and outlier positions drawn modulo n).
TEST(Generator, SequenceIsUnchanged)
{
    const NormalSpec spec = outlierSpec();
    for (const auto& [storage, hash] : {std::pair<const char*, std::uint64_t>{"fp32", 0x2de631f9a4230383ull},
                                        {"fp64", 0x1123269619aadb9bull}, {"bf16", 0x17afae74c4230383ull}}) {
        std::uint64_t h = 1469598103934665603ull;
        const TensorLoad load = generateNormal(spec, namedFormat(storage));
        for (const double v : load.tensor->values()) {
            h ^= std::bit_cast<std::uint64_t>(v);
            h *= 1099511628211ull;
        }
        EXPECT_EQ(h, hash) << storage;
    }
}

// The trap: values that overflow while being generated were reported as "element 1 is inf",
// though no element was typed.
TEST(Generator, OverflowIsTheGeneratorsNotAnElements)
{
    NormalSpec spec;
    spec.cols = 4;
    spec.mean = 1e308;
    spec.stddev = 1e308;
    const TensorLoad fp64 = generateNormal(spec, namedFormat("fp64"));
    EXPECT_EQ(kindOf(fp64), TensorErrorKind::GeneratedOverflows);
    EXPECT_EQ(fp64.error.format, "fp64");
    spec.mean = 1e38;
    spec.stddev = 1e38;
    EXPECT_EQ(kindOf(generateNormal(spec, fp32())), TensorErrorKind::GeneratedOverflows);
    spec.mean = 0;
    spec.stddev = 1;
    spec.outliers = 1;
    spec.outlierMagnitude = 1e39;
    EXPECT_EQ(kindOf(generateNormal(spec, fp32())), TensorErrorKind::GeneratedOverflows);
    spec.rows = 8193;
    spec.cols = 8192;
    EXPECT_EQ(kindOf(generateNormal(spec, fp32())), TensorErrorKind::TooManyValues);
}

// The trap: e8m0 as storage turned -0.5 and every generated normal value below zero into its NaN, and
// quantizing then said "element 0 is nan". A finite value it has no code for is named as such, a
// generator whose values take both signs is refused before it runs, and what e8m0 holds still loads.
TEST(Storage, AFormatWithoutASignRefusesNegativesByName)
{
    const Format& e8m0 = namedFormat("e8m0");
    const TensorLoad negative = parseCsv("0.5,-0.5", e8m0);
    EXPECT_EQ(kindOf(negative), TensorErrorKind::ValueNotInStorage);
    EXPECT_EQ(negative.error.text, "-0.5");
    EXPECT_EQ(negative.error.format, "e8m0");
    EXPECT_EQ(negative.error.column, 2u);
    const TensorLoad powers = parseCsv("0.5,2,1024", e8m0);
    ASSERT_TRUE(powers.tensor);
    EXPECT_EQ((*powers.tensor)[2], 1024.0);
    // A typed NaN and an overflow keep their own kinds; a signed format never says "no sign".
    EXPECT_NE(kindOf(parseCsv("nan", e8m0)), TensorErrorKind::ValueNotInStorage);
    EXPECT_EQ(kindOf(parseCsv("1e39", e8m0)), TensorErrorKind::ValueOverflowsStorage);
    EXPECT_EQ(kindOf(parseCsv("1000", namedFormat("e4m3fn"))), TensorErrorKind::ValueOverflowsStorage);
    EXPECT_TRUE(parseCsv("-0.5,-448", namedFormat("e4m3fn")).tensor);

    NormalSpec spec;
    spec.cols = 4;
    const TensorLoad generated = generateNormal(spec, e8m0);
    EXPECT_EQ(kindOf(generated), TensorErrorKind::GeneratedNotInStorage);
    EXPECT_EQ(generated.error.format, "e8m0");
    spec.mean = 2;
    spec.stddev = 0;
    const TensorLoad constant = generateNormal(spec, e8m0);
    ASSERT_TRUE(constant.tensor);
    EXPECT_EQ((*constant.tensor)[3], 2.0);
    spec.outliers = 1;
    spec.outlierMagnitude = 8;
    EXPECT_EQ(kindOf(generateNormal(spec, e8m0)), TensorErrorKind::GeneratedNotInStorage) << "outliers take either sign";
}

}  // namespace
}  // namespace floatscope
