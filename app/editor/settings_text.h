// Translated texts of the simulation settings table and fabric presets (core has no Qt; the
// English texts are listed for lupdate in settings_strings.cpp under context
// "SimulationSettings").
#pragma once

#include "tweed/simulation_settings.h"

#include <QString>

namespace tweed::editor {

QString settingLabel(const tweed::SettingField &field);
QString settingGroup(const tweed::SettingField &field);
QString settingHelp(const tweed::SettingField &field);
/// The English display text of an enum value's stable name ("position_based" -> "Position
/// based", "rk4" -> "RK4"), the source text of its translation.
QString enumDisplaySource(const char *name);
QString enumLabel(const char *name);
QString presetLabel(const tweed::FabricPreset &preset);
/// A unit for display ("kg/m^2" -> "kg/m²").
QString unitText(const char *unit);

} // namespace tweed::editor
