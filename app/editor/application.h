// Starting the editor: application set-up, command line, first window.
#pragma once

#include <QString>
#include <QStringList>

namespace tweed::editor {

/// The bundled sample character: next to the executable's resources (an installed or a build
/// tree), else where the build found it. Empty when it is nowhere.
QString sampleCharacterPath();

/// Whether the command line asks only for the help or the version (-h, --help, --help-all,
/// -v, --version before any "--"): answered without a display.
bool onlyPrintsHelpOrVersion(int argc, const char *const argv[]);

/// Runs the editor: `tweed [FILE] [--screenshot PATH]`. Returns the exit code.
int runEditor(int argc, char *argv[]);

} // namespace tweed::editor
