#pragma once

class QLabel;
class QAbstractButton;
class QScrollArea;
class QStackedWidget;
class QString;
class QWidget;

// Small pieces every lesson and scaling panel builds the same way.
namespace floatscope::gui {

// A hidden, word-wrapped label in the red of the inspector's value hint.
QLabel* makeErrorHint(QWidget* parent);

// Shows `text` in the hint, or hides the hint when `text` is empty.
void setErrorHint(QLabel* hint, const QString& text);

// Shows `text` in red as rich text (escaped), or hides the hint when `text` is empty.
void setErrorHintHtml(QLabel* hint, const QString& text);

// Sets the text of a button that opens a menu, and widens it so that the style's menu
// arrow (drawn in the corner, Fusion's over the last letter) has room of its own.
void setMenuButtonText(QAbstractButton* button, const QString& text);

// A stacked widget as tall as its current page, not its tallest one.
void fitToCurrentPage(QStackedWidget* stack);

// Fills `panel` edge to edge with a frameless scroll area around `content`.
QScrollArea* wrapInScrollArea(QWidget* panel, QWidget* content);

}  // namespace floatscope::gui
