// The rounding decision in words, and the number line beside it, at the end of every format's
// finite range: the largest value, between it and the midpoint to the step past it, the midpoint
// (the tie), between the midpoint and that step, the step itself and beyond, on both sides and
// under both overflow policies, in English and Chinese. No sentence may have an empty slot where a
// neighbour that does not exist used to print as nothing ("464 lies exactly halfway between 448
// and ; ...").

#include <QCoreApplication>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTranslator>

#include <gtest/gtest.h>

#include "app/figures/NeighboursFigure.h"
#include "app/text/Explain.h"
#include "app/text/InspectionText.h"
#include "core/exact/DecimalText.h"
#include "core/format/Registry.h"
#include "core/text/Parse.h"

namespace floatscope {
namespace {

// A slot left empty shows as two separators with nothing between them, a separator at an end,
// or a placeholder never filled.
std::string emptySlot(const QString& sentence)
{
    static const QRegularExpression patterns[] = {
        QRegularExpression(QStringLiteral("%\\d")),                     // an argument never given
        QRegularExpression(QStringLiteral("\\band\\s*[;,.:]")),         // "448 and ;"
        QRegularExpression(QStringLiteral("\\band\\s+and\\b")),
        QRegularExpression(QStringLiteral("between\\s+(and|[;,.:])")),  // "between  and 448"
        QRegularExpression(QStringLiteral("\\s[;,.:]")),                // a blank before punctuation
        QRegularExpression(QStringLiteral("\\S {2,}\\S")),              // two blanks where a word was
        QRegularExpression(QStringLiteral("[(]\\s*[)]")),               // "()"
        QRegularExpression(QStringLiteral("(和|与|到)\\s*[；，。：]")),     // the same in Chinese
        QRegularExpression(QStringLiteral("[，；。：]\\s*[，；。：]")),
    };
    if (sentence.trimmed().isEmpty())
        return "empty";
    for (const auto& p : patterns)
        if (const auto m = p.match(sentence); m.hasMatch())
            return "'" + m.captured(0).toStdString() + "' in: " + sentence.toStdString();
    return {};
}

// The step past the end of the finite range, from the specs' tables: IEEE 754 binary16/32/64 and
// bfloat16 end one binade below 2^(emax+1); OCP 8-bit e4m3fn loses its top code to NaN (448, then
// 480); FNUZ ends at 240 and 57344; OCP MX fp6/fp4 at 7.5, 28 and 6; e8m0 at 2^127.
const std::map<std::string, std::string> kStepPastTheEnd = {
    {"fp32", "340282366920938463463374607431768211456"},
    {"tf32", "340282366920938463463374607431768211456"},
    {"bf16", "340282366920938463463374607431768211456"},
    {"fp16", "65536"},
    {"e4m3fn", "480"},
    {"e4m3", "256"},
    {"e5m2", "65536"},
    {"e4m3fnuz", "256"},
    {"e5m2fnuz", "65536"},
    {"e2m3", "8"},
    {"e3m2", "32"},
    {"e2m1", "8"},
    {"e8m0", "340282366920938463463374607431768211456"},
};

std::string stepOf(const Format& f)
{
    if (f.name() == "fp64") {  // 2^1024, too long to write out
        mpz_class two1024;
        mpz_ui_pow_ui(two1024.get_mpz_t(), 2, 1024);
        return two1024.get_str();
    }
    return kStepPastTheEnd.at(f.name());
}

struct Point {
    const char* name;
    mpq_class offset;  // in units of (step - largest)
};

const Point kPoints[] = {
    {"largest", mpq_class(0)},      {"below the midpoint", mpq_class(1, 4)}, {"midpoint (tie)", mpq_class(1, 2)},
    {"past the midpoint", mpq_class(3, 4)}, {"step", mpq_class(1)},         {"beyond", mpq_class(5, 2)},
};

class PastTheEnd : public ::testing::Test {
protected:
    // Every format, every point, both sides (where signed), both policies: the sentence in the
    // current language, with what it must name.
    template <typename Check>
    void forEveryCase(Check check)
    {
        for (const Format& f : namedFormats()) {
            const mpq_class largest = ExactValue::fromDyadic(f.maxFinite()).value();
            const mpq_class step(stepOf(f));
            for (const int sign : {1, -1}) {
                if (sign < 0 && f.signBits() == 0)
                    continue;
                for (const OverflowPolicy policy : {OverflowPolicy::Saturate, OverflowPolicy::NonSaturating}) {
                    for (const Point& point : kPoints) {
                        const mpq_class x = sign * (largest + point.offset * (step - largest));
                        RoundOptions options;
                        options.overflow = policy;
                        const Inspection in = inspect(ExactValue::fromRational(x), f, options);
                        const QString typed = QString::fromStdString(exactText(x));
                        SCOPED_TRACE(f.name() + " at " + point.name + (sign < 0 ? " (negative)" : "") + ", "
                                     + toString(policy));
                        check(f, in, typed, sign * step);
                    }
                }
            }
        }
    }
};

TEST_F(PastTheEnd, StepIsTheSpecsValueInEveryFormat)
{
    for (const Format& f : namedFormats()) {
        const PastRange past = pastRange(f, false);
        EXPECT_EQ(past.step, mpq_class(stepOf(f))) << f.name();
        EXPECT_EQ(past.largest, ExactValue::fromDyadic(f.maxFinite()).value()) << f.name();
    }
}

TEST_F(PastTheEnd, EverySentenceIsWholeAndNamesTheStep)
{
    forEveryCase([](const Format& f, const Inspection& in, const QString& typed, const mpq_class& step) {
        const QString sentence = text::explainRounding(typed, f, in);
        EXPECT_EQ(emptySlot(sentence), "");
        ASSERT_TRUE(in.placement.past.has_value());
        EXPECT_EQ(in.placement.past->step, step);
        EXPECT_TRUE(sentence.contains(QString::fromStdString(exactText(step)))) << sentence.toStdString();
        // What the format does there: said when it happened, and as the policy's rule otherwise.
        const ValueClass stored = in.valueClass;
        if (stored == ValueClass::NaN)
            EXPECT_TRUE(sentence.contains(QLatin1String("becomes NaN"))) << sentence.toStdString();
        else if (stored == ValueClass::Infinite)
            EXPECT_TRUE(sentence.contains(QLatin1String("overflows to"))) << sentence.toStdString();
        else
            EXPECT_TRUE(sentence.contains(QString::fromStdString(exactText(in.placement.past->largest))))
                << sentence.toStdString();
        // The JSON says the same, and names the step and the outcome as data.
        const QJsonObject json = text::inspectionJson(typed, f, in);
        EXPECT_EQ(json.value("explanation").toString(), sentence);
        const QJsonObject past = json.value("past_range").toObject();
        EXPECT_EQ(past.value("step").toString().toStdString(), exactText(step));
        EXPECT_FALSE(past.value("outcome").toString().isEmpty());
    });
}

TEST_F(PastTheEnd, EveryChineseSentenceIsWhole)
{
    QTranslator translator;
    ASSERT_TRUE(translator.load(QStringLiteral(":/i18n/floatscope_zh_CN")));
    QCoreApplication::installTranslator(&translator);
    forEveryCase([](const Format& f, const Inspection& in, const QString& typed, const mpq_class& step) {
        const QString sentence = text::explainRounding(typed, f, in);
        EXPECT_EQ(emptySlot(sentence), "");
        EXPECT_TRUE(sentence.contains(QString::fromStdString(exactText(step)))) << sentence.toStdString();
        EXPECT_FALSE(sentence.contains(QLatin1String(" lies "))) << "untranslated: " << sentence.toStdString();
    });
    QCoreApplication::removeTranslator(&translator);
}

TEST_F(PastTheEnd, NumberLineEndsAtTheStepWithWhatTheFormatDoesThere)
{
    forEveryCase([](const Format& f, const Inspection& in, const QString& typed, const mpq_class& step) {
        const gui::NeighboursFigure figure(typed, {f}, {in});
        ASSERT_TRUE(figure.hasLine(0));
        const gui::NumberLine line = figure.line(0);
        const gui::NumberLine::End& far = step > 0 ? line.right : line.left;
        ASSERT_TRUE(far.value.has_value());
        EXPECT_EQ(*far.value, step);
        // The step's every digit where short (a long one, ~ and the digits that tell it apart), then
        // what the format does there; short enough for the end of a line.
        const QString digits = QString::fromStdString(exactText(step));
        EXPECT_TRUE(far.label.startsWith(digits.size() <= 16 ? digits + QLatin1String(" (") : QStringLiteral("~")))
            << far.label.toStdString();
        EXPECT_LT(far.label.size(), 60) << far.label.toStdString();
        for (const auto* end : {&line.left, &line.right})
            EXPECT_FALSE(end->label.isEmpty() || end->label == QStringLiteral("—"));
        EXPECT_EQ(emptySlot(figure.endsText(0)), "");
        // The value went where the stored code is: the far end only when it overflowed to inf or NaN.
        const bool overflowed = in.valueClass == ValueClass::Infinite || in.valueClass == ValueClass::NaN;
        if (!line.exact)
            EXPECT_EQ(line.stored, overflowed == (step > 0) ? 1 : -1);
        else
            EXPECT_FALSE(line.valueLabel.isEmpty());
    });
}

TEST(Explain, TheLectureNotesCasesInWords)
{
    auto said = [](const char* typed, const char* format, std::optional<OverflowPolicy> policy = std::nullopt) {
        const Format& f = namedFormat(format);
        const ParseOutcome parsed = parseValue(typed);
        RoundOptions options;
        options.overflow = policy;
        return text::explainRounding(QString::fromLatin1(typed), f, inspect(std::get<ParsedValue>(parsed).value, f, options))
            .toStdString();
    };
    EXPECT_EQ(said("464", "e4m3fn"),
              "464 lies exactly halfway between 448 and 480; ties go to the even mantissa, so e4m3fn stores 448. "
              "Beyond 448, the end of e4m3fn's finite range, the next step would be 480; e4m3fn has no infinity, "
              "so a value that rounds there becomes NaN (saturation would clamp it to 448).");
    EXPECT_EQ(said("6.5", "e2m1"),
              "6.5 lies between 6 and 8 and is nearer to 6, so e2m1 stores 6. Beyond 6, the end of e2m1's finite "
              "range, the next step would be 8; e2m1 has neither infinity nor NaN, so a value that rounds there is "
              "clamped to 6.");
    EXPECT_EQ(said("65520", "fp16"),
              "65520 lies exactly halfway between 65504, the end of fp16's finite range, and 65536, the next step "
              "beyond it; ties go to the even mantissa, which is 65536's. fp16 has no finite value past 65504: it "
              "overflows to inf.");
    EXPECT_EQ(said("470", "e4m3fn", OverflowPolicy::Saturate),
              "470 lies between 448, the end of e4m3fn's finite range, and 480, the next step beyond it, and is "
              "nearer to 480. Saturating, e4m3fn clamps it to 448.");
    EXPECT_EQ(said("-1000", "e4m3fn"),
              "-1000 lies beyond -480, the next step past -448, the end of e4m3fn's finite range. e4m3fn has "
              "no infinity: it becomes NaN (saturation would clamp it to -448).");
    EXPECT_EQ(said("480", "e4m3fn"),
              "480 is the next step past 448, the end of e4m3fn's finite range. e4m3fn has no infinity: it becomes "
              "NaN (saturation would clamp it to 448).");
    // A bit pattern is spoken of by its value.
    EXPECT_EQ(said("bf16:0x4381", "bf16"), "258 is exactly representable in bf16.");
}

TEST(Explain, NeighboursAreToldApart)
{
    // 1e-8 in fp32 between neighbours that agree to six digits: each gets the digits it needs.
    const Format& f = namedFormat("fp32");
    const Inspection in = inspect(std::get<ParsedValue>(parseValue("1e-8")).value, f);
    const std::vector<std::string> texts = distinctDecimals(
        {ExactValue::fromCode(f, in.code).value(), ExactValue::fromCode(f, in.previous->code).value(),
         ExactValue::fromCode(f, in.next->code).value()},
        32);
    EXPECT_EQ(texts, (std::vector<std::string>{"~9.9999999e-9", "~9.9999991e-9", "~1.0000001e-8"}));
    // On the number line: an exact value gets its own label (not the midpoint's), told from the ends.
    const Inspection one = inspect(ExactValue::fromRational(1), namedFormat("bf16"));
    const gui::NumberLine line = gui::NeighboursFigure(QStringLiteral("1"), {namedFormat("bf16")}, {one}).line(0);
    EXPECT_TRUE(line.exact);
    EXPECT_TRUE(line.midpointLabel.isEmpty());
    EXPECT_EQ(line.valueLabel, QStringLiteral("1"));
    EXPECT_EQ(line.left.label, QStringLiteral("0.99609375"));
    EXPECT_EQ(line.right.label, QStringLiteral("1.0078125"));
}

}  // namespace
}  // namespace floatscope
