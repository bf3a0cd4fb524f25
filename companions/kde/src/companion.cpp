#include "companion.h"

#include <KGlobalAccel>

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLoggingCategory>
#include <QStandardPaths>

#include <time.h>

Q_LOGGING_CATEGORY(AP_COMPANION, "adaptivepointer.companion", QtInfoMsg)

using namespace KWin;

namespace
{
constexpr int protocolVersion = 1;
constexpr qint64 maxLine = 1 << 20; // a line from the overlay is tiny; 1 MiB is hostile
constexpr qint64 maxBacklog = 4 << 20; // an overlay that stops reading is let go

QByteArray number(double v)
{
    return QByteArray::number(v, 'g', 12);
}

qint64 monotonicMicroseconds()
{
    timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return qint64(ts.tv_sec) * 1000000 + ts.tv_nsec / 1000;
}

int buttonBits(Qt::MouseButtons b)
{
    return (b & Qt::LeftButton ? 1 : 0) | (b & Qt::MiddleButton ? 2 : 0) | (b & Qt::RightButton ? 4 : 0);
}

int modifierBits(Qt::KeyboardModifiers m)
{
    return (m & Qt::ShiftModifier ? 1 : 0) | (m & Qt::ControlModifier ? 2 : 0) | (m & Qt::AltModifier ? 4 : 0)
        | (m & Qt::MetaModifier ? 8 : 0);
}

QJsonArray rect(const QRectF &r)
{
    return QJsonArray{r.x(), r.y(), r.width(), r.height()};
}
}

AdaptivePointerCompanion::AdaptivePointerCompanion()
{
    m_windowsTimer.setSingleShot(true);
    m_windowsTimer.setInterval(0); // coalesce a burst of changes into one message
    connect(&m_windowsTimer, &QTimer::timeout, this, &AdaptivePointerCompanion::sendWindows);

    connect(effects, &EffectsHandler::mouseChanged, this,
            [this](const ap::PointerPosition &pos, const ap::PointerPosition &, Qt::MouseButtons buttons,
                   Qt::MouseButtons, Qt::KeyboardModifiers modifiers, Qt::KeyboardModifiers) {
                sendPointer(pos, buttons, modifiers);
            });
    for (auto signal : {&EffectsHandler::windowAdded, &EffectsHandler::windowClosed, &EffectsHandler::windowMinimized,
                        &EffectsHandler::windowUnminimized, &EffectsHandler::windowShown,
                        &EffectsHandler::windowHidden}) {
        connect(effects, signal, this, &AdaptivePointerCompanion::scheduleWindows);
    }
    connect(effects, &EffectsHandler::windowDeleted, this, [this](EffectWindow *w) {
        m_ids.remove(w);
        scheduleWindows();
    });
    ap::connectFrameGeometry(this, [this]() {
        scheduleWindows();
    });
    connect(effects, &EffectsHandler::stackingOrderChanged, this, &AdaptivePointerCompanion::scheduleWindows);
    connect(effects, AP_DESKTOP_CHANGED, this, &AdaptivePointerCompanion::scheduleWindows);
    connect(effects, &EffectsHandler::screenAdded, this, &AdaptivePointerCompanion::sendMonitors);
    connect(effects, &EffectsHandler::screenRemoved, this, &AdaptivePointerCompanion::sendMonitors);
    connect(effects, &EffectsHandler::virtualScreenGeometryChanged, this, &AdaptivePointerCompanion::sendMonitors);
    ap::startPointerTracking();

    connect(&m_server, &QLocalServer::newConnection, this, &AdaptivePointerCompanion::accept);
    listen();
    registerQuitShortcut();
}

AdaptivePointerCompanion::~AdaptivePointerCompanion()
{
    // Disabled or KWin is quitting: the cursor must come back.
    endClient("the companion was unloaded");
    ap::stopPointerTracking();
    m_server.close();
    if (!m_path.isEmpty()) {
        QFile::remove(m_path);
    }
}

