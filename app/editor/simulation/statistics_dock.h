// The statistics dock: live plots of the simulation (solver time, largest stretch, Max Distance
// hits, contacts) over the last frames, with Qt Charts.
#pragma once

#include <QDockWidget>
#include <QList>
#include <QPointF>

#include <array>

class QChart;
class QLabel;
class QLineSeries;
class QTimer;
class QValueAxis;

namespace tweed::editor {

class SimulationController;

class StatisticsDock : public QDockWidget
{
    Q_OBJECT

public:
    /// Frames each plot shows.
    static constexpr int kHistory = 300;
    /// SkinnedStretch (the skinned pose's largest stretch) is drawn in MaxStretch's chart, as a
    /// dashed reference line: where the two meet, the stretch comes from the skinning.
    enum Plot { SolverMs, MaxStretch, SkinnedStretch, MaxDistanceHits, Contacts, PlotCount };

    explicit StatisticsDock(SimulationController *controller, QWidget *parent = nullptr);

    /// The points of one plot (x: frame, y: value), for tests.
    const QList<QPointF> &points(Plot plot) const { return mPlots[size_t(plot)].points; }

protected:
    void changeEvent(QEvent *event) override;

private:
    struct PlotView
    {
        QChart *chart = nullptr; ///< shared by the plots drawn together
        QLineSeries *series = nullptr;
        QValueAxis *x = nullptr;
        QValueAxis *y = nullptr;
        QList<QPointF> points;
    };
    void record();
    void refresh();
    void retranslateUi();

    SimulationController *mController;
    std::array<PlotView, PlotCount> mPlots;
    QLabel *mSummary;
    QTimer *mRefresh;
    qint64 mFrame = 0;
    bool mDirty = false;
};

} // namespace tweed::editor
