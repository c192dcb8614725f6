// Running one of the project's programs from a test: its exit code and what it printed.
#pragma once

#include <QByteArray>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QtGlobal>

namespace tweed::test {

struct ProgramResult
{
    int exitCode = -1; ///< -2 when the program crashed
    QByteArray out;
    QByteArray err;
};

/// Runs program with args (in env, by default the test's own environment) and waits for it
/// (10 minutes at most, then the test stops).
inline ProgramResult runProgram(const QString &program, const QStringList &args,
                                const QProcessEnvironment &env =
                                    QProcessEnvironment::systemEnvironment())
{
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(program, args);
    if (!p.waitForFinished(600000))
        qFatal("%s did not finish: %s", qPrintable(program), qPrintable(args.join(' ')));
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2, p.readAllStandardOutput(),
            p.readAllStandardError()};
}

#ifdef TWEED_CLI
inline ProgramResult runCli(const QStringList &args)
{
    return runProgram(QStringLiteral(TWEED_CLI), args);
}
#endif

} // namespace tweed::test
