"""The Air Boxes' headings and rows name the box an Air unit is in as the player calls it."""

from __future__ import annotations

from midway_desktop.ui.games.cv.boxes import air_unit_heading, air_unit_row


def _view(where: str, box: str) -> dict:  # type: ignore[type-arg]
    record = {"plane": "wildcat", "factors": 9, "weapon": "", "high": False, "origin": box,
              "took_off": "0500 June 4", "must_land": "0800 June 4", "spent": 0}  # fmt: skip
    unit = {"number": 2, "where": where, "hex": None, "box": box, "moved": False, "due": None, "records": [record]}
    return {"viewer": "american", "american": {"air_units": [unit]}}


def test_a_cap_over_a_task_force_or_a_base_is_named_by_it_not_by_its_id() -> None:
    over_tf = _view("cap", "tf1")
    assert air_unit_heading(2)(over_tf) == "Air Box 2 · in a CAP Box (Task Force 1) · must land by 0800 June 4"
    over_midway = _view("cap", "midway")
    assert "(Midway)" in air_unit_heading(2)(over_midway)
    assert "(Midway)" in air_unit_row(over_midway, over_midway["american"]["air_units"][0]).tip
