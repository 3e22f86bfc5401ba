#include "core/train/Model.h"

#include "core/lessons/SeededRandom.h"

namespace floatscope::train {

ParameterLayout::ParameterLayout(const ModelShape& s) : m_shape(s)
{
    const auto add = [&](std::string name, TensorKind kind, int rows, int cols) {
        TensorSlot t;
        t.name = std::move(name);
        t.kind = kind;
        t.offset = m_size;
        t.rows = static_cast<std::size_t>(rows);
        t.cols = static_cast<std::size_t>(cols);
        m_size += t.size();
        m_tensors.push_back(std::move(t));
    };
    add("embedding", TensorKind::Embedding, s.vocabulary, s.width);
    add("position", TensorKind::Embedding, s.context, s.width);
    for (int l = 0; l < s.layers; ++l) {
        const std::string p = "layer" + std::to_string(l) + ".";
        add(p + "norm1", TensorKind::Gain, 1, s.width);
        add(p + "qkv", TensorKind::Matrix, s.width, 3 * s.width);
        add(p + "out", TensorKind::Matrix, s.width, s.width);
        add(p + "norm2", TensorKind::Gain, 1, s.width);
        add(p + "up", TensorKind::Matrix, s.width, s.hidden);
        add(p + "down", TensorKind::Matrix, s.hidden, s.width);
    }
    add("norm", TensorKind::Gain, 1, s.width);
    add("head", TensorKind::Matrix, s.width, s.vocabulary);
}

std::vector<float> initialParameters(const ParameterLayout& layout, std::uint64_t seed)
{
    std::vector<float> p(layout.size());
    SeededRandom random(seed);
    for (const TensorSlot& t : layout.tensors())
        for (std::size_t i = 0; i < t.size(); ++i)
            p[t.offset + i] = t.kind == TensorKind::Gain ? 1.0f
                                                          : static_cast<float>(random.normal() * layout.shape().initStd);
    return p;
}

}  // namespace floatscope::train
