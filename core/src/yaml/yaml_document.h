// A YAML document read with libyaml's event parser into a compact tree: one array of nodes, one
// of child slots and one arena of scalar text, with each node's line and column. The .tweed
// reader's view of YAML; read-only, with the node queries it needs (mappings by key, sequences
// by index and in order, scalars as text, null).
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
    ::tweed::yaml::Mark Mark() const;
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
    /// Parses the first document of the text (a text with none gives a null root). Throws
    /// ParseError.
    static std::unique_ptr<Document> parse(std::string_view text);
    Node root() const { return Node(this, 0); }

private:
    friend class Node;
    friend class Builder;
    enum class Kind : uint8_t { Null, Scalar, Sequence, Map };
    struct Item
    {
        Kind kind = Kind::Null;
        int line = 0, column = 0;
        uint32_t first = 0; ///< scalar: offset in mText; container: first slot in mSlots
        uint32_t count = 0; ///< scalar: length; sequence: elements; map: 2 * pairs
    };
    std::vector<Item> mItems;
    std::vector<uint32_t> mSlots;
    std::string mText;
};

} // namespace tweed::yaml
