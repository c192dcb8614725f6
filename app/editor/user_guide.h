// Help > User Guide: the artist's guide (docs/guide, Markdown) in a window of its own.
#pragma once

#include <QWidget>

class QTextBrowser;
class QToolButton;

namespace tweed::editor {

/// The guide's first page: installed beside the program (share/doc/tweed/guide), else the
/// repository's docs/ when run from a build tree. Empty when it is nowhere.
QString userGuidePath();

/// A browser of the guide's pages: links between pages and their images work offline, Back and
/// Contents navigate. Says so in the window when the guide is not installed.
class UserGuideWindow : public QWidget
{
    Q_OBJECT
public:
    explicit UserGuideWindow(QWidget *parent = nullptr);
    /// Shows the first page.
    void showContents();
    QTextBrowser *browser() const { return mBrowser; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();
    QTextBrowser *mBrowser;
    QToolButton *mBack;
    QToolButton *mContents;
    QString mFirstPage;
};

} // namespace tweed::editor