bool AdaptivePointerCompanion::supported()
{
    return effects->waylandDisplay() != nullptr;
}

void AdaptivePointerCompanion::listen()
{
    const QString runtime = QStandardPaths::writableLocation(QStandardPaths::RuntimeLocation);
    if (runtime.isEmpty()) {
        qCWarning(AP_COMPANION) << "XDG_RUNTIME_DIR is not set: the AdaptivePointer companion cannot listen";
        return;
    }
    const QString path = QDir(runtime).filePath(QStringLiteral("adaptive-pointer-companion.sock"));
    // A live socket belongs to another companion (another session of this user):
    // leave it. A dead one is a leftover from a crash.
    QLocalSocket probe;
    probe.connectToServer(path);
    if (probe.waitForConnected(200)) {
        qCWarning(AP_COMPANION) << "another AdaptivePointer companion is listening on" << path << "- this one stays idle";
        return;
    }
    QLocalServer::removeServer(path);
    m_server.setSocketOptions(QLocalServer::UserAccessOption);
    if (!m_server.listen(path)) {
        qCWarning(AP_COMPANION) << "cannot listen on" << path << ":" << m_server.errorString();
        return;
    }
    QFile::setPermissions(path, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    m_path = path;
    qCInfo(AP_COMPANION) << "listening on" << path;
}

void AdaptivePointerCompanion::accept()
{
    while (QLocalSocket *socket = m_server.nextPendingConnection()) {
        if (m_client) {
            socket->write("busy\n");
            socket->flush();
            socket->disconnectFromServer();
            connect(socket, &QLocalSocket::disconnected, socket, &QObject::deleteLater);
            continue;
        }
        m_client = socket;
        m_partial.clear();
        m_overlayPid = 0;
        connect(socket, &QLocalSocket::readyRead, this, &AdaptivePointerCompanion::readClient);
        connect(socket, &QLocalSocket::disconnected, this, [this, socket]() {
            if (m_client == socket) {
                endClient("the overlay closed the connection");
            }
        });
        send("hello kwin " KWIN_PLUGIN_VERSION_STRING " " + QByteArray::number(protocolVersion));
        sendMonitors();
        sendWindows();
        const auto pos = effects->cursorPos();
        sendPointer(pos, Qt::NoButton, Qt::NoModifier);
    }
}

void AdaptivePointerCompanion::readClient()
{
    if (!m_client) {
        return;
    }
    m_partial += m_client->readAll();
    int start = 0;
    for (int end = m_partial.indexOf('\n'); end >= 0; end = m_partial.indexOf('\n', start)) {
        handle(m_partial.mid(start, end - start));
        if (!m_client) {
            return; // the line ended the connection
        }
        start = end + 1;
    }
    m_partial.remove(0, start);
    if (m_partial.size() > maxLine) {
        endClient("a line from the overlay is longer than 1 MiB");
    }
}

void AdaptivePointerCompanion::handle(const QByteArray &line)
{
    const QList<QByteArray> words = line.trimmed().split(' ');
    const QByteArray &name = words.value(0);
    if (name == "hello" && words.size() >= 4) {
        m_overlayPid = words[3].toLongLong();
        sendWindows(); // now the overlay's own windows can be marked
    } else if (name == "cursor" && words.size() >= 2) {
        setCursorHidden(words[1] == "hidden");
    }
    // `warp` is not ours on KWin: an effect cannot move the pointer, so the
    // overlay warps through KWin's fake-input protocol. Unknown lines are ignored.
}

void AdaptivePointerCompanion::endClient(const char *why)
{
    setCursorHidden(false);
    if (!m_client) {
        return;
    }
    qCInfo(AP_COMPANION) << "overlay disconnected:" << why;
    QLocalSocket *client = m_client;
    m_client = nullptr;
    m_partial.clear();
    m_overlayPid = 0;
    client->disconnect(this);
    client->abort();
    client->deleteLater();
}

void AdaptivePointerCompanion::send(const QByteArray &line)
{
    if (!m_client) {
        return;
    }
    // A write can find the overlay gone: the socket then emits `disconnected` at
    // once, endClient runs and m_client is null from here on.
    m_client->write(line + '\n');
    if (m_client) {
        m_client->flush(); // as much as the socket takes now; never waits
    }
    if (m_client && m_client->bytesToWrite() > maxBacklog) {
        endClient("the overlay stopped reading (4 MiB waiting)");
    }
}

void AdaptivePointerCompanion::sendPointer(const QPointF &at, Qt::MouseButtons buttons, Qt::KeyboardModifiers modifiers)
{
    if (!m_client) {
        return;
    }
    send("pointer " + QByteArray::number(monotonicMicroseconds()) + ' ' + number(at.x()) + ' ' + number(at.y()) + ' '
         + QByteArray::number(buttonBits(buttons)) + ' ' + QByteArray::number(modifierBits(modifiers)));
}

void AdaptivePointerCompanion::sendMonitors()
{
    if (!m_client) {
        return;
    }
    QJsonArray monitors;
    for (const ap::Screen *screen : effects->screens()) {
        const QRectF g = ap::screenGeometry(screen);
        monitors.append(QJsonObject{{"x", g.x()}, {"y", g.y()}, {"width", g.width()}, {"height", g.height()},
                                    {"scale", ap::screenScale(screen)}, {"connector", ap::screenName(screen)}});
    }
    send("monitors " + QJsonDocument(monitors).toJson(QJsonDocument::Compact));
}

void AdaptivePointerCompanion::scheduleWindows()
{
    if (m_client && !m_windowsTimer.isActive()) {
        m_windowsTimer.start();
    }
}

void AdaptivePointerCompanion::sendWindows()
{
    if (!m_client) {
        return;
    }
    QJsonArray windows;
    for (EffectWindow *w : effects->stackingOrder()) { // bottom to top
        if (w->isDeleted() || !ap::onCurrentDesktop(w) || (!w->isVisible() && !w->isMinimized())) {
            continue;
        }
        auto id = m_ids.find(w);
        if (id == m_ids.end()) {
            id = m_ids.insert(w, m_nextId++);
        }
        windows.append(QJsonObject{{"id", *id},
                                   {"pid", qint64(w->pid())},
                                   {"title", w->caption()},
                                   {"frame", rect(w->frameGeometry())},
                                   {"buffer", rect(w->bufferGeometry())},
                                   {"minimized", w->isMinimized()},
                                   {"overlay", m_overlayPid != 0 && qint64(w->pid()) == m_overlayPid}});
    }
    send("windows " + QJsonDocument(windows).toJson(QJsonDocument::Compact));
}

void AdaptivePointerCompanion::setCursorHidden(bool hidden)
{
    // KWin counts hide and show requests: keep ours balanced.
    if (hidden == m_cursorHidden) {
        return;
    }
    m_cursorHidden = hidden;
    if (hidden) {
        effects->hideCursor();
    } else {
        effects->showCursor();
    }
}

void AdaptivePointerCompanion::registerQuitShortcut()
{
    // The overlay never has the keyboard, so the way out is a global shortcut.
    m_quit = new QAction(this);
    m_quit->setObjectName(QStringLiteral("AdaptivePointer Quit"));
    m_quit->setText(QStringLiteral("End the AdaptivePointer overlay"));
    const QList<QKeySequence> keys{QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_Escape)};
    KGlobalAccel::self()->setDefaultShortcut(m_quit, keys);
    KGlobalAccel::self()->setShortcut(m_quit, keys);
    connect(m_quit, &QAction::triggered, this, [this]() {
        if (m_client) {
            send("quit");
        }
    });
}
