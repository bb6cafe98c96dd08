"""The hot-seat curtain hides the whole window and opens only for the right player."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QLabel, QMainWindow

from midway_desktop.ui.handover import HandoverCurtain, check_password, hash_password


def _window(qtbot):  # type: ignore[no-untyped-def]
    w = QMainWindow()
    secret = QLabel("Akagi in F5", w)
    w.setCentralWidget(secret)
    qtbot.addWidget(w)
    w.resize(800, 600)
    w.show()
    qtbot.waitExposed(w)
    return w, secret


def test_the_curtain_covers_every_pixel_but_its_own_words(qtbot) -> None:  # type: ignore[no-untyped-def]
    w, _secret = _window(qtbot)
    curtain = HandoverCurtain(w)
    curtain.lower_for("japan", "Japanese")
    image = w.grab().toImage()
    dark = QColor("#16232e").rgb()
    right, bottom = image.width() - 3, image.height() - 3
    corners = [image.pixel(2, 2), image.pixel(right, bottom), image.pixel(2, bottom)]
    assert all(c == dark for c in corners)
    # The secret label's text is not drawn anywhere: most of the window is the curtain colour.
    sample = [image.pixel(x, y) for x in range(0, image.width(), 20) for y in range(0, image.height(), 20)]
    assert sum(1 for c in sample if c == dark) / len(sample) > 0.9
    assert "Japanese" in curtain.title.text()


def test_the_curtain_follows_resizes(qtbot) -> None:  # type: ignore[no-untyped-def]
    w, _ = _window(qtbot)
    curtain = HandoverCurtain(w)
    curtain.lower_for("us", "American")
    w.resize(1000, 700)
    qtbot.waitUntil(lambda: curtain.geometry() == w.rect(), timeout=2000)


def test_clicking_reveals_for_the_named_side(qtbot) -> None:  # type: ignore[no-untyped-def]
    w, _ = _window(qtbot)
    curtain = HandoverCurtain(w)
    curtain.lower_for("us", "American")
    with qtbot.waitSignal(curtain.revealed) as blocker:
        qtbot.mouseClick(curtain.button, Qt.MouseButton.LeftButton)
    assert blocker.args == ["us"]
    assert not curtain.down


def test_a_password_guards_a_side(qtbot) -> None:  # type: ignore[no-untyped-def]
    w, _ = _window(qtbot)
    curtain = HandoverCurtain(w)
    curtain.set_password("japan", "tora")
    curtain.lower_for("japan", "Japanese")
    curtain.password.setText("wrong")
    curtain.button.click()
    assert curtain.down and "Wrong" in curtain.error.text()
    curtain.password.setText("tora")
    curtain.button.click()
    assert not curtain.down


def test_passwords_are_stored_as_salted_hashes() -> None:
    salt, digest = hash_password("tora")
    assert b"tora" not in digest and len(salt) == 16
    assert check_password("tora", salt, digest) and not check_password("Tora", salt, digest)
