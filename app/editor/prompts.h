// Every question the editor asks the user and every file it asks for, behind one interface so
// the UI tests can answer them without modal dialogs (MainWindow::setPrompts()).
#pragma once

#include <QCoreApplication>
#include <QString>
#include <QStringList>

class QWidget;

namespace tweed::editor {

class Prompts
{
    Q_DECLARE_TR_FUNCTIONS(tweed::editor::Prompts)

public:
    enum class UnsavedAnswer
    {
        Save,
        Discard,
        Cancel
    };

    virtual ~Prompts() = default;
    /// A file to open; empty when cancelled. `filter` is a QFileDialog name filter.
    virtual QString openFileName(QWidget *parent, const QString &title, const QString &dir,
                                 const QString &filter);
    /// A file to write; empty when cancelled.
    virtual QString saveFileName(QWidget *parent, const QString &title, const QString &path,
                                 const QString &filter);
    /// The document `name` has unsaved changes: save, discard or cancel?
    virtual UnsavedAnswer askUnsaved(QWidget *parent, const QString &name);
    /// A recovery file of an unsaved session exists: restore it?
    virtual bool askRestore(QWidget *parent, const QString &description);
    /// An error naming the file and the problem.
    virtual void showError(QWidget *parent, const QString &title, const QString &message);
    /// Notes after an operation that worked (e.g. a missing source character).
    virtual void showWarnings(QWidget *parent, const QString &title, const QStringList &warnings);
};

} // namespace tweed::editor
