"""``evolve``'s field-by-field copy is the value ``dataclasses.replace`` makes, and refuses what it does."""

from __future__ import annotations

import dataclasses

import pytest

from midway_desktop.engine import Session
from midway_desktop.games.cv.rules import CvRules
from midway_desktop.games.cv.state import evolve
from tests.games.cv.play import GAME


def test_evolve_is_replace() -> None:
    state = Session.start(CvRules(GAME), scenario="short", seed=1).state
    tf = state.task_forces[0]
    for value, changes in ((state, {"step": "landing"}), (tf, {"ships": tf.ships[:1]}), (tf, {})):
        made, replaced = evolve(value, **changes), dataclasses.replace(value, **changes)  # type: ignore[type-var]
        assert made == replaced and made is not value and type(made) is type(replaced)
        assert vars(made) == vars(replaced) and list(vars(made)) == list(vars(replaced))
    with pytest.raises(TypeError):
        evolve(tf, no_such_field=1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        evolve(tf).number = 2  # type: ignore[misc]
