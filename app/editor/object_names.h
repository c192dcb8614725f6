// The objectNames the editor gives its docks, toolbars, dialogs and widgets, declared once so
// that the code and the UI tests (tests/app) spell them the same. Spelling: <Owner>_<What><Kind>,
// the kind being the Qt class without the Q (ComboBox, SpinBox, CheckBox, GroupBox, LineEdit,
// Button, Label, Action). Names built at run time (a setting's editor, a debug view's action, a
// dock's View > Panels action) are made from the prefixes their code documents.
#pragma once

namespace tweed::editor::names {

// Docks and toolbars: QMainWindow::saveState() keys the saved window layout by these, so
// renaming one loses the layout users have arranged. Keep them as they are.
inline constexpr char kOutlinerDock[] = "OutlinerDock";
inline constexpr char kPropertiesDock[] = "PropertiesDock";
inline constexpr char kUndoDock[] = "UndoDock";
inline constexpr char kMessagesDock[] = "MessagesDock";
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
inline constexpr char kPhysicsMeshDockFrame[] = "PhysicsMeshDock_Frame";
inline constexpr char kPhysicsMeshDockBody[] = "PhysicsMeshDock_Body";
inline constexpr char kPhysicsMeshDockLodGroupBox[] = "PhysicsMeshDock_LodGroupBox";
inline constexpr char kPhysicsMeshDockLodComboBox[] = "PhysicsMeshDock_LodComboBox";
inline constexpr char kPhysicsMeshDockAddLodButton[] = "PhysicsMeshDock_AddLodButton";
inline constexpr char kPhysicsMeshDockAddLodMenu[] = "PhysicsMeshDock_AddLodMenu";
inline constexpr char kPhysicsMeshDockPhysicsSourceComboBox[] =
    "PhysicsMeshDock_PhysicsSourceComboBox";
inline constexpr char kPhysicsMeshDockGarmentGroupBox[] = "PhysicsMeshDock_GarmentGroupBox";
inline constexpr char kPhysicsMeshDockGarmentMeshList[] = "PhysicsMeshDock_GarmentMeshList";
inline constexpr char kPhysicsMeshDockSubmeshList[] = "PhysicsMeshDock_SubmeshList";
inline constexpr char kPhysicsMeshDockPhysicsMaskCheckBox[] = "PhysicsMeshDock_PhysicsMaskCheckBox";
inline constexpr char kPhysicsMeshDockLayerTable[] = "PhysicsMeshDock_LayerTable";
/// Followed by the row: the role choice of each mesh in the layers table.
inline constexpr char kPhysicsMeshDockLayerRolePrefix[] = "PhysicsMeshDock_LayerRoleComboBox_";
inline constexpr char kPhysicsMeshDockPathGroupBox[] = "PhysicsMeshDock_PathGroupBox";
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
inline constexpr char kPhysicsMeshDockIsoContractionSpinBox[] = "PhysicsMeshDock_IsoContractionSpinBox";
inline constexpr char kPhysicsMeshDockCustomMeshLineEdit[] = "PhysicsMeshDock_CustomMeshLineEdit";
inline constexpr char kPhysicsMeshDockBrowseButton[] = "PhysicsMeshDock_BrowseButton";
inline constexpr char kPhysicsMeshDockNormalsComboBox[] = "PhysicsMeshDock_NormalsComboBox";
inline constexpr char kPhysicsMeshDockGenerateButton[] = "PhysicsMeshDock_GenerateButton";
inline constexpr char kPhysicsMeshDockStatusLabel[] = "PhysicsMeshDock_StatusLabel";
inline constexpr char kPhysicsMeshDockAutoSetupButton[] = "PhysicsMeshDock_AutoSetupButton";
inline constexpr char kPhysicsMeshDockAutoSetupReportLabel[] = "PhysicsMeshDock_AutoSetupReportLabel";
inline constexpr char kPhysicsMeshDockReportGroupBox[] = "PhysicsMeshDock_ReportGroupBox";
inline constexpr char kPhysicsMeshDockVerticesLabel[] = "PhysicsMeshDock_VerticesLabel";
inline constexpr char kPhysicsMeshDockTrianglesLabel[] = "PhysicsMeshDock_TrianglesLabel";
inline constexpr char kPhysicsMeshDockComponentsLabel[] = "PhysicsMeshDock_ComponentsLabel";
inline constexpr char kPhysicsMeshDockBoundaryLoopsLabel[] = "PhysicsMeshDock_BoundaryLoopsLabel";
inline constexpr char kPhysicsMeshDockSurfaceErrorLabel[] = "PhysicsMeshDock_SurfaceErrorLabel";
inline constexpr char kPhysicsMeshDockMinAngleLabel[] = "PhysicsMeshDock_MinAngleLabel";
inline constexpr char kPhysicsMeshDockEdgeSpreadLabel[] = "PhysicsMeshDock_EdgeSpreadLabel";
inline constexpr char kPhysicsMeshDockSkinMapLabel[] = "PhysicsMeshDock_SkinMapLabel";
inline constexpr char kPhysicsMeshDockSkinnedStretchLabel[] = "PhysicsMeshDock_SkinnedStretchLabel";
inline constexpr char kPhysicsMeshDockHighlightCheckBox[] = "PhysicsMeshDock_HighlightCheckBox";
inline constexpr char kPhysicsMeshDockGenerateAction[] = "PhysicsMeshDock_GenerateAction";
/// Followed by the character mesh's name: the Add LoD submenu of that mesh.
inline constexpr char kPhysicsMeshDockAddLodMenuPrefix[] = "PhysicsMeshDock_AddLodMenu_";
inline constexpr char kPhysicsMeshDockAddLodOwnAction[] = "PhysicsMeshDock_AddLodOwnAction";
/// Followed by the LoD number: "share the physics mesh of LoD n" in an Add LoD submenu.
inline constexpr char kPhysicsMeshDockAddLodShareActionPrefix[] =
    "PhysicsMeshDock_AddLodShareAction";

// The Collision Volumes dock.
inline constexpr char kCollisionDockVolumeList[] = "CollisionDock_VolumeList";
inline constexpr char kCollisionDockXRayCheckBox[] = "CollisionDock_XRayCheckBox";
inline constexpr char kCollisionDockWireframeCheckBox[] = "CollisionDock_WireframeCheckBox";
inline constexpr char kCollisionDockBoneComboBox[] = "CollisionDock_BoneComboBox";
inline constexpr char kCollisionDockAddEllipsoidButton[] = "CollisionDock_AddEllipsoidButton";
inline constexpr char kCollisionDockAddSphereButton[] = "CollisionDock_AddSphereButton";
inline constexpr char kCollisionDockAddCapsuleButton[] = "CollisionDock_AddCapsuleButton";
inline constexpr char kCollisionDockAddTaperedCapsuleButton[] =
    "CollisionDock_AddTaperedCapsuleButton";
inline constexpr char kCollisionDockAddBoxButton[] = "CollisionDock_AddBoxButton";
inline constexpr char kCollisionDockAddConvexButton[] = "CollisionDock_AddConvexButton";
inline constexpr char kCollisionDockAddPlaneButton[] = "CollisionDock_AddPlaneButton";
inline constexpr char kCollisionDockFitPlanesSpinBox[] = "CollisionDock_FitPlanesSpinBox";
inline constexpr char kCollisionDockPendulumGroupBox[] = "CollisionDock_PendulumGroupBox";
inline constexpr char kCollisionDockPendulumAddButton[] = "CollisionDock_PendulumAddButton";
inline constexpr char kCollisionDockPendulumRemoveButton[] = "CollisionDock_PendulumRemoveButton";
inline constexpr char kCollisionDockPendulumLengthSpinBox[] = "CollisionDock_PendulumLengthSpinBox";
inline constexpr char kCollisionDockPendulumDampingSpinBox[] =
    "CollisionDock_PendulumDampingSpinBox";
inline constexpr char kCollisionDockPendulumGravitySpinBox[] =
    "CollisionDock_PendulumGravitySpinBox";
inline constexpr char kCollisionDockPendulumAngleSpinBox[] = "CollisionDock_PendulumAngleSpinBox";
inline constexpr char kCollisionDockPendulumPointButton[] = "CollisionDock_PendulumPointButton";
// The rig (look-at and position constraints) on the chosen bone, in the Collision Volumes dock.
inline constexpr char kRigPanelGroupBox[] = "RigPanel_GroupBox";
inline constexpr char kRigPanelAimComboBox[] = "RigPanel_AimComboBox";
inline constexpr char kRigPanelPointXSpinBox[] = "RigPanel_PointXSpinBox";
inline constexpr char kRigPanelPointYSpinBox[] = "RigPanel_PointYSpinBox";
inline constexpr char kRigPanelPointZSpinBox[] = "RigPanel_PointZSpinBox";
inline constexpr char kRigPanelAimWeightSpinBox[] = "RigPanel_AimWeightSpinBox";
inline constexpr char kRigPanelPointButton[] = "RigPanel_PointButton";
inline constexpr char kRigPanelPartnerComboBox[] = "RigPanel_PartnerComboBox";
inline constexpr char kRigPanelPartnerWeightSpinBox[] = "RigPanel_PartnerWeightSpinBox";
inline constexpr char kCollisionDockRemoveButton[] = "CollisionDock_RemoveButton";
inline constexpr char kCollisionDockSplitButton[] = "CollisionDock_SplitButton";
inline constexpr char kCollisionDockMoveButton[] = "CollisionDock_MoveButton";
inline constexpr char kCollisionDockRotateButton[] = "CollisionDock_RotateButton";
inline constexpr char kCollisionDockScaleButton[] = "CollisionDock_ScaleButton";
inline constexpr char kCollisionDockPropertiesGroupBox[] = "CollisionDock_PropertiesGroupBox";
inline constexpr char kCollisionDockNameLineEdit[] = "CollisionDock_NameLineEdit";
inline constexpr char kCollisionDockVolumeBoneLabel[] = "CollisionDock_VolumeBoneLabel";
inline constexpr char kCollisionDockRadiusSpinBox[] = "CollisionDock_RadiusSpinBox";
inline constexpr char kCollisionDockRadius2SpinBox[] = "CollisionDock_Radius2SpinBox";
inline constexpr char kCollisionDockHalfHeightSpinBox[] = "CollisionDock_HalfHeightSpinBox";
inline constexpr char kCollisionDockAutoFitGroupBox[] = "CollisionDock_AutoFitGroupBox";
inline constexpr char kCollisionDockFitGarmentBonesCheckBox[] =
    "CollisionDock_FitGarmentBonesCheckBox";
inline constexpr char kCollisionDockFitBoneList[] = "CollisionDock_FitBoneList";
inline constexpr char kCollisionDockFitMeshComboBox[] = "CollisionDock_FitMeshComboBox";
inline constexpr char kCollisionDockFitShapeComboBox[] = "CollisionDock_FitShapeComboBox";
inline constexpr char kCollisionDockFitCoverageSpinBox[] = "CollisionDock_FitCoverageSpinBox";
inline constexpr char kCollisionDockAutoFitButton[] = "CollisionDock_AutoFitButton";
inline constexpr char kCollisionDockScrollArea[] = "CollisionDock_ScrollArea";
inline constexpr char kCollisionDockMenu[] = "CollisionDock_Menu";
inline constexpr char kCollisionDockAddEllipsoidAction[] = "CollisionDock_AddEllipsoidAction";
inline constexpr char kCollisionDockAddSphereAction[] = "CollisionDock_AddSphereAction";
inline constexpr char kCollisionDockAddCapsuleAction[] = "CollisionDock_AddCapsuleAction";
inline constexpr char kCollisionDockAddTaperedCapsuleAction[] =
    "CollisionDock_AddTaperedCapsuleAction";
inline constexpr char kCollisionDockAddBoxAction[] = "CollisionDock_AddBoxAction";
inline constexpr char kCollisionDockAddConvexAction[] = "CollisionDock_AddConvexAction";
inline constexpr char kCollisionDockAddPlaneAction[] = "CollisionDock_AddPlaneAction";
inline constexpr char kCollisionDockSplitAction[] = "CollisionDock_SplitAction";
inline constexpr char kCollisionDockRemoveAction[] = "CollisionDock_RemoveAction";
inline constexpr char kCollisionDockAutoFitAction[] = "CollisionDock_AutoFitAction";

// The export dialog.
inline constexpr char kExportDialogFormatComboBox[] = "ExportDialog_FormatComboBox";
inline constexpr char kExportDialogPathLineEdit[] = "ExportDialog_PathLineEdit";
inline constexpr char kExportDialogBrowseButton[] = "ExportDialog_BrowseButton";
inline constexpr char kExportDialogClipComboBox[] = "ExportDialog_ClipComboBox";
inline constexpr char kExportDialogFramesSpinBox[] = "ExportDialog_FramesSpinBox";
inline constexpr char kExportDialogFpsSpinBox[] = "ExportDialog_FpsSpinBox";
inline constexpr char kExportDialogLodSpinBox[] = "ExportDialog_LodSpinBox";
inline constexpr char kExportDialogUnitsComboBox[] = "ExportDialog_UnitsComboBox";
inline constexpr char kExportDialogClothBonesSpinBox[] = "ExportDialog_ClothBonesSpinBox";
inline constexpr char kExportDialogMaxBonesSpinBox[] = "ExportDialog_MaxBonesSpinBox";
inline constexpr char kExportDialogMaxVolumesSpinBox[] = "ExportDialog_MaxVolumesSpinBox";
inline constexpr char kExportDialogMaxMorphTargetsSpinBox[] = "ExportDialog_MaxMorphTargetsSpinBox";
inline constexpr char kExportDialogMaxSizeSpinBox[] = "ExportDialog_MaxSizeSpinBox";
inline constexpr char kExportDialogSizeLabel[] = "ExportDialog_SizeLabel";
inline constexpr char kExportDialogProblemsLabel[] = "ExportDialog_ProblemsLabel";
inline constexpr char kExportDialogProblemsList[] = "ExportDialog_ProblemsList";
inline constexpr char kExportDialogAllowLossCheckBox[] = "ExportDialog_AllowLossCheckBox";
inline constexpr char kExportDialogStatusLabel[] = "ExportDialog_StatusLabel";
inline constexpr char kExportDialogExportButton[] = "ExportDialog_ExportButton";
inline constexpr char kExportDialogCloseButton[] = "ExportDialog_CloseButton";
inline constexpr char kSwatchDialogPatch[] = "SwatchDialog_Patch";
inline constexpr char kSwatchDialogRope[] = "SwatchDialog_Rope";
inline constexpr char kSwatchDialogWidthSpinBox[] = "SwatchDialog_WidthSpinBox";
inline constexpr char kSwatchDialogHeightSpinBox[] = "SwatchDialog_HeightSpinBox";
inline constexpr char kSwatchDialogResolutionSpinBox[] = "SwatchDialog_ResolutionSpinBox";
inline constexpr char kSwatchDialogPinnedComboBox[] = "SwatchDialog_PinnedComboBox";
inline constexpr char kSwatchDialogPresetComboBox[] = "SwatchDialog_PresetComboBox";
inline constexpr char kSwatchDialogButtonBox[] = "SwatchDialog_ButtonBox";
inline constexpr char kSwatchDialogOkButton[] = "SwatchDialog_OkButton";
inline constexpr char kSwatchDialogCancelButton[] = "SwatchDialog_CancelButton";

// The main window: menus, actions, status bar.
inline constexpr char kMainWindowCentralWidget[] = "MainWindow_CentralWidget";
inline constexpr char kMainWindowStatsLabel[] = "MainWindow_StatsLabel";
inline constexpr char kMainWindowStatusBar[] = "MainWindow_StatusBar";
inline constexpr char kMainWindowLayout[] = "MainWindow_Layout";
inline constexpr char kMainWindowWorkspaceSetUpAction[] = "MainWindow_WorkspaceSetUpAction";
inline constexpr char kMainWindowWorkspacePaintAction[] = "MainWindow_WorkspacePaintAction";
inline constexpr char kMainWindowWorkspaceSimulateAction[] = "MainWindow_WorkspaceSimulateAction";
inline constexpr char kMainWindowWorkspacesToolBar[] = "MainWindow_WorkspacesToolBar";
inline constexpr char kMainWindowWindowMenu[] = "MainWindow_WindowMenu";
inline constexpr char kMainWindowAutosaveTimer[] = "MainWindow_AutosaveTimer";
inline constexpr char kMainWindowFileNewAction[] = "MainWindow_FileNewAction";
inline constexpr char kMainWindowFileOpenAction[] = "MainWindow_FileOpenAction";
inline constexpr char kMainWindowFileNewPatchAction[] = "MainWindow_FileNewPatchAction";
inline constexpr char kMainWindowFileNewRopeAction[] = "MainWindow_FileNewRopeAction";
inline constexpr char kMainWindowFileSaveAction[] = "MainWindow_FileSaveAction";
inline constexpr char kMainWindowFileSaveAsAction[] = "MainWindow_FileSaveAsAction";
inline constexpr char kMainWindowFileExportCookedAction[] = "MainWindow_FileExportCookedAction";
inline constexpr char kMainWindowFileExportAction[] = "MainWindow_FileExportAction";
inline constexpr char kMainWindowFileReimportAction[] = "MainWindow_FileReimportAction";
inline constexpr char kMainWindowFileCloseAction[] = "MainWindow_FileCloseAction";
inline constexpr char kMainWindowFileClearRecentAction[] = "MainWindow_FileClearRecentAction";
inline constexpr char kMainWindowFileQuitAction[] = "MainWindow_FileQuitAction";
inline constexpr char kMainWindowEditUndoAction[] = "MainWindow_EditUndoAction";
inline constexpr char kMainWindowEditRedoAction[] = "MainWindow_EditRedoAction";
inline constexpr char kMainWindowEditPreferencesAction[] = "MainWindow_EditPreferencesAction";
inline constexpr char kMainWindowViewSkeletonAction[] = "MainWindow_ViewSkeletonAction";
inline constexpr char kMainWindowViewBoneNamesAction[] = "MainWindow_ViewBoneNamesAction";
inline constexpr char kMainWindowViewWireframeAction[] = "MainWindow_ViewWireframeAction";
inline constexpr char kMainWindowViewNormalsAction[] = "MainWindow_ViewNormalsAction";
inline constexpr char kMainWindowViewPhysicsMeshAction[] = "MainWindow_ViewPhysicsMeshAction";
inline constexpr char kMainWindowViewCollisionVolumesAction[] =
    "MainWindow_ViewCollisionVolumesAction";
inline constexpr char kMainWindowViewGridAction[] = "MainWindow_ViewGridAction";
inline constexpr char kMainWindowViewFrameAllAction[] = "MainWindow_ViewFrameAllAction";
inline constexpr char kMainWindowViewFrameSelectedAction[] = "MainWindow_ViewFrameSelectedAction";
inline constexpr char kMainWindowViewCameraFrontAction[] = "MainWindow_ViewCameraFrontAction";
inline constexpr char kMainWindowViewCameraSideAction[] = "MainWindow_ViewCameraSideAction";
inline constexpr char kMainWindowViewCameraTopAction[] = "MainWindow_ViewCameraTopAction";
inline constexpr char kMainWindowViewCameraPerspectiveAction[] =
    "MainWindow_ViewCameraPerspectiveAction";
inline constexpr char kMainWindowViewResetLayoutAction[] = "MainWindow_ViewResetLayoutAction";
inline constexpr char kMainWindowSimulationResetSettingsAction[] =
    "MainWindow_SimulationResetSettingsAction";
inline constexpr char kMainWindowHelpAboutAction[] = "MainWindow_HelpAboutAction";
inline constexpr char kMainWindowHelpUserGuideAction[] = "MainWindow_HelpUserGuideAction";
inline constexpr char kMainWindowFileMenu[] = "MainWindow_FileMenu";
inline constexpr char kMainWindowFileRecentMenu[] = "MainWindow_FileRecentMenu";
inline constexpr char kMainWindowEditMenu[] = "MainWindow_EditMenu";
inline constexpr char kMainWindowViewMenu[] = "MainWindow_ViewMenu";
inline constexpr char kMainWindowViewOverlaysMenu[] = "MainWindow_ViewOverlaysMenu";
inline constexpr char kMainWindowViewCameraMenu[] = "MainWindow_ViewCameraMenu";
inline constexpr char kMainWindowViewDebugMenu[] = "MainWindow_ViewDebugMenu";
inline constexpr char kMainWindowViewPanelsMenu[] = "MainWindow_ViewPanelsMenu";
inline constexpr char kMainWindowSimulationMenu[] = "MainWindow_SimulationMenu";
inline constexpr char kMainWindowSimulationPresetMenu[] = "MainWindow_SimulationPresetMenu";
inline constexpr char kMainWindowToolsMenu[] = "MainWindow_ToolsMenu";
inline constexpr char kMainWindowHelpMenu[] = "MainWindow_HelpMenu";

// The undo history.
inline constexpr char kUndoDockListView[] = "UndoDock_ListView";

// The Messages dock.
inline constexpr char kMessagesDockBody[] = "MessagesDock_Body";
inline constexpr char kMessagesDockList[] = "MessagesDock_ListWidget";
inline constexpr char kMessagesDockClearButton[] = "MessagesDock_ClearButton";

// The outliner.
inline constexpr char kOutlinerDockTreeView[] = "OutlinerDock_TreeView";

// The Paint dock.
inline constexpr char kPaintDockScrollArea[] = "PaintDock_ScrollArea";
inline constexpr char kPaintDockActivateButton[] = "PaintDock_ActivateButton";
inline constexpr char kPaintDockChannelGroupBox[] = "PaintDock_ChannelGroupBox";
inline constexpr char kPaintDockChannelComboBox[] = "PaintDock_ChannelComboBox";
inline constexpr char kPaintDockBitsPicker[] = "PaintDock_BitsPicker";
inline constexpr char kPaintDockToolGroupBox[] = "PaintDock_ToolGroupBox";
inline constexpr char kPaintDockBrushButton[] = "PaintDock_BrushButton";
inline constexpr char kPaintDockSmoothButton[] = "PaintDock_SmoothButton";
inline constexpr char kPaintDockFillButton[] = "PaintDock_FillButton";
inline constexpr char kPaintDockGradientButton[] = "PaintDock_GradientButton";
inline constexpr char kPaintDockPickButton[] = "PaintDock_PickButton";
inline constexpr char kPaintDockLassoButton[] = "PaintDock_LassoButton";
inline constexpr char kPaintDockBoxButton[] = "PaintDock_BoxButton";
inline constexpr char kPaintDockBrushGroupBox[] = "PaintDock_BrushGroupBox";
inline constexpr char kPaintDockRadiusSpinBox[] = "PaintDock_RadiusSpinBox";
inline constexpr char kPaintDockStrengthSpinBox[] = "PaintDock_StrengthSpinBox";
inline constexpr char kPaintDockFalloffComboBox[] = "PaintDock_FalloffComboBox";
inline constexpr char kPaintDockFalloffPreview[] = "PaintDock_FalloffPreview";
inline constexpr char kPaintDockModeComboBox[] = "PaintDock_ModeComboBox";
inline constexpr char kPaintDockValueSpinBox[] = "PaintDock_ValueSpinBox";
inline constexpr char kPaintDockSecondValueSpinBox[] = "PaintDock_SecondValueSpinBox";
inline constexpr char kPaintDockFillGroupBox[] = "PaintDock_FillGroupBox";
inline constexpr char kPaintDockFillScopeComboBox[] = "PaintDock_FillScopeComboBox";
inline constexpr char kPaintDockPaintThroughCheckBox[] = "PaintDock_PaintThroughCheckBox";
inline constexpr char kPaintDockMirrorGroupBox[] = "PaintDock_MirrorGroupBox";
inline constexpr char kPaintDockMirrorComboBox[] = "PaintDock_MirrorComboBox";
inline constexpr char kPaintDockMirrorMethodComboBox[] = "PaintDock_MirrorMethodComboBox";
inline constexpr char kPaintDockMirrorToleranceSpinBox[] = "PaintDock_MirrorToleranceSpinBox";
inline constexpr char kPaintDockDisplayGroupBox[] = "PaintDock_DisplayGroupBox";
inline constexpr char kPaintDockDisplayComboBox[] = "PaintDock_DisplayComboBox";
inline constexpr char kPaintDockRampMinSpinBox[] = "PaintDock_RampMinSpinBox";
inline constexpr char kPaintDockRampMaxSpinBox[] = "PaintDock_RampMaxSpinBox";
inline constexpr char kPaintDockRampFitButton[] = "PaintDock_RampFitButton";
inline constexpr char kPaintDockStatusLabel[] = "PaintDock_StatusLabel";
inline constexpr char kPaintDockMassGradientGroupBox[] = "PaintDock_MassGradientGroupBox";
inline constexpr char kPaintDockMassFactorSpinBox[] = "PaintDock_MassFactorSpinBox";
inline constexpr char kPaintDockMassLevelsSpinBox[] = "PaintDock_MassLevelsSpinBox";
inline constexpr char kPaintDockMassGradientButton[] = "PaintDock_MassGradientButton";
inline constexpr char kPaintDockPaintAction[] = "PaintDock_PaintAction";

// The preferences dialog.
inline constexpr char kPreferencesDialogLanguageComboBox[] = "PreferencesDialog_LanguageComboBox";
inline constexpr char kPreferencesDialogUnitsComboBox[] = "PreferencesDialog_UnitsComboBox";
inline constexpr char kPreferencesDialogNavigationComboBox[] =
    "PreferencesDialog_NavigationComboBox";
inline constexpr char kPreferencesDialogThemeComboBox[] = "PreferencesDialog_ThemeComboBox";
inline constexpr char kPreferencesDialogButtonBox[] = "PreferencesDialog_ButtonBox";

// The properties panel (its setting editors are named by PropertiesDock::editorName()).
inline constexpr char kPropertiesDockScrollArea[] = "PropertiesDock_ScrollArea";
inline constexpr char kPropertiesDockSelectionGroupBox[] = "PropertiesDock_SelectionGroupBox";
inline constexpr char kPropertiesDockSimulationGroupBox[] = "PropertiesDock_SimulationGroupBox";
inline constexpr char kPropertiesDockPresetComboBox[] = "PropertiesDock_PresetComboBox";
inline constexpr char kPropertiesDockResetSettingsButton[] = "PropertiesDock_ResetSettingsButton";

// The Simulation dock.
inline constexpr char kSimulationDockSimulateCheckBox[] = "SimulationDock_SimulateCheckBox";
inline constexpr char kSimulationDockPlayButton[] = "SimulationDock_PlayButton";
inline constexpr char kSimulationDockStepButton[] = "SimulationDock_StepButton";
inline constexpr char kSimulationDockResetButton[] = "SimulationDock_ResetButton";
inline constexpr char kSimulationDockMotionComboBox[] = "SimulationDock_MotionComboBox";
inline constexpr char kSimulationDockWindDirectionSpinBox[] = "SimulationDock_WindDirectionSpinBox";
inline constexpr char kSimulationDockWindElevationSpinBox[] = "SimulationDock_WindElevationSpinBox";
inline constexpr char kSimulationDockWindStrengthSpinBox[] = "SimulationDock_WindStrengthSpinBox";
inline constexpr char kSimulationDockShowSkinnedCheckBox[] = "SimulationDock_ShowSkinnedCheckBox";
inline constexpr char kSimulationDockShowVelocitiesCheckBox[] =
    "SimulationDock_ShowVelocitiesCheckBox";
inline constexpr char kSimulationDockShowStretchCheckBox[] = "SimulationDock_ShowStretchCheckBox";
inline constexpr char kSimulationDockStatusLabel[] = "SimulationDock_StatusLabel";
inline constexpr char kSimulationDockSimulateAction[] = "SimulationDock_SimulateAction";
inline constexpr char kSimulationDockPlayAction[] = "SimulationDock_PlayAction";
inline constexpr char kSimulationDockStepAction[] = "SimulationDock_StepAction";
inline constexpr char kSimulationDockResetAction[] = "SimulationDock_ResetAction";
inline constexpr char kSimulationDockCacheLabel[] = "SimulationDock_CacheLabel";
inline constexpr char kSimulationDockBakeButton[] = "SimulationDock_BakeButton";
inline constexpr char kSimulationDockClearCacheButton[] = "SimulationDock_ClearCacheButton";
inline constexpr char kSimulationDockGrabButton[] = "SimulationDock_GrabButton";
inline constexpr char kSimulationDockInspectLabel[] = "SimulationDock_InspectLabel";

// The Statistics dock.
inline constexpr char kStatisticsDockSummaryLabel[] = "StatisticsDock_SummaryLabel";
inline constexpr char kStatisticsDockSolverChartView[] = "StatisticsDock_SolverChartView";
inline constexpr char kStatisticsDockStretchChartView[] = "StatisticsDock_StretchChartView";
inline constexpr char kStatisticsDockMaxDistanceHitsChartView[] =
    "StatisticsDock_MaxDistanceHitsChartView";
inline constexpr char kStatisticsDockContactsChartView[] = "StatisticsDock_ContactsChartView";
inline constexpr char kStatisticsDockMeasuresTable[] = "StatisticsDock_MeasuresTable";

// The playback bar.
inline constexpr char kPlaybackBarClipComboBox[] = "PlaybackBar_ClipComboBox";
inline constexpr char kPlaybackBarStepBackButton[] = "PlaybackBar_StepBackButton";
inline constexpr char kPlaybackBarPlayButton[] = "PlaybackBar_PlayButton";
inline constexpr char kPlaybackBarStepForwardButton[] = "PlaybackBar_StepForwardButton";
inline constexpr char kPlaybackBarTimelineSlider[] = "PlaybackBar_TimelineSlider";
inline constexpr char kPlaybackBarTimeLabel[] = "PlaybackBar_TimeLabel";
inline constexpr char kPlaybackBarLoopCheckBox[] = "PlaybackBar_LoopCheckBox";
inline constexpr char kPlaybackBarSpeedSpinBox[] = "PlaybackBar_SpeedSpinBox";
inline constexpr char kPlaybackBarRootMotionCheckBox[] = "PlaybackBar_RootMotionCheckBox";
inline constexpr char kPlaybackBarCacheStrip[] = "PlaybackBar_CacheStrip";

// Help > User Guide
inline constexpr char kUserGuideWindow[] = "UserGuideWindow";
inline constexpr char kUserGuideBrowser[] = "UserGuide_Browser";
inline constexpr char kUserGuideBackButton[] = "UserGuide_BackButton";
inline constexpr char kUserGuideContentsButton[] = "UserGuide_ContentsButton";

} // namespace tweed::editor::names
