// The statistics dock: live plots of the simulation (solver time, largest stretch, Max Distance
// hits, contacts) over the last frames, with Qt Charts, and a table of the cloth measures
// (tweed/cloth_measures.h, as tweed-cli simulate and qa give them) of the last frame and of every
// frame since the last reset.
#pragma once

#include <QDockWidget>
#include <QList>
#include <QPointF>
#include <QPointer>

#include <array>

class QChart;
class QLabel;
class QLineSeries;
class QTableWidget;
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

    /// The rows of the measures table.
    enum Measure {
        LayerPokeThrough,
        ShellPokeThrough,
        BodyPokeThrough,
        MaxDistanceHitShare,
        VolumeProtrusion,
        MaxStretchMeasure,
        MeanMaxStretch,
        MeasureCount
    };
    /// Columns of the measures table after the name.
    enum MeasureColumn { ThisFrame = 1, SinceReset = 2 };

    explicit StatisticsDock(SimulationController *controller, QWidget *parent = nullptr);
    ~StatisticsDock() override;

    /// The points of one plot (x: frame, y: value), for tests.
    const QList<QPointF> &points(Plot plot) const { return mPlots[size_t(plot)].points; }
    /// The measures table as shown.
    QTableWidget *measuresTable() const { return mMeasures; }

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

    void refreshMeasures();

    QPointer<SimulationController> mController;
    QTableWidget *mMeasures;
    std::array<PlotView, PlotCount> mPlots;
    QLabel *mSummary;
    QTimer *mRefresh;
    qint64 mFrame = 0;
    bool mDirty = false;
};

} // namespace tweed::editor
