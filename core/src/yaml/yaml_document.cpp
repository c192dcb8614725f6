// libyaml's events into a Document (yaml_document.h).
#include "yaml_document.h"

#include <yaml.h>

#include <cstring>
#include <map>
#include <optional>

namespace tweed::yaml {

bool Node::IsNull() const
{
    return mDoc && mDoc->mItems[mIndex].kind() == Document::Kind::Null;
}
bool Node::IsScalar() const
{
    return mDoc && mDoc->mItems[mIndex].kind() == Document::Kind::Scalar;
}
bool Node::IsSequence() const
{
    return mDoc && mDoc->mItems[mIndex].kind() == Document::Kind::Sequence;
}
bool Node::IsMap() const
{
    return mDoc && mDoc->mItems[mIndex].kind() == Document::Kind::Map;
}

std::string_view Node::Scalar() const
{
    if (!IsScalar()) return {};
    return mDoc->scalarText(mDoc->mItems[mIndex]);
}

yaml::Mark Node::Mark() const
{
    if (!mDoc) return {};
    return mDoc->markAt(mDoc->mItems[mIndex].where & Document::kWhereMask);
}

uint32_t Node::Position() const
{
    return mDoc ? mDoc->mItems[mIndex].where & Document::kWhereMask : 0;
}

std::string_view Document::scalarText(const Item &item) const
{
    if (item.first < mText.size()) return mText.substr(item.first, item.count);
    return std::string_view(mArena).substr(item.first - mText.size(), item.count);
}

// libyaml's count: characters (the text is UTF-8 once escaped), a line break being "\r\n", "\r"
// or "\n" (the other breaks YAML 1.1 knows are escaped), the byte order mark not counted.
yaml::Mark Document::markAt(uint32_t where) const
{
    const auto *p = reinterpret_cast<const unsigned char *>(mText.data());
    const auto *end = p + mText.size();
    if (mText.size() >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF) p += 3;
    yaml::Mark mark{0, 0};
    for (uint32_t index = 0; index < where && p < end;) {
        if (*p == '\r' || *p == '\n') {
            const bool crlf = *p == '\r' && p + 1 < end && p[1] == '\n';
            p += crlf ? 2 : 1;
            index += crlf ? 2 : 1;
            ++mark.line;
            mark.column = 0;
            continue;
        }
        do
            ++p;
        while (p < end && (*p & 0xC0) == 0x80);
        ++index;
        ++mark.column;
    }
    return mark;
}

size_t Node::size() const
{
    if (IsSequence()) return mDoc->mItems[mIndex].count;
    if (IsMap()) return mDoc->mItems[mIndex].count / 2;
    return 0;
}

Node Node::operator[](std::string_view key) const
{
    if (!IsMap()) return {};
    const Document::Item &item = mDoc->mItems[mIndex];
    for (uint32_t s = item.first; s < item.first + item.count; s += 2) {
        const Node k(mDoc, mDoc->mSlots[s]);
        if (k.IsScalar() && k.Scalar() == key) return Node(mDoc, mDoc->mSlots[s + 1]);
    }
    return {};
}

Node Node::operator[](size_t index) const
{
    if (!IsSequence() || index >= mDoc->mItems[mIndex].count) return {};
    return Node(mDoc, mDoc->mSlots[mDoc->mItems[mIndex].first + index]);
}

Node::Iterator Node::begin() const
{
    if (!IsSequence() && !IsMap()) return Iterator(mDoc, nullptr);
    return Iterator(mDoc, mDoc->mSlots.data() + mDoc->mItems[mIndex].first);
}

Node::Iterator Node::end() const
{
    if (!IsSequence() && !IsMap()) return Iterator(mDoc, nullptr);
    const Document::Item &item = mDoc->mItems[mIndex];
    return Iterator(mDoc, mDoc->mSlots.data() + item.first + item.count);
}

/// Turns the events of one document into the Document's arrays.
class Builder
{
public:
    explicit Builder(Document &doc) : mDoc(doc) {}

