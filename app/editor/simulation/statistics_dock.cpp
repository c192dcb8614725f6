#include "simulation/statistics_dock.h"

#include "object_names.h"
#include "simulation/simulation_controller.h"

#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QLineSeries>
#include <QPen>
#include <QTableWidget>
#include <QTimer>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <map>

namespace tweed::editor {

namespace {

// Plots redraw at most this often; recording every frame costs almost nothing.
constexpr int kRefreshMs = 100;

} // namespace

StatisticsDock::StatisticsDock(SimulationController *controller, QWidget *parent)
    : QDockWidget(parent), mController(controller)
{
    setObjectName(names::kStatisticsDock);
    auto *body = new QWidget(this);
    auto *layout = new QVBoxLayout(body);
    mSummary = new QLabel(body);
    mSummary->setObjectName(names::kStatisticsDockSummaryLabel);
    layout->addWidget(mSummary);
    // The cloth measures: one row each, this frame and every frame since the reset.
    mMeasures = new QTableWidget(MeasureCount, 3, body);
    mMeasures->setObjectName(names::kStatisticsDockMeasuresTable);
    mMeasures->setEditTriggers(QAbstractItemView::NoEditTriggers);
    mMeasures->setSelectionMode(QAbstractItemView::NoSelection);
    mMeasures->verticalHeader()->hide();
    mMeasures->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    for (int r = 0; r < MeasureCount; ++r)
        for (int c = 0; c < 3; ++c) {
            auto *item = new QTableWidgetItem;
            if (c > 0) item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            mMeasures->setItem(r, c, item);
        }
    mMeasures->setMinimumHeight(mMeasures->verticalHeader()->defaultSectionSize() *
                                (MeasureCount + 1) + 4);
    layout->addWidget(mMeasures);
    const char *names[PlotCount] = {
        names::kStatisticsDockSolverChartView, names::kStatisticsDockStretchChartView, nullptr,
        names::kStatisticsDockMaxDistanceHitsChartView, names::kStatisticsDockContactsChartView};
    const QColor colors[PlotCount] = {QColor(90, 170, 255), QColor(255, 160, 70),
                                      QColor(170, 170, 170), QColor(240, 90, 90),
                                      QColor(110, 200, 120)};
    const char *yFormats[PlotCount] = {"%.2f", "%.2f", nullptr, "%d", "%d"};
    for (int p = 0; p < PlotCount; ++p) {
        PlotView &plot = mPlots[size_t(p)];
        if (p == SkinnedStretch) {
            // In the stretch chart, on its axes.
            const PlotView &stretch = mPlots[MaxStretch];
            plot.chart = stretch.chart;
            plot.x = stretch.x;
            plot.y = stretch.y;
            plot.series = new QLineSeries(plot.chart);
            QPen pen(colors[p]);
            pen.setStyle(Qt::DashLine);
            plot.series->setPen(pen);
            plot.chart->addSeries(plot.series);
            plot.series->attachAxis(plot.x);
            plot.series->attachAxis(plot.y);
            continue;
        }
        plot.chart = new QChart;
        plot.chart->legend()->hide();
        plot.chart->setMargins(QMargins(2, 2, 2, 2));
        plot.series = new QLineSeries(plot.chart);
        plot.series->setColor(colors[p]);
        plot.chart->addSeries(plot.series);
        plot.x = new QValueAxis(plot.chart);
        plot.x->setLabelFormat(QStringLiteral("%d"));
        plot.y = new QValueAxis(plot.chart);
        plot.y->setLabelFormat(QString::fromLatin1(yFormats[p]));
        plot.y->setTickCount(3);
        plot.chart->addAxis(plot.x, Qt::AlignBottom);
        plot.chart->addAxis(plot.y, Qt::AlignLeft);
        plot.series->attachAxis(plot.x);
        plot.series->attachAxis(plot.y);
        auto *view = new QChartView(plot.chart, body);
        view->setObjectName(QString::fromLatin1(names[p]));
        view->setRenderHint(QPainter::Antialiasing);
        view->setMinimumHeight(110);
        layout->addWidget(view, 1);
    }
    setWidget(body);

    mRefresh = new QTimer(this);
    mRefresh->setInterval(kRefreshMs);
    connect(mRefresh, &QTimer::timeout, this, &StatisticsDock::refresh);
    mRefresh->start();
    connect(mController, &SimulationController::stepped, this, &StatisticsDock::record);
    connect(mController, &SimulationController::frameShown, this, &StatisticsDock::record);
    // The measures cost surface distances every frame: only while the dock is seen.
    connect(this, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (mController) mController->setMeasuring(this, visible);
    });
    retranslateUi();
    refresh();
}

StatisticsDock::~StatisticsDock()
{
    if (mController) mController->setMeasuring(this, false);
}

void StatisticsDock::record()
{
    // A reset starts the plots over.
    if (mController->framesSinceReset() == 0) {
        for (PlotView &plot : mPlots)
            plot.points.clear();
        mFrame = 0;
        mDirty = true;
        return;
    }
    const SimulationFrameStats &s = mController->lastStats();
    const double values[PlotCount] = {s.solverMs, s.maxStretch, s.skinnedMaxStretch,
                                      double(s.maxDistanceHits), double(s.contacts)};
    ++mFrame;
    for (int p = 0; p < PlotCount; ++p) {
        QList<QPointF> &points = mPlots[size_t(p)].points;
        points.append(QPointF(double(mFrame), values[p]));
        if (points.size() > kHistory)
            points.remove(0, points.size() - kHistory);
    }
    mDirty = true;
}

