#include "prompts.h"

#include <QFileDialog>
#include <QMessageBox>

namespace tweed::editor {

QString Prompts::openFileName(QWidget *parent, const QString &title, const QString &dir,
                              const QString &filter)
{
    return QFileDialog::getOpenFileName(parent, title, dir, filter);
}

QString Prompts::saveFileName(QWidget *parent, const QString &title, const QString &path,
                              const QString &filter)
{
    return QFileDialog::getSaveFileName(parent, title, path, filter);
}

Prompts::UnsavedAnswer Prompts::askUnsaved(QWidget *parent, const QString &name)
{
    const auto answer = QMessageBox::question(
        parent, tr("Unsaved changes"), tr("%1 has unsaved changes. Save them first?").arg(name),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save) return UnsavedAnswer::Save;
    if (answer == QMessageBox::Discard) return UnsavedAnswer::Discard;
    return UnsavedAnswer::Cancel;
}

bool Prompts::askRestore(QWidget *parent, const QString &description)
{
    return QMessageBox::question(parent, tr("Restore unsaved work"),
                                 tr("Tweed did not close cleanly last time. Restore the "
                                    "unsaved work on %1?")
                                     .arg(description),
                                 QMessageBox::Yes | QMessageBox::No,
                                 QMessageBox::Yes) == QMessageBox::Yes;
}

void Prompts::showError(QWidget *parent, const QString &title, const QString &message)
{
    QMessageBox::critical(parent, title, message);
}

void Prompts::showWarnings(QWidget *parent, const QString &title, const QStringList &warnings)
{
    if (!warnings.isEmpty()) QMessageBox::warning(parent, title, warnings.join("\n\n"));
}

} // namespace tweed::editor
