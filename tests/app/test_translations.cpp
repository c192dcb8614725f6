// The translations are complete: every message of translations/*.ts is translated (no
// unfinished, vanished or empty entry), every string the editor's sources pass to tr() is in
// them, and so is every text of the simulation settings table and the fabric presets (which
// live in core, without Qt).
#include "settings_text.h"

#include "test_paths.h"

#include "tweed/asset.h"
#include "tweed/collision.h"
#include "tweed/simulation_settings.h"

#include <QDir>
#include <QProcess>
#include <QTemporaryDir>
#include <QFile>
#include <QMap>
#include <QSet>
#include <QTest>
#include <QXmlStreamReader>

namespace {

struct TsFile
{
    QString language;
    /// context -> source texts with a finished translation
    QMap<QString, QSet<QString>> translated;
    QStringList problems;
    int messages = 0;
};

TsFile readTs(const QString &path)
{
    TsFile ts;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        ts.problems << path + ": cannot open";
        return ts;
    }
    QXmlStreamReader xml(&file);
    QString context, source;
    bool numerus = false;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement()) continue;
        const auto name = xml.name();
        if (name == u"TS") {
            ts.language = xml.attributes().value("language").toString();
        } else if (name == u"context") {
            context.clear();
        } else if (name == u"name" && context.isEmpty()) {
            context = xml.readElementText();
        } else if (name == u"message") {
            numerus = xml.attributes().value("numerus") == u"yes";
            source.clear();
            ++ts.messages;
        } else if (name == u"source") {
            source = xml.readElementText();
        } else if (name == u"translation") {
            const QString type = xml.attributes().value("type").toString();
            QString text;
            bool empty = false;
            if (numerus) {
                int forms = 0;
                while (xml.readNextStartElement()) {
                    if (xml.name() == u"numerusform") {
                        const QString form = xml.readElementText();
                        empty = empty || form.trimmed().isEmpty();
                        ++forms;
                    } else {
                        xml.skipCurrentElement();
                    }
                }
                empty = empty || forms == 0;
            } else {
                text = xml.readElementText();
                empty = text.trimmed().isEmpty();
            }
            const QString where = QString("%1 [%2] \"%3\"").arg(path, context, source);
            if (!type.isEmpty())
                ts.problems << where + ": " + type;
            else if (empty)
                ts.problems << where + ": empty translation";
            else
                ts.translated[context].insert(source);
        }
    }
    if (xml.hasError()) ts.problems << path + ": " + xml.errorString();
    return ts;
}

QStringList tsFiles()
{
    const QDir dir(QString::fromStdString(tweed::test::kSourceDir) + "/translations");
    QStringList files;
    for (const QString &name : dir.entryList({"*.ts"}, QDir::Files))
        files << dir.filePath(name);
    return files;
}

/// The texts of core's tables that the editor shows, translated under "SimulationSettings".
QStringList tableTexts()
{
    QStringList texts;
    for (const tweed::SettingField &f : tweed::settingsFields()) {
        texts << f.label << f.group << f.help;
        for (const char *name : f.enumNames)
            texts << tweed::editor::enumDisplaySource(name);
    }
    for (const tweed::FabricPreset &p : tweed::fabricPresets())
        texts << p.label;
    for (auto shape : {tweed::CollisionShape::Ellipsoid, tweed::CollisionShape::Sphere,
                       tweed::CollisionShape::Capsule, tweed::CollisionShape::TaperedCapsule,
                       tweed::CollisionShape::Plane})
        texts << tweed::editor::enumDisplaySource(std::string(tweed::shapeName(shape)).c_str());
    for (auto method : {tweed::GenerationMethod::Immediate, tweed::GenerationMethod::Weld,
                        tweed::GenerationMethod::Simplify, tweed::GenerationMethod::IsoSurface,
                        tweed::GenerationMethod::Custom})
        texts << tweed::editor::enumDisplaySource(std::string(tweed::methodName(method)).c_str());
    texts.removeDuplicates();
    return texts;
}

} // namespace

class TestTranslations : public QObject
{
    Q_OBJECT

private slots:
    void spanishAndGermanExist()
    {
        const QStringList files = tsFiles();
        QVERIFY(files.contains(QString::fromStdString(tweed::test::kSourceDir) +
                               "/translations/tweed_es.ts"));
        QVERIFY(files.contains(QString::fromStdString(tweed::test::kSourceDir) +
                               "/translations/tweed_de.ts"));
    }

    void everyMessageTranslated_data()
    {
        QTest::addColumn<QString>("path");
        for (const QString &path : tsFiles())
            QTest::newRow(qPrintable(QFileInfo(path).fileName())) << path;
    }
    void everyMessageTranslated()
    {
        QFETCH(QString, path);
        const TsFile ts = readTs(path);
        QVERIFY2(ts.problems.isEmpty(), qPrintable(ts.problems.join('\n')));
        // The editor has a few hundred strings; a nearly empty file is not "complete".
        QVERIFY2(ts.messages > 200, qPrintable(QString("only %1 messages").arg(ts.messages)));
        QVERIFY(ts.translated.contains("tweed::editor::MainWindow"));
        QVERIFY(ts.translated["tweed::editor::MainWindow"].contains("&File"));
    }

    void everySourceStringTranslated_data() { everyMessageTranslated_data(); }
    void everySourceStringTranslated()
    {
        // What lupdate finds in the sources today, into a scratch file.
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString scratch = dir.filePath("sources.ts");
        QProcess lupdate;
        lupdate.start(QStringLiteral(TWEED_LUPDATE),
                      {"-silent", "-no-obsolete", "-locations", "none",
                       QString::fromStdString(tweed::test::kSourceDir) + "/app/editor", "-ts",
                       scratch});
        QVERIFY(lupdate.waitForFinished(120000));
        QVERIFY2(lupdate.exitCode() == 0, lupdate.readAllStandardError().constData());
        QFile file(scratch);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QXmlStreamReader xml(&file);
        QString context;
        QStringList missing;
        QFETCH(QString, path);
        const TsFile ts = readTs(path);
        int sources = 0;
        while (!xml.atEnd()) {
            xml.readNext();
            if (!xml.isStartElement()) continue;
            if (xml.name() == u"context") {
                context.clear();
            } else if (xml.name() == u"name" && context.isEmpty()) {
                context = xml.readElementText();
            } else if (xml.name() == u"source") {
                const QString source = xml.readElementText();
                ++sources;
                if (!ts.translated.value(context).contains(source))
                    missing << QString("[%1] \"%2\"").arg(context, source);
            }
        }
        QVERIFY(sources > 200);
        QVERIFY2(missing.isEmpty(),
                 qPrintable("not in " + path + " (run the update_translations target and "
                            "translate): " + missing.join(", ")));
    }

    void settingsTableTranslated_data() { everyMessageTranslated_data(); }
    void settingsTableTranslated()
    {
        QFETCH(QString, path);
        const TsFile ts = readTs(path);
        const QSet<QString> &settings = ts.translated.value("SimulationSettings");
        QStringList missing;
        for (const QString &text : tableTexts())
            if (!settings.contains(text)) missing << text;
        QVERIFY2(missing.isEmpty(),
                 qPrintable("not translated (add to app/editor/settings_strings.cpp and run "
                            "update_translations): " +
                            missing.join(" | ")));
    }
};

QTEST_GUILESS_MAIN(TestTranslations)
#include "test_translations.moc"
