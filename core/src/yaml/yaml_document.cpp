// libyaml's events into a Document (yaml_document.h).
#include "yaml_document.h"

#include <yaml.h>

#include <cstring>
#include <map>
#include <optional>

namespace tweed::yaml {

bool Node::IsNull() const { return mDoc && mDoc->mItems[mIndex].kind == Document::Kind::Null; }
bool Node::IsScalar() const { return mDoc && mDoc->mItems[mIndex].kind == Document::Kind::Scalar; }
bool Node::IsSequence() const
{
    return mDoc && mDoc->mItems[mIndex].kind == Document::Kind::Sequence;
}
bool Node::IsMap() const { return mDoc && mDoc->mItems[mIndex].kind == Document::Kind::Map; }

std::string_view Node::Scalar() const
{
    if (!IsScalar()) return {};
    const Document::Item &item = mDoc->mItems[mIndex];
    return std::string_view(mDoc->mText).substr(item.first, item.count);
}

yaml::Mark Node::Mark() const
{
    if (!mDoc) return {};
    return {mDoc->mItems[mIndex].line, mDoc->mItems[mIndex].column};
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
    uint32_t add(Document::Kind kind, const yaml_mark_t &mark)
    {
        const uint32_t index = uint32_t(mDoc.mItems.size());
        mDoc.mItems.push_back({kind, int(mark.line), int(mark.column), 0, 0});
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
    if ((c & 0xE0) == 0xC0) n = 2, cp = c & 0x1F;
    else if ((c & 0xF0) == 0xE0) n = 3, cp = c & 0x0F;
    else if ((c & 0xF8) == 0xF0) n = 4, cp = c & 0x07;
    else return 0;
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
/// is none (the common case, parsed as it is).
std::optional<std::string> escapeBytes(std::string_view text)
{
    const auto *p = reinterpret_cast<const unsigned char *>(text.data());
    const auto *end = p + text.size();
    size_t i = text.size() >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF ? 3 : 0; // BOM
    for (; i < text.size();) {
        // Runs of ASCII (almost all of a .tweed) eight bytes at a time.
        uint64_t word;
        if (i + 8 <= text.size() && (std::memcpy(&word, p + i, 8), (word & 0x8080808080808080ull) == 0)) {
            i += 8;
            continue;
        }
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

std::unique_ptr<Document> Document::parse(std::string_view original)
{
    const std::optional<std::string> escaped = escapeBytes(original);
    const std::string_view text = escaped ? std::string_view(*escaped) : original;
    auto doc = std::make_unique<Document>();
    // A .tweed text has about one node per 7 bytes (numbers in flow sequences): room for all.
    doc->mText.reserve(text.size() / 2);
    doc->mItems.reserve(text.size() / 6 + 16);
    doc->mSlots.reserve(text.size() / 6 + 16);
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
            const bool plain = ev.data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
            const uint32_t index = b.add(plain && isNullText(value) ? Kind::Null : Kind::Scalar,
                                         ev.start_mark);
            doc->mItems[index].first = uint32_t(doc->mText.size());
            if (escaped)
                appendUnescaped(doc->mText, value);
            else
                doc->mText.append(value);
            doc->mItems[index].count = uint32_t(doc->mText.size() - doc->mItems[index].first);
            b.anchor(ev.data.scalar.anchor, index);
            break;
        }
        case YAML_SEQUENCE_START_EVENT:
        case YAML_MAPPING_START_EVENT: {
            const bool sequence = ev.type == YAML_SEQUENCE_START_EVENT;
            const uint32_t index = b.add(sequence ? Kind::Sequence : Kind::Map, ev.start_mark);
            b.anchor(sequence ? ev.data.sequence_start.anchor : ev.data.mapping_start.anchor, index);
            b.open(index);
            break;
        }
        case YAML_SEQUENCE_END_EVENT:
        case YAML_MAPPING_END_EVENT:
            b.close();
            break;
        case YAML_ALIAS_EVENT:
            if (!b.alias(ev.data.alias.anchor))
                throw ParseError("unknown anchor", {int(ev.start_mark.line), int(ev.start_mark.column)});
            break;
        case YAML_DOCUMENT_END_EVENT: // the first document only, as a reader of one asset
        case YAML_STREAM_END_EVENT:
            if (doc->mItems.empty()) doc->mItems.push_back({Kind::Null, 0, 0, 0, 0});
            return doc;
        default:
            break;
        }
    }
}

} // namespace tweed::yaml
