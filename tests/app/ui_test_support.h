// Shared by the editor's UI tests: isolated settings, scripted prompts, widget look-up.
#pragma once

#include "main_window.h"
#include "playback.h"
#include "preferences.h"
#include "prompts.h"
#include "viewport/viewport.h"

#include "test_paths.h"

#include "tweed/meshproc/paint.h"

#include <Qt3DExtras/Qt3DWindow>

#include <QCoreApplication>
#include <QGuiApplication>
#include <QLineF>
#include <QMouseEvent>
#include <QRectF>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <deque>
#include <memory>
#include <optional>
#include <vector>

namespace tweed::test {

/// Settings and app data in Qt's test locations, emptied: no test sees another's preferences.
inline void isolateSettings(const char *name)
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName("TweedTests");
    QCoreApplication::setApplicationName(name);
    QSettings().clear();
}

/// Answers the editor's questions from queues the test fills and records what it was shown.
class ScriptedPrompts : public editor::Prompts
{
public:
    std::deque<QString> openFiles; ///< answers of openFileName (empty = cancel)
    std::deque<QString> saveFiles; ///< answers of saveFileName
    UnsavedAnswer unsavedAnswer = UnsavedAnswer::Discard;
    bool restoreAnswer = true;
    QStringList errors;   ///< messages of showError
    QStringList warnings; ///< every warning of showWarnings
    int unsavedAsked = 0;

    QString openFileName(QWidget *, const QString &, const QString &, const QString &) override
    {
        return pop(openFiles);
    }
    QString saveFileName(QWidget *, const QString &, const QString &, const QString &) override
    {
        return pop(saveFiles);
    }
    UnsavedAnswer askUnsaved(QWidget *, const QString &) override
    {
        ++unsavedAsked;
        return unsavedAnswer;
    }
    bool askRestore(QWidget *, const QString &) override { return restoreAnswer; }
    void showError(QWidget *, const QString &, const QString &message) override
    {
        errors << message;
    }
    void showWarnings(QWidget *, const QString &, const QStringList &list) override
    {
        warnings << list;
    }

private:
    static QString pop(std::deque<QString> &queue)
    {
        if (queue.empty()) return {};
        QString s = queue.front();
        queue.pop_front();
        return s;
    }
};

/// The viewport's 3D window (a Qt3D window inside a container): mouse and key events for the
/// viewport's tools and camera go there. Null when there is none.
inline QWindow *viewport3dWindow()
{
    for (QWindow *w : QGuiApplication::allWindows())
        if (qobject_cast<Qt3DExtras::Qt3DWindow *>(w))
            return w;
    return nullptr;
}

/// Sends one mouse event to a window at pixel (window coordinates).
inline void sendMouse(QWindow *window, QEvent::Type type, QPointF pixel, Qt::MouseButton button,
                      Qt::MouseButtons buttons, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
{
    QMouseEvent event(type, pixel, window->mapToGlobal(pixel), button, buttons, modifiers);
    QCoreApplication::sendEvent(window, &event);
}

/// A left-button press at the first pixel, moves through the others, a release at the last.
inline void mouseStroke(QWindow *window, const std::vector<QPointF> &pixels)
{
    sendMouse(window, QEvent::MouseButtonPress, pixels.front(), Qt::LeftButton, Qt::LeftButton);
    for (size_t i = 1; i < pixels.size(); ++i)
        sendMouse(window, QEvent::MouseMove, pixels[i], Qt::NoButton, Qt::LeftButton);
    sendMouse(window, QEvent::MouseButtonRelease, pixels.back(), Qt::LeftButton, Qt::NoButton);
}

/// A pixel of the viewport where the visible surface of `positions`/`indices` (as drawn) is
/// hit, near the point at fractions fx (right) and fy (down) of its projected box: the
/// projection of the nearest visible vertex whose pixel and four neighbours three pixels away
/// all hit the surface (not its silhouette). An empty point when the surface is not visible.
inline std::optional<QPointF> surfacePixel(const editor::Viewport &viewport,
                                           const std::vector<Vec3> &positions,
                                           const std::vector<uint32_t> &indices, double fx,
                                           double fy)
{
    const SurfaceBvh bvh(positions, indices);
    std::vector<uint32_t> all(positions.size());
    for (uint32_t v = 0; v < all.size(); ++v)
        all[v] = v;
    const ViewPoint view{viewport.cameraPosition(), viewport.cameraDirection(),
                         viewport.isOrthographic()};
    QRectF box;
    std::vector<QPointF> pixels;
    for (uint32_t v : visibleVertices(bvh, positions, all, view))
        if (const auto p = viewport.project(positions[v])) {
            pixels.push_back(*p);
            box = box.isNull() ? QRectF(*p, QSizeF(1, 1)) : box.united(QRectF(*p, QSizeF(1, 1)));
        }
    const QPointF want(box.left() + box.width() * fx, box.top() + box.height() * fy);
    std::sort(pixels.begin(), pixels.end(), [&want](const QPointF &p, const QPointF &q) {
        return QLineF(p, want).length() < QLineF(q, want).length();
    });
    const auto hits = [&](QPointF pixel) {
        const editor::Viewport::Ray ray = viewport.rayAt(pixel);
        return bvh.raycast(ray.origin, ray.direction).found();
    };
    for (const QPointF &candidate : pixels) {
        const QPointF pixel(std::round(candidate.x()), std::round(candidate.y()));
        if (hits(pixel) && hits(pixel + QPointF(3, 0)) && hits(pixel - QPointF(3, 0)) &&
            hits(pixel + QPointF(0, 3)) && hits(pixel - QPointF(0, 3)))
            return pixel;
    }
    return std::nullopt;
}

/// A shown main window for the authoring tests: isolated settings, scripted prompts (returned
/// through `prompts`), lengths in centimetres, 1500 x 1000. Null when it could not be shown.
inline std::unique_ptr<editor::MainWindow> makeMainWindow(const char *testName,
                                                          ScriptedPrompts **prompts)
{
    isolateSettings(testName);
    auto window = std::make_unique<editor::MainWindow>();
    auto scripted = std::make_unique<ScriptedPrompts>();
    *prompts = scripted.get();
    window->setPrompts(std::move(scripted));
    window->preferences()->setLengthUnit(editor::LengthUnit::Centimetres);
    window->resize(1500, 1000);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get()))
        return nullptr;
    return window;
}

/// Opens the sample character with its coat as the garment, paused at time 0, in the
/// perspective view, and renders once. False when nothing was rendered.
inline bool openSampleCoat(editor::MainWindow &window)
{
    window.document()->replace(
        editor::loadCharacterFile(QString::fromStdString(kSampleCharacter), {}, {"Coat"}));
    window.playback()->pause();
    window.playback()->setTime(0);
    window.viewport()->setCameraPreset(editor::Viewport::CameraPreset::Perspective);
    return !window.viewport()->grabFrame().isNull();
}

/// A child of the window by objectName, failing the test when it is missing.
template <class T> T *child(QObject *parent, const char *name)
{
    T *object = parent->findChild<T *>(QString::fromUtf8(name));
    if (!object) qWarning("no %s named %s", T::staticMetaObject.className(), name);
    return object;
}

} // namespace tweed::test
