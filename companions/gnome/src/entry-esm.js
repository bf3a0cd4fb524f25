// GNOME Shell 45 and later: an ES module.
import Clutter from 'gi://Clutter';
import Gio from 'gi://Gio';
import GLib from 'gi://GLib';
import Meta from 'gi://Meta';
import Shell from 'gi://Shell';
import * as Main from 'resource:///org/gnome/shell/ui/main.js';
import * as Config from 'resource:///org/gnome/shell/misc/config.js';
import {Workspace} from 'resource:///org/gnome/shell/ui/workspace.js';
import {Extension} from 'resource:///org/gnome/shell/extensions/extension.js';

export default class AdaptivePointerCompanion extends Extension {
    enable() {
        this._companion = new Companion({Clutter, Gio, GLib, Meta, Shell, Main, Config, Workspace},
            message => console.log(`adaptive-pointer companion: ${message}`));
        this._companion.enable();
    }

    disable() {
        this._companion?.disable();
        this._companion = null;
    }
}
