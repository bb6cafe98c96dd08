"""CV › ships and forces: every ship the text names, its stated values, and forces that fit."""

from __future__ import annotations

from pathlib import Path

import pytest

from midway_desktop.games.cv.data import load_data
from tests.games.cv.helpers import cv_copy, edit, one_problem

DATA = load_data()


def ship(side: str, title: str):  # type: ignore[no-untyped-def]
    found = DATA.ships.get(side, title)
    assert found is not None, (side, title)
    return found


def test_every_force_the_text_lists_ship_by_ship() -> None:
    """Scenarios II-IV and Optional XVI.C.1: counts by force as the text gives them."""
    sizes = {(f.side, f.id): len(f.ships) for f in DATA.forces}
    assert sizes[("american", "IA")] == 2 + 5 + 1 + 11
    assert sizes[("american", "IB")] == 1 + 2 + 6
    assert sizes[("american", "II")] == 2 + 3 + 4
    assert sizes[("american", "III")] == 1 + 2 + 7
    assert sizes[("american", "IV")] == 5 + 2 + 7
    assert sizes[("japanese", "IA")] == 4 + 2 + 2 + 1 + 12
    assert sizes[("japanese", "IB")] == 1 + 3 + 2 + 1 + 9
    assert sizes[("japanese", "IC")] == 1 + 2 + 4 + 1 + 8
    assert sizes[("japanese", "ID")] == 1 + 3 + 15 + 10
    assert sizes[("japanese", "IE")] == 2 + 4 + 3
    assert sizes[("japanese", "II")] == 1 + 1 + 1 + 3 + 2 + 8 + 12
    assert sizes[("japanese", "III")] == 1 + 1 + 4
    assert DATA.force("japanese", "IV").provenance.provisional  # not in the text


def test_ship_types_as_the_text_lists_them() -> None:
    assert ship("japanese", "Chitose").type == "AV" and ship("japanese", "Kamikawa").type == "AV"
    assert ship("japanese", "Chiyoda").type == "AS" and ship("japanese", "Nisshin").type == "AS"
    assert ship("japanese", "Tone").type == "CAV" and ship("japanese", "Hosho").type == "CVL"
    assert ship("american", "Atlanta").type == "CL" and ship("japanese", "PG3").type == "PG"


def test_values_the_text_states() -> None:
    """Akagi capacity 30 (V.B.1); Survivor Factors 5 and 4 for American and Japanese CVs (Opt.
    VI.A); radar on American BB and CV only (III.B.3); MF 1 or 2, Midget Submarines 0 (VI.B.1);
    reloads on Japanese DDs and all submarines (Opt. XII); American torpedoes on DDs only."""
    assert ship("japanese", "Akagi").ship_class.capacity == 30
    for s in DATA.ships.ships:
        c = s.ship_class
        if s.type == "CV":
            assert c.survivor == (5 if s.side == "american" else 4), s.title
        assert c.radar == (s.side == "american" and s.type in ("BB", "CV")), s.title
        assert c.movement == 0 if s.type == "MS" else c.movement in (1, 2)
        assert c.reloads == (s.type in ("SS", "MS") or (s.side == "japanese" and s.type == "DD")), s.title
        if s.side == "american" and s.type != "DD" and s.type != "SS":
            assert c.torpedo == 0, s.title


def test_ground_factors_aboard_the_transports() -> None:
    """Scenarios III-IV: 120 Ground Factors aboard AP1-15; Opt. XVI: 40 aboard AP16-23."""
    assert sum(DATA.force("japanese", "ID").ground.values()) == 120
    assert sum(DATA.force("japanese", "II").ground.values()) == 40


def test_every_force_carries_its_planes() -> None:
    """Set Up III.C.2: sea-based planes go with ships that can handle them, within capacity."""
    for force in DATA.forces:
        aboard = [DATA.ships.get(force.side, t) for t in force.ships]
        for plane, factors in force.air.items():
            assert factors <= sum(s.ship_class.capacity for s in aboard if plane in s.ship_class.planes), force.title


@pytest.mark.parametrize(
    "file, old, new, words",
    [
        ("forces.yaml", "ships: [Zuikaku,", "ships: [Shokaku, Zuikaku,", ["no japanese ship 'Shokaku'"]),
        ("forces.yaml", "air: {kate: 3}", "air: {kate: 30}", ["30 Kate Air Factors, room for"]),
        ("forces.yaml", "air: {kate: 3}", "air: {fortress: 3}", ["not a japanese sea-based plane"]),
        ("forces.yaml", "DD55-58]", "DD54-58]", ["DD54 is in Japanese Force II too"]),
        (
            "ships.yaml",
            "capacity: 8, ready: 3",
            "capacity: 2, ready: 3",
            ["forces.yaml:", "3 Kate Air Factors, room for 2"],
        ),
        (
            "ships.yaml",
            "movement: 2, hits: 5, survivor: 4,\n     capacity: 30",
            "movement: 3, hits: 5, survivor: 4,\n     capacity: 30",
            ["ships.yaml:", "out of range"],
        ),
    ],
)
def test_a_broken_force_or_ship_is_one_line(tmp_path: Path, file: str, old: str, new: str, words: list[str]) -> None:
    folder = cv_copy(tmp_path)
    edit(folder / file, old, new)
    one_problem(folder, *words)
