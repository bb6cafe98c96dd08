"""Records saved by each release, one folder each, opened by every later build (see README)."""
