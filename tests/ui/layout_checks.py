"""Finds what a player would see as broken layout in a widget tree: text cut short (a label or
button narrower than its words, a tab title elided), controls lying over one another,
controls pushed partly outside the panel that holds them, and a panel that scrolls its controls
out of sight while a list in it could have given up the room.

Only leaf controls are judged (labels, buttons, inputs, lists): containers, scroll machinery and
Qt's own internals may legitimately overlap. A control inside a scroll area may run past the
visible part (the player can scroll to it) but never past its own panel."""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractScrollArea,
    QAbstractSlider,
    QComboBox,
    QLabel,
    QLineEdit,
    QScrollArea,
    QScrollBar,
    QSizePolicy,
    QTabBar,
    QWidget,
)

LEAVES = (QLabel, QAbstractButton, QComboBox, QLineEdit, QAbstractItemView, QAbstractSlider)
SLACK = 2  # pixels of overlap or shortfall forgiven (anti-aliased frames)


def _name(w: QWidget) -> str:
    text = ""
    if isinstance(w, (QLabel, QAbstractButton)):
        text = w.text()
    elif isinstance(w, QComboBox):
        text = w.currentText()
    return f"{type(w).__name__}({text[:40]!r})" if text else type(w).__name__


def _in_scroll_viewport(w: QWidget, root: QWidget) -> bool:
    p = w.parentWidget()
    while p is not None and p is not root:
        if isinstance(p.parentWidget(), QAbstractScrollArea) and p is p.parentWidget().viewport():  # type: ignore[union-attr]
            return True
        p = p.parentWidget()
    return False


def _leaves(root: QWidget) -> list[QWidget]:
    out = []
    for w in root.findChildren(QWidget):
        if not isinstance(w, LEAVES) or isinstance(w, QScrollBar) or not w.isVisibleTo(root):
            continue
        if w.window() is not root.window():
            continue
        # Widgets that are parts of another control (a combo's list, a view's headers) are its own.
        if any(isinstance(a, (QComboBox, QAbstractItemView)) for a in _ancestors(w, root)):
            continue
        if w.width() <= 0 or w.height() <= 0:
            continue
        out.append(w)
    return out


def _ancestors(w: QWidget, root: QWidget) -> list[QWidget]:
    out = []
    p = w.parentWidget()
    while p is not None and p is not root:
        out.append(p)
        p = p.parentWidget()
    return out


def _rect_in(w: QWidget, root: QWidget) -> QRect:
    return QRect(w.mapTo(root, w.rect().topLeft()), w.size())


def problems(root: QWidget) -> list[str]:
    """Every layout fault found under ``root`` (empty when it reads well)."""
    found: list[str] = []
    leaves = _leaves(root)
    for w in leaves:
        found += _cut_text(w)
        parent = w.parentWidget()
        if parent is not None and not _in_scroll_viewport(w, root):
            inside = parent.rect().adjusted(-SLACK, -SLACK, SLACK, SLACK)
            if not inside.contains(w.geometry()):
                found.append(f"{_name(w)} runs outside its panel ({w.geometry()} in {parent.rect()})")
    by_parent: dict[int, list[QWidget]] = {}
    for w in leaves:
        by_parent.setdefault(id(w.parentWidget()), []).append(w)
    for group in by_parent.values():
        for i, a in enumerate(group):
            for b in group[i + 1 :]:
                overlap = a.geometry().intersected(b.geometry())
                if overlap.width() > SLACK and overlap.height() > SLACK:
                    found.append(f"{_name(a)} and {_name(b)} lie over one another")
    for scroll in root.findChildren(QScrollArea):
        inner = scroll.widget()
        if inner is None or not scroll.isVisibleTo(root) or scroll.window() is not root.window():
            continue
        fixed = scroll.horizontalScrollBarPolicy() == Qt.ScrollBarPolicy.ScrollBarAlwaysOff
        if fixed and inner.width() > scroll.viewport().width() + SLACK:
            found.append(f"a panel of {inner.width()} px is cut to {scroll.viewport().width()} px, unscrollable")
        if inner.height() > scroll.viewport().height() + SLACK:
            found += _list_kept_while_scrolling(inner)
    for bar in root.findChildren(QTabBar):
        if bar.isVisibleTo(root) and bar.window() is root.window():
            found += _cut_tabs(bar)
    return found


def _list_kept_while_scrolling(inner: QWidget) -> list[str]:
    """A panel that scrolls its controls out of sight while a list in it could still shrink."""
    out = []
    for view in inner.findChildren(QAbstractItemView):
        least = max(view.minimumHeight(), view.minimumSizeHint().height())
        grows = view.sizePolicy().verticalPolicy() in (QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Ignored)
        if view.isVisibleTo(inner) and grows and view.height() > least + SLACK:
            out.append(f"a panel scrolls while its {type(view).__name__} of {view.height()} px could shrink")
    return out


def _cut_text(w: QWidget) -> list[str]:
    if isinstance(w, QLabel):
        text = w.text()
        if not text or w.wordWrap() or w.textFormat() == Qt.TextFormat.RichText or "<" in text:
            return []
        room = w.contentsRect().width() - 2 * w.margin() - w.indent() if w.indent() > 0 else w.contentsRect().width()
        need = max(w.fontMetrics().horizontalAdvance(line) for line in text.splitlines() or [""])
        if need > room + SLACK:
            return [f"{_name(w)} is cut short ({need} px of words in {room} px)"]
    elif isinstance(w, QAbstractButton) and w.text() and w.sizeHint().width() > w.width() + SLACK:
        return [f"{_name(w)} is cut short ({w.sizeHint().width()} px wanted, {w.width()} px given)"]
    return []


def _cut_tabs(bar: QTabBar) -> list[str]:
    out = []
    fm = bar.fontMetrics()
    for i in range(bar.count()):
        text = bar.tabText(i).replace("&", "")
        if fm.horizontalAdvance(text) > bar.tabRect(i).width() - 4:
            out.append(f"tab {text!r} is cut short")
    return out


def hidden_tabs(root: QWidget) -> list[str]:
    """Tabs of the window's tabbed docks that do not fit their bar: the bar scrolls (its titles
    are never elided) and the last tabs are cut or out of sight until the player scrolls it."""
    out = []
    for bar in root.findChildren(QTabBar):
        if not bar.isVisibleTo(root) or bar.window() is not root.window() or bar.count() < 2:
            continue
        need = sum(bar.tabSizeHint(i).width() for i in range(bar.count()))
        if need > bar.width() + SLACK:
            titles = ", ".join(repr(bar.tabText(i)) for i in range(bar.count()))
            out.append(f"the tabs {titles} need {need} px in a bar of {bar.width()} px")
    return out
