#include "preferences.h"

#include "object_names.h"

#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QLibraryInfo>
#include <QPalette>
#include <QSettings>
#include <QStyle>
#include <QSpinBox>
#include <QDoubleSpinBox>
#include <QStyleFactory>
#include <QTranslator>
#include <QVBoxLayout>

#include <algorithm>

namespace tweed::editor {

namespace {

constexpr int kMaxCacheMegabytes = 65536;
constexpr int kMaxPreRoll = 600;
constexpr double kMinGrabStiffness = 0.01, kMaxGrabStiffness = 1e5;

} // namespace

Preferences::Preferences(QObject *parent) : QObject(parent)
{
    QSettings settings;
    settings.beginGroup("preferences");
    mLanguage = settings.value("language", "en").toString();
    if (!languages().contains(mLanguage)) mLanguage = "en";
    mUnit = settings.value("units", "cm").toString() == "m" ? LengthUnit::Metres
                                                            : LengthUnit::Centimetres;
    mNavigation = settings.value("navigation", "maya").toString() == "blender" ? Navigation::Blender
                                                                               : Navigation::Maya;
    mTheme = settings.value("theme", "light").toString() == "dark" ? Theme::Dark : Theme::Light;
    mCacheMegabytes = std::clamp(settings.value("cacheMegabytes", mCacheMegabytes).toInt(), 0,
                                 kMaxCacheMegabytes);
    mPreRollFrames =
        std::clamp(settings.value("preRollFrames", mPreRollFrames).toInt(), 0, kMaxPreRoll);
    mGrabStiffness = std::clamp(settings.value("grabStiffness", mGrabStiffness).toDouble(),
                                kMinGrabStiffness, kMaxGrabStiffness);
}

void Preferences::setCacheMegabytes(int megabytes)
{
    megabytes = std::clamp(megabytes, 0, kMaxCacheMegabytes);
    if (megabytes == mCacheMegabytes) return;
    mCacheMegabytes = megabytes;
    store("cacheMegabytes", megabytes);
    emit simulationPreferencesChanged();
}

void Preferences::setPreRollFrames(int frames)
{
    frames = std::clamp(frames, 0, kMaxPreRoll);
    if (frames == mPreRollFrames) return;
    mPreRollFrames = frames;
    store("preRollFrames", frames);
    emit simulationPreferencesChanged();
}

void Preferences::setGrabStiffness(double stiffness)
{
    stiffness = std::clamp(stiffness, kMinGrabStiffness, kMaxGrabStiffness);
    if (stiffness == mGrabStiffness) return;
    mGrabStiffness = stiffness;
    store("grabStiffness", stiffness);
    emit simulationPreferencesChanged();
}

QStringList Preferences::languages()
{
    return {"en", "es", "de"};
}

QString Preferences::nativeLanguageName(const QString &code)
{
    if (code == "es") return QStringLiteral("Español");
    if (code == "de") return QStringLiteral("Deutsch");
    return QStringLiteral("English");
}

void Preferences::store(const char *key, const QVariant &value)
{
    QSettings settings;
    settings.setValue(QString("preferences/") + key, value);
}

void Preferences::setLanguage(const QString &language)
{
    if (language == mLanguage || !languages().contains(language)) return;
    mLanguage = language;
    store("language", language);
    emit languageChanged(language);
}

void Preferences::setLengthUnit(LengthUnit unit)
{
    if (unit == mUnit) return;
    mUnit = unit;
    store("units", unit == LengthUnit::Metres ? "m" : "cm");
    emit lengthUnitChanged(unit);
}

void Preferences::setNavigation(Navigation navigation)
{
    if (navigation == mNavigation) return;
    mNavigation = navigation;
    store("navigation", navigation == Navigation::Blender ? "blender" : "maya");
    emit navigationChanged(navigation);
}

void Preferences::setTheme(Theme theme)
{
    if (theme == mTheme) return;
    mTheme = theme;
    store("theme", theme == Theme::Dark ? "dark" : "light");
    emit themeChanged(theme);
}

void installLanguage(const QString &language)
{
    // One translator for the editor and one for Qt's own dialogs, replaced on each switch.
    static QTranslator *editorTranslator = nullptr;
    static QTranslator *qtTranslator = nullptr;
    for (QTranslator **t : {&editorTranslator, &qtTranslator}) {
        if (*t) {
            QCoreApplication::removeTranslator(*t);
            delete *t;
            *t = nullptr;
        }
    }
    if (language == "en" || language.isEmpty()) {
        // Removing the translators sends LanguageChange already.
        return;
    }
    editorTranslator = new QTranslator(qApp);
    if (editorTranslator->load(":/i18n/tweed_" + language + ".qm"))
        QCoreApplication::installTranslator(editorTranslator);
    qtTranslator = new QTranslator(qApp);
    if (qtTranslator->load("qtbase_" + language,
                           QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qtTranslator);
}

void applyTheme(Preferences::Theme theme)
{
    QApplication::setStyle(QStyleFactory::create("Fusion"));
    if (theme == Preferences::Theme::Light) {
        QApplication::setPalette(QApplication::style()->standardPalette());
        return;
    }
    QPalette p;
    const QColor window(45, 45, 48), base(30, 30, 32), text(220, 220, 220), disabled(120, 120, 120),
        highlight(64, 128, 200);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, window);
    p.setColor(QPalette::ToolTipBase, base);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, disabled);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::red);
    p.setColor(QPalette::Link, highlight.lighter(130));
    p.setColor(QPalette::Highlight, highlight);
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Light, window.lighter(150));
    p.setColor(QPalette::Midlight, window.lighter(125));
    p.setColor(QPalette::Mid, window.darker(120));
    p.setColor(QPalette::Dark, window.darker(150));
    p.setColor(QPalette::Shadow, Qt::black);
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, disabled);
    QApplication::setPalette(p);
}

