#include "outliner_dock.h"

#include "document.h"
#include "object_names.h"

#include <QEvent>
#include <QHeaderView>
#include <QTimer>
#include <QTreeWidget>

namespace tweed::editor {

namespace {

QTreeWidgetItem *makeItem(QTreeWidgetItem *parent, const QString &text, OutlinerItem::Kind kind,
                          int index, int parentIndex = -1, const QString &detail = {})
{
    auto *item = new QTreeWidgetItem(parent, {text, detail});
    item->setData(0, OutlinerDock::KindRole, int(kind));
    item->setData(0, OutlinerDock::IndexRole, index);
    item->setData(0, OutlinerDock::ParentRole, parentIndex);
    return item;
}

QString name(const std::string &s, const QString &fallback)
{
    return s.empty() ? fallback : QString::fromStdString(s);
}

} // namespace

OutlinerDock::OutlinerDock(Document *document, QWidget *parent)
    : QDockWidget(parent), mDocument(document), mTree(new QTreeWidget(this))
{
    setObjectName(names::kOutlinerDock);
    mTree->setObjectName(names::kOutlinerDockTreeView);
    mTree->setColumnCount(2);
    // Names first at their full width; the details column takes what is left.
    mTree->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    mTree->header()->setStretchLastSection(true);
    mTree->setUniformRowHeights(true);
    setWidget(mTree);
    connect(mDocument, &Document::changed, this, [this](Document::Changes what) {
        if (what &
            (Document::CharacterChanged | Document::MeshesChanged | Document::PhysicsMeshChanged |
             Document::CollisionChanged | Document::SkeletonChanged))
            scheduleRebuild();
    });
    connect(mTree, &QTreeWidget::currentItemChanged, this,
            [this] { emit currentItemChanged(currentItem()); });
    retranslateUi();
    rebuild();
}

OutlinerItem OutlinerDock::currentItem() const
{
    const QTreeWidgetItem *item = mTree->currentItem();
    if (!item) return {};
    return {OutlinerItem::Kind(item->data(0, KindRole).toInt()), item->data(0, IndexRole).toInt(),
            item->data(0, ParentRole).toInt()};
}

void OutlinerDock::changeEvent(QEvent *event)
{
    QDockWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange) retranslateUi();
}

void OutlinerDock::retranslateUi()
{
    setWindowTitle(tr("Outliner"));
    mTree->setHeaderLabels({tr("Name"), tr("Details")});
    rebuild();
}

void OutlinerDock::scheduleRebuild()
{
    // Several changes in one event-loop pass rebuild the tree once.
    if (mRebuildPending) return;
    mRebuildPending = true;
    QTimer::singleShot(0, this, &OutlinerDock::rebuild);
}

QString OutlinerDock::groupTitle(Group group, int count)
{
    switch (group) {
    case CharacterMeshes:
        return tr("Character meshes (%1)").arg(count);
    case GarmentLods:
        return tr("Garment LoDs (%1)").arg(count);
    case PhysicsMeshes:
        return tr("Physics meshes (%1)").arg(count);
    case Bones:
        return tr("Bones (%1)").arg(count);
    case CollisionVolumes:
        return tr("Collision volumes (%1)").arg(count);
    case Clips:
        return tr("Clips (%1)").arg(count);
    }
    return {};
}

QTreeWidgetItem *OutlinerDock::addGroup(Group group, int count)
{
    auto *item = new QTreeWidgetItem(mTree, {groupTitle(group, count)});
    item->setData(0, KindRole, int(OutlinerItem::Group));
    item->setData(0, IndexRole, int(group));
    item->setData(0, ParentRole, -1);
    item->setData(0, CountRole, count);
    QFont font = item->font(0);
    font.setBold(true);
    item->setFont(0, font);
    return item;
}

