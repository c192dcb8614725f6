// Starting the editor: application set-up, command line, first window.
#pragma once

namespace tweed::editor {

/// Runs the editor: `tweed [FILE] [--screenshot PATH]`. Returns the exit code.
int runEditor(int argc, char *argv[]);

} // namespace tweed::editor
