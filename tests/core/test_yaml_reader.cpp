// The .tweed reader on libyaml's events (core/src/yaml/yaml_document.h): the tree it builds
// (nulls, quoted text, aliases, positions, the first document only, bytes that are not UTF-8),
// and the reader on damaged text: every truncation and many random edits of a written asset
// give an asset or a FileError naming the file (with a line where the text is at fault),
// never a crash.
#include "make_test_asset.h"

#include "tweed/asset_file.h"
#include "tweed/errors.h"
#include "yaml_document.h"

#include <QTest>

#include <random>

using namespace tweed;

class TestYamlReader : public QObject
{
    Q_OBJECT

private slots:
    void treeOfADocument()
    {
        const auto doc = yaml::Document::parse("# comment\n"
                                               "a: 1\n"
                                               "b: [x, \"null\", null, ~, '']\n"
                                               "c:\n"
                                               "  - &anchor {k: v}\n"
                                               "  - *anchor\n"
                                               "d:\n"
                                               "---\n"
                                               "second: document\n");
        const yaml::Node root = doc->root();
        QVERIFY(root.IsMap());
        QCOMPARE(root.size(), size_t(4));
        QCOMPARE(root["a"].Scalar(), std::string_view("1"));
        QCOMPARE(root["a"].Mark().line, 1);
        QCOMPARE(root["a"].Mark().column, 3);
        const yaml::Node b = root["b"];
        QVERIFY(b.IsSequence());
        QCOMPARE(b.size(), size_t(5));
        QCOMPARE(b[0].Scalar(), std::string_view("x"));
        QVERIFY(b[1].IsScalar()); // quoted: text, not null
        QCOMPARE(b[1].Scalar(), std::string_view("null"));
        QVERIFY(b[2].IsNull() && b[3].IsNull());
        QVERIFY(b[4].IsScalar() && b[4].Scalar().empty());
        QVERIFY(!b[5].IsDefined());
        QCOMPARE(root["c"][1]["k"].Scalar(), std::string_view("v")); // the alias
        QVERIFY(root["d"].IsDefined() && root["d"].IsNull());
        QVERIFY(!root["second"].IsDefined()); // the first document only
        QVERIFY(!root["missing"].IsDefined());
        QVERIFY(!root["a"]["x"].IsDefined());
        size_t keys = 0;
        for (const yaml::Node &n : root)
            keys += n.IsScalar();
        QVERIFY(keys >= 4);

        QVERIFY(yaml::Document::parse("")->root().IsNull());
        try {
            yaml::Document::parse("a: [1, 2\nb: 3\n");
            QFAIL("an unclosed flow sequence parsed");
        } catch (const yaml::ParseError &e) {
            QVERIFY(e.mark.line >= 1);
        }
    }

    // Bytes that are not UTF-8 (and characters libyaml does not take) come back unchanged.
    void bytesThatAreNotUtf8()
    {
        const std::string value = "caf\xe9 \xff\xfe \xc2\x85 \xe2\x80\xa8 \xef\x9c\x80 ok";
        const auto doc = yaml::Document::parse("name: \"" + value + "\"\nplain: \xe9t\xe9\n");
        QCOMPARE(std::string(doc->root()["name"].Scalar()), value);
        QCOMPARE(std::string(doc->root()["plain"].Scalar()), std::string("\xe9t\xe9"));
    }

    void damagedTextNeverCrashes()
    {
        const std::string text = writeAssetText(test::makeTestAsset());
        const ClothingAsset asset = readAssetText(text, "jacket.tweed");
        int assets = 0, errors = 0;
        const auto tryRead = [&](const std::string &damaged, bool needLine) {
            try {
                readAssetText(damaged, "jacket.tweed");
                ++assets;
            } catch (const FileError &e) {
                ++errors;
                QCOMPARE(e.path(), std::string("jacket.tweed"));
                QVERIFY2(!e.problem().empty(), e.what());
                if (needLine) QVERIFY2(e.problem().find("line ") != std::string::npos, e.what());
            }
        };
        // Cut at every 97th byte: the structure is incomplete, and the message says where.
        for (size_t n = 0; n + 1 < text.size(); n += 97)
            tryRead(text.substr(0, n), true);
        std::mt19937 random(11);
        const std::string alphabet = "0123456789-.:[]{},#'\"&*!|> \n\txyz\xff";
        for (int i = 0; i < 400; ++i) {
            std::string edited = text;
            edited[random() % edited.size()] = alphabet[random() % alphabet.size()];
            tryRead(edited, false);
        }
        QVERIFY(errors > 100);
        QVERIFY(assets > 0); // an edit in a comment or to a digit still reads
        QVERIFY(readAssetText(text, "jacket.tweed") == asset);
    }
};

QTEST_GUILESS_MAIN(TestYamlReader)
#include "test_yaml_reader.moc"
