#!/usr/bin/env bash
# Build the Linux installers: a tarball and a .deb, from one PyInstaller one-folder build.
#
#   packaging/build-linux.sh            (from anywhere; needs python3 >= 3.11 with venv, dpkg-deb)
#
# Everything intermediate goes to packaging/build/ (its own venv, icons, PyInstaller work and
# dist folders); the installers go to packaging/out/. Both are ignored by git.
#
# Environment:
#   PYTHON=python3.12       interpreter for the build venv (default python3)
#   SIZE_LIMIT_MB=120       fail if the unpacked app is bigger (0: only report)
#   SKIP_XVFB=1             skip the second self-test on a virtual X screen (xcb) even if xvfb-run exists
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/.." && pwd)"
BUILD="$HERE/build"
OUT="$HERE/out"
PYTHON="${PYTHON:-python3}"
SIZE_LIMIT_MB="${SIZE_LIMIT_MB:-120}"
APP=midway-desktop
# What the bundle links to from the system (the spec leaves the desktop stack out of the bundle):
# Qt's xcb platform plugin and its X libraries (see DESIGN.md, "Seeing a real window"), Wayland,
# fontconfig/freetype, EGL/GL, D-Bus, GLib and the C++ runtime. libc6's version is added below
# from the newest glibc symbol the built program uses.
DEB_DEPENDS=(
    libx11-6 libx11-xcb1 libxcb1 libxcb-cursor0 libxcb-glx0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1
    libxcb-randr0 libxcb-render0 libxcb-render-util0 libxcb-shape0 libxcb-shm0 libxcb-sync1 libxcb-util1
    libxcb-xfixes0 libxcb-xinerama0 libxcb-xkb1 libxkbcommon0 libxkbcommon-x11-0
    libwayland-client0 libwayland-cursor0 libwayland-egl1
    libfontconfig1 libfreetype6 libegl1 libgl1 libdbus-1-3 "libglib2.0-0t64 | libglib2.0-0" libstdc++6 libgcc-s1
)

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
MAINTAINER="$("$VPY" "$HERE/version.py" --field maintainer)"  # packaging/project.toml
"$VPY" -c 'import PySide6, PyInstaller, sys; print(f"Python {sys.version.split()[0]}, PySide6 {PySide6.__version__}, PyInstaller {PyInstaller.__version__}")'
echo "midway-desktop $VERSION"

step "PyInstaller (one-folder build)"
rm -rf "$BUILD/dist" "$BUILD/work"
# -P: the working folder (the source tree) stays off the module path, so the bundle takes the
# package installed above, compiled, and not the tree's uncompiled modules.
"$VPY" -P -m PyInstaller --noconfirm --clean --log-level WARN \
    --distpath "$BUILD/dist" --workpath "$BUILD/work" "$HERE/$APP.spec"
BUNDLE="$BUILD/dist/$APP"
test -x "$BUNDLE/$APP"

step "self-test of the built program (offscreen)"
# From another folder and without the source tree's variables: the bundle must find its own data.
(cd /tmp && env -u MIDWAY_RULESETS -u PYTHONPATH QT_QPA_PLATFORM=offscreen "$BUNDLE/$APP" --selftest)
(cd /tmp && "$BUNDLE/$APP" --version)
if [ -z "${SKIP_XVFB:-}" ] && command -v xvfb-run >/dev/null 2>&1; then
    step "self-test on a virtual X screen (the xcb platform plugin and its system libraries)"
    (cd /tmp && env -u MIDWAY_RULESETS QT_QPA_PLATFORM=xcb xvfb-run -a "$BUNDLE/$APP" --selftest)
else
    echo "(no xvfb-run, or SKIP_XVFB set: the xcb self-test is skipped)"
fi

if compgen -G "$BUNDLE/_internal/midway_desktop/games/midway_solitaire/state.*" >/dev/null; then
    echo "the Midway Solitaire rules and bot are bundled compiled (mypyc)"
else
    echo "warning: the Midway Solitaire rules and bot are bundled as source (MIDWAY_PURE set, or not compiled)" >&2
fi

SIZE_MB="$(du -sm "$BUNDLE" | cut -f1)"
step "unpacked size: ${SIZE_MB} MB ($BUNDLE)"
if [ "$SIZE_LIMIT_MB" != 0 ] && [ "$SIZE_MB" -gt "$SIZE_LIMIT_MB" ]; then
    echo "the unpacked app is ${SIZE_MB} MB, over the ${SIZE_LIMIT_MB} MB limit" >&2
    exit 1
fi

ARCH_TAR="$(uname -m)"
ARCH_DEB="$(dpkg --print-architecture 2>/dev/null || echo amd64)"
ICONS="$BUILD/icons"
DESKTOP_FILE="$HERE/linux/$APP.desktop"

