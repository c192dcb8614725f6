// Long operations run off the UI thread behind a progress dialog: Cancel stops the work and the
// caller sees "cancelled"; errors come back as messages; the UI keeps processing events.
#include "long_operation.h"

#include "tweed/errors.h"

#include <QAbstractButton>
#include <QApplication>
#include <QElapsedTimer>
#include <QProgressDialog>
#include <QTest>
#include <QThread>
#include <QTimer>
#include <QWidget>

#include <atomic>

using namespace tweed;
using namespace tweed::editor;

class TestLongOperation : public QObject
{
    Q_OBJECT

private slots:
    void finishedWorkRunsOffTheUiThread()
    {
        QWidget parent;
        parent.show();
        QThread *worker = nullptr;
        int result = 0;
        const OperationOutcome outcome =
            LongOperation::run(&parent, "Adding", [&](const ProgressCallback &progress) {
                worker = QThread::currentThread();
                for (int i = 1; i <= 100; ++i) {
                    reportProgress(progress, float(i) / 100.0f, "adding");
                    result += i;
                }
            });
        QCOMPARE(outcome.status, OperationOutcome::Finished);
        QCOMPARE(result, 5050);
        QVERIFY(worker && worker != QApplication::instance()->thread());
    }

    void cancelButtonStopsTheWork()
    {
        QWidget parent;
        parent.show();
        std::atomic<bool> stoppedByCancel{false};
        // Press Cancel on the progress dialog once it is shown.
        QTimer clicker;
        connect(&clicker, &QTimer::timeout, &parent, [&parent] {
            auto *dialog = parent.findChild<QProgressDialog *>("LongOperation_ProgressDialog");
            if (!dialog || !dialog->isVisible()) return;
            for (QAbstractButton *button : dialog->findChildren<QAbstractButton *>())
                button->click();
        });
        clicker.start(50);
        QElapsedTimer clock;
        clock.start();
        const OperationOutcome outcome =
            LongOperation::run(&parent, "Forever", [&](const ProgressCallback &progress) {
                try {
                    while (true) {
                        reportProgress(progress, 0.5f, "waiting");
                        QThread::msleep(5);
                    }
                } catch (const Cancelled &) {
                    stoppedByCancel = true;
                    throw;
                }
            });
        QCOMPARE(outcome.status, OperationOutcome::Cancelled);
        QVERIFY(stoppedByCancel);
        QVERIFY(clock.elapsed() < 20000);
    }

    void errorsComeBackAsMessages()
    {
        const OperationOutcome outcome =
            LongOperation::run(nullptr, "Failing", [](const ProgressCallback &) {
                throw FileError("/tmp/coat.fbx", "not a character file");
            });
        QCOMPARE(outcome.status, OperationOutcome::Failed);
        QCOMPARE(outcome.error, QString("/tmp/coat.fbx: not a character file"));
    }
};

QTEST_MAIN(TestLongOperation)
#include "test_long_operation.moc"
