// The few places where KWin 5.27 (Qt 5, Debian 12) and KWin 6 (Qt 6, Plasma 6)
// differ for this effect, so companion.cpp is one source for both.
#pragma once

// build.sh sets AP_KWIN_MAJOR (moc cannot evaluate __has_include).
#ifndef AP_KWIN_MAJOR
#error "build with companions/kde/build.sh, which sets AP_KWIN_MAJOR"
#endif

#if AP_KWIN_MAJOR >= 6
#include <core/output.h>
#include <effect/effect.h>
#include <effect/effecthandler.h>
#include <effect/effectwindow.h>
namespace ap
{
using Screen = KWin::Output;
inline QRectF screenGeometry(const Screen *s) { return s->geometry(); }
inline double screenScale(const Screen *s) { return s->scale(); }
inline QString screenName(const Screen *s) { return s->name(); }
inline bool onCurrentDesktop(const KWin::EffectWindow *w) { return w->isOnCurrentDesktop(); }
}
#else
#include <kwineffects.h>
namespace ap
{
using Screen = KWin::EffectScreen;
inline QRectF screenGeometry(const Screen *s) { return s->geometry(); }
inline double screenScale(const Screen *s) { return s->devicePixelRatio(); }
inline QString screenName(const Screen *s) { return s->name(); }
inline bool onCurrentDesktop(const KWin::EffectWindow *w) { return w->isOnCurrentDesktop(); }
}
#endif

namespace ap
{
#if AP_KWIN_MAJOR >= 6
// KWin 6 moved the frame-geometry signal onto each window.
template<typename Slot>
void connectFrameGeometry(QObject *context, Slot slot)
{
    auto watch = [context, slot](KWin::EffectWindow *w) {
        QObject::connect(w, &KWin::EffectWindow::windowFrameGeometryChanged, context, slot);
    };
    for (KWin::EffectWindow *w : KWin::effects->stackingOrder()) {
        watch(w);
    }
    QObject::connect(KWin::effects, &KWin::EffectsHandler::windowAdded, context, watch);
}
using PointerPosition = QPointF;
#define AP_DESKTOP_CHANGED (&KWin::EffectsHandler::desktopChanged)
// KWin 6 reports every motion to effects without polling.
inline void startPointerTracking() {}
inline void stopPointerTracking() {}
#else
template<typename Slot>
void connectFrameGeometry(QObject *context, Slot slot)
{
    QObject::connect(KWin::effects, &KWin::EffectsHandler::windowFrameGeometryChanged, context, slot);
}
using PointerPosition = QPoint;
#define AP_DESKTOP_CHANGED \
    (static_cast<void (KWin::EffectsHandler::*)(int, int, KWin::EffectWindow *)>(&KWin::EffectsHandler::desktopChanged))
// 5.27 only emits mouseChanged while some effect polls.
inline void startPointerTracking() { KWin::effects->startMousePolling(); }
inline void stopPointerTracking() { KWin::effects->stopMousePolling(); }
#endif
}