    /// A new node at the event's position, a child of the open container (if any).
    uint32_t add(Document::Kind kind, size_t where, uint32_t first = 0, uint32_t count = 0)
    {
        const uint32_t index = uint32_t(mDoc.mItems.size());
        mDoc.mItems.push_back(
            {uint32_t(kind) << Document::kWhereBits | (uint32_t(where) & Document::kWhereMask),
             first, count});
        attach(index);
        return index;
    }
    void attach(uint32_t index)
    {
        if (mDepth > 0) mOpen[mDepth - 1].children.push_back(index);
    }
    void open(uint32_t index)
    {
        if (mOpen.size() <= mDepth) mOpen.emplace_back();
        mOpen[mDepth].index = index;
        mOpen[mDepth].children.clear();
        ++mDepth;
    }
    // Children are collected per open container (a reused buffer per depth) and copied into
    // one contiguous range of slots when it closes.
    void close()
    {
        Open &o = mOpen[--mDepth];
        Document::Item &item = mDoc.mItems[o.index];
        item.first = uint32_t(mDoc.mSlots.size());
        item.count = uint32_t(o.children.size());
        mDoc.mSlots.insert(mDoc.mSlots.end(), o.children.begin(), o.children.end());
    }
    void anchor(const yaml_char_t *name, uint32_t index)
    {
        if (name) mAnchors[reinterpret_cast<const char *>(name)] = index;
    }
    bool alias(const yaml_char_t *name)
    {
        const auto it = mAnchors.find(reinterpret_cast<const char *>(name));
        if (it == mAnchors.end()) return false;
        attach(it->second);
        return true;
    }
    size_t depth() const { return mDepth; }

private:
    struct Open
    {
        uint32_t index = 0;
        std::vector<uint32_t> children;
    };
    Document &mDoc;
    std::vector<Open> mOpen;
    size_t mDepth = 0;
    std::map<std::string, uint32_t> mAnchors;
};

namespace {

// libyaml reads UTF-8 and only printable characters; .tweed strings are bytes (names from files
// in other encodings), written raw. Such bytes are carried through libyaml as the private-use
// characters U+F700 + byte and turned back into the byte in scalars. The length of the valid,
// printable UTF-8 sequence at p, or 0.
size_t printableUtf8(const unsigned char *p, const unsigned char *end)
{
    const unsigned char c = p[0];
    size_t n = 0;
    uint32_t cp = 0;
    if (c < 0x80) return 1; // ASCII: libyaml's own rules
    if ((c & 0xE0) == 0xC0)
        n = 2, cp = c & 0x1F;
    else if ((c & 0xF0) == 0xE0)
        n = 3, cp = c & 0x0F;
    else if ((c & 0xF8) == 0xF0)
        n = 4, cp = c & 0x07;
    else
        return 0;
    if (size_t(end - p) < n) return 0;
    for (size_t i = 1; i < n; ++i) {
        if ((p[i] & 0xC0) != 0x80) return 0;
        cp = cp << 6 | (p[i] & 0x3F);
    }
    static constexpr uint32_t kShortest[5] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < kShortest[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
    // libyaml's printable set beyond ASCII, less the line breaks YAML 1.1 folds in text (NEL,
    // LS, PS).
    const bool printable = (cp >= 0xA0 && cp <= 0xD7FF && cp != 0x2028 && cp != 0x2029) ||
                           (cp >= 0xE000 && cp <= 0xFFFD && cp != 0xFEFF) || cp >= 0x10000;
    // The escape characters themselves are escaped too, so that they read back as themselves.
    return printable && !(cp >= 0xF700 && cp <= 0xF7FF) ? n : 0;
}

constexpr unsigned char kEscapeLead = 0xEF;

/// text with every byte that is not part of printable UTF-8 as U+F700 + byte; nullopt when there
/// is none (the common case, parsed as it is). asciiEnd: where the first byte that is not ASCII
/// stands, after a byte order mark (the same in the escaped text).
std::optional<std::string> escapeBytes(std::string_view text, size_t &asciiEnd)
{
    const auto *p = reinterpret_cast<const unsigned char *>(text.data());
    const auto *end = p + text.size();
    size_t i = text.size() >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF ? 3 : 0; // BOM
    asciiEnd = text.size();
    for (; i < text.size();) {
        // Runs of ASCII (almost all of a .tweed) eight bytes at a time.
        uint64_t word;
        if (i + 8 <= text.size() &&
            (std::memcpy(&word, p + i, 8), (word & 0x8080808080808080ull) == 0)) {
            i += 8;
            continue;
        }
        if (p[i] >= 0x80 && asciiEnd == text.size()) asciiEnd = i;
        const size_t n = printableUtf8(p + i, end);
        if (n == 0) break;
        i += n;
    }
    if (i == text.size()) return std::nullopt;
    std::string out(text.substr(0, i));
    out.reserve(text.size() + 64);
    while (i < text.size()) {
        const size_t n = printableUtf8(p + i, end);
        if (n > 0) {
            out.append(text.substr(i, n));
            i += n;
            continue;
        }
        const unsigned char b = p[i++];
        out += char(kEscapeLead);
        out += char(0x9C | (b >> 6));
        out += char(0x80 | (b & 0x3F));
    }
    return out;
}

/// The bytes escapeBytes replaced, back in a scalar's value.
void appendUnescaped(std::string &out, std::string_view value)
{
    for (size_t i = 0; i < value.size(); ++i) {
        const auto c = static_cast<unsigned char>(value[i]);
        if (c == kEscapeLead && i + 2 < value.size() &&
            (static_cast<unsigned char>(value[i + 1]) & 0xFC) == 0x9C) {
            const auto lo = static_cast<unsigned char>(value[i + 2]);
            out += char(((static_cast<unsigned char>(value[i + 1]) & 0x03) << 6) | (lo & 0x3F));
            i += 2;
        } else {
            out += value[i];
        }
    }
}

// Plain scalars YAML's core schema reads as null.
bool isNullText(std::string_view s)
{
    return s.empty() || s == "~" || s == "null" || s == "Null" || s == "NULL";
}

struct Parser
{
    yaml_parser_t parser;
    Parser(std::string_view text)
    {
        yaml_parser_initialize(&parser);
        yaml_parser_set_input_string(&parser, reinterpret_cast<const unsigned char *>(text.data()),
                                     text.size());
    }
    ~Parser() { yaml_parser_delete(&parser); }
    [[noreturn]] void fail() const
    {
        std::string problem = parser.problem ? parser.problem : "not YAML";
        if (parser.context) problem = std::string(parser.context) + ": " + problem;
        throw ParseError(problem, {int(parser.problem_mark.line), int(parser.problem_mark.column)});
    }
};

struct Event
{
    yaml_event_t event;
    ~Event() { yaml_event_delete(&event); }
};

} // namespace

/// The subset of YAML the .tweed writer writes (asset_yaml_writer.cpp), read straight from an
/// ASCII text into the very tree libyaml's events give, positions included: block mappings and
/// sequences indented with spaces, plain scalars of letters, digits and "_.+/-" (single inner
/// spaces outside flow sequences), double-quoted scalars on one line with the writer's escapes,
/// flow sequences of scalars, comments. It gives up on anything else, a damaged text included,
/// and libyaml parses the text then: the messages stay libyaml's. A scalar is a view of the text
/// but where it has escapes.
class FastParser
{
public:
    FastParser(Document &doc, std::string_view text)
        : mDoc(doc), mB(doc), s(text.data()), n(text.size())
    {
    }

