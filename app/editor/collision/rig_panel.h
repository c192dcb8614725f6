// The rig on the chosen bone (seed 000's upper jacket), a group of the Collision Volumes dock:
// what the bone looks at (nothing, straight down, or a point on another bone, with the point
// in that bone's frame and the weight) and which bone it keeps at its rest distance. Every
// edit is one undo step; the point can also be dragged in the viewport (PointGizmo).
#pragma once

#include <QGroupBox>

#include <array>

class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QPushButton;

namespace tweed::editor {

class Document;
class PointGizmo;

class RigPanel : public QGroupBox
{
    Q_OBJECT

public:
    RigPanel(Document *document, PointGizmo *gizmo, QWidget *parent = nullptr);

    /// The bone the panel edits; -1 for none (everything disabled).
    void setBone(int bone);
    int bone() const { return mBone; }

    /// Aim choices: the combo's data is the target bone, kDown for straight down, kNone for no
    /// look-at. The partner combo: the other bone, kNone for no position constraint.
    static constexpr int kNone = -2;
    static constexpr int kDown = -1;

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();
    void rebuildBones();
    void update();
    void editAim();
    void editPartner();

    Document *mDocument;
    PointGizmo *mGizmo;
    int mBone = -1;
    bool mUpdating = false;
    QFormLayout *mForm;
    QComboBox *mAim;
    std::array<QDoubleSpinBox *, 3> mPoint{};
    QDoubleSpinBox *mAimWeight;
    QPushButton *mPointButton;
    QComboBox *mPartner;
    QDoubleSpinBox *mPartnerWeight;
};

} // namespace tweed::editor