step "tarball"
STAGE="$BUILD/tar/$APP-$VERSION"
rm -rf "$BUILD/tar"
mkdir -p "$STAGE"
cp -a "$BUNDLE/." "$STAGE/"
cp "$DESKTOP_FILE" "$STAGE/$APP.desktop"
cp "$ICONS/$APP.png" "$STAGE/$APP.png"
cp "$HERE/linux/README-tarball.txt" "$STAGE/README.txt"
TARBALL="$OUT/$APP-$VERSION-linux-$ARCH_TAR.tar.gz"
tar -C "$BUILD/tar" --owner=0 --group=0 -czf "$TARBALL" "$APP-$VERSION"

step ".deb"
DEB_ROOT="$BUILD/deb/${APP}_${VERSION}_${ARCH_DEB}"
rm -rf "$BUILD/deb"
mkdir -p "$DEB_ROOT/DEBIAN" "$DEB_ROOT/opt" "$DEB_ROOT/usr/bin" "$DEB_ROOT/usr/share/applications" \
    "$DEB_ROOT/usr/share/doc/$APP" "$DEB_ROOT/usr/share/icons/hicolor/scalable/apps"
cp -a "$BUNDLE" "$DEB_ROOT/opt/$APP"
ln -s "/opt/$APP/$APP" "$DEB_ROOT/usr/bin/$APP"
cp "$DESKTOP_FILE" "$DEB_ROOT/usr/share/applications/$APP.desktop"
for size in 16 24 32 48 64 128 256 512; do
    mkdir -p "$DEB_ROOT/usr/share/icons/hicolor/${size}x${size}/apps"
    cp "$ICONS/$APP-$size.png" "$DEB_ROOT/usr/share/icons/hicolor/${size}x${size}/apps/$APP.png"
done
cp "$ROOT/resources/icons/$APP.svg" "$DEB_ROOT/usr/share/icons/hicolor/scalable/apps/$APP.svg"
cat > "$DEB_ROOT/usr/share/doc/$APP/copyright" <<EOF
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: Midway Desktop
License: MIT
Comment: The program bundles Python, Qt for Python (PySide6, LGPL-3.0), PyYAML (MIT),
 cryptography (Apache-2.0 or BSD-3-Clause), OpenSSL (Apache-2.0), cffi (MIT) and
 mypy_extensions (MIT) under their own licences.
EOF
INSTALLED_KB="$(du -sk "$DEB_ROOT" --exclude=DEBIAN | cut -f1)"
DEPENDS="$(printf '%s, ' "${DEB_DEPENDS[@]}")"
DEPENDS="${DEPENDS%, }"
if command -v objdump >/dev/null 2>&1; then
    GLIBC="$(find "$BUNDLE" -type f \( -name '*.so*' -o -name "$APP" \) -exec objdump -T {} + 2>/dev/null \
        | grep -oE 'GLIBC_[0-9]+\.[0-9]+' | sort -u -V | tail -n 1 | cut -d_ -f2 || true)"
    if [ -n "$GLIBC" ]; then
        DEPENDS="libc6 (>= $GLIBC), $DEPENDS"
    fi
fi
cat > "$DEB_ROOT/DEBIAN/control" <<EOF
Package: $APP
Version: $VERSION
Architecture: $ARCH_DEB
Maintainer: $MAINTAINER
Installed-Size: $INSTALLED_KB
Depends: $DEPENDS
Section: games
Priority: optional
Description: Battle of Midway board wargames on the desktop
 Victory at Midway, CV, Kido Butai and Midway Solitaire with the computer as
 table, rules-keeper, umpire and opponent. Self-contained: Python and Qt are
 bundled under /opt/midway-desktop.
EOF
chmod -R u+rwX,go+rX,go-w "$DEB_ROOT"
DEB="$OUT/${APP}_${VERSION}_${ARCH_DEB}.deb"
dpkg-deb --root-owner-group -Zxz --build "$DEB_ROOT" "$DEB" >/dev/null
dpkg-deb --info "$DEB" | sed -n '/Package:/,/Description:/p'

step "self-test of the program as the .deb unpacks it"
CHECK="$BUILD/deb-check"
rm -rf "$CHECK"
dpkg-deb -x "$DEB" "$CHECK"
(cd /tmp && env -u MIDWAY_RULESETS QT_QPA_PLATFORM=offscreen "$CHECK/opt/$APP/$APP" --selftest | tail -n 1)
rm -rf "$CHECK"

step "done"
printf '%-60s %s\n' "$(basename "$TARBALL")" "$(du -h "$TARBALL" | cut -f1)"
printf '%-60s %s\n' "$(basename "$DEB")" "$(du -h "$DEB" | cut -f1)"
echo "unpacked: ${SIZE_MB} MB; installers in $OUT"