    /// False when the text is not in the subset (the document is then left partly built).
    bool parse()
    {
        try {
            const size_t col = nextContent();
            if (col != 0 || entryAt(p) || blockMapping(0) != kEnd) return false;
            return true;
        } catch (const GiveUp &) {
            return false;
        }
    }

private:
    struct GiveUp
    {
    };
    static constexpr size_t kEnd = size_t(-1);
    [[noreturn]] static void giveUp() { throw GiveUp{}; }

    static bool plainChar(char c)
    {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
               c == '_' || c == '.' || c == '+' || c == '/' || c == '-';
    }
    char at(size_t i) const { return i < n ? s[i] : '\0'; }
    /// "- " (a block sequence entry) at i.
    bool entryAt(size_t i) const { return at(i) == '-' && at(i + 1) == ' '; }

    /// From the start of a line: past blank and comment lines to the next content, its column
    /// returned (kEnd at the end of the text).
    size_t nextContent()
    {
        for (;;) {
            size_t col = 0;
            while (p < n && s[p] == ' ')
                ++p, ++col;
            if (p == n) return kEnd;
            const char c = s[p];
            if (c == '\n') {
                ++p;
                continue;
            }
            if (c == '#') {
                skipLine();
                continue;
            }
            if (static_cast<unsigned char>(c) < 0x20) giveUp(); // tab, CR, control
            if (col == 0 && n - p >= 3 &&
                (std::string_view(s + p, 3) == "---" || std::string_view(s + p, 3) == "...") &&
                (p + 3 == n || s[p + 3] == ' ' || s[p + 3] == '\n'))
                giveUp(); // document markers
            return col;
        }
    }
    /// Past a comment and its line break.
    void skipLine()
    {
        for (; p < n && s[p] != '\n'; ++p) {
            if (static_cast<unsigned char>(s[p]) < 0x20 || s[p] == 0x7F) giveUp(); // CR, control
            mContinuations += (s[p] & 0xC0) == 0x80;
        }
        if (p < n) ++p;
    }
    /// After a value: spaces, then a comment or the end of the line.
    void endOfLine()
    {
        while (p < n && s[p] == ' ')
            ++p;
        if (p == n) return;
        if (s[p] == '\n') {
            ++p;
            return;
        }
        if (s[p] == '#' && s[p - 1] == ' ') {
            skipLine();
            return;
        }
        giveUp();
    }

