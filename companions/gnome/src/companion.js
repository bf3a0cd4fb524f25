// The AdaptivePointer companion: the compositor-side half of the desktop overlay on
// GNOME (docs/companion-protocol.md in the repository). It reports what the shell
// knows and does what the overlay asks; no pointer behaviour lives here. Shared by
// both entry points (build.sh): the modules it needs are handed in.
/* exported Companion */
var Companion = class Companion {
    constructor(modules, log) {
        this._m = modules;
        this._log = log;
    }

    _guard(what, fn) {
        return (...args) => {
            try {
                return fn(...args);
            } catch (e) {
                this._log(`${what}: ${e}\n${e.stack ?? ''}`);
                return undefined;
            }
        };
    }

    enable() {
        const {GLib, Gio, Meta} = this._m;
        this._path = GLib.build_filenamev([GLib.get_user_runtime_dir(), 'adaptive-pointer-companion.sock']);
        const file = Gio.File.new_for_path(this._path);
        try { file.delete(null); } catch (e) { /* no stale socket */ }
        this._service = new Gio.SocketService();
        this._service.add_address(Gio.UnixSocketAddress.new(this._path), Gio.SocketType.STREAM,
            Gio.SocketProtocol.DEFAULT, null);
        file.set_attribute_uint32('unix::mode', 0o600, Gio.FileQueryInfoFlags.NONE, null);
        this._service.connect('incoming', this._guard('incoming', (s, connection) => this._incoming(connection)));
        this._service.start();
        // Mutter 44 and later hand the tracker out from the backend.
        this._cursor = global.backend?.get_cursor_tracker?.() ?? Meta.CursorTracker.get_for_display(global.display);
    }

    disable() {
        this._drop('disabled');
        this._service?.stop();
        this._service?.close();
        this._service = null;
        try { this._m.Gio.File.new_for_path(this._path).delete(null); } catch (e) { /* gone */ }
    }

    _incoming(connection) {
        const {Gio} = this._m;
        if (this._client) {
            try {
                connection.get_output_stream().write_all('busy\n', null);
            } finally {
                connection.close(null);
            }
            return true;
        }
        this._client = connection;
        // Never block the shell on an overlay that stops reading (_flush).
        connection.get_socket().set_blocking(false);
        this._socket = connection.get_socket();
        this._out = connection.get_output_stream();
        this._pending = new Uint8Array(0);
        this._in = new Gio.DataInputStream({base_stream: connection.get_input_stream()});
        this._send(`hello gnome-shell ${this._m.Config?.PACKAGE_VERSION ?? 'unknown'} 1`);
        this._read();
        return true;
    }

    _read() {
        this._in.read_line_async(0, null, this._guard('read', (stream, result) => {
            let line;
            try {
                [line] = stream.read_line_finish_utf8(result);
            } catch (e) {
                line = null;
            }
            if (line === null) {
                this._drop('the overlay left');
                return;
            }
            this._said(line);
            if (this._client)
                this._read();
        }));
    }

    _said(line) {
        const words = line.split(' ');
        switch (words[0]) {
        case 'hello':
            this._overlayPid = parseInt(words[3]);
            this._start();
            break;
        case 'cursor':
            this._setHidden(words[1] === 'hidden');
            break;
        case 'warp': {
            // As motion from a device of our own, not a bare warp: applications are
            // told where the pointer went, so the next click lands on the right widget.
            const {Clutter, GLib} = this._m;
            this._warpDevice ??= Clutter.get_default_backend().get_default_seat()
                .create_virtual_device(Clutter.InputDeviceType.POINTER_DEVICE);
            const x = parseFloat(words[1]), y = parseFloat(words[2]);
            if (Number.isFinite(x) && Number.isFinite(y))
                this._warpDevice.notify_absolute_motion(GLib.get_monotonic_time(), x, y);
            break;
        }
        }
    }

    // Mutter takes the pointer focus from the applications while the cursor is
    // hidden, unless the seat inhibits that; the overlay needs them to keep it.
    _setHidden(hidden) {
        const seat = this._m.Clutter.get_default_backend().get_default_seat();
        if (hidden && !this._hidden) {
            seat.inhibit_unfocus();
            this._inhibited = true;
        }
        this._hidden = hidden;
        this._cursor.set_pointer_visible(!this._cursorHidden());
        if (!hidden && this._inhibited) {
            seat.uninhibit_unfocus();
            this._inhibited = false;
        }
    }

    // The overview covers the overlay (the shell hides its top window group
    // there): the system cursor shows while it is open.
    _cursorHidden() {
        return Boolean(this._hidden) && !this._m.Main.overview.visible;
    }

    // Ctrl+Alt+Esc ends the overlay, whatever has the keyboard. GNOME binds it to
    // "cycle-panels" (which the shell leaves unused): then that binding's handler is
    // borrowed while the overlay runs.
    _grabQuit() {
        const {Gio, Main, Meta, Shell} = this._m;
        const quit = this._guard('quit', () => this._send('quit'));
        this._quitAction = global.display.grab_accelerator('<Control><Alt>Escape', Meta.KeyBindingFlags.NONE);
        if (this._quitAction !== Meta.KeyBindingAction.NONE) {
            Main.wm.allowKeybinding(Meta.external_binding_name_for_action(this._quitAction), Shell.ActionMode.ALL);
            this._signals.push([global.display, global.display.connect('accelerator-activated', (display, action) => {
                if (action === this._quitAction)
                    quit();
            })]);
            return;
        }
        const keys = new Gio.Settings({schema_id: 'org.gnome.desktop.wm.keybindings'}).get_strv('cycle-panels');
        if (keys.some(k => k.toLowerCase() === '<control><alt>escape') &&
            Meta.keybindings_set_custom_handler('cycle-panels', quit)) {
            Main.wm.allowKeybinding('cycle-panels', Shell.ActionMode.ALL);
            this._borrowedCyclePanels = true;
        } else {
            this._log('Ctrl+Alt+Esc is bound to something else here: it will not end the overlay (Ctrl-C still does)');
        }
    }

    _releaseQuit() {
        const {Main, Meta, Shell} = this._m;
        if (this._quitAction) {
            global.display.ungrab_accelerator(this._quitAction);
            Main.wm.allowKeybinding(Meta.external_binding_name_for_action(this._quitAction), Shell.ActionMode.NONE);
        }
        this._quitAction = 0;
        if (this._borrowedCyclePanels) {
            Meta.keybindings_set_custom_handler('cycle-panels', null);
            Main.wm.allowKeybinding('cycle-panels', Shell.ActionMode.NONE);
        }
        this._borrowedCyclePanels = false;
    }

    _start() {
        const {Clutter, Main, Meta, Shell} = this._m;
        this._filter = Clutter.Event.add_filter(global.stage, this._guard('event', event => {
            const t = event.type();
            if (t === Clutter.EventType.MOTION || t === Clutter.EventType.BUTTON_PRESS ||
                t === Clutter.EventType.BUTTON_RELEASE || t === Clutter.EventType.KEY_PRESS ||
                t === Clutter.EventType.KEY_RELEASE)
                this._pointer();
            return Clutter.EVENT_PROPAGATE;
        }));
        // Three sources, any of which may miss what another sees: the cursor
        // tracker (every position change, however the event was routed), the idle
        // monitor (every input event: buttons and keys without motion) and an event
        // filter. `_pointer` sends only what changed.
        this._armIdleWatch();
        this._signals = [
            [this._cursor, this._cursor.connect('position-invalidated', this._guard('position', () => this._pointer()))],
            [global.display, global.display.connect('window-created', () => this._windowsChanged())],
            [global.display, global.display.connect('restacked', () => this._windowsChanged())],
            [Main.layoutManager, Main.layoutManager.connect('monitors-changed', () => this._monitors())],
            [this._cursor, this._cursor.connect('visibility-changed', this._guard('visibility', () => {
                if (this._cursorHidden() && this._cursor.get_pointer_visible())
                    this._cursor.set_pointer_visible(false);
            }))],
            [Main.overview, Main.overview.connect('showing', this._guard('overview', () =>
                this._cursor.set_pointer_visible(true)))],
            [Main.overview, Main.overview.connect('hidden', this._guard('overview', () =>
                this._cursor.set_pointer_visible(!this._cursorHidden())))],
        ];
        this._signals.push([global.display, global.display.connect('notify::focus-window',
            this._guard('focus', () => this._focusChanged()))]);
        this._grabQuit();
        // A full-screen window drawn straight to the screen would hide the overlay.
        this._m.Meta.disable_unredirect_for_display(global.display);
        this._noUnredirect = true;
        this._adopted = new Map();
        this._awaitingShow = new Map();
        this._placedAt = new Map();
        this._lastFocus = global.display.focus_window;
        this._hideFromLists();
        this._windowSignals = new Map();
        this._monitors();
        this._windowsChanged();
        this._pointer();
    }

    _armIdleWatch() {
        const monitor = global.backend?.get_core_idle_monitor?.() ?? this._m.Meta.IdleMonitor?.get_core?.();
        if (!monitor)
            return;
        this._idleMonitor = monitor;
        this._idleWatch = monitor.add_user_active_watch(this._guard('activity', () => {
            this._idleWatch = 0;
            if (!this._client || this._idleRearm)
                return;
            // Re-armed from an idle: adding a watch inside its own callback upsets
            // the monitor's table while it is being walked.
            this._idleRearm = this._m.GLib.idle_add(this._m.GLib.PRIORITY_HIGH, this._guard('rearm', () => {
                this._idleRearm = 0;
                if (this._client) {
                    this._pointer();
                    this._armIdleWatch();
                }
                return this._m.GLib.SOURCE_REMOVE;
            }));
        }));
    }

    _pointer() {
        const {Clutter, GLib} = this._m;
        const [x, y, mods] = global.get_pointer();
        const buttons = (mods & Clutter.ModifierType.BUTTON1_MASK ? 1 : 0) |
            (mods & Clutter.ModifierType.BUTTON2_MASK ? 2 : 0) | (mods & Clutter.ModifierType.BUTTON3_MASK ? 4 : 0);
        const keys = (mods & Clutter.ModifierType.SHIFT_MASK ? 1 : 0) | (mods & Clutter.ModifierType.CONTROL_MASK ? 2 : 0) |
            (mods & Clutter.ModifierType.MOD1_MASK ? 4 : 0) |
            (mods & (Clutter.ModifierType.SUPER_MASK | Clutter.ModifierType.MOD4_MASK) ? 8 : 0);
        const line = `${x} ${y} ${buttons} ${keys}`;
        if (line === this._lastPointer)
            return;
        this._lastPointer = line;
        this._send(`pointer ${GLib.get_monotonic_time()} ${line}`);
    }

    _monitors() {
        // No connector names: mutter can look a connector up but not list them. The
        // overlay matches its outputs to monitors by position.
        const list = this._m.Main.layoutManager.monitors.map(m => ({
            x: m.x, y: m.y, width: m.width, height: m.height, scale: m.geometry_scale,
        }));
        this._send(`monitors ${JSON.stringify(list)}`);
    }

    _isOverlay(w) {
        return w.get_pid() === this._overlayPid && (w.get_title() ?? '').startsWith('AdaptivePointer overlay');
    }

    _windowsChanged() {
        if (this._windowsIdle)
            return;
        this._windowsIdle = this._m.GLib.idle_add(this._m.GLib.PRIORITY_DEFAULT, this._guard('windows', () => {
            this._windowsIdle = 0;
            this._sendWindows();
            return this._m.GLib.SOURCE_REMOVE;
        }));
    }

    _sendWindows() {
        const ws = global.workspace_manager.get_active_workspace();
        const all = global.display.sort_windows_by_stacking(global.get_window_actors().map(a => a.meta_window));
        const list = [];
        for (const w of all) {
            if (this._adopted.has(w))
                this._place(w);
            if (!this._windowSignals.has(w)) {
                const ids = ['position-changed', 'size-changed', 'notify::title', 'notify::minimized']
                    .map(s => w.connect(s, () => this._windowsChanged()));
                ids.push(w.connect('unmanaged', this._guard('unmanaged', () => {
                    this._windowSignals.delete(w);
                    this._windowsChanged();
                })));
                this._windowSignals.set(w, ids);
            }
            // Adopted once its title says it is the overlay's (it may be set after
            // mapping) and it has been shown (restacking it earlier upsets mutter).
            if (!this._adopted.has(w) && this._isOverlay(w)) {
                if (w.get_compositor_private()?.is_mapped())
                    this._adopt(w);
                else if (!this._awaitingShow.has(w))
                    this._awaitingShow.set(w, w.connect('shown', this._guard('shown', () => this._windowsChanged())));
            }
            if (!w.located_on_workspace(ws) && !w.is_on_all_workspaces())
                continue;
            const f = w.get_frame_rect(), b = w.get_buffer_rect();
            list.push({id: w.get_id(), pid: w.get_pid(), title: w.get_title() ?? '',
                frame: [f.x, f.y, f.width, f.height], buffer: [b.x, b.y, b.width, b.height],
                minimized: w.minimized, overlay: this._isOverlay(w)});
        }
        this._send(`windows ${JSON.stringify(list)}`);
    }

    // The overlay's window: above everything (the top bar and full-screen windows
    // too), on every workspace, at its monitor's corner. The shell keeps windows
    // below the top bar, so what is left is made up by the actor's translation.
    _adopt(w) {
        const actor = w.get_compositor_private();
        w.make_above();
        w.stick();
        if (actor && actor.get_parent() === global.window_group) {
            global.window_group.remove_child(actor);
            global.top_window_group.add_child(actor);
        }
        this._adopted.set(w, actor);
        // Mutter moves the actor with the window, and the shell's map animation
        // resets the translation when it ends: the translation follows both.
        for (const property of ['notify::x', 'notify::y', 'notify::translation-x', 'notify::translation-y']) {
            this._windowSignals.get(w)?.push([actor, actor.connect(property,
                this._guard('translate', () => this._translate(w)))]);
        }
        // Back where the shell expects it before it destroys the actor.
        this._windowSignals.get(w)?.push(w.connect('unmanaging', this._guard('unmanaging', () => this._unadopt(w))));
        this._place(w);
        if (w.has_focus())
            this._giveFocusBack(w);
    }

    _place(w) {
        const actor = this._adopted.get(w);
        const m = this._monitorOf(w);
        if (!actor || !m)
            return;
        // Moved once per monitor (each move is a position change, which would come
        // back here); the translation makes up whatever the shell's constraints keep.
        if (this._placedAt.get(w) !== m) {
            this._placedAt.set(w, m);
            w.move_frame(true, m.x, m.y);
        }
        this._translate(w);
    }

    _translate(w) {
        const actor = this._adopted.get(w), m = this._placedAt.get(w);
        if (!actor || !m)
            return;
        if (actor.translation_x !== m.x - actor.x)
            actor.translation_x = m.x - actor.x;
        if (actor.translation_y !== m.y - actor.y)
            actor.translation_y = m.y - actor.y;
    }

    _monitorOf(w) {
        const monitors = this._m.Main.layoutManager.monitors;
        const match = /at (-?\d+),(-?\d+)$/.exec(w.get_title() ?? '');
        if (match) {
            const x = parseInt(match[1]), y = parseInt(match[2]);
            const m = monitors.find(n => n.x === x && n.y === y);
            if (m)
                return m;
        }
        return monitors[w.get_monitor()] ?? monitors[0];
    }

    _unadopt(w) {
        const actor = this._adopted.get(w);
        this._adopted.delete(w);
        this._placedAt.delete(w);
        if (!actor)
            return;
        actor.translation_x = actor.translation_y = 0;
        if (actor.get_parent() === global.top_window_group) {
            global.top_window_group.remove_child(actor);
            global.window_group.add_child(actor);
        }
    }

    _release() {
        for (const w of [...(this._adopted ?? new Map()).keys()])
            this._unadopt(w);
        this._adopted = new Map();
    }

    // The overlay never keeps the keyboard: it goes to the window that had it.
    _focusChanged() {
        const w = global.display.focus_window;
        if (w && this._isOverlay(w))
            this._giveFocusBack(w);
        else if (w)
            this._lastFocus = w;
    }

    _giveFocusBack(overlay) {
        const time = global.get_current_time();
        const alive = w => w && !w.minimized && !this._isOverlay(w) &&
            global.get_window_actors().some(a => a.meta_window === w);
        // Else the most recently used window here (the tab list leaves the overlay out).
        const back = alive(this._lastFocus) ? this._lastFocus
            : global.display.get_tab_list(this._m.Meta.TabList.NORMAL, global.workspace_manager.get_active_workspace())
                .find(alive);
        if (back)
            back.activate(time);
        else
            global.display.unset_input_focus(time);
    }

    // Out of Alt+Tab, the overview and the dash: the shell asks these three for
    // its lists (skip-taskbar cannot be set on another client's Wayland window).
    _hideFromLists() {
        const {Meta, Shell, Workspace} = this._m;
        const me = this;
        const tabList = Meta.Display.prototype.get_tab_list;
        const running = Shell.AppSystem.prototype.get_running;
        const overview = Workspace?.prototype._isOverviewWindow;
        this._patched = [[Meta.Display.prototype, 'get_tab_list', tabList],
            [Shell.AppSystem.prototype, 'get_running', running]];
        Meta.Display.prototype.get_tab_list = function (...args) {
            return tabList.apply(this, args).filter(w => !me._isOverlay(w));
        };
        Shell.AppSystem.prototype.get_running = function (...args) {
            return running.apply(this, args).filter(app => !app.get_windows().some(w => me._isOverlay(w)));
        };
        if (overview) {
            this._patched.push([Workspace.prototype, '_isOverviewWindow', overview]);
            Workspace.prototype._isOverviewWindow = function (w, ...rest) {
                return !me._isOverlay(w.meta_window ?? w) && overview.call(this, w, ...rest);
            };
        }
    }

    _restoreLists() {
        for (const [owner, name, original] of this._patched ?? [])
            owner[name] = original;
        this._patched = [];
    }

    _send(line) {
        if (!this._out)
            return;
        const bytes = new TextEncoder().encode(`${line}\n`);
        const joined = new Uint8Array(this._pending.length + bytes.length);
        joined.set(this._pending);
        joined.set(bytes, this._pending.length);
        this._pending = joined;
        this._flush();
    }

    // Writes what the socket takes now; the rest waits for it to drain. An overlay
    // that stops reading (stopped, wedged) is let go past 4 MiB, not waited for.
    _flush() {
        const {Gio, GLib} = this._m;
        if (!this._out || this._pending.length === 0)
            return;
        try {
            const n = this._socket.send(this._pending, null);
            this._pending = this._pending.subarray(n);
        } catch (e) {
            if (!e.matches(Gio.IOErrorEnum, Gio.IOErrorEnum.WOULD_BLOCK)) {
                this._drop(`write: ${e.message}`);
                return;
            }
        }
        if (this._pending.length > 4 << 20) {
            this._drop('the overlay stopped reading');
            return;
        }
        if (this._pending.length > 0 && !this._writable) {
            this._writable = GLib.unix_fd_add_full(GLib.PRIORITY_DEFAULT, this._socket.get_fd(), GLib.IOCondition.OUT,
                this._guard('flush', () => {
                    this._writable = 0;
                    this._flush();
                    return GLib.SOURCE_REMOVE;
                }));
        }
    }

    _drop(why) {
        const connected = Boolean(this._client);
        if (this._client || this._hidden)
            this._setHidden(false);
        if (this._idleWatch)
            this._idleMonitor.remove_watch(this._idleWatch);
        this._idleWatch = 0;
        if (this._idleRearm)
            this._m.GLib.source_remove(this._idleRearm);
        this._idleRearm = 0;
        if (this._noUnredirect)
            this._m.Meta.enable_unredirect_for_display(global.display);
        this._noUnredirect = false;
        if (this._filter) this._m.Clutter.Event.remove_filter(this._filter);
        this._filter = 0;
        for (const [o, id] of this._signals ?? []) o.disconnect(id);
        this._signals = [];
        this._releaseQuit();
        for (const [w, id] of this._awaitingShow ?? new Map()) {
            try {
                w.disconnect(id);
            } catch (e) { /* gone with its window */ }
        }
        this._awaitingShow = new Map();
        this._release();
        this._restoreLists();
        // Window handlers are ids; the actor's are [actor, id] pairs.
        for (const [w, ids] of this._windowSignals ?? new Map()) {
            for (const id of ids) {
                try {
                    if (Array.isArray(id))
                        id[0].disconnect(id[1]);
                    else
                        w.disconnect(id);
                } catch (e) { /* already gone with its window */ }
            }
        }
        this._windowSignals = new Map();
        if (this._windowsIdle) this._m.GLib.source_remove(this._windowsIdle);
        this._windowsIdle = 0;
        if (this._writable)
            this._m.GLib.source_remove(this._writable);
        this._writable = 0;
        try {
            this._client?.close(null);
        } catch (e) { /* closed already */ }
        this._client = this._out = this._in = this._socket = null;
        this._warpDevice = null;
        this._pending = new Uint8Array(0);
        this._lastPointer = null;
        if (connected)
            this._log(`overlay connection ended: ${why}`);
    }
};
