#!/bin/sh
# Checks the generated extensions without a GNOME Shell (gjs only, no network):
# - gnome-45: imports the ES module under `gjs -m`, with the Shell's modules
#   (resource:///org/gnome/shell/...) and the mutter/shell typelibs (gi://Meta,
#   Clutter, Shell) replaced by stub files; its default export must be a class
#   extending Extension with enable() and disable().
# - gnome-43: evaluates the legacy file with imports.gi/ui/misc stubbed; init()
#   must return an object with enable() and disable().
# Exit status: 0 both pass.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
assets="$here/../../Assets/companions"
tmp=$(mktemp -d ${TMPDIR:-/tmp}/ap-check-esm.XXXXXX)
trap 'rm -rf "$tmp"' EXIT INT TERM

# ---- ES module (GNOME 45+) ----
for m in Meta Clutter Shell; do
  echo "export default {stub: '$m'};" > "$tmp/gi-$m.js"
done
echo "export const layoutManager = {monitors: []};" > "$tmp/main.js"
echo "export const PACKAGE_VERSION = '45.0';" > "$tmp/config.js"
echo "export class Workspace {}" > "$tmp/workspace.js"
cat > "$tmp/extension-base.js" <<'EOF'
export class Extension {
    constructor(metadata) { this.metadata = metadata; }
}
EOF
# gi://Gio and gi://GLib are real; the others and the Shell's resources are stubs.
sed -e "s#'gi://\(Meta\|Clutter\|Shell\)'#'./gi-\1.js'#" \
    -e "s#'resource:///org/gnome/shell/ui/main.js'#'./main.js'#" \
    -e "s#'resource:///org/gnome/shell/misc/config.js'#'./config.js'#" \
    -e "s#'resource:///org/gnome/shell/ui/workspace.js'#'./workspace.js'#" \
    -e "s#'resource:///org/gnome/shell/extensions/extension.js'#'./extension-base.js'#" \
    "$assets/gnome-45/extension.js" > "$tmp/extension.js"
if grep -n "resource://\|'gi://\(Meta\|Clutter\|Shell\)'" "$tmp/extension.js"; then
  echo "check-esm: an import above has no stub; add one to check-esm.sh" >&2; exit 1
fi
cat > "$tmp/driver.js" <<'EOF'
import System from 'system';
import {Extension} from './extension-base.js';
import Ext from './extension.js';
const fail = m => { printerr(`check-esm: gnome-45: ${m}`); System.exit(1); };
if (typeof Ext !== 'function' || !(Ext.prototype instanceof Extension))
    fail('the default export is not a class extending Extension');
const ext = new Ext({uuid: 'adaptive-pointer@adaptive-pointer.org'});
if (typeof ext.enable !== 'function' || typeof ext.disable !== 'function')
    fail('enable() or disable() is missing');
ext.disable(); // before enable(): must be harmless
print('check-esm: gnome-45 imports as an ES module: ok');
EOF
gjs -m "$tmp/driver.js"

# ---- legacy (GNOME 43-44) ----
cat > "$tmp/legacy.js" <<'EOF'
const {GLib} = imports.gi;
const System = imports.system;
const path = ARGV[0];
const fail = m => { printerr(`check-esm: gnome-43: ${m}`); System.exit(1); };
const [, bytes] = GLib.file_get_contents(path);
let text = new TextDecoder().decode(bytes);
// The shell's legacy importer runs the file as a script; stub what it imports.
text = text.replace(/\bimports\.gi\b/g, '__stub.gi').replace(/\bimports\.ui\.main\b/g, '__stub.main')
    .replace(/\bimports\.misc\.config\b/g, '__stub.config').replace(/\bimports\.ui\.workspace\b/g, '__stub.workspace');
if (/\bimports\./.test(text))
    fail(`an import without a stub: ${/\bimports\.[\w.]+/.exec(text)[0]}`);
const stub = {gi: {Clutter: {}, Gio: {}, GLib: {}, Meta: {}, Shell: {}}, main: {}, config: {PACKAGE_VERSION: '43.9'}, workspace: {Workspace: class {}}};
let init, Companion;
try {
    [init, Companion] = new Function('__stub', 'log', `${text}\nreturn [init, Companion];`)(stub, () => {});
} catch (e) {
    fail(`${e}`);
}
const ext = typeof init === 'function' ? init() : null;
if (!ext || typeof ext.enable !== 'function' || typeof ext.disable !== 'function')
    fail('init() must return an object with enable() and disable()');
if (typeof Companion !== 'function')
    fail('Companion is not defined');
ext.disable(); // before enable(): must be harmless
print('check-esm: gnome-43 evaluates as a legacy extension: ok');
EOF
gjs "$tmp/legacy.js" "$assets/gnome-43/extension.js"

# Both metadata files are JSON with the right uuid.
for d in gnome-43 gnome-45; do
  gjs -c "const [, b] = imports.gi.GLib.file_get_contents('$assets/$d/metadata.json');
    const m = JSON.parse(new TextDecoder().decode(b));
    if (m.uuid !== 'adaptive-pointer@adaptive-pointer.org' || !Array.isArray(m['shell-version'])) imports.system.exit(1);
    print('check-esm: $d/metadata.json (shell ' + m['shell-version'].join(', ') + '): ok');"
done