    void plainScalar(bool flow)
    {
        const size_t start = p;
        if (!plainChar(at(p)) || (s[p] == '-' && !(plainChar(at(p + 1)) && at(p + 1) != '-')))
            giveUp();
        while (p < n && plainChar(s[p]))
            ++p;
        if (!flow)
            while (at(p) == ' ' && plainChar(at(p + 1)))
                for (++p; p < n && plainChar(s[p]);)
                    ++p;
        const std::string_view value(s + start, p - start);
        if (isNullText(value))
            mB.add(Document::Kind::Null, start - mContinuations);
        else
            mB.add(Document::Kind::Scalar, start - mContinuations, uint32_t(start),
                   uint32_t(value.size()));
    }

    void quoted()
    {
        const size_t where = p - mContinuations;
        const size_t start = p++;
        bool escapes = false;
        for (;; ++p) {
            if (p >= n) giveUp();
            const char c = s[p];
            if (c == '"') break;
            if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) giveUp();
            mContinuations += (c & 0xC0) == 0x80;
            if (c != '\\') continue;
            escapes = true;
            const char e = at(p + 1);
            if (e == '"' || e == '\\' || e == 'n' || e == 't' || e == 'r') {
                ++p;
            } else if (e == 'x' && hex(at(p + 2)) >= 0 && hex(at(p + 2)) < 8 &&
                       hex(at(p + 3)) >= 0) {
                p += 3;
            } else {
                giveUp();
            }
        }
        const size_t end = p++;
        if (!escapes) {
            mB.add(Document::Kind::Scalar, where, uint32_t(start + 1), uint32_t(end - start - 1));
            return;
        }
        std::string &arena = mDoc.mArena;
        const size_t from = arena.size();
        for (size_t i = start + 1; i < end; ++i) {
            if (s[i] != '\\') {
                arena += s[i];
                continue;
            }
            const char e = s[++i];
            if (e == 'x') {
                arena += char(hex(s[i + 1]) * 16 + hex(s[i + 2]));
                i += 2;
            } else {
                arena += e == 'n' ? '\n' : e == 't' ? '\t' : e == 'r' ? '\r' : e;
            }
        }
        mB.add(Document::Kind::Scalar, where, uint32_t(n + from), uint32_t(arena.size() - from));
    }
    static int hex(char c)
    {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        if (c >= 'A' && c <= 'F') return c - 'A' + 10;
        return -1;
    }

