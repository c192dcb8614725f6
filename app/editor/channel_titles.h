// The painted channels' names as the user reads them (translated), for the Paint panel, the
// brush read-out, undo step names and the Inspect read-out; files and scripts use
// channelName's snake_case keys instead.
#pragma once

#include "tweed/channels.h"

#include <QCoreApplication>
#include <QString>

namespace tweed::editor {

class ChannelTitles
{
    Q_DECLARE_TR_FUNCTIONS(ChannelTitles)

public:
    static QString of(FloatChannel channel);
    static QString of(MaskChannel channel);
};

} // namespace tweed::editor
