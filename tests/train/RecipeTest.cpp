// Recipes: the presets say what the lecture's runs did, the text form round-trips, every parse
// error has its kind and names the offending key and text, and bytes per parameter are the memory
// ledger's sums.
#include <gtest/gtest.h>

#include "TrainTestSupport.h"

namespace floatscope::train {
namespace {

RecipeError errorOf(std::string_view text)
{
    auto parsed = parseRecipe(text);
    if (!std::holds_alternative<RecipeError>(parsed)) {
        ADD_FAILURE() << "parsed: " << text;
        return {};
    }
    return std::get<RecipeError>(parsed);
}

TEST(Recipe, PresetsInTheLabsOrder)
{
    std::vector<std::string> names;
    for (const Recipe& r : presets())
        names.push_back(r.name);
    EXPECT_EQ(names, (std::vector<std::string>{"fp32", "bf16-pure", "fp16-pure", "bf16-master", "fp16-amp",
                                               "fp16-noscale", "bf16-stochastic", "fp8-current", "fp8-delayed"}));
}

TEST(Recipe, PresetsGiveEachRoleItsFormat)
{
    const Recipe pure = *findPreset("bf16-pure");
    EXPECT_EQ(pure.params.name(), "bf16");
    EXPECT_FALSE(pure.master);
    EXPECT_EQ(pure.gradients.name(), "bf16");
    EXPECT_EQ(pure.adamM.name(), "fp32");
    const Recipe master = *findPreset("bf16-master");
    EXPECT_TRUE(master.master);
    EXPECT_TRUE(findPreset("bf16-stochastic")->stochasticUpdate);
    EXPECT_EQ(findPreset("fp16-amp")->lossScale.kind, LossScaleKind::Dynamic);
    EXPECT_EQ(findPreset("fp16-amp")->lossScale.initial, 65536.0);
    EXPECT_EQ(findPreset("fp16-noscale")->lossScale.kind, LossScaleKind::None);
    const Recipe fp8 = *findPreset("fp8-delayed");
    EXPECT_TRUE(fp8.fp8);
    EXPECT_EQ(fp8.fp8Forward.name(), "e4m3fn");
    EXPECT_EQ(fp8.fp8Backward.name(), "e5m2");
    EXPECT_EQ(fp8.scaling, Fp8Scaling::Delayed);
    EXPECT_EQ(fp8.attention.name(), "bf16");
}

TEST(Recipe, TextRoundTripsEveryPresetAndAnEditedRecipe)
{
    for (const Recipe& r : presets()) {
        auto parsed = parseRecipe(recipeText(r));
        ASSERT_TRUE(std::holds_alternative<Recipe>(parsed)) << recipeText(r);
        EXPECT_TRUE(std::get<Recipe>(parsed) == r) << recipeText(r);
    }
    const Recipe edited = test::recipe(
        "base=fp8-current # a comment\nname=mine; fp8-scaling=block adam-m=bf16 adam-v=e5m2 loss-scale=1024 "
        "grads=tf32 update=stochastic");
    EXPECT_EQ(edited.scaling, Fp8Scaling::Block);
    EXPECT_EQ(edited.lossScale.kind, LossScaleKind::Static);
    EXPECT_EQ(edited.lossScale.initial, 1024.0);
    EXPECT_EQ(edited.gradients.name(), "tf32");
    EXPECT_TRUE(edited.master);  // from the base
    EXPECT_TRUE(std::get<Recipe>(parseRecipe(recipeText(edited))) == edited);
}

TEST(Recipe, ErrorsHaveKindsAndNameTheText)
{
    struct Case {
        const char* text;
        RecipeErrorKind kind;
        const char* key = nullptr;  // the key and the text named, where the case checks them
        const char* value = nullptr;
    };
    const Case cases[] = {
        {"", RecipeErrorKind::Empty},
        {"  # only a comment", RecipeErrorKind::Empty},
        {"name=x bf16", RecipeErrorKind::NotAPair, nullptr, "bf16"},
        {"name=x weights=bf16", RecipeErrorKind::UnknownKey, "weights"},
        {"name=x params=bf16 params=fp16", RecipeErrorKind::RepeatedKey},
        {"base=bf17-pure", RecipeErrorKind::UnknownPreset, nullptr, "bf17-pure"},
        {"name=x grads=bf17", RecipeErrorKind::UnknownFormat, "grads", "bf17"},
        {"name=x params=e8m0", RecipeErrorKind::UnsupportedFormat},  // no zero, no sign
        {"name=x params=fp64", RecipeErrorKind::UnsupportedFormat},  // wider than fp32
        {"name=x master=bf16", RecipeErrorKind::BadChoice},
        {"name=x update=sr", RecipeErrorKind::BadChoice},
        {"name=x fp8-scaling=tile", RecipeErrorKind::BadChoice},
        {"name=x loss-scale=big", RecipeErrorKind::BadNumber},
        {"name=x loss-scale=0", RecipeErrorKind::BadNumber},
        {"name=x amax-history=0", RecipeErrorKind::BadNumber},
        {"name=x amax-history=2.5", RecipeErrorKind::BadNumber},
        {"params=bf16", RecipeErrorKind::MissingName},
        {"name=a,b", RecipeErrorKind::BadChoice},
        {"name=a234567890123456789012345678901234567890x", RecipeErrorKind::BadChoice},  // 41 bytes
        {"name=x\nparams=bf\x1b", RecipeErrorKind::ControlByte, "2", "0x1B"},
        {"name=x\x7f", RecipeErrorKind::ControlByte, "1", "0x7F"},
    };
    for (const Case& c : cases) {
        const RecipeError error = errorOf(c.text);
        EXPECT_EQ(error.kind, c.kind) << c.text;
        if (c.key) {
            EXPECT_EQ(error.key, c.key) << c.text;
        }
        if (c.value) {
            EXPECT_EQ(error.value, c.value) << c.text;
        }
    }
}

// The traps: a NUL in a recipe file cut the message before its reason; a file saved with a UTF-8
// byte-order mark said "Unknown recipe key 'base'"; a name inside the file limit (64 KiB) took the
// training export to 3.5 GB, and every message quoted the whole value.
TEST(Recipe, NulByteOrderMarkAndLongValuesAreNamedOrTaken)
{
    constexpr char kWithNul[] = "name=x\nparams=bf16\0 grads=fp32";
    const RecipeError nul = errorOf(std::string_view(kWithNul, sizeof kWithNul - 1));
    EXPECT_EQ(nul.kind, RecipeErrorKind::ControlByte);
    EXPECT_EQ(nul.value, "0x00");
    EXPECT_EQ(nul.key, "2");

    const auto marked = parseRecipe("\xEF\xBB\xBF" "base=bf16-pure\nname=mine\n");
    ASSERT_TRUE(std::holds_alternative<Recipe>(marked));
    EXPECT_EQ(std::get<Recipe>(marked).name, "mine");
    EXPECT_EQ(std::get<Recipe>(marked).params.name(), "bf16");

    const std::string longest(kMaxRecipeNameBytes, 'n');
    ASSERT_TRUE(std::holds_alternative<Recipe>(parseRecipe("base=fp32 name=" + longest)));
    const std::string huge(60000, 'n');
    for (const std::string& text : {"base=fp32 name=" + huge, "name=x grads=" + huge, "name=x " + huge + "=1", huge}) {
        const RecipeError e = errorOf(text);
        EXPECT_LE(e.value.size(), kMaxShownValueBytes + 3) << e.value.size();
        EXPECT_LE(e.key.size(), kMaxShownValueBytes + 3) << e.key.size();
    }
    const auto list = parseRecipeList("fp32," + huge);
    ASSERT_TRUE(std::holds_alternative<RecipeError>(list));
    EXPECT_EQ(std::get<RecipeError>(list).value, std::string(kMaxShownValueBytes, 'n') + "...");
    // A cut never splits a UTF-8 character: 47 ASCII bytes then a three-byte character.
    const RecipeError utf8 = errorOf("name=x grads=" + std::string(47, 'a') + "\xE2\x82\xAC" + "tail");
    EXPECT_EQ(utf8.value, std::string(47, 'a') + "...");
}

TEST(Recipe, ListsTakePresetsAndTexts)
{
    auto list = parseRecipeList("fp32,base=bf16-pure;name=mine;update=stochastic,bf16-master");
    ASSERT_TRUE(std::holds_alternative<std::vector<Recipe>>(list));
    const auto& recipes = std::get<std::vector<Recipe>>(list);
    ASSERT_EQ(recipes.size(), 3u);
    EXPECT_EQ(recipes[1].name, "mine");
    EXPECT_TRUE(recipes[1].stochasticUpdate);
    const auto bad = parseRecipeList("fp32,bf16-purr");
    ASSERT_TRUE(std::holds_alternative<RecipeError>(bad));
    EXPECT_EQ(std::get<RecipeError>(bad).kind, RecipeErrorKind::UnknownPreset);
    EXPECT_EQ(std::get<RecipeError>(bad).value, "bf16-purr");
    EXPECT_EQ(std::get<RecipeError>(parseRecipeList("fp32,,bf16-pure")).kind, RecipeErrorKind::Empty);
}

// Lesson 14's ledger: fp32 + Adam and bf16 mixed precision are 16 bytes per parameter; without the
// master, 4 bytes fewer; Adam's moments in bf16 save 4 more; fp8 products cost no static memory.
TEST(Recipe, BytesPerParameterFromTheLedger)
{
    EXPECT_EQ(bytesPerParameter(*findPreset("fp32")), 16.0);
    EXPECT_EQ(bytesPerParameter(*findPreset("bf16-master")), 16.0);
    EXPECT_EQ(bytesPerParameter(*findPreset("fp16-amp")), 16.0);
    EXPECT_EQ(bytesPerParameter(*findPreset("bf16-pure")), 12.0);
    EXPECT_EQ(bytesPerParameter(*findPreset("bf16-stochastic")), 12.0);
    EXPECT_EQ(bytesPerParameter(*findPreset("fp8-current")), 16.0);
    EXPECT_EQ(bytesPerParameter(test::recipe("base=bf16-stochastic adam-m=bf16 adam-v=bf16")), 8.0);
    EXPECT_EQ(bytesPerParameter(test::recipe("name=t params=tf32 grads=e5m2")), 4 + 1 + 8);
    const LedgerScheme scheme = ledgerScheme(*findPreset("bf16-master"));
    EXPECT_EQ(scheme.bytesFor(ComponentRole::MasterWeights), 4.0);
    EXPECT_EQ(scheme.bytesFor(ComponentRole::OptimizerStates), 8.0);
}

}  // namespace
}  // namespace floatscope::train