void StatisticsDock::refresh()
{
    if (!mDirty && mFrame > 0)
        return;
    mDirty = false;
    // Axes from the highest point of every plot drawn on them.
    std::map<QValueAxis *, double> tops;
    for (PlotView &plot : mPlots) {
        plot.series->replace(plot.points);
        const double first = plot.points.isEmpty() ? 0 : plot.points.front().x();
        plot.x->setRange(first, std::max(first + kHistory, double(mFrame)));
        double &top = tops[plot.y];
        for (const QPointF &p : plot.points)
            top = std::max(top, p.y());
    }
    for (const auto &[axis, top] : tops) {
        double range = top > 0 ? top * 1.15 : 1.0;
        if (axis->labelFormat() == QLatin1String("%d")) // counts: an even top, integer ticks
            range = std::max(2.0, 2.0 * std::ceil(range / 2.0));
        axis->setRange(0, range);
    }
    const SimulationFrameStats &s = mController->lastStats();
    mSummary->setText(
        tr("Solver %1 ms · stretch %2 (skinned %3) · Max Distance hits %4 · contacts %5")
            .arg(s.solverMs, 0, 'f', 2)
            .arg(double(s.maxStretch), 0, 'f', 3)
            .arg(double(s.skinnedMaxStretch), 0, 'f', 3)
            .arg(s.maxDistanceHits)
            .arg(s.contacts));
    refreshMeasures();
}

void StatisticsDock::refreshMeasures()
{
    const bool on = mController->isMeasuring() && mController->isShowingSimulation();
    const FrameMeasures &f = mController->lastMeasures();
    const ClipMeasures clip = on ? mController->measuresSinceReset() : ClipMeasures{};
    const auto percent = [this](double share) {
        return tr("%1 %").arg(locale().toString(100.0 * share, 'f', 2));
    };
    const auto millimetres = [this](double metres) {
        return tr("%1 mm").arg(locale().toString(1000.0 * metres, 'f', 1));
    };
    const auto ratio = [this](double value) { return locale().toString(value, 'f', 3); };
    const QString frame[MeasureCount] = {
        percent(f.layerPokeThrough()),     percent(f.shellPokeThrough()),
        percent(f.bodyPokeThrough()),      percent(f.maxDistanceHitShare()),
        millimetres(f.volumeProtrusion), ratio(f.maxStretch),
        QString()}; // a mean over frames
    const FrameMeasures &c = clip.sum;
    const QString total[MeasureCount] = {
        percent(c.layerPokeThrough()),     percent(c.shellPokeThrough()),
        percent(c.bodyPokeThrough()),      percent(c.maxDistanceHitShare()),
        millimetres(c.volumeProtrusion), ratio(c.maxStretch),
        ratio(clip.meanMaxStretch)};
    for (int r = 0; r < MeasureCount; ++r) {
        mMeasures->item(r, ThisFrame)->setText(on ? frame[r] : QString());
        mMeasures->item(r, SinceReset)->setText(on ? total[r] : QString());
    }
}

void StatisticsDock::retranslateUi()
{
    setWindowTitle(tr("Statistics"));
    mPlots[SolverMs].chart->setTitle(tr("Solver time per frame (ms)"));
    mPlots[MaxStretch].chart->setTitle(
        tr("Largest stretch (edge length / rest length); dashed: the skinned pose's"));
    mPlots[MaxDistanceHits].chart->setTitle(tr("Max Distance hits (vertices at their limit)"));
    mPlots[Contacts].chart->setTitle(tr("Contacts (vertices inside a collision volume)"));
    mSummary->setToolTip(tr("The last simulated frame"));
    mMeasures->setAccessibleName(tr("Cloth measures"));
    mMeasures->setHorizontalHeaderLabels({tr("Measure"), tr("This frame"), tr("Since reset")});
    const QString measureNames[MeasureCount] = {
        tr("Layer poke-through"),  tr("Shell poke-through"), tr("Body poke-through"),
        tr("Max Distance hits"),   tr("Volume protrusion"),  tr("Largest stretch"),
        tr("Mean largest stretch")};
    const QString measureTips[MeasureCount] = {
        tr("Rider vertices (a lining) outside their shell's simulated surface by more than 2 mm"),
        tr("Vertices of an outer shell (a cape) inside an inner shell (a coat) by more than 2 mm"),
        tr("Body vertices inside the garment when skinned and outside its simulated surface by "
           "more than 2 mm"),
        tr("Physics vertices at their Max Distance limit"),
        tr("The largest distance by which a collision volume sticks out of the body"),
        tr("The largest edge length over rest length"),
        tr("The largest stretch of each frame, averaged over the frames")};
    for (int r = 0; r < MeasureCount; ++r) {
        mMeasures->item(r, 0)->setText(measureNames[r]);
        mMeasures->item(r, 0)->setToolTip(measureTips[r]);
    }
    mDirty = true;
    refresh();
}

void StatisticsDock::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QDockWidget::changeEvent(event);
}

} // namespace tweed::editor
