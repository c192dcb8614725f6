// What the authoring docks work with: the document and the objects kept beside it (its
// playback, the viewport that draws it, the simulation preview, the dialogs, the preferences).
// The main window owns them all and hands each dock this, so no dock knows the window.
#pragma once

#include "prompts.h"

#include <memory>

namespace tweed::editor {

class Document;
class Playback;
class Preferences;
class SimulationController;
class Viewport;

struct EditorContext
{
    Document *document = nullptr;
    Playback *playback = nullptr;
    Viewport *viewport = nullptr;
    SimulationController *simulation = nullptr;
    Preferences *preferences = nullptr;
    /// Replaceable (the UI tests answer the dialogs), so read it when asking, never keep it.
    std::unique_ptr<Prompts> prompts;
};

} // namespace tweed::editor
