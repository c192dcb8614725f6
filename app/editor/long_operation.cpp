#include "long_operation.h"

#include "tweed/errors.h"

#include <QEventLoop>
#include <QFutureWatcher>
#include <QProgressDialog>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <atomic>
#include <memory>

namespace tweed::editor {

namespace {
/// What the worker shares with the UI thread.
struct SharedProgress
{
    std::atomic<bool> cancelled{false};
    std::atomic<int> permille{0};
};
} // namespace

OperationOutcome
LongOperation::run(QWidget *parent, const QString &label,
                   const std::function<void(const tweed::ProgressCallback &)> &work)
{
    auto shared = std::make_shared<SharedProgress>();
    // The stage texts of core are not translated, so the dialog shows only the fraction.
    const tweed::ProgressCallback progress = [shared](float fraction, std::string_view) {
        shared->permille = int(std::clamp(fraction, 0.0f, 1.0f) * 1000.0f);
        return !shared->cancelled.load();
    };

    QFuture<OperationOutcome> future = QtConcurrent::run([work, progress] {
        OperationOutcome outcome;
        try {
            work(progress);
        } catch (const tweed::Cancelled &) {
            outcome.status = OperationOutcome::Cancelled;
        } catch (const std::exception &e) {
            outcome.status = OperationOutcome::Failed;
            outcome.error = QString::fromStdString(e.what());
        }
        return outcome;
    });

    QProgressDialog dialog(label, tr("Cancel"), 0, 1000, parent);
    dialog.setObjectName("LongOperation_ProgressDialog");
    dialog.setWindowTitle(label);
    dialog.setWindowModality(Qt::WindowModal);
    dialog.setMinimumDuration(400);
    dialog.setAutoClose(false);
    dialog.setAutoReset(false);
    dialog.setValue(0);

    QEventLoop loop;
    QFutureWatcher<OperationOutcome> watcher;
    QObject::connect(&watcher, &QFutureWatcherBase::finished, &loop, &QEventLoop::quit);
    QObject::connect(&dialog, &QProgressDialog::canceled, &dialog,
                     [shared] { shared->cancelled = true; });
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &dialog,
                     [&dialog, shared] { dialog.setValue(shared->permille.load()); });
    poll.start(50);
    watcher.setFuture(future);
    if (!future.isFinished()) loop.exec();
    poll.stop();
    OperationOutcome outcome = future.result();
    // A cancel that came too late to stop the work still means the user asked to drop it.
    if (shared->cancelled && outcome.status == OperationOutcome::Finished)
        outcome.status = OperationOutcome::Cancelled;
    // Closing a progress dialog emits canceled(); the outcome is already decided.
    dialog.disconnect();
    dialog.close();
    return outcome;
}

} // namespace tweed::editor
