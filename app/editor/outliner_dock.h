// The outliner: what the document holds, as a tree (character meshes and their submeshes, the
// asset's garment LoDs, physics meshes, bones as a hierarchy, collision volumes, clips), each
// group with its count. Selecting an item shows it in the properties panel.
#pragma once

#include <QDockWidget>

class QTreeWidget;
class QTreeWidgetItem;

namespace tweed::editor {

class Document;

/// What an outliner item stands for.
struct OutlinerItem
{
    enum Kind
    {
        None,
        Group,
        CharacterMesh,
        CharacterSubmesh,
        Lod,
        LodSubmesh,
        PhysicsMesh,
        Bone,
        CollisionVolume,
        Clip
    };
    Kind kind = None;
    int index = -1;  ///< mesh, LoD, physics mesh, bone, volume or clip index; group: Group enum
    int parent = -1; ///< submeshes: the mesh or LoD they belong to
    friend bool operator==(const OutlinerItem &, const OutlinerItem &) = default;
};

class OutlinerDock : public QDockWidget
{
    Q_OBJECT

public:
    /// The top-level groups, in order.
    enum Group
    {
        CharacterMeshes,
        GarmentLods,
        PhysicsMeshes,
        Bones,
        CollisionVolumes,
        Clips
    };
    /// Item data roles: KindRole (OutlinerItem::Kind), IndexRole, ParentRole, and CountRole on
    /// group items (how many members the group has).
    enum Role
    {
        KindRole = Qt::UserRole + 1,
        IndexRole,
        ParentRole,
        CountRole
    };

    OutlinerDock(Document *document, QWidget *parent = nullptr);

    OutlinerItem currentItem() const;
    QTreeWidget *tree() const { return mTree; }

signals:
    void currentItemChanged(const tweed::editor::OutlinerItem &item);

protected:
    void changeEvent(QEvent *event) override;

private:
    void scheduleRebuild();
    void rebuild();
    void retranslateUi();
    QTreeWidgetItem *addGroup(Group group, int count);
    static QString groupTitle(Group group, int count);

    Document *mDocument;
    QTreeWidget *mTree;
    bool mRebuildPending = false;
};

} // namespace tweed::editor

Q_DECLARE_METATYPE(tweed::editor::OutlinerItem)
