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

namespace {

/// parse (which reads the writer's subset itself) and libyaml agree on text: the same tree, or
/// the same error at the same place.
void agreeWithLibyaml(const std::string &text)
{
    const std::string difference = yaml::Document::differenceFromLibyaml(text);
    QVERIFY2(difference.empty(), difference.c_str());
}

} // namespace

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
        const std::string text = "name: \"" + value + "\"\nplain: \xe9t\xe9\n";
        const auto doc = yaml::Document::parse(text);
        QCOMPARE(std::string(doc->root()["name"].Scalar()), value);
        QCOMPARE(std::string(doc->root()["plain"].Scalar()), std::string("\xe9t\xe9"));
    }

    // Positions are counted as libyaml counts them (characters, "\r\n" one break, no byte order
    // mark) though only offsets are stored; scalars that are not verbatim in the text (escapes,
    // folding, quotes doubled) read as their value.
    void positionsAfterUtf8AndCrlf()
    {
        const std::string text = "\xEF\xBB\xBF"
                                 "n\xc3\xa9: \"x\\ty\"\r\n"
                                 "b: [1, 2]\r\n"
                                 "c: folded\n  text\n"
                                 "d: 'it''s'\n";
        const auto doc = yaml::Document::parse(text);
        const yaml::Node root = doc->root();
        const yaml::Node n = root["n\xc3\xa9"];
        QCOMPARE(n.Scalar(), std::string_view("x\ty"));
        QCOMPARE(n.Mark().line, 0);
        QCOMPARE(n.Mark().column, 4);
        QCOMPARE(root["b"].Mark().line, 1);
        QCOMPARE(root["b"].Mark().column, 3);
        QCOMPARE(root["b"][1].Scalar(), std::string_view("2"));
        QCOMPARE(root["b"][1].Mark().column, 7);
        QCOMPARE(root["c"].Scalar(), std::string_view("folded text"));
        QCOMPARE(root["c"].Mark().line, 2);
        QCOMPARE(root["d"].Scalar(), std::string_view("it's"));
        QCOMPARE(root["d"].Mark().line, 4);
        QCOMPARE(root["d"].Mark().column, 3);
    }

    // The subset of YAML the writer writes is read without libyaml, to the same tree; every
    // truncation and random edit of a written asset, and texts just outside the subset, give
    // the same tree or the same error as libyaml.
    void subsetReadsAsLibyamlDoes()
    {
        const std::string text = writeAssetText(test::makeTestAsset());
        QVERIFY(yaml::Document::inSubset(text));
        agreeWithLibyaml(text);
        for (size_t n = 0; n + 1 < text.size(); n += 37)
            agreeWithLibyaml(text.substr(0, n));
        std::mt19937 random(5);
        const std::string alphabet = "0123456789-.:[]{},#'\"&*!|>?%@ \n\t\rxyz\\";
        for (int i = 0; i < 1500; ++i) {
            std::string edited = text;
            for (int k = 0; k < 1 + int(random() % 3); ++k)
                edited[random() % edited.size()] = alphabet[random() % alphabet.size()];
            agreeWithLibyaml(edited);
        }
        const char *const texts[] = {
            "a: 1\n",
            "a:\n- x\n- y\n", // a sequence not indented
            "a:\n  - x\n  b: 1\n",
            "a:\n    b: 1\n  c: 2\n",
            "a: b\n  c\n",  // folded plain scalar
            "a: [1,\n2]\n", // flow continued at the block's column
            "a: [1,\n  2]\nb: [x y, -1, -, \"q\\x41\\\"\"]\n",
            "a: \"x\\u0041\"\n",
            "a: &x 1\nb: *x\n",
            "- a\n- b\n",
            "a: 1\n---\nb: 2\n",
            "a: 1 # c\nb:   # c\n  - [1, 2] # c\n  - k: v\n    l: null\n  - ~\nc:\n",
            "a: one two  three\n",
            "a: [1, 2,]\n",
            "a: [1, [2]]\n",
            "a:b\n",
            "a: b:c\n",
            "-a: 1\n- : 2\n",
            "null: 1\n~: 2\n",
            "",
            "# only a comment\n",
            "net:  # \xc3\xa9t\xc3\xa9\npreset: 1\n", // an empty value before a comment in UTF-8
        };
        for (const char *t : texts)
            agreeWithLibyaml(t);
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
