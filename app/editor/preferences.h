// The user's preferences (language, units, navigation style, theme), kept in QSettings and
// applied live: changing one emits changed(), and the main window applies it everywhere.
#pragma once

#include "units.h"

#include <QDialog>
#include <QObject>
#include <QString>

class QComboBox;
class QSpinBox;
class QDoubleSpinBox;
class QLabel;
class QDialogButtonBox;
class QTranslator;

namespace tweed::editor {

class Preferences : public QObject
{
    Q_OBJECT

public:
    enum class Navigation
    {
        Maya,
        Blender
    };
    enum class Theme
    {
        Light,
        Dark
    };

    /// Reads the stored preferences (QSettings group "preferences").
    explicit Preferences(QObject *parent = nullptr);

    /// "en", "es" or "de".
    QString language() const { return mLanguage; }
    LengthUnit lengthUnit() const { return mUnit; }
    Navigation navigation() const { return mNavigation; }
    Theme theme() const { return mTheme; }

    void setLanguage(const QString &language);
    void setLengthUnit(LengthUnit unit);
    void setNavigation(Navigation navigation);
    void setTheme(Theme theme);

    /// Megabytes the simulation cache may hold (0 caches nothing).
    int cacheMegabytes() const { return mCacheMegabytes; }
    /// Frames the simulation settles on a clip's first pose before frame 0.
    int preRollFrames() const { return mPreRollFrames; }
    /// Stiffness of the Grab tool's spring, newtons per metre.
    double grabStiffness() const { return mGrabStiffness; }
    void setCacheMegabytes(int megabytes);
    void setPreRollFrames(int frames);
    void setGrabStiffness(double stiffness);

    /// The languages offered, as codes.
    static QStringList languages();
    /// A language's name in that language ("Español"), so everyone finds their own.
    static QString nativeLanguageName(const QString &code);

signals:
    void languageChanged(const QString &language);
    void lengthUnitChanged(tweed::editor::LengthUnit unit);
    void navigationChanged(tweed::editor::Preferences::Navigation navigation);
    void themeChanged(tweed::editor::Preferences::Theme theme);
    void simulationPreferencesChanged();

private:
    void store(const char *key, const QVariant &value);

    QString mLanguage;
    LengthUnit mUnit;
    Navigation mNavigation;
    Theme mTheme;
    int mCacheMegabytes = 1024;
    int mPreRollFrames = 0;
    double mGrabStiffness = 200.0;
};

/// Installs the editor's translation (and Qt's own) for a language; "en" removes them. Widgets
/// then receive QEvent::LanguageChange and retranslate themselves.
void installLanguage(const QString &language);
/// Sets the application palette for a theme (Fusion style, so both themes look alike).
void applyTheme(Preferences::Theme theme);

/// Edits the preferences; every change applies at once.
class PreferencesDialog : public QDialog
{
    Q_OBJECT

public:
    PreferencesDialog(Preferences *preferences, QWidget *parent = nullptr);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();
    void updateFromPreferences();

    Preferences *mPreferences;
    QLabel *mLanguageLabel, *mUnitsLabel, *mNavigationLabel, *mThemeLabel;
    QComboBox *mLanguageCombo, *mUnitsCombo, *mNavigationCombo, *mThemeCombo;
    QLabel *mCacheLabel, *mPreRollLabel, *mGrabLabel;
    QSpinBox *mCacheSpin, *mPreRollSpin;
    QDoubleSpinBox *mGrabSpin;
    QDialogButtonBox *mButtons;
};

} // namespace tweed::editor