    /// Spaces and line breaks inside a flow sequence; its further lines are indented deeper
    /// than the block node holding it (blockColumn).
    void flowSpace(size_t blockColumn)
    {
        for (;;) {
            while (p < n && s[p] == ' ')
                ++p;
            if (at(p) != '\n') return;
            ++p;
            size_t col = 0;
            while (p < n && s[p] == ' ')
                ++p, ++col;
            if (col <= blockColumn || at(p) == '\n' || at(p) == '#') giveUp();
        }
    }
    void flowSequence(size_t blockColumn)
    {
        const uint32_t index = mB.add(Document::Kind::Sequence, p - mContinuations);
        mB.open(index);
        ++p;
        flowSpace(blockColumn);
        if (at(p) == ']') {
            ++p;
            mB.close();
            return;
        }
        for (;;) {
            if (at(p) == '"')
                quoted();
            else
                plainScalar(true);
            flowSpace(blockColumn);
            if (at(p) == ']') break;
            if (at(p) != ',') giveUp();
            ++p;
            flowSpace(blockColumn);
            if (at(p) == ']') giveUp();
        }
        ++p;
        mB.close();
    }

    /// A scalar or flow sequence after "key: " or "- ", to the end of its line; the column of
    /// the next content returned.
    size_t inlineValue(size_t blockColumn)
    {
        if (at(p) == '[')
            flowSequence(blockColumn);
        else if (at(p) == '"')
            quoted();
        else
            plainScalar(false);
        endOfLine();
        return nextContent();
    }

    /// p at the first key, in column col. Returns the column of the content after it.
    size_t blockMapping(size_t col)
    {
        const uint32_t index = mB.add(Document::Kind::Map, p - mContinuations);
        mB.open(index);
        for (;;) {
            const size_t start = p;
            if (!plainChar(at(p)) || (s[p] == '-' && !plainChar(at(p + 1)))) giveUp();
            while (p < n && plainChar(s[p]))
                ++p;
            if (at(p) != ':' || (at(p + 1) != ' ' && at(p + 1) != '\n') || p - start > 1000)
                giveUp();
            const std::string_view key(s + start, p - start);
            if (isNullText(key))
                mB.add(Document::Kind::Null, start - mContinuations);
            else
                mB.add(Document::Kind::Scalar, start - mContinuations, uint32_t(start),
                       uint32_t(key.size()));
            const size_t afterColon = ++p;
            while (p < n && s[p] == ' ')
                ++p;
            size_t next;
            if (p == n || s[p] == '\n' || s[p] == '#') {
                // (before the comment's characters are counted: the empty value comes first)
                const size_t emptyAt = afterColon - mContinuations;
                endOfLine();
                next = nextContent();
                if (next != kEnd && next > col) {
                    next = entryAt(p) ? blockSequence(next) : blockMapping(next);
                } else {
                    if (next == col && entryAt(p)) giveUp(); // a sequence not indented
                    mB.add(Document::Kind::Null, emptyAt);
                }
            } else {
                next = inlineValue(col);
            }
            if (next == kEnd || next < col) {
                mB.close();
                return next;
            }
            if (next > col || entryAt(p)) giveUp();
        }
    }

