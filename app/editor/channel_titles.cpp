#include "channel_titles.h"

namespace tweed::editor {

QString ChannelTitles::of(FloatChannel channel)
{
    switch (channel) {
    case FloatChannel::MaxDistance:
        return tr("Max Distance");
    case FloatChannel::BackstopRadius:
        return tr("Backstop Radius");
    case FloatChannel::BackstopDistance:
        return tr("Backstop Distance");
    case FloatChannel::StiffnessScale:
        return tr("Stiffness Scale");
    case FloatChannel::DampingScale:
        return tr("Damping Scale");
    case FloatChannel::WindScale:
        return tr("Wind Scale");
    case FloatChannel::MassScale:
        return tr("Mass Scale");
    case FloatChannel::BendScale:
        return tr("Bend Scale");
    case FloatChannel::Count:
        break;
    }
    return {};
}

QString ChannelTitles::of(MaskChannel channel)
{
    switch (channel) {
    case MaskChannel::Physics:
        return tr("Physics (on/off)");
    case MaskChannel::LatchMaster:
        return tr("Latch Master");
    case MaskChannel::LatchSlave:
        return tr("Latch Slave");
    case MaskChannel::Count:
        break;
    }
    return {};
}

} // namespace tweed::editor
