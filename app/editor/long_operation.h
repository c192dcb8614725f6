// Runs a long operation (import, re-import, loading) on a worker thread behind a progress
// dialog with Cancel. The caller's data is untouched until the result is handed back.
#pragma once

#include "tweed/progress.h"

#include <QCoreApplication>
#include <QString>

#include <functional>
#include <optional>

class QWidget;

namespace tweed::editor {

/// How a long operation ended: finished, cancelled by the user, or failed with a message that
/// names the file and the problem.
struct OperationOutcome
{
    enum Status
    {
        Finished,
        Cancelled,
        Failed
    } status = Finished;
    QString error;
};

class LongOperation
{
    Q_DECLARE_TR_FUNCTIONS(tweed::editor::LongOperation)

public:
    /// Runs work(progress) on a worker thread while a modal progress dialog titled `label` is
    /// shown (after a short delay); Cancel makes the progress callback return false, which makes
    /// the work throw tweed::Cancelled. Exceptions become the outcome's error.
    static OperationOutcome run(QWidget *parent, const QString &label,
                                const std::function<void(const tweed::ProgressCallback &)> &work);
};

} // namespace tweed::editor
