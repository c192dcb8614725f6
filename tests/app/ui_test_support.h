// Shared by the editor's UI tests: isolated settings, scripted prompts, widget look-up.
#pragma once

#include "mainwindow.h"
#include "prompts.h"

#include <QCoreApplication>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>

#include <deque>

namespace tweed::test {

/// Settings and app data in Qt's test locations, emptied: no test sees another's preferences.
inline void isolateSettings(const char *name)
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName("TweedTests");
    QCoreApplication::setApplicationName(name);
    QSettings().clear();
}

/// Answers the editor's questions from queues the test fills and records what it was shown.
class ScriptedPrompts : public editor::Prompts
{
public:
    std::deque<QString> openFiles; ///< answers of openFileName (empty = cancel)
    std::deque<QString> saveFiles; ///< answers of saveFileName
    UnsavedAnswer unsavedAnswer = UnsavedAnswer::Discard;
    bool restoreAnswer = true;
    QStringList errors;   ///< messages of showError
    QStringList warnings; ///< every warning of showWarnings
    int unsavedAsked = 0;

    QString openFileName(QWidget *, const QString &, const QString &, const QString &) override
    {
        return pop(openFiles);
    }
    QString saveFileName(QWidget *, const QString &, const QString &, const QString &) override
    {
        return pop(saveFiles);
    }
    UnsavedAnswer askUnsaved(QWidget *, const QString &) override
    {
        ++unsavedAsked;
        return unsavedAnswer;
    }
    bool askRestore(QWidget *, const QString &) override { return restoreAnswer; }
    void showError(QWidget *, const QString &, const QString &message) override
    {
        errors << message;
    }
    void showWarnings(QWidget *, const QString &, const QStringList &list) override
    {
        warnings << list;
    }

private:
    static QString pop(std::deque<QString> &queue)
    {
        if (queue.empty()) return {};
        QString s = queue.front();
        queue.pop_front();
        return s;
    }
};

/// A child of the window by objectName, failing the test when it is missing.
template <class T> T *child(QObject *parent, const char *name)
{
    T *object = parent->findChild<T *>(QString::fromUtf8(name));
    if (!object) qWarning("no %s named %s", T::staticMetaObject.className(), name);
    return object;
}

} // namespace tweed::test
