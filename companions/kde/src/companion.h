// The KWin half of AdaptivePointer on KDE Plasma (Wayland): a compiled effect,
// because a KWin script can neither hide the cursor nor hold a socket. It holds
// no pointer behaviour: it reports what KWin knows (the pointer, the screens, the
// windows) and hides the cursor while an overlay is connected. The protocol is
// docs/companion-protocol.md, the same one the GNOME companion speaks.
#pragma once

#include "kwin-api.h"

#include <QAction>
#include <QByteArray>
#include <QHash>
#include <QLocalServer>
#include <QLocalSocket>
#include <QPointer>
#include <QTimer>

class AdaptivePointerCompanion : public KWin::Effect
{
    Q_OBJECT
public:
    AdaptivePointerCompanion();
    ~AdaptivePointerCompanion() override;

    // Only a Wayland session has an overlay that needs us.
    static bool supported();
    // Never paints, so never slows a frame.
    bool isActive() const override { return false; }

private:
    void listen();
    void accept();
    void readClient();
    void handle(const QByteArray &line);
    void endClient(const char *why);
    void send(const QByteArray &line);
    void sendPointer(const QPointF &at, Qt::MouseButtons buttons, Qt::KeyboardModifiers modifiers);
    void sendMonitors();
    void sendWindows();
    void scheduleWindows();
    void setCursorHidden(bool hidden);
    void registerQuitShortcut();

    QString m_path;
    QLocalServer m_server;
    QPointer<QLocalSocket> m_client;
    QByteArray m_partial;
    bool m_cursorHidden = false;
    qint64 m_overlayPid = 0;
    QTimer m_windowsTimer;
    QHash<const KWin::EffectWindow *, int> m_ids;
    int m_nextId = 1;
    QAction *m_quit = nullptr;
};