PreferencesDialog::PreferencesDialog(Preferences *preferences, QWidget *parent)
    : QDialog(parent), mPreferences(preferences)
{
    setObjectName("PreferencesDialog");
    auto *form = new QFormLayout;
    mLanguageLabel = new QLabel(this);
    mUnitsLabel = new QLabel(this);
    mNavigationLabel = new QLabel(this);
    mThemeLabel = new QLabel(this);
    mLanguageCombo = new QComboBox(this);
    mLanguageCombo->setObjectName(names::kPreferencesDialogLanguageComboBox);
    for (const QString &code : Preferences::languages())
        mLanguageCombo->addItem(Preferences::nativeLanguageName(code), code);
    mUnitsCombo = new QComboBox(this);
    mUnitsCombo->setObjectName(names::kPreferencesDialogUnitsComboBox);
    mUnitsCombo->addItem(QString(), int(LengthUnit::Centimetres));
    mUnitsCombo->addItem(QString(), int(LengthUnit::Metres));
    mNavigationCombo = new QComboBox(this);
    mNavigationCombo->setObjectName(names::kPreferencesDialogNavigationComboBox);
    mNavigationCombo->addItem(QString(), int(Preferences::Navigation::Maya));
    mNavigationCombo->addItem(QString(), int(Preferences::Navigation::Blender));
    mThemeCombo = new QComboBox(this);
    mThemeCombo->setObjectName(names::kPreferencesDialogThemeComboBox);
    mThemeCombo->addItem(QString(), int(Preferences::Theme::Light));
    mThemeCombo->addItem(QString(), int(Preferences::Theme::Dark));
    form->addRow(mLanguageLabel, mLanguageCombo);
    form->addRow(mUnitsLabel, mUnitsCombo);
    form->addRow(mNavigationLabel, mNavigationCombo);
    form->addRow(mThemeLabel, mThemeCombo);
    mCacheLabel = new QLabel(this);
    mPreRollLabel = new QLabel(this);
    mGrabLabel = new QLabel(this);
    mCacheSpin = new QSpinBox(this);
    mCacheSpin->setObjectName(QStringLiteral("PreferencesDialog_CacheSpinBox"));
    mCacheSpin->setRange(0, kMaxCacheMegabytes);
    mCacheSpin->setSingleStep(128);
    mPreRollSpin = new QSpinBox(this);
    mPreRollSpin->setObjectName(QStringLiteral("PreferencesDialog_PreRollSpinBox"));
    mPreRollSpin->setRange(0, kMaxPreRoll);
    mGrabSpin = new QDoubleSpinBox(this);
    mGrabSpin->setObjectName(QStringLiteral("PreferencesDialog_GrabStiffnessSpinBox"));
    mGrabSpin->setRange(kMinGrabStiffness, kMaxGrabStiffness);
    mGrabSpin->setDecimals(2);
    form->addRow(mCacheLabel, mCacheSpin);
    form->addRow(mPreRollLabel, mPreRollSpin);
    form->addRow(mGrabLabel, mGrabSpin);
    connect(mCacheSpin, &QSpinBox::valueChanged, mPreferences, &Preferences::setCacheMegabytes);
    connect(mPreRollSpin, &QSpinBox::valueChanged, mPreferences, &Preferences::setPreRollFrames);
    connect(mGrabSpin, &QDoubleSpinBox::valueChanged, mPreferences,
            &Preferences::setGrabStiffness);
    mButtons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    mButtons->setObjectName(names::kPreferencesDialogButtonBox);
    connect(mButtons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(mButtons);

    connect(mLanguageCombo, &QComboBox::currentIndexChanged, this,
            [this] { mPreferences->setLanguage(mLanguageCombo->currentData().toString()); });
    connect(mUnitsCombo, &QComboBox::currentIndexChanged, this, [this] {
        mPreferences->setLengthUnit(LengthUnit(mUnitsCombo->currentData().toInt()));
    });
    connect(mNavigationCombo, &QComboBox::currentIndexChanged, this, [this] {
        mPreferences->setNavigation(
            Preferences::Navigation(mNavigationCombo->currentData().toInt()));
    });
    connect(mThemeCombo, &QComboBox::currentIndexChanged, this, [this] {
        mPreferences->setTheme(Preferences::Theme(mThemeCombo->currentData().toInt()));
    });
    retranslateUi();
    updateFromPreferences();
}

void PreferencesDialog::changeEvent(QEvent *event)
{
    QDialog::changeEvent(event);
    if (event->type() == QEvent::LanguageChange) retranslateUi();
}

void PreferencesDialog::retranslateUi()
{
    setWindowTitle(tr("Preferences"));
    mLanguageLabel->setText(tr("Language:"));
    mUnitsLabel->setText(tr("Lengths in:"));
    mNavigationLabel->setText(tr("Viewport navigation:"));
    mThemeLabel->setText(tr("Theme:"));
    mUnitsCombo->setItemText(0, tr("Centimetres"));
    mUnitsCombo->setItemText(1, tr("Metres"));
    mNavigationCombo->setItemText(0, tr("Maya-like (Alt + mouse)"));
    mNavigationCombo->setItemText(1, tr("Blender-like (middle mouse)"));
    mThemeCombo->setItemText(0, tr("Light"));
    mThemeCombo->setItemText(1, tr("Dark"));
    mCacheLabel->setText(tr("Simulation cache:"));
    mCacheSpin->setSuffix(tr(" MB"));
    mCacheSpin->setAccessibleName(tr("Simulation cache size"));
    mCacheSpin->setToolTip(tr("Memory the simulated frames may take (0 keeps none)"));
    mPreRollLabel->setText(tr("Pre-roll:"));
    mPreRollSpin->setSuffix(tr(" frames"));
    mPreRollSpin->setAccessibleName(tr("Pre-roll frames"));
    mPreRollSpin->setToolTip(
        tr("Frames the cloth settles on a clip's first pose before frame 0, so it does not pop"));
    mGrabLabel->setText(tr("Grab strength:"));
    mGrabSpin->setSuffix(tr(" N/m"));
    mGrabSpin->setAccessibleName(tr("Grab spring stiffness"));
    mGrabSpin->setToolTip(tr("Stiffness of the spring the Grab tool pulls the cloth with"));
}

void PreferencesDialog::updateFromPreferences()
{
    const QSignalBlocker b1(mLanguageCombo), b2(mUnitsCombo), b3(mNavigationCombo), b4(mThemeCombo);
    mLanguageCombo->setCurrentIndex(mLanguageCombo->findData(mPreferences->language()));
    mUnitsCombo->setCurrentIndex(mUnitsCombo->findData(int(mPreferences->lengthUnit())));
    mNavigationCombo->setCurrentIndex(mNavigationCombo->findData(int(mPreferences->navigation())));
    mThemeCombo->setCurrentIndex(mThemeCombo->findData(int(mPreferences->theme())));
    const QSignalBlocker b5(mCacheSpin), b6(mPreRollSpin), b7(mGrabSpin);
    mCacheSpin->setValue(mPreferences->cacheMegabytes());
    mPreRollSpin->setValue(mPreferences->preRollFrames());
    mGrabSpin->setValue(mPreferences->grabStiffness());
}

} // namespace tweed::editor
