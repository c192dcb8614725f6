// Starting the editor: application set-up, command line, first window.
#pragma once

#include <QString>
#include <QStringList>

namespace tweed::editor {

/// The bundled sample character: next to the executable's resources (an installed or a build
/// tree), else where the build found it. Empty when it is nowhere.
QString sampleCharacterPath();

/// Runs the editor: `tweed [FILE] [--screenshot PATH]`. Returns the exit code.
int runEditor(int argc, char *argv[]);

} // namespace tweed::editor