void OutlinerDock::rebuild()
{
    mRebuildPending = false;
    const OutlinerItem selected = currentItem();
    const tweed::Character &character = mDocument->character();
    const tweed::ClothingAsset &asset = mDocument->asset();
    const QSignalBlocker blocker(mTree);
    mTree->clear();

    auto meshDetail = [](const tweed::GraphicsMesh &mesh) {
        return tr("%1 vertices, %2 triangles").arg(mesh.vertexCount()).arg(mesh.triangleCount());
    };
    auto addSubmeshes = [](QTreeWidgetItem *parent, const tweed::GraphicsMesh &mesh,
                           OutlinerItem::Kind kind, int meshIndex) {
        for (size_t s = 0; s < mesh.submeshes.size(); ++s) {
            const tweed::Submesh &sub = mesh.submeshes[s];
            makeItem(parent, name(sub.name, tr("Submesh %1").arg(s)), kind, int(s), meshIndex,
                     tr("%n triangle(s)", nullptr, int(sub.triangleCount)));
        }
    };

    QTreeWidgetItem *meshes = addGroup(CharacterMeshes, int(character.meshes.size()));
    for (size_t m = 0; m < character.meshes.size(); ++m) {
        const tweed::GraphicsMesh &mesh = character.meshes[m];
        auto *item = makeItem(meshes, name(mesh.name, tr("Mesh %1").arg(m)),
                              OutlinerItem::CharacterMesh, int(m), -1, meshDetail(mesh));
        addSubmeshes(item, mesh, OutlinerItem::CharacterSubmesh, int(m));
    }

    QTreeWidgetItem *lods = addGroup(GarmentLods, int(asset.lods.size()));
    for (size_t l = 0; l < asset.lods.size(); ++l) {
        auto *item = makeItem(lods, tr("LoD %1").arg(l), OutlinerItem::Lod, int(l), -1,
                              meshDetail(asset.lods[l].mesh));
        addSubmeshes(item, asset.lods[l].mesh, OutlinerItem::LodSubmesh, int(l));
    }

    QTreeWidgetItem *physics = addGroup(PhysicsMeshes, int(asset.physicsMeshes.size()));
    for (size_t p = 0; p < asset.physicsMeshes.size(); ++p) {
        const tweed::PhysicsMesh &mesh = asset.physicsMeshes[p];
        makeItem(physics, tr("Physics mesh %1").arg(p), OutlinerItem::PhysicsMesh, int(p), -1,
                 tr("%1 vertices, %2 triangles").arg(mesh.vertexCount()).arg(mesh.triangleCount()));
    }

    const auto &bones = character.skeleton.bones;
    QTreeWidgetItem *boneGroup = addGroup(Bones, int(bones.size()));
    std::vector<QTreeWidgetItem *> boneItems(bones.size());
    for (size_t b = 0; b < bones.size(); ++b) {
        const int parent = bones[b].parent;
        // Parents come before their children (Skeleton's contract).
        QTreeWidgetItem *parentItem =
            parent >= 0 && size_t(parent) < b ? boneItems[size_t(parent)] : boneGroup;
        boneItems[b] = makeItem(parentItem, name(bones[b].name, tr("Bone %1").arg(b)),
                                OutlinerItem::Bone, int(b));
    }

    QTreeWidgetItem *volumes = addGroup(CollisionVolumes, int(asset.collisionVolumes.size()));
    for (size_t v = 0; v < asset.collisionVolumes.size(); ++v) {
        const tweed::CollisionVolume &volume = asset.collisionVolumes[v];
        makeItem(volumes, name(volume.name, tr("Volume %1").arg(v)), OutlinerItem::CollisionVolume,
                 int(v), -1,
                 QString::fromUtf8(tweed::shapeName(volume.shape).data(),
                                   qsizetype(tweed::shapeName(volume.shape).size())));
    }

    QTreeWidgetItem *clips = addGroup(Clips, int(character.clips.size()));
    for (size_t c = 0; c < character.clips.size(); ++c) {
        const tweed::AnimationClip &clip = character.clips[c];
        makeItem(clips, name(clip.name, tr("Clip %1").arg(c)), OutlinerItem::Clip, int(c), -1,
                 tr("%1 s").arg(clip.duration, 0, 'f', 2));
    }

    for (QTreeWidgetItem *group : {meshes, lods, physics, volumes, clips})
        group->setExpanded(true);
    boneGroup->setExpanded(true);
    if (!boneItems.empty()) boneItems[0]->setExpanded(true);

    // Keep the selection when the item still exists.
    if (selected.kind != OutlinerItem::None) {
        for (QTreeWidgetItemIterator it(mTree); *it; ++it) {
            const OutlinerItem item{OutlinerItem::Kind((*it)->data(0, KindRole).toInt()),
                                    (*it)->data(0, IndexRole).toInt(),
                                    (*it)->data(0, ParentRole).toInt()};
            if (item == selected) {
                mTree->setCurrentItem(*it);
                break;
            }
        }
    }
    emit currentItemChanged(currentItem());
}

} // namespace tweed::editor
