"""Draw the app icon from its SVG into the files each platform wants, with Qt (no other tools).

    python packaging/make_icons.py [OUT_DIR]      (default: packaging/build/icons)

writes ``midway-desktop-<N>.png`` for the Linux icon theme, ``midway-desktop.png`` (256 px),
``midway-desktop.ico`` for Windows (PNG-compressed entries, 16-256 px) and
``midway-desktop.icns`` for macOS (PNG entries, 16-1024 px). Both containers are written
here byte by byte, so the script runs the same on every build machine.
"""

from __future__ import annotations

import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt  # noqa: E402
from PySide6.QtGui import QGuiApplication, QImage, QPainter  # noqa: E402
from PySide6.QtSvg import QSvgRenderer  # noqa: E402

HERE = Path(__file__).resolve().parent
SVG = HERE.parent / "resources" / "icons" / "midway-desktop.svg"
NAME = "midway-desktop"
PNG_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# icns entry type -> pixel size (PNG payloads are valid for all of these since macOS 10.7).
ICNS_TYPES = (
    (b"icp4", 16),
    (b"icp5", 32),
    (b"icp6", 64),
    (b"ic07", 128),
    (b"ic08", 256),
    (b"ic09", 512),
    (b"ic10", 1024),
    (b"ic11", 32),
    (b"ic12", 64),
    (b"ic13", 256),
    (b"ic14", 512),
)


def render(renderer: QSvgRenderer, size: int) -> bytes:
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter)
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):
        raise SystemExit(f"could not encode a {size} px PNG")
    buffer.close()
    return bytes(data.data())


def ico(pngs: dict[int, bytes]) -> bytes:
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = 6 + 16 * len(sizes)
    entries, payload = b"", b""
    for size in sizes:
        data = pngs[size]
        side = 0 if size >= 256 else size  # 0 means 256 in an ICONDIRENTRY
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset + len(payload))
        payload += data
    return header + entries + payload


def icns(pngs: dict[int, bytes]) -> bytes:
    body = b"".join(kind + struct.pack(">I", 8 + len(pngs[size])) + pngs[size] for kind, size in ICNS_TYPES)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else HERE / "build" / "icons"
    out.mkdir(parents=True, exist_ok=True)
    _app = QGuiApplication.instance() or QGuiApplication([sys.argv[0]])
    renderer = QSvgRenderer(str(SVG))
    if not renderer.isValid():
        raise SystemExit(f"{SVG.name}: Qt cannot read this SVG")
    sizes = sorted(set(PNG_SIZES) | set(ICO_SIZES) | {s for _, s in ICNS_TYPES})
    pngs = {size: render(renderer, size) for size in sizes}
    for size in PNG_SIZES:
        (out / f"{NAME}-{size}.png").write_bytes(pngs[size])
    (out / f"{NAME}.png").write_bytes(pngs[256])
    (out / f"{NAME}.ico").write_bytes(ico({s: pngs[s] for s in ICO_SIZES}))
    (out / f"{NAME}.icns").write_bytes(icns(pngs))
    print(f"icons written to {out}: {len(PNG_SIZES)} PNGs, {NAME}.ico, {NAME}.icns")
    del _app
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
