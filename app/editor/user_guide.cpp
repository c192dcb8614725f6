#include "user_guide.h"

#include "object_names.h"

#include <QCoreApplication>
#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QTextBrowser>
#include <QToolButton>
#include <QUrl>
#include <QVBoxLayout>

namespace tweed::editor {

QString userGuidePath()
{
    const QString appDir = QCoreApplication::applicationDirPath();
    const QStringList candidates = {
        appDir + "/../share/doc/tweed/guide/README.md", // installed
        appDir + "/../../docs/guide/README.md",         // build/app/tweed in the repository
        QStringLiteral(TWEED_SOURCE_DOCS "/guide/README.md"), // where this build was made
    };
    for (const QString &path : candidates)
        if (QFileInfo::exists(path)) return QDir::cleanPath(QFileInfo(path).absoluteFilePath());
    return {};
}

UserGuideWindow::UserGuideWindow(QWidget *parent)
    : QWidget(parent, Qt::Window), mBrowser(new QTextBrowser(this)),
      mBack(new QToolButton(this)), mContents(new QToolButton(this)),
      mFirstPage(userGuidePath())
{
    setObjectName(names::kUserGuideWindow);
    mBrowser->setObjectName(names::kUserGuideBrowser);
    mBack->setObjectName(names::kUserGuideBackButton);
    mContents->setObjectName(names::kUserGuideContentsButton);
    // Links to other pages open here; links to the web in the user's browser.
    mBrowser->setOpenExternalLinks(true);
    mBack->setEnabled(false);
    connect(mBrowser, &QTextBrowser::backwardAvailable, mBack, &QToolButton::setEnabled);
    connect(mBack, &QToolButton::clicked, mBrowser, &QTextBrowser::backward);
    connect(mContents, &QToolButton::clicked, this, &UserGuideWindow::showContents);

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(mBack);
    buttons->addWidget(mContents);
    buttons->addStretch();
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(buttons);
    layout->addWidget(mBrowser);
    resize(900, 700);
    retranslateUi();
    showContents();
}

void UserGuideWindow::showContents()
{
    if (mFirstPage.isEmpty()) {
        mBrowser->setPlainText(tr("The user guide is not installed. It is in the docs/guide folder "
                                  "of Tweed's source."));
        return;
    }
    mBrowser->setSource(QUrl::fromLocalFile(mFirstPage), QTextDocument::MarkdownResource);
}

void UserGuideWindow::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) retranslateUi();
    QWidget::changeEvent(event);
}

void UserGuideWindow::retranslateUi()
{
    setWindowTitle(tr("Tweed User Guide"));
    mBack->setText(tr("Back"));
    mBack->setAccessibleName(tr("Back to the previous page of the guide"));
    mContents->setText(tr("Contents"));
    mContents->setAccessibleName(tr("Contents of the guide"));
    mBrowser->setAccessibleName(tr("User guide page"));
}

} // namespace tweed::editor
