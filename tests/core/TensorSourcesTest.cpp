// Tensor sources: .npy files built here byte by byte from NumPy's format description
// (numpy.lib.format: magic, version, little-endian header length, a Python dict literal, data),
// CSV text, typed values and the seeded generator. Every refusal names what it refused.

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "core/format/Registry.h"
#include "core/scaling/TensorSources.h"

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
    ASSERT_TRUE(v.tensor) << v.error;
    EXPECT_FALSE(v.tensor->isMatrix());
    EXPECT_EQ(v.tensor->size(), 3u);
    EXPECT_EQ((*v.tensor)[1], static_cast<double>(-0.1f));
    EXPECT_EQ((*v.tensor)[2], static_cast<double>(1e-40f));  // an fp32 subnormal, exact
    const TensorLoad m = parseNpy(npy("{'descr': '<f8', 'fortran_order': False, 'shape': (2, 3), }",
                                      littleEndianBytes(std::vector<double>{1, 2, 3, 4, 5, 0.1})));
    ASSERT_TRUE(m.tensor) << m.error;
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
    ASSERT_TRUE(h.tensor) << h.error;
    EXPECT_EQ((*h.tensor)[0], 1.0);
    EXPECT_EQ((*h.tensor)[1], -0.333251953125);
    EXPECT_EQ((*h.tensor)[2], std::ldexp(1.0, -24));
    const TensorLoad scalar = parseNpy(npy("{'descr': '<f8', 'fortran_order': False, 'shape': (), }",
                                           littleEndianBytes(std::vector<double>{42})));
    ASSERT_TRUE(scalar.tensor);
    EXPECT_EQ(scalar.tensor->size(), 1u);
}

TEST(Npy, RefusalsNameTheProblem)
{
    const std::string four = littleEndianBytes(std::vector<float>{1, 2, 3, 4});
    EXPECT_NE(parseNpy("PK\x03\x04 not numpy").error.find("not a NumPy .npy file"), std::string::npos);
    EXPECT_NE(parseNpy(npy("{'descr': '<i4', 'fortran_order': False, 'shape': (4,), }", four)).error.find("int32"),
              std::string::npos);
    EXPECT_NE(parseNpy(npy("{'descr': '<f4', 'fortran_order': True, 'shape': (2, 2), }", four)).error.find("Fortran order"),
              std::string::npos);
    EXPECT_NE(parseNpy(npy("{'descr': '<f4', 'fortran_order': False, 'shape': (1, 2, 2), }", four)).error.find("3 dimensions"),
              std::string::npos);
    EXPECT_NE(parseNpy(npy("{'descr': '<f4', 'fortran_order': False, 'shape': (5,), }", four)).error.find("truncated"),
              std::string::npos);
    EXPECT_NE(parseNpy(npy("{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (4,), }", four)).error.find("structured"),
              std::string::npos);
    EXPECT_NE(parseNpy(std::string("\x93NUMPY\x01\x00\xFF\x00", 10)).error.find("truncated .npy header"), std::string::npos);
}

TEST(Npy, FromAFile)
{
    const std::string path = testing::TempDir() + "floatscope_tensor.npy";
    std::ofstream(path, std::ios::binary) << npy("{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }",
                                                 littleEndianBytes(std::vector<float>{0.5f, 2.0f}));
    const TensorLoad t = loadTensorFile(path, fp32());
    ASSERT_TRUE(t.tensor) << t.error;
    EXPECT_EQ((*t.tensor)[1], 2.0);
    EXPECT_NE(loadTensorFile(testing::TempDir() + "missing.npy", fp32()).error.find("cannot read"), std::string::npos);
    EXPECT_NE(loadTensorFile("weights.bin", fp32()).error.find("give a .csv or .npy file"), std::string::npos);
}

TEST(Csv, RowsCommentsAndStorage)
{
    const TensorLoad m = parseCsv("# activations\n1, 2, 3\n\n4;5\t6\r\n", fp32());
    ASSERT_TRUE(m.tensor) << m.error;
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
    EXPECT_NE(parseCsv("1,2\n3\n", fp32()).error.find("line 2 has 1 values but line 1 has 2"), std::string::npos);
    const std::string bad = parseCsv("1,2\n3,abc\n", fp32()).error;
    EXPECT_EQ(bad.find("line 2, value 2: "), 0u) << bad;
    EXPECT_NE(parseCsv("1e39", fp32()).error.find("overflows fp32 storage"), std::string::npos);
    EXPECT_TRUE(parseCsv("1e39", namedFormat("fp64")).tensor);
    // NaN and inf load (the quantizer refuses them, by position).
    EXPECT_TRUE(std::isnan((*parseCsv("nan", fp32()).tensor)[0]));
    EXPECT_TRUE(parseCsv("", fp32()).tensor->empty());
}

TEST(TypedValues, AreRoundedIntoStorage)
{
    const TensorLoad t = tensorFromTexts({"1000", "0.01", "bf16:0x3DCD", "-0"}, fp32());
    ASSERT_TRUE(t.tensor) << t.error;
    EXPECT_EQ((*t.tensor)[1], static_cast<double>(0.01f));
    EXPECT_EQ((*t.tensor)[2], 0.10009765625);
    EXPECT_TRUE(std::signbit((*t.tensor)[3]));
    EXPECT_EQ(tensorFromTexts({"1", "x"}, fp32()).error.find("value 2: "), 0u);
    EXPECT_TRUE(tensorFromTexts({}, fp32()).tensor->empty());
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
    EXPECT_NE(parseShape("big").error.find("'big'"), std::string::npos);
    const Tensor t = Tensor::vector({1, 2, 3, 4, 5, 6});
    EXPECT_EQ(reshape(t, 2, 3, true).tensor->at(1, 0), 4.0);
    EXPECT_NE(reshape(t, 4, 2, true).error.find("shape 4x2 does not hold the 6 values"), std::string::npos);
}

TEST(Generator, SeededNormalWithOutliers)
{
    NormalSpec spec;
    spec.rows = 64;
    spec.cols = 512;
    spec.matrix = true;
    spec.stddev = 0.5;
    spec.outliers = 7;
    spec.outlierMagnitude = 1000;
    spec.seed = 99;
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
    EXPECT_NE(generateNormal(spec, fp32()).error.find("do not fit"), std::string::npos);
}

}  // namespace
}  // namespace floatscope
