#include "settings_text.h"

#include <QCoreApplication>

namespace tweed::editor {

namespace {
QString translated(const char *text)
{
    return QCoreApplication::translate("SimulationSettings", text);
}
} // namespace

QString settingLabel(const tweed::SettingField &field)
{
    return translated(field.label);
}
QString settingGroup(const tweed::SettingField &field)
{
    return translated(field.group);
}
QString settingHelp(const tweed::SettingField &field)
{
    return translated(field.help);
}

QString enumDisplaySource(const char *name)
{
    QString text = QString::fromUtf8(name).replace('_', ' ');
    if (text.isEmpty()) return text;
    bool hasDigit = false;
    for (QChar c : text)
        hasDigit = hasDigit || c.isDigit();
    if (hasDigit) return text.toUpper();
    text[0] = text[0].toUpper();
    return text;
}

QString enumLabel(const char *name)
{
    return QCoreApplication::translate("SimulationSettings", enumDisplaySource(name).toUtf8());
}

QString presetLabel(const tweed::FabricPreset &preset)
{
    return translated(preset.label);
}

QString unitText(const char *unit)
{
    return QString::fromUtf8(unit).replace("^2", QStringLiteral("\u00B2"));
}

} // namespace tweed::editor
