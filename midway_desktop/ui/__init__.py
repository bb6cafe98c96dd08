"""The Qt user interface: the only package that imports PySide6.

The board view reads its viewport's size and pixel ratio from itself, not from
``viewport()``: the first time a run is handed a widget that Qt made, PySide6 loads every
widget class to find its type, 34 M instructions of CV's start (VaM's holding boxes open
their viewports to drops without asking for them; a game whose docks need a viewport pays it).
"""
