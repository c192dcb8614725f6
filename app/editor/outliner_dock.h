// The outliner: what the document holds, as a tree (character meshes and their submeshes, the
// asset's garment LoDs, physics meshes, bones as a hierarchy, collision volumes, clips), each
// group with its count. Selecting an item shows it in the properties panel.
#pragma once

#include "selection.h"

#include <QDockWidget>

class QTreeWidget;
class QTreeWidgetItem;

namespace tweed::editor {

class Document;

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