    /// p at the first "- ", in column col. Returns the column of the content after it.
    size_t blockSequence(size_t col)
    {
        const uint32_t index = mB.add(Document::Kind::Sequence, p - mContinuations);
        mB.open(index);
        for (;;) {
            const size_t dash = p++;
            while (p < n && s[p] == ' ')
                ++p;
            const size_t entryColumn = col + (p - dash);
            const char c = at(p);
            size_t next;
            if (c == '[' || c == '"') {
                next = inlineValue(col);
            } else if (plainChar(c) && !entryAt(p)) {
                size_t q = p;
                while (q < n && plainChar(s[q]))
                    ++q;
                const bool key = at(q) == ':' && (at(q + 1) == ' ' || at(q + 1) == '\n');
                next = key ? blockMapping(entryColumn) : inlineValue(col);
            } else {
                giveUp();
            }
            if (next == kEnd || next < col) {
                mB.close();
                return next;
            }
            if (next > col || !entryAt(p)) giveUp();
        }
    }

    Document &mDoc;
    Builder mB;
    const char *s;
    size_t n;
    size_t p = 0;
    /// UTF-8 continuation bytes before p (in quoted scalars and comments): libyaml counts
    /// positions in characters.
    size_t mContinuations = 0;
};

std::unique_ptr<Document> Document::parse(std::string_view text)
{
    return parseText(text, true);
}

bool Document::inSubset(std::string_view text)
{
    size_t asciiEnd = 0;
    if (escapeBytes(text, asciiEnd) || text.starts_with("\xEF\xBB\xBF")) return false;
    Document doc;
    return FastParser(doc, text).parse();
}

namespace {

/// The first difference between two trees (kinds, scalars, positions, children), or empty.
std::string treeDifference(const Node &a, const Node &b)
{
    const auto differ = [&](const char *what) {
        return std::string(what) + " at line " + std::to_string(a.Mark().line + 1) + ", column " +
               std::to_string(a.Mark().column + 1) + " / line " +
               std::to_string(b.Mark().line + 1) + ", column " +
               std::to_string(b.Mark().column + 1);
    };
    if (a.IsNull() != b.IsNull() || a.IsScalar() != b.IsScalar() ||
        a.IsSequence() != b.IsSequence() || a.IsMap() != b.IsMap())
        return differ("kind");
    if (a.Scalar() != b.Scalar()) return differ("scalar");
    if (a.Position() != b.Position()) return differ("position");
    if (a.size() != b.size()) return differ("size");
    auto j = b.begin();
    for (auto i = a.begin(); i != a.end(); ++i, ++j)
        if (std::string d = treeDifference(*i, *j); !d.empty()) return d;
    return {};
}

} // namespace

std::string Document::differenceFromLibyaml(std::string_view text)
{
    std::unique_ptr<Document> fast, reference;
    std::string fastError, referenceError;
    const auto describe = [](const ParseError &e) {
        return e.msg + " at " + std::to_string(e.mark.line + 1) + ":" +
               std::to_string(e.mark.column + 1);
    };
    try {
        fast = parse(text);
    } catch (const ParseError &e) {
        fastError = describe(e);
    }
    try {
        reference = parseWithLibyaml(text);
    } catch (const ParseError &e) {
        referenceError = describe(e);
    }
    std::string difference;
    if (fastError != referenceError)
        difference = "error \"" + fastError + "\", libyaml \"" + referenceError + "\"";
    else if (fast)
        difference = treeDifference(fast->root(), reference->root());
    if (difference.empty()) return {};
    return difference + " in:\n" + std::string(text.substr(0, 2000));
}

std::unique_ptr<Document> Document::parseWithLibyaml(std::string_view text)
{
    return parseText(text, false);
}

std::unique_ptr<Document> Document::parseText(std::string_view original, bool subset)
{
    if (original.size() > kWhereMask)
        throw ParseError("the text is larger than " + std::to_string(kWhereMask >> 20) + " MiB",
                         {});
    auto doc = std::make_unique<Document>();
    size_t asciiEnd = 0;
    std::optional<std::string> escaped = escapeBytes(original, asciiEnd);
    if (escaped) doc->mEscaped = std::move(*escaped);
    const std::string_view text = escaped ? std::string_view(doc->mEscaped) : original;
    doc->mText = text;
    const size_t bom = text.starts_with("\xEF\xBB\xBF") ? 3 : 0;
    // A .tweed text has about one node per 7 bytes (numbers in flow sequences): room for all.
    doc->mItems.reserve(text.size() / 6 + 16);
    doc->mSlots.reserve(text.size() / 6 + 16);
    if (subset && !escaped && bom == 0) {
        if (FastParser(*doc, text).parse()) return doc;
        doc->mItems.clear();
        doc->mSlots.clear();
        doc->mArena.clear();
    }
    Builder b(*doc);
    Parser p(text);
    for (;;) {
        Event e;
        if (!yaml_parser_parse(&p.parser, &e.event)) p.fail();
        const yaml_event_t &ev = e.event;
        switch (ev.type) {
        case YAML_SCALAR_EVENT: {
            const std::string_view value(reinterpret_cast<const char *>(ev.data.scalar.value),
                                         ev.data.scalar.length);
            const yaml_scalar_style_t style = ev.data.scalar.style;
            const bool plain = style == YAML_PLAIN_SCALAR_STYLE;
            const Kind kind = plain && isNullText(value) ? Kind::Null : Kind::Scalar;
            // Where the value stands in the text as it is (a plain or quoted scalar on one
            // line, as almost every one in a .tweed), a view of the text; else a copy in the
            // arena. Before the first byte that is not ASCII, libyaml's character count is the
            // byte offset.
            const size_t start = bom + ev.start_mark.index +
                                 (style == YAML_SINGLE_QUOTED_SCALAR_STYLE ||
                                  style == YAML_DOUBLE_QUOTED_SCALAR_STYLE);
            uint32_t first = 0, count = 0;
            if (kind == Kind::Scalar) {
                if (start <= asciiEnd && start + value.size() <= text.size() &&
                    text.compare(start, value.size(), value) == 0 &&
                    !(escaped && value.find(char(kEscapeLead)) != std::string_view::npos)) {
                    first = uint32_t(start);
                    count = uint32_t(value.size());
                } else {
                    const size_t from = doc->mArena.size();
                    if (escaped)
                        appendUnescaped(doc->mArena, value);
                    else
                        doc->mArena.append(value);
                    first = uint32_t(text.size() + from);
                    count = uint32_t(doc->mArena.size() - from);
                }
            }
            const uint32_t index = b.add(kind, ev.start_mark.index, first, count);
            b.anchor(ev.data.scalar.anchor, index);
            break;
        }
        case YAML_SEQUENCE_START_EVENT:
        case YAML_MAPPING_START_EVENT: {
            const bool sequence = ev.type == YAML_SEQUENCE_START_EVENT;
            const uint32_t index =
                b.add(sequence ? Kind::Sequence : Kind::Map, ev.start_mark.index);
            b.anchor(sequence ? ev.data.sequence_start.anchor : ev.data.mapping_start.anchor,
                     index);
            b.open(index);
            break;
        }
        case YAML_SEQUENCE_END_EVENT:
        case YAML_MAPPING_END_EVENT:
            b.close();
            break;
        case YAML_ALIAS_EVENT:
            if (!b.alias(ev.data.alias.anchor))
                throw ParseError("unknown anchor",
                                 {int(ev.start_mark.line), int(ev.start_mark.column)});
            break;
        case YAML_DOCUMENT_END_EVENT: // the first document only, as a reader of one asset
        case YAML_STREAM_END_EVENT:
            if (doc->mItems.empty()) doc->mItems.push_back({});
            return doc;
        default:
            break;
        }
    }
}

} // namespace tweed::yaml
