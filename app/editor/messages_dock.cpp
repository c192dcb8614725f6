#include "messages_dock.h"

#include "object_names.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QListWidget>
#include <QPushButton>
#include <QStyle>
#include <QVBoxLayout>

namespace tweed::editor {

MessagesDock::MessagesDock(QWidget *parent) : QDockWidget(parent)
{
    setObjectName(names::kMessagesDock);
    auto *body = new QWidget(this);
    body->setObjectName(names::kMessagesDockBody);
    auto *layout = new QVBoxLayout(body);
    layout->setContentsMargins(4, 4, 4, 4);
    mList = new QListWidget(body);
    mList->setObjectName(names::kMessagesDockList);
    mList->setWordWrap(true);
    mList->setSelectionMode(QAbstractItemView::ExtendedSelection);
    layout->addWidget(mList, 1);
    auto *buttons = new QHBoxLayout;
    buttons->addStretch(1);
    mClear = new QPushButton(body);
    mClear->setObjectName(names::kMessagesDockClearButton);
    buttons->addWidget(mClear);
    layout->addLayout(buttons);
    setWidget(body);
    connect(mClear, &QPushButton::clicked, this, &MessagesDock::clear);
    retranslateUi();
}

void MessagesDock::addMessages(const QString &source, const QStringList &messages)
{
    if (messages.isEmpty())
        return;
    const QIcon icon = style()->standardIcon(QStyle::SP_MessageBoxWarning);
    for (const QString &message : messages)
        new QListWidgetItem(icon, tr("%1: %2").arg(source, message), mList);
    mList->scrollToBottom();
    mClear->setEnabled(true);
    emit messagesChanged(mList->count());
}

QStringList MessagesDock::messages() const
{
    QStringList out;
    for (int i = 0; i < mList->count(); ++i)
        out << mList->item(i)->text();
    return out;
}

void MessagesDock::clear()
{
    mList->clear();
    mClear->setEnabled(false);
    emit messagesChanged(0);
}

void MessagesDock::changeEvent(QEvent *event)
{
    QDockWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
}

void MessagesDock::retranslateUi()
{
    setWindowTitle(tr("Messages"));
    mList->setAccessibleName(tr("Message List"));
    mList->setAccessibleDescription(
        tr("Warnings about the character and the asset, newest last"));
    mClear->setText(tr("Clear Messages"));
    mClear->setEnabled(mList->count() > 0);
}

} // namespace tweed::editor
