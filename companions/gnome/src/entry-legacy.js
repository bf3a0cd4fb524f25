// GNOME Shell 43 and 44: the legacy extension format.
/* exported init */
const {Clutter, Gio, GLib, Meta, Shell} = imports.gi;
const Main = imports.ui.main;
const Config = imports.misc.config;
const {Workspace} = imports.ui.workspace;

function init() {
    let companion = null;
    const say = message => log(`adaptive-pointer companion: ${message}`);
    return {
        enable() {
            companion = new Companion({Clutter, Gio, GLib, Meta, Shell, Main, Config, Workspace}, say);
            companion.enable();
        },
        disable() {
            companion?.disable();
            companion = null;
        },
    };
}
