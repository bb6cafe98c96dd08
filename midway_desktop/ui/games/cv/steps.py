"""What the CV screen says of each step: the combat board's strip, the status bar and the
Orders dock use the same names and hints (a module of its own, so that the screen names a step
without loading the combat board), and How to Play's list of the Turn is made from the rules'
own Sequence of Play with these same words (``turn_html``), so it can never name a step the
rules do not play nor leave one out."""

from __future__ import annotations

# The steps as the strip names them, in the Sequence of Play's order (IV.E).
STEP_SHORT = {
    "air-to-air": "Air-to-Air: Interceptors and Escorts",
    "interception": "Air-to-Air: Interceptors on Bombers",
    "aa": "AA",
    "bombing": "Bombing",
    "air-losses": "Air Factors lost on the Base",
    "surface-set-up": "Surface set-up",
    "surface-gunnery": "Gunnery",
    "surface-torpedo": "Surface Torpedo",
    "breakthrough": "Breakthrough",
    "bombardment": "Bombardment",
    "bombardment-losses": "Air Factors lost to the Bombardment",
    "ground-combat": "Ground Combat",
}

# Said beside "nothing to order" while a Condition 2 strength may still be set (Basic III.C.2).
ANNOUNCE_TOO = "You may still set the strength to announce for a unit the enemy sees at Condition 2 (optional)."

# What to do in each step, in table terms, and the chart to bring forward for it.
STEP_HINTS: dict[str, tuple[str, str]] = {
    "set-up": ("Drag each Task Force onto a lit hex of its set-up area; drag Air Factors between sections "
               "(those in C carry a Weapon unit).", "task-forces"),
    "plane-ready": ("Drag Air Factors from A to B, B to C (armed as they enter C), or C back to B; "
                    "a Weapon unit dropped on planes in B readies them armed with it.", "task-forces"),
    "form-air-units": ("Drag Air Factors from a C section into an Air Box (or onto 'A new Air unit').", "air"),
    "ship-plotting": ("Plot each Task Force's move: drag it hex by hex onto the lit hexes; the ring says the "
                      "Movement Factor left.", "task-forces"),
    "landing": ("Drag an Air unit onto a Task Force or base box to land it there.", "air"),
    "air-move": ("Drag Air units on the map to a lit hex, or into a CAP Box.", "air"),
    "take-off": ("Drag a forming Air unit (Air Boxes) onto a lit hex, or into a CAP Box.", "air"),
}  # fmt: skip
# A Battle's orders are rows on the combat board (the Orders dock's list has none of them).
COMBAT_HINT = "Give your orders on the Combat Board, under the map."

# What happens in the steps nobody orders in, in table terms (How to Play).
AUTOMATIC: dict[str, str] = {
    "ship-movement": "Ships move as plotted, hex by hex; shadowing units follow what they shadow. Ships that "
                     "end in one hex, or meet in the first hex of their moves, are in Combat Contact.",
    "ground-unloading": "Transports anchored at Midway put one Ground Factor each ashore.",
    "initiative": "Each side rolls a die; the higher moves its Air units first (ties roll again).",
    "combat": "Every hex with units of both sides is a Battle, fought step by step on the Combat Board; "
              "steps where nobody can fight are skipped.",
    "bombing": "The Bombers that came through the AA Step roll on the targets they announced: one Combat a "
               "target, one die for each Hit Table.",
    "ground-combat": "While both sides have Ground units on Midway, all of them fight, every Turn.",
    "midway-repair": "Midway repairs one Hit, unless it was bombed, bombarded or fought over this Turn.",
    "victory-points": "Victory Points for what was sunk, shot down or lost this Turn (the Point Record).",
    "time-record": "The Time Record moves on an hour; after the last Turn the game ends.",
}  # fmt: skip


def turn_html() -> str:
    """How to Play's list of the Turn, from the rules' Sequence of Play (``sequence.TURN`` and
    the Combat Steps, ``combat.STEPS``): each step's title and rule, who orders in it and how."""
    import html

    from midway_desktop.games.cv import combat
    from midway_desktop.games.cv.sequence import AIR_STEPS, PHASES, SECRET, TURN

    def item(name: str) -> str:
        p = PHASES[name]
        if name in SECRET:
            who = "both sides, in secret (sealed)"
        elif name in AIR_STEPS:
            who = "each side in turn, the initiative's winner first"
        else:
            who = "runs by itself"
        if name in STEP_HINTS:
            told = STEP_HINTS[name][0]
        elif name in AUTOMATIC:  # (a Combat Step nobody orders in too: Bombing, Ground Combat)
            told = AUTOMATIC[name]
        else:
            told = COMBAT_HINT
        short = f" ({html.escape(STEP_SHORT[name])})" if name in STEP_SHORT else ""
        return (
            f"<li><b>{html.escape(p.title)}</b>{short} — <i>{who}</i>; {html.escape(p.rule)}.<br>"
            f"{html.escape(told)}</li>"
        )

    out = [f"<p>Once, before the first Turn:</p><ol>{item('set-up')}</ol>", "<p>Then each Turn:</p><ol>"]
    for name in TURN:
        out.append(item(name))
        if name == "combat":
            out.append("<ol>" + "".join(item(c.name) for c in combat.STEPS) + "</ol>")
    out.append("</ol>")
    return "".join(out)


def help_sections() -> dict[str, str]:
    """The parts of CV's How to Play page made from the rules (see ``how_to_play``)."""
    return {"the-turn": turn_html()}
