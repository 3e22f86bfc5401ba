#include "app/text/LectureNotesText.h"

#include <algorithm>
#include <array>

#include <QCoreApplication>

namespace floatscope::text {

namespace {

struct Entry {
    const char* id;
    std::vector<std::string> lessons;
    const char* text;
};

// A note as the table below holds it: up to three lessons, the rest null.
struct Note {
    const char* id;
    std::array<const char*, 3> lessons;
    const char* text;
};

// The notes by topic (lesson 14, the BF16 lesson, lecture 10, the BF16/FP8 overview), each figure
// computed exactly: ranges from the formats' fields, roundings to nearest-even as PyTorch casts.
constexpr Note kNotes[] = {
    {"bf16-decades-not-80", {"range"},
     QT_TRANSLATE_NOOP("LectureNotes",
         "Lesson 14 says BF16 covers more than 80 orders of magnitude; in fact it covers about 78.6 "
         "decades from its smallest subnormal (2⁻¹³³ ≈ 9.2×10⁻⁴¹) to its largest value (≈ 3.39×10³⁸), and "
         "about 76.5 decades counting normal numbers only.")},
    {"overview-fp8-ranges-powers-of-ten", {"range"},
     QT_TRANSLATE_NOOP("LectureNotes",
         "The BF16/FP8 overview gives FP8 ranges of 10⁻⁶ to 10⁴ (E4M3) and 10⁻¹⁴ to 10⁴ (E5M2); those "
         "lower ends are the binary exponents 2⁻⁶ and 2⁻¹⁴ misread as powers of ten: in fact E4M3 runs "
         "from 2⁻⁹ ≈ 1.95×10⁻³ (smallest normal 2⁻⁶ ≈ 0.0156) to 448, and E5M2 from 2⁻¹⁶ ≈ 1.5×10⁻⁵ "
         "(smallest normal 2⁻¹⁴ ≈ 6.1×10⁻⁵) to 57,344.")},
    {"fp16-small-grads-are-subnormal", {"inspector", "loss-scale"},
     QT_TRANSLATE_NOOP("LectureNotes",
         "Lesson 14 says fp16 gradients between 10⁻⁶ and 10⁻⁸ underflow to zero; in fact 10⁻⁶ and 10⁻⁷ "
         "become subnormals (1.013×10⁻⁶ and 1.192×10⁻⁷, off by 1.3% and 19%), and only values at or below "
         "2⁻²⁵ ≈ 2.98×10⁻⁸, such as 10⁻⁸, become zero.")},
    {"overview-mxfp8-block-shape", {"quantize"},
     QT_TRANSLATE_NOOP("LectureNotes",
         "The BF16/FP8 overview labels 128×128 weight blocks and 1×128 activation tiles as NVIDIA MXFP8; "
         "in fact those are DeepSeek-V3's block sizes (with FP32 scales amax/448), while MXFP8 shares one "
         "power-of-two E8M0 scale across each block of 32 consecutive values.")},
    {"overview-gradscaler-not-delayed-scaling", {"loss-scale", "delayed-scaling"},
     QT_TRANSLATE_NOOP("LectureNotes",
         "The BF16/FP8 overview presents PyTorch's GradScaler as FP8 delayed scaling; in fact GradScaler "
         "is fp16 loss scaling (one loss multiplier, halved on inf/NaN and doubled after a run of good "
         "steps), while delayed scaling sets each FP8 tensor's scale from the amax recorded in earlier "
         "steps (e.g. 448/amax for E4M3).")},
    {"anchor-cards-gib", {"ledger"},
     QT_TRANSLATE_NOOP("LectureNotes",
         "The BF16 lesson says the anchor model's 16 bytes per parameter (444.5 GB) is 5.6 times an 80 GB "
         "card; in fact an \"80 GB\" H100 holds 80 GiB, and 444.5 GB is 413.98 GiB, so it is 5.17 cards "
         "(5.6 only if the card held 80×10⁹ bytes); either way six cards are needed before activations.")},
    {"master-bf16-moves-at-step-4", {"accumulation", "training"},
     QT_TRANSLATE_NOOP("LectureNotes",
         "Lesson 14 says the bf16 copy of an fp32 master weight (1.0 plus 0.001 per step) first moves "
         "after 8 steps; in fact with round-to-nearest-even, which the lesson itself uses and PyTorch's "
         "cast does, it moves to 1.0078125 at step 4, as soon as the master (1.004) passes the midpoint "
         "1.00390625; 8 steps is what a truncating cast gives.")},
    {"block-error-needs-1000-elsewhere", {"quantize"},
     QT_TRANSLATE_NOOP("LectureNotes",
         "The BF16 lesson says per-block scaling cuts 0.01's error in [1000, 0.01, 0.02, 0.5] from 12.8% "
         "to 0.45%; that holds only if 1000 sits in another block, since all four values fit in one 1×128 "
         "tile and then scale exactly like the whole tensor (E4M3, scale 1000/448, error 12.8%); the 0.45% "
         "comes from a block whose largest value is 0.5 (0.01 → 9 × 0.5/448 ≈ 0.010045).")},
    {"e4m3-min-normal-is-subnormal", {"range", "inspector"},
     QT_TRANSLATE_NOOP("LectureNotes",
         "Lesson 14's table gives E4M3's smallest normal number as about 1.95×10⁻³; in fact that is its "
         "smallest subnormal (2⁻⁹), and the smallest normal is 2⁻⁶ = 0.015625, as the lesson's own code "
         "output (1.562e-02) shows.")},
    {"overview-fp8-apis-do-not-exist", {"delayed-scaling"},
     QT_TRANSLATE_NOOP("LectureNotes",
         "The BF16/FP8 overview's FP8 code calls torch.set_float8_matmul_precision and torch.fp8_autocast; "
         "in fact PyTorch has neither (it has torch.set_float32_matmul_precision, which picks TF32/bf16 "
         "for fp32 matmuls), and fp8_autocast lives in NVIDIA Transformer Engine as "
         "transformer_engine.pytorch.fp8_autocast.")},
    {"bf16-range-not-identical-to-fp32", {"range", "inspector"},
     QT_TRANSLATE_NOOP("LectureNotes",
         "Lesson 14 says BF16's dynamic range is exactly the same as FP32's; in fact only the exponent "
         "range of normal numbers is shared (smallest normal 2⁻¹²⁶ in both): BF16's largest value is "
         "3.3895×10³⁸ against FP32's 3.4028×10³⁸, and its smallest subnormal is 2⁻¹³³ ≈ 9.2×10⁻⁴¹ against "
         "FP32's 2⁻¹⁴⁹ ≈ 1.4×10⁻⁴⁵.")},
    {"e4m3-max-448-vs-240", {"range", "inspector"},
     QT_TRANSLATE_NOOP("LectureNotes",
         "Lesson 14 gives E4M3's maximum as 448 in its table but its own float_props prints 240; both are "
         "right under different conventions: 240 = 1.875 × 2⁷ is the IEEE-like E4M3 that keeps exponent "
         "1111 for inf/NaN, while 448 = 1.75 × 2⁸ is the OCP E4M3FN format that hardware and PyTorch use.")},
    {"epsilon-is-a-gap", {"inspector"},
     QT_TRANSLATE_NOOP("LectureNotes",
         "Lesson 14's float_props calls epsilon = 2⁻ᵐ \"the first representable number after 1.0\"; in "
         "fact it is the gap between 1.0 and that number: the next number after 1.0 is 1 + 2⁻ᵐ (1.0078125 "
         "in BF16), and epsilon is 2⁻ᵐ (0.0078125).")},
    {"fp16-flush-and-overflow-thresholds", {"range", "inspector", "loss-scale"},
     QT_TRANSLATE_NOOP("LectureNotes",
         "Lecture 10 says fp16 turns numbers above 65504 into inf and numbers below 2⁻²⁴ ≈ 6×10⁻⁸ into 0; "
         "in fact with round-to-nearest (PyTorch's cast) only values from 65520 up overflow (65510 becomes "
         "65504), and only values up to 2⁻²⁵ ≈ 3.0×10⁻⁸ become 0 (4×10⁻⁸ becomes 2⁻²⁴ ≈ 5.96×10⁻⁸).")},
    {"q1-bf16-fp16-precision-ratio-is-8", {"inspector"},
     QT_TRANSLATE_NOOP("LectureNotes",
         "Lesson 14's answer to Q1 says BF16's precision is about 10 times worse than FP16's; in fact the "
         "ratio is exactly 8, since their epsilons are 2⁻⁷ and 2⁻¹⁰ (the BF16 lesson says 8 correctly).")},
    {"q3-zero2-ledger-is-112-gb", {"ledger"},
     QT_TRANSLATE_NOOP("LectureNotes",
         "Lesson 14's answer to Q3 puts the 30B model's BF16 ledger at about 60 GB per card under ZeRO-2 "
         "with dp = 8; in fact ZeRO-2 keeps the bf16 weights whole on every card, 2Ψ + 14Ψ/8 = 60 + 52.5 = "
         "112.5 GB per card, and only ZeRO-3 (16Ψ/8) reaches 60 GB (55.9 GiB), which is less than, not "
         "more than, an 80 GiB card before activations.")},
    {"overview-pure-bf16-absorbs-updates", {"accumulation", "training"},
     QT_TRANSLATE_NOOP("LectureNotes",
         "The BF16/FP8 overview says weights, gradients and optimizer states can all be kept in BF16 and "
         "that frameworks quietly keep Adam's moments in FP32; in fact a pure-BF16 weight absorbs any "
         "update below half its spacing (1 + 0.001 stays 1, so 1000 such steps leave it at 1), and "
         "PyTorch's Adam/AdamW create their moment buffers in the parameter's own dtype, so an FP32 master "
         "copy has to be kept on purpose.")},
    {"overview-fp8-does-not-halve-memory", {"ledger"},
     QT_TRANSLATE_NOOP("LectureNotes",
         "The BF16/FP8 overview says FP8 training halves memory; in fact, by lesson 14's ledger, static "
         "memory per parameter goes from 16 bytes (BF16 mixed precision) to 16 with Transformer Engine, 15 "
         "with DeepSeek-V3 and 9 with FP8-LM O3, because only the working copy of the weights shrinks from "
         "2 bytes to 1 while master weights and optimizer states stay wide.")},
    {"fp8-gradient-format-convention", {"range", "quantize", "delayed-scaling"},
     QT_TRANSLATE_NOOP("LectureNotes",
         "The BF16/FP8 overview puts gradients in E4M3 while lesson 14 puts them in E5M2; both are real "
         "recipes: E5M2 (2⁻¹⁶ to 57,344, about 32 powers of two) is Transformer Engine's hybrid choice for "
         "per-tensor scaling, and E4M3 (2⁻⁹ to 448, about 18 powers of two, but one more mantissa bit) is "
         "DeepSeek-V3's choice, which works because its 1×128 and 128×128 blocks each get their own scale.")},
    {"fp16-40-binades-counts-subnormals", {"range"},
     QT_TRANSLATE_NOOP("LectureNotes",
         "The BF16 lesson says FP16's window is 40 powers of two wide; that counts the subnormals (2⁻²⁴ up "
         "to 65,504 ≈ 2¹⁶), whereas full-precision normal numbers span only 30 powers of two (2⁻¹⁴ up to "
         "2¹⁶).")},
    {"anchor-activation-shape-unstated", {"ledger"},
     QT_TRANSLATE_NOOP("LectureNotes",
         "The BF16 lesson's activation figures for one 4,096-token sequence (162.5 GiB, 42.5 GiB with "
         "selective recomputation, 2.5 GiB with full recomputation) follow from Korthikanti's formula only "
         "for a shape it never states, hidden size 5,120, 64 layers and 24 attention heads; other head "
         "counts change the first figure (40 heads would give 242.5 GiB).")},
};

const std::vector<Entry>& entries()
{
    static const std::vector<Entry> list = [] {
        std::vector<Entry> out;
        for (const Note& n : kNotes) {
            Entry e{n.id, {}, n.text};
            for (const char* lesson : n.lessons)
                if (lesson != nullptr)
                    e.lessons.emplace_back(lesson);
            out.push_back(std::move(e));
        }
        return out;
    }();
    return list;
}

}  // namespace

std::vector<LectureNote> lectureNotes()
{
    std::vector<LectureNote> out;
    for (const Entry& e : entries())
        out.push_back({e.id, e.lessons, QCoreApplication::translate("LectureNotes", e.text)});
    return out;
}

QStringList lectureNotesFor(const std::string& lesson)
{
    QStringList out;
    for (const LectureNote& n : lectureNotes())
        if (std::find(n.lessons.begin(), n.lessons.end(), lesson) != n.lessons.end())
            out << n.text;
    return out;
}

QString lectureNotesHtml(const std::string& lesson)
{
    const QStringList notes = lectureNotesFor(lesson);
    if (notes.isEmpty())
        return {};
    QString html = QStringLiteral("<b>%1</b>")
                       .arg(QCoreApplication::translate("LectureNotes", "Where the lecture notes differ").toHtmlEscaped());
    for (const QString& n : notes)
        html += QStringLiteral("<p style='margin-top:4px'>%1</p>").arg(n.toHtmlEscaped());
    return html;
}

}  // namespace floatscope::text
