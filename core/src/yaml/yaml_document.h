// A YAML document read with libyaml's event parser into a compact tree: one array of 12-byte
// nodes, one of child slots, scalars as views of the text where they stand in it verbatim (an
// arena holds the others), and each node's position as an offset in the text, turned into line
// and column only when asked (for a message). The .tweed reader's view of YAML; read-only, with
// the node queries it needs (mappings by key, sequences by index and in order, scalars as text,
// null).
#pragma once

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace tweed::yaml {

/// Zero-based position in the text; -1 for a node that is not in it.
struct Mark
{
    int line = -1;
    int column = -1;
};

/// The text is not YAML: libyaml's problem and where it found it.
class ParseError : public std::runtime_error
{
public:
    ParseError(const std::string &problem, Mark where)
        : std::runtime_error(problem), mark(where), msg(problem)
    {
    }
    Mark mark;
    std::string msg;
};

class Document;

/// A node of a Document, or an undefined node (a missing key, an index past the end). Cheap to
/// copy; valid while its Document lives.
class Node
{
public:
    Node() = default;

    bool IsDefined() const { return mDoc != nullptr; }
    bool IsNull() const;
    bool IsScalar() const;
    bool IsSequence() const;
    bool IsMap() const;
    /// A scalar's text (empty for another kind).
    std::string_view Scalar() const;
    /// Line and column, counted from the text (for messages).
    ::tweed::yaml::Mark Mark() const;
    /// Where the node starts: characters from the start of the text, as libyaml counts them.
    uint32_t Position() const;
    /// Elements of a sequence, pairs of a mapping; 0 otherwise.
    size_t size() const;

    /// A mapping's value for key (the first, should the key repeat); undefined when absent or
    /// when this is not a mapping.
    Node operator[](std::string_view key) const;
    Node operator[](const char *key) const { return (*this)[std::string_view(key)]; }
    /// A sequence's element; undefined past the end or when this is not a sequence.
    Node operator[](size_t index) const;
    Node operator[](int index) const { return index < 0 ? Node() : (*this)[size_t(index)]; }

    /// Iterating a sequence gives its elements, a mapping its keys and values in turn.
    class Iterator
    {
    public:
        Iterator(const Document *doc, const uint32_t *slot) : mDoc(doc), mSlot(slot) {}
        Node operator*() const { return Node(mDoc, *mSlot); }
        Iterator &operator++()
        {
            ++mSlot;
            return *this;
        }
        bool operator!=(const Iterator &o) const { return mSlot != o.mSlot; }

    private:
        const Document *mDoc;
        const uint32_t *mSlot;
    };
    Iterator begin() const;
    Iterator end() const;

private:
    friend class Document;
    Node(const Document *doc, uint32_t index) : mDoc(doc), mIndex(index) {}
    const Document *mDoc = nullptr;
    uint32_t mIndex = 0;
};

class Document
{
public:
    /// Parses the first document of the text (a text with none gives a null root). The
    /// document refers to the text: keep the text alive while the document is in use. Throws
    /// ParseError.
    static std::unique_ptr<Document> parse(std::string_view text);
    /// The same with libyaml on every text: what parse gives where it reads a .tweed's subset
    /// of YAML itself (the reference the tests compare it with).
    static std::unique_ptr<Document> parseWithLibyaml(std::string_view text);
    /// Whether parse reads the text without libyaml (a text in the subset the writer writes).
    static bool inSubset(std::string_view text);
    /// How parse and parseWithLibyaml differ on the text, with an excerpt; empty when they give
    /// the same tree (kinds, scalars, positions) or the same error at the same place.
    static std::string differenceFromLibyaml(std::string_view text);
    Node root() const { return Node(this, 0); }

private:
    friend class Node;
    friend class Builder;
    friend class FastParser;
    static std::unique_ptr<Document> parseText(std::string_view text, bool subset);
    enum class Kind : uint8_t
    {
        Null,
        Scalar,
        Sequence,
        Map
    };
    /// Where a node starts, as libyaml counts it (characters from the start of the text, after
    /// a byte order mark), in the low 30 bits; its Kind in the top 2.
    static constexpr uint32_t kWhereBits = 30;
    static constexpr uint32_t kWhereMask = (1u << kWhereBits) - 1;
    struct Item
    {
        uint32_t where = 0;
        uint32_t first = 0; ///< scalar: offset in the text, or past its end in mArena (below);
                            ///< container: first slot in mSlots
        uint32_t count = 0; ///< scalar: length; sequence: elements; map: 2 * pairs
        Kind kind() const { return Kind(where >> kWhereBits); }
    };
    static_assert(sizeof(Item) == 12);
    std::string_view scalarText(const Item &item) const;
    ::tweed::yaml::Mark markAt(uint32_t where) const;
    std::vector<Item> mItems;
    std::vector<uint32_t> mSlots;
    std::string mEscaped;   ///< the text with its bytes that are not UTF-8 escaped, if any
    std::string_view mText; ///< the text libyaml parsed (the caller's or mEscaped)
    /// Scalars that are not in mText as they are (folded, escaped, unescaped bytes), at offset
    /// first - mText.size().
    std::string mArena;
};

} // namespace tweed::yaml
