#pragma once

#include <utility>
#include <vector>

#include <QString>
#include <QStringList>

#include "app/charts/Chart.h"
#include "app/figures/Figure.h"
#include "app/figures/FigureTable.h"

namespace floatscope::gui {

// Parts a lesson figure stacks (StackedFigure): charts side by side, and tables over paragraphs.

// Charts side by side, each with its share of the width (the training lab's curves beside its cost),
// or one under another where the width would cut their titles or legends.
class ChartRowFigure : public Figure {
public:
    ChartRowFigure(QString title, std::vector<std::pair<ChartSpec, double>> charts)
        : m_title(std::move(title)), m_charts(std::move(charts))
    {
    }

    QString title() const override { return m_title; }
    QSizeF preferredSize(const FigureStyle& style) const override;
    void paint(QPainter& painter, const QSizeF& size, const FigureStyle& style) const override;
    // The least height its charts read well at; it takes any more it is given.
    double heightForWidth(double width, const FigureStyle& style) const override;
    bool fillsHeight() const override { return true; }
    // Wide enough for the widest chart alone (narrower than side by side needs, they stack).
    double minimumWidth(const FigureStyle& style) const override;

private:
    // The width at which each chart's share keeps its title and legend whole.
    double sideBySideWidth(const FigureStyle& style) const;
    QString m_title;
    std::vector<std::pair<ChartSpec, double>> m_charts;
};

// Tables side by side where the width holds them all (else one under another), then paragraphs
// of words, wrapped to the width; as tall as they are.
class TablesFigure : public Figure {
public:
    TablesFigure(QString title, std::vector<FigureTable> tables, QStringList paragraphs)
        : m_title(std::move(title)), m_tables(std::move(tables)), m_paragraphs(std::move(paragraphs))
    {
    }

    QString title() const override { return m_title; }
    QSizeF preferredSize(const FigureStyle& style) const override;
    void paint(QPainter& painter, const QSizeF& size, const FigureStyle& style) const override;
    double heightForWidth(double width, const FigureStyle& style) const override;
    // The widest table, uncut, between the margins.
    double minimumWidth(const FigureStyle& style) const override;

private:
    // Lays the tables and paragraphs out at `width`, painting them when a painter is given; the height.
    double layout(double width, const FigureStyle& style, QPainter* painter) const;

    QString m_title;
    std::vector<FigureTable> m_tables;
    QStringList m_paragraphs;
};

}  // namespace floatscope::gui
