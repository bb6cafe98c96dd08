"""CV: A Game of the Battle of Midway (Yaquinto, 1979) — its data.

Every force, plane, base, chart and scenario of ``cv.txt`` is read from ``rulesets/cv/`` into
frozen values here; no Qt, no rules yet (the CV rules, desktop and bot build on this). What the
text states is held by a test; the rest carries its provenance (most of it is `provisional`).
"""
