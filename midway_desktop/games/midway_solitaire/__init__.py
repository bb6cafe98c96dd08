"""Midway Solitaire (2026): TF-16, TF-17 and Midway's aircraft against three card-driven forces.

Modules, in the game's own words: ``forces`` (ship status boards), ``cards`` (the action deck),
``data`` (both, with the search board's tables), ``state`` (the position), ``actions``,
``movement``, ``combat``, ``turn`` (card, Japanese movement, hazards, battles, end of turn),
``victory`` (missions), ``phases`` (sequence of play), ``rules`` (the engine's ``Rules``),
``view`` and ``bot``. Rule citations read "MS › Section › Subsection" after
``midway-solitaire.txt``.

Rulings where the text is silent or loose (provisional; each is cited where it is made):

- combat comes of Japanese and American ships sharing a square after Japanese movement, so
  an All Stop on a TF's square fights too (Sequence of Play 5);
- a Japanese force entering an objective wins at once, mid-move included (Concepts 8);
- "toward an American TF" means the nearest afloat TF, TF-16 on a tie;
- within a turn: hazards, then Midway aircraft, then ship battles square by square, then
  long range attacks; the MA returns to Midway at the end of the turn;
- a long range attack strikes every Japanese unit of one adjacent square; its 1-4 roll takes
  no die roll modifier;
- when the last card has been played without the mission achieved, the Japanese win on time;
- the submarine card is All Stop (its movement area shows a submarine, no arrows);
- cards carry no Midway aircraft movement: the player places the MA each turn.
"""
