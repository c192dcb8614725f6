// The Messages panel: what the editor has to say without stopping the user (the warnings of a
// character on import, of a re-import or a restored session). Nothing here is modal.
#pragma once

#include <QDockWidget>
#include <QStringList>

class QListWidget;
class QPushButton;

namespace tweed::editor {

class MessagesDock : public QDockWidget
{
    Q_OBJECT

public:
    explicit MessagesDock(QWidget *parent = nullptr);

    /// Appends `messages`, each shown as "<source>: <message>"; nothing for an empty list.
    void addMessages(const QString &source, const QStringList &messages);
    /// The texts shown, oldest first.
    QStringList messages() const;
    void clear();

signals:
    void messagesChanged(int count);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();

    QListWidget *mList;
    QPushButton *mClear;
};

} // namespace tweed::editor
