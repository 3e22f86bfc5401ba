#pragma once

#include <string>
#include <vector>

#include <QListWidget>

#include "core/format/Format.h"

namespace floatscope::gui {

// Every named format as a checkable item, wrapped into as many rows as the width needs, each with
// its colour from the shared palette. Space toggles the current item.
class FormatChecklist : public QListWidget {
    Q_OBJECT

public:
    explicit FormatChecklist(const std::vector<std::string>& checked, QWidget* parent = nullptr);

    std::vector<Format> checkedFormats() const;
    void setChecked(const std::vector<std::string>& names);

signals:
    void checkedChanged();

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void fitHeight();
};

}  // namespace floatscope::gui
