"""The quiet scratch table of headless games keeps no narrative; the ordinary one does."""

from __future__ import annotations

from midway_desktop.engine.registry import get_rules
from midway_desktop.engine.session import Session
from midway_desktop.games.kido_butai.display import table


def _write(t) -> None:  # type: ignore[no-untyped-def]
    t.tell(("{} launched.", (("akagi-zero",),)))
    t.note("A sentence.")
    t.roll("recon", [4])
    t.fact("lost", "kaga-b1")
    t.chapter("orders")


def test_a_quiet_table_keeps_nothing_an_ordinary_one_keeps() -> None:
    state = Session.start(get_rules("kido-butai"), seed=3).state
    loud, quiet = table(state), table(state, quiet=True)
    _write(loud)
    _write(quiet)
    assert [e.kind for e in loud.events] == ["orders"]
    assert "A sentence." in loud.events[0].text and loud.events[0].data["lost"] == ["kaga-b1"]
    assert quiet.events == [] and quiet.lines == [] and quiet.facts is None
    assert quiet.freeze() == loud.freeze() == state
