// The objectNames the editor gives its docks, toolbars and widgets, declared once so that the
// code and the UI tests (tests/app) spell them the same. Spelling: <Owner>_<What><Kind>, the
// kind being the Qt class without the Q (ComboBox, SpinBox, CheckBox, Button, Label, Action).
#pragma once

namespace tweed::editor::names {

// Docks and toolbars: QMainWindow::saveState() keys the saved window layout by these, so
// renaming one loses the layout users have arranged. Keep them as they are.
inline constexpr char kOutlinerDock[] = "OutlinerDock";
inline constexpr char kPropertiesDock[] = "PropertiesDock";
inline constexpr char kUndoDock[] = "UndoDock";
inline constexpr char kSimulationDock[] = "SimulationDock";
inline constexpr char kStatisticsDock[] = "StatisticsDock";
inline constexpr char kPhysicsMeshDock[] = "PhysicsMeshDock";
inline constexpr char kCollisionDock[] = "CollisionDock";
inline constexpr char kPaintDock[] = "PaintDock";
inline constexpr char kMainWindowFileToolBar[] = "MainWindow_FileToolBar";
inline constexpr char kMainWindowViewToolBar[] = "MainWindow_ViewToolBar";
inline constexpr char kPresetsToolBar[] = "PresetsToolBar";

// The Physics Mesh dock.
inline constexpr char kPhysicsMeshDockScrollArea[] = "PhysicsMeshDock_ScrollArea";
inline constexpr char kPhysicsMeshDockBody[] = "PhysicsMeshDock_Body";
inline constexpr char kPhysicsMeshDockLodGroup[] = "PhysicsMeshDock_LodGroup";
inline constexpr char kPhysicsMeshDockLodComboBox[] = "PhysicsMeshDock_LodComboBox";
inline constexpr char kPhysicsMeshDockAddLodButton[] = "PhysicsMeshDock_AddLodButton";
inline constexpr char kPhysicsMeshDockAddLodMenu[] = "PhysicsMeshDock_AddLodMenu";
inline constexpr char kPhysicsMeshDockPhysicsSourceComboBox[] =
    "PhysicsMeshDock_PhysicsSourceComboBox";
inline constexpr char kPhysicsMeshDockGarmentGroup[] = "PhysicsMeshDock_GarmentGroup";
inline constexpr char kPhysicsMeshDockGarmentMeshList[] = "PhysicsMeshDock_GarmentMeshList";
inline constexpr char kPhysicsMeshDockSubmeshList[] = "PhysicsMeshDock_SubmeshList";
inline constexpr char kPhysicsMeshDockPhysicsMaskCheckBox[] = "PhysicsMeshDock_PhysicsMaskCheckBox";
inline constexpr char kPhysicsMeshDockPathGroup[] = "PhysicsMeshDock_PathGroup";
inline constexpr char kPhysicsMeshDockMethodComboBox[] = "PhysicsMeshDock_MethodComboBox";
inline constexpr char kPhysicsMeshDockWeldToleranceSpinBox[] =
    "PhysicsMeshDock_WeldToleranceSpinBox";
inline constexpr char kPhysicsMeshDockTargetKindComboBox[] = "PhysicsMeshDock_TargetKindComboBox";
inline constexpr char kPhysicsMeshDockTargetVerticesSpinBox[] =
    "PhysicsMeshDock_TargetVerticesSpinBox";
inline constexpr char kPhysicsMeshDockTargetEdgeLengthSpinBox[] =
    "PhysicsMeshDock_TargetEdgeLengthSpinBox";
inline constexpr char kPhysicsMeshDockCloseHolesSpinBox[] = "PhysicsMeshDock_CloseHolesSpinBox";
inline constexpr char kPhysicsMeshDockSubdivisionsSpinBox[] = "PhysicsMeshDock_SubdivisionsSpinBox";
inline constexpr char kPhysicsMeshDockVoxelSizeSpinBox[] = "PhysicsMeshDock_VoxelSizeSpinBox";
inline constexpr char kPhysicsMeshDockIsoOffsetSpinBox[] = "PhysicsMeshDock_IsoOffsetSpinBox";
inline constexpr char kPhysicsMeshDockCustomMeshEdit[] = "PhysicsMeshDock_CustomMeshEdit";
inline constexpr char kPhysicsMeshDockBrowseButton[] = "PhysicsMeshDock_BrowseButton";
inline constexpr char kPhysicsMeshDockNormalsComboBox[] = "PhysicsMeshDock_NormalsComboBox";
inline constexpr char kPhysicsMeshDockGenerateButton[] = "PhysicsMeshDock_GenerateButton";
inline constexpr char kPhysicsMeshDockStatusLabel[] = "PhysicsMeshDock_StatusLabel";
inline constexpr char kPhysicsMeshDockReportGroup[] = "PhysicsMeshDock_ReportGroup";
inline constexpr char kPhysicsMeshDockVerticesLabel[] = "PhysicsMeshDock_VerticesLabel";
inline constexpr char kPhysicsMeshDockTrianglesLabel[] = "PhysicsMeshDock_TrianglesLabel";
inline constexpr char kPhysicsMeshDockComponentsLabel[] = "PhysicsMeshDock_ComponentsLabel";
inline constexpr char kPhysicsMeshDockBoundaryLoopsLabel[] = "PhysicsMeshDock_BoundaryLoopsLabel";
inline constexpr char kPhysicsMeshDockSurfaceErrorLabel[] = "PhysicsMeshDock_SurfaceErrorLabel";
inline constexpr char kPhysicsMeshDockMinAngleLabel[] = "PhysicsMeshDock_MinAngleLabel";
inline constexpr char kPhysicsMeshDockEdgeSpreadLabel[] = "PhysicsMeshDock_EdgeSpreadLabel";
inline constexpr char kPhysicsMeshDockSkinMapLabel[] = "PhysicsMeshDock_SkinMapLabel";
inline constexpr char kPhysicsMeshDockHighlightCheckBox[] = "PhysicsMeshDock_HighlightCheckBox";
inline constexpr char kPhysicsMeshDockGenerateAction[] = "PhysicsMeshDock_GenerateAction";
/// Followed by the character mesh's name: the Add LoD submenu of that mesh.
inline constexpr char kPhysicsMeshDockAddLodMenuPrefix[] = "PhysicsMeshDock_AddLodMenu_";
inline constexpr char kPhysicsMeshDockAddLodOwnAction[] = "PhysicsMeshDock_AddLodOwnAction";
/// Followed by the LoD number: "share the physics mesh of LoD n" in an Add LoD submenu.
inline constexpr char kPhysicsMeshDockAddLodShareActionPrefix[] =
    "PhysicsMeshDock_AddLodShareAction";

} // namespace tweed::editor::names
