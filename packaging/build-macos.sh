#!/usr/bin/env bash
# Build the macOS installer: "Midway Desktop.app" (the spec's BUNDLE) inside a .dmg.
#
#   packaging/build-macos.sh            (on a Mac; needs python3 >= 3.11 and hdiutil)
#
# The .app is built for the machine's own architecture (arm64 on Apple silicon, x86_64 on Intel).
# Everything intermediate goes to packaging/build/, the .dmg to packaging/out/; both are ignored
# by git.
#
# Environment:
#   PYTHON=python3.12            interpreter for the build venv (default python3)
#   SIZE_LIMIT_MB=0              fail if the .app is bigger (default 0: only report)
#   MACOS_SIGN_IDENTITY="Developer ID Application: ..."
#                                sign the .app with this identity (default: PyInstaller's ad-hoc
#                                signature, which Gatekeeper asks the player to confirm once)
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/.." && pwd)"
BUILD="$HERE/build"
OUT="$HERE/out"
PYTHON="${PYTHON:-python3}"
SIZE_LIMIT_MB="${SIZE_LIMIT_MB:-0}"
APP_NAME="Midway Desktop"

step() { printf '\n==> %s\n' "$*"; }

cd "$ROOT"
mkdir -p "$BUILD" "$OUT"

step "build environment ($BUILD/venv)"
"$PYTHON" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python 3.11 or newer is needed")'
if [ ! -x "$BUILD/venv/bin/python" ]; then
    "$PYTHON" -m venv "$BUILD/venv"
fi
VPY="$BUILD/venv/bin/python"
"$VPY" -m pip install --quiet --upgrade pip
# MIDWAY_COMPILE: the installers ship the compiled rules; a failed compile stops the build.
MIDWAY_COMPILE=1 "$VPY" -m pip install --quiet "$ROOT" -r "$HERE/requirements-build.txt"
VERSION="$("$VPY" "$HERE/version.py")"
"$VPY" -c 'import PySide6, PyInstaller, sys; print(f"Python {sys.version.split()[0]}, PySide6 {PySide6.__version__}, PyInstaller {PyInstaller.__version__}")'
echo "midway-desktop $VERSION"

step "PyInstaller (one-folder build and .app bundle)"
rm -rf "$BUILD/dist" "$BUILD/work"
# -P: the working folder (the source tree) stays off the module path, so the bundle takes the
# package installed above, compiled, and not the tree's uncompiled modules.
"$VPY" -P -m PyInstaller --noconfirm --clean --log-level WARN \
    --distpath "$BUILD/dist" --workpath "$BUILD/work" "$HERE/midway-desktop.spec"
APP="$BUILD/dist/$APP_NAME.app"
EXE="$APP/Contents/MacOS/midway-desktop"
test -x "$EXE"

if [ -n "${MACOS_SIGN_IDENTITY:-}" ]; then
    step "signing with $MACOS_SIGN_IDENTITY"
    codesign --force --deep --options runtime --timestamp --sign "$MACOS_SIGN_IDENTITY" "$APP"
fi
if codesign --verify --deep --strict "$APP"; then
    echo "signature verified"
else
    echo "warning: the app's signature does not verify" >&2
fi

step "self-test of the built program (offscreen)"
(cd /tmp && env -u MIDWAY_RULESETS -u PYTHONPATH QT_QPA_PLATFORM=offscreen "$EXE" --selftest)
(cd /tmp && "$EXE" --version)

SIZE_MB="$(du -sm "$APP" | cut -f1)"
step "unpacked size: ${SIZE_MB} MB ($APP)"
if [ "$SIZE_LIMIT_MB" != 0 ] && [ "$SIZE_MB" -gt "$SIZE_LIMIT_MB" ]; then
    echo "the app is ${SIZE_MB} MB, over the ${SIZE_LIMIT_MB} MB limit" >&2
    exit 1
fi

step ".dmg"
STAGE="$BUILD/dmg"
rm -rf "$STAGE"
mkdir -p "$STAGE"
cp -R "$APP" "$STAGE/"
ln -s /Applications "$STAGE/Applications"
DMG="$OUT/midway-desktop-$VERSION-macos-$(uname -m).dmg"
rm -f "$DMG"
# hdiutil now and then fails with "Resource busy" on build machines: try again before giving up.
for attempt in 1 2 3; do
    if hdiutil create -volname "$APP_NAME $VERSION" -srcfolder "$STAGE" -fs HFS+ -format UDZO -ov "$DMG" >/dev/null; then
        break
    fi
    if [ "$attempt" = 3 ]; then
        echo "hdiutil could not create $DMG" >&2
        exit 1
    fi
    sleep 5
done
hdiutil verify "$DMG" >/dev/null && echo "image verified"

step "self-test of the program inside the .dmg"
MOUNT="$(mktemp -d)"
hdiutil attach "$DMG" -nobrowse -readonly -mountpoint "$MOUNT" >/dev/null
trap 'hdiutil detach "$MOUNT" -quiet || true' EXIT
(cd /tmp && env -u MIDWAY_RULESETS QT_QPA_PLATFORM=offscreen "$MOUNT/$APP_NAME.app/Contents/MacOS/midway-desktop" --selftest | tail -n 1)
hdiutil detach "$MOUNT" -quiet
trap - EXIT

step "done"
printf '%-60s %s\n' "$(basename "$DMG")" "$(du -h "$DMG" | cut -f1)"
echo "unpacked: ${SIZE_MB} MB; installer in $OUT"
