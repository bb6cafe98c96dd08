"""Build a :class:`Board` from ``rulesets/<game>/board.yaml`` (schema in rulesets/README.md)."""

from __future__ import annotations

import re
import string
from functools import lru_cache
from pathlib import Path

from midway_desktop.geometry import hexes, kept_board, plane
from midway_desktop.geometry.board import Board, Cell, Provenance, Region, Sheet
from midway_desktop.ruleset import Node, RulesetError, ruleset_dir
from midway_desktop.ruleset.cache import digest
from midway_desktop.ruleset.yamlio import parse_yaml, read_ruleset_file

SOURCES = ("rulebook", "derived", "historical", "provisional")
MAX_CELLS = 50_000  # on the whole board, all sheets together (CV's two halves hold ~2,000)
MAX_SPAN = 99_999  # printed column and row numbers, and sheet positions
MAX_UNITS = 100_000.0  # coordinates of a box layout, in board units
_TOKEN = re.compile(r"\{(col|row)(?::(0\d))?\}")
_NAME = re.compile(r"^[a-z0-9][a-z0-9-]*$")


def provenance(node: Node | None, owner: Node) -> Provenance:
    if node is None:
        raise owner.error("missing 'provenance' (say where the value comes from)")
    node.only("source", "ref")
    source = node.req("source").choice(*SOURCES)
    ref_node = node.get("ref")
    ref = ref_node.str() if ref_node is not None else ""
    if source != "provisional" and not ref.strip():
        raise node.error(f"a '{source}' value needs a 'ref' saying where it comes from")
    return Provenance(source, ref)


def load_board(game_or_path: str | Path) -> Board:
    """The board of a game id (``"cv"``) or of a ruleset folder or ``board.yaml`` path."""
    path = Path(game_or_path)
    if path.suffix in (".yaml", ".yml"):
        return _load(path.resolve())
    if path.is_dir():
        return _load((path / "board.yaml").resolve())
    return _load((ruleset_dir(str(game_or_path)) / "board.yaml").resolve())


@lru_cache(maxsize=16)
def _load_cached(path: Path, mtime_ns: int) -> Board:
    raw = read_ruleset_file(path)
    board = kept_board.load(path, raw)  # (worked out at an earlier start from these very bytes)
    if board is None:
        board = parse_board(parse_yaml(raw, path), expected_game=path.parent.name)
        kept_board.store(path, raw, board)
    # What was read, so the board's derived outlines can be kept for these bytes (outlines.py).
    board.source = path
    board.digest = digest(raw)
    return board


def _load(path: Path) -> Board:
    try:
        mtime = path.stat().st_mtime_ns
    except OSError as exc:
        raise RulesetError(path, None, f"cannot read file ({exc.strerror or exc})") from None
    return _load_cached(path, mtime)


def parse_board(root: Node, expected_game: str | None = None) -> Board:
    root.only("schema", "game", "title", "grid", "north", "regions", "provenance", "notes")
    schema = root.req("schema")
    if schema.int(0, 999) != 1:
        raise schema.error(f"schema {schema.value} is not supported (this version reads schema 1)")
    game_node = root.req("game")
    game = game_node.str()
    if expected_game and expected_game not in (game, "board.yaml") and _is_game_folder(expected_game):
        raise game_node.error(f"game '{game}' does not match its folder '{expected_game}'")
    title = root.req("title").str()
    north_node = root.get("north")
    north = north_node.choice("up", "down", "left", "right") if north_node else "up"
    grid = root.req("grid")
    kind = grid.req("kind").choice("hex", "square", "boxes")
    prov = provenance(grid.get("provenance"), grid)

    if kind == "boxes":
        board = _parse_boxes(grid, game, title, north, prov)
    else:
        board = _parse_grid(grid, kind, game, title, north, prov)

    regions = root.get("regions")
    if regions is not None:
        for item in regions.list():
            board.add_region(_parse_region(item, board))
    return board


def _is_game_folder(name: str) -> bool:
    return name in ("victory-at-midway", "cv", "kido-butai", "midway-solitaire")


# -- hex and square grids -----------------------------------------------------------------
def _parse_grid(grid: Node, kind: str, game: str, title: str, north: str, prov: Provenance) -> Board:
    allowed = ("kind", "sheets", "provenance")
    if kind == "hex":
        allowed += ("orientation", "shift")
    grid.only(*allowed)
    orientation: hexes.Orientation = "flat"
    parity = 0
    if kind == "hex":
        orientation = grid.req("orientation").choice("flat", "pointy")  # type: ignore[assignment]
        # 1-based odd columns are 0-based even ones.
        parity = 0 if grid.req("shift").choice("odd", "even") == "odd" else 1

    cells: list[Cell] = []
    seen: dict[object, Cell] = {}
    aliases: dict[str, str] = {}
    labels: set[str] = set()
    sheets: list[Sheet] = []
    planned = 0
    for sheet_node in grid.req("sheets").list():
        sheet = _parse_sheet(sheet_node)
        sheets.append(sheet)
        planned += len(sheet.columns) * len(sheet.rows)
        if planned > MAX_CELLS:
            raise sheet_node.error(f"the sheets make more than {MAX_CELLS} cells, more than any game's map")
        template = sheet_node.req("label")
        fmt = _template(template)
        excluded_node = sheet_node.get("exclude")
        excluded = {n.str() for n in excluded_node.list()} if excluded_node else set()
        made: set[str] = set()
        for ci, pcol in enumerate(sheet.columns):
            for ri, prow in enumerate(sheet.rows):
                label = fmt(pcol, prow)
                if label in excluded:
                    made.add(label)
                    continue
                if label in labels:
                    raise template.error(f"label '{label}' occurs twice")
                col, row = sheet.at[0] + ci, sheet.at[1] + ri
                if kind == "hex":
                    key: object = hexes.offset_to_axial(col, row, orientation, parity)
                else:
                    key = (col, row)
                made.add(label)
                if key in seen:
                    aliases[label] = seen[key].label
                    continue
                cell = Cell(label, key, col, row, sheet.id, pcol, prow)
                seen[key] = cell
                cells.append(cell)
                labels.add(label)
        for missing in sorted(excluded - made):
            raise excluded_node.error(f"excluded label '{missing}' is not on this sheet")  # type: ignore[union-attr]
    if not cells:
        raise grid.error("the grid has no cells")
    return Board(
        game=game,
        title=title,
        kind=kind,  # type: ignore[arg-type]
        cells=tuple(cells),
        orientation=orientation,
        shifted_parity=parity,
        north=north,
        sheets=tuple(sheets),
        provenance=prov,
        aliases=aliases,
    )


def _parse_sheet(node: Node) -> Sheet:
    node.only("id", "label", "columns", "rows", "at", "columns_run", "rows_run", "exclude", "provenance")
    columns = _span(node.req("columns"))
    rows = _span(node.req("rows"))
    if len(columns) * len(rows) > MAX_CELLS:
        raise node.error(f"a sheet of {len(columns)} x {len(rows)} cells is larger than any game's map")
    at_node = node.get("at")
    at = (0, 0)
    if at_node is not None:
        pair = at_node.list()
        if len(pair) != 2:
            raise at_node.error("expected [column, row]")
        at = (pair[0].int(-MAX_SPAN, MAX_SPAN), pair[1].int(-MAX_SPAN, MAX_SPAN))
    run = node.get("columns_run")
    if run is not None and run.choice("east", "west") == "west":
        columns = columns[::-1]
    run = node.get("rows_run")
    if run is not None and run.choice("south", "north") == "north":
        rows = rows[::-1]
    sid = node.get("id")
    return Sheet(sid.str() if sid else "", columns, rows, at, provenance(node.get("provenance"), node))


def _span(node: Node) -> tuple[str, ...]:
    pair = node.list()
    if len(pair) != 2:
        raise node.error("expected [first, last]")
    a, b = pair[0].value, pair[1].value
    if isinstance(a, int) and isinstance(b, int) and not isinstance(a, bool) and not isinstance(b, bool):
        a, b = pair[0].int(0, MAX_SPAN), pair[1].int(0, MAX_SPAN)
        if b < a:
            raise node.error(f"last ({b}) comes before first ({a})")
        if b - a >= MAX_CELLS:
            raise node.error(f"{b - a + 1} is more columns or rows than any game's map")
        return tuple(str(i) for i in range(a, b + 1))
    if isinstance(a, str) and isinstance(b, str) and len(a) == len(b) == 1 and a.isalpha() and b.isalpha():
        letters = string.ascii_uppercase
        ia, ib = letters.find(a.upper()), letters.find(b.upper())
        if ib < ia:
            raise node.error(f"last ({b}) comes before first ({a})")
        return tuple(letters[ia : ib + 1])
    raise node.error("expected two whole numbers or two single letters")


def _template(node: Node):  # type: ignore[no-untyped-def]
    text = node.str()
    rest = _TOKEN.sub("", text)
    if "{" in rest or "}" in rest:
        raise node.error("label may only use {col}, {row}, {col:02} or {row:02}")
    if "{col" not in text or "{row" not in text:
        raise node.error("label must contain both {col} and {row}")

    # Split once into literal text and (which, width) fields: a CV map formats 6,000 labels.
    pieces: list[str | tuple[str, int]] = []
    at = 0
    for m in _TOKEN.finditer(text):
        pieces.append(text[at : m.start()])
        pieces.append((m.group(1), int(m.group(2) or 0)))
        at = m.end()
    pieces.append(text[at:])

    def fmt(col: str, row: str) -> str:
        out = []
        for piece in pieces:
            if isinstance(piece, str):
                out.append(piece)
                continue
            value = col if piece[0] == "col" else row
            out.append(value.zfill(piece[1]) if piece[1] and value.isdigit() else value)
        return "".join(out)

    return fmt


# -- box layouts --------------------------------------------------------------------------
def _parse_boxes(grid: Node, game: str, title: str, north: str, prov: Provenance) -> Board:
    grid.only("kind", "size", "boxes", "provenance")
    size_node = grid.req("size")
    size_pair = size_node.list()
    if len(size_pair) != 2:
        raise size_node.error("expected [width, height]")
    size = (_finite(size_pair[0]), _finite(size_pair[1]))
    cells: list[Cell] = []
    shapes: dict[str, tuple[plane.Point, ...]] = {}
    adjacency: dict[str, set[str]] = {}
    links: list[tuple[Node, str, str]] = []
    box_prov: dict[str, Provenance] = {}
    for node in grid.req("boxes").list():
        node.only("name", "title", "kind", "rect", "polygon", "adjacent", "provenance")
        name_node = node.req("name")
        name = name_node.str()
        if not _NAME.match(name):
            raise name_node.error(f"box name '{name}' must be lower-case letters, digits and hyphens")
        if name in shapes:
            raise name_node.error(f"box '{name}' is defined twice")
        shapes[name] = _box_shape(node)
        kind_node = node.get("kind")
        title_node = node.get("title")
        cells.append(
            Cell(
                name,
                name,
                title=title_node.str() if title_node else name,
                kind=kind_node.str() if kind_node else "box",
            )
        )
        box_prov[name] = provenance(node.get("provenance"), node)
        adjacency[name] = set()
        adj = node.get("adjacent")
        if adj is not None:
            links += [(other, name, other.str()) for other in adj.list()]
    for other_node, a, b in links:
        if b not in shapes:
            raise other_node.error(f"no box named '{b}'")
        if a == b:
            raise other_node.error(f"box '{a}' cannot be adjacent to itself")
        adjacency[a].add(b)
        adjacency[b].add(a)
    if not cells:
        raise grid.error("the layout has no boxes")
    return Board(
        game=game,
        title=title,
        kind="boxes",
        cells=tuple(cells),
        north=north,
        provenance=prov,
        boxes=shapes,
        box_provenance=box_prov,
        adjacency={k: frozenset(v) for k, v in adjacency.items()},
        size=size,
    )


def _finite(node: Node) -> float:
    return node.number(-MAX_UNITS, MAX_UNITS)


def _box_shape(node: Node) -> tuple[plane.Point, ...]:
    rect = node.get("rect")
    poly = node.get("polygon")
    if (rect is None) == (poly is None):
        raise node.error("give exactly one of 'rect' or 'polygon'")
    if rect is not None:
        vals = [_finite(v) for v in rect.list()]
        if len(vals) != 4 or vals[2] <= 0 or vals[3] <= 0:
            raise rect.error("expected [x, y, width, height] with positive size")
        x, y, w, h = vals
        return ((x, y), (x + w, y), (x + w, y + h), (x, y + h))
    pts = []
    for p in poly.list():  # type: ignore[union-attr]
        xy = p.list()
        if len(xy) != 2:
            raise p.error("expected [x, y]")
        pts.append((_finite(xy[0]), _finite(xy[1])))
    if len(pts) < 3:
        raise poly.error("polygon must have at least three corners")  # type: ignore[union-attr]
    if not plane.is_simple(pts):
        raise poly.error("polygon must have at least three corners and not cross itself")  # type: ignore[union-attr]
    return tuple(pts)


# -- regions ------------------------------------------------------------------------------
def _parse_region(node: Node, board: Board) -> Region:
    node.only("name", "title", "kind", "cells", "cells_rect", "data", "provenance", "note")
    name_node = node.req("name")
    name = name_node.str()
    if not _NAME.match(name):
        raise name_node.error(f"region name '{name}' must be lower-case letters, digits and hyphens")
    if name in board.region_names():
        raise name_node.error(f"region '{name}' is defined twice")
    labels: set[str] = set()
    cells = node.get("cells")
    if cells is not None:
        for item in cells.list():
            label = item.str()
            if label not in board:
                raise item.error(f"'{label}' is not a cell of this board")
            labels.add(board.canonical(label))
    rects = node.get("cells_rect")
    if rects is not None:
        for rect in rects.list():
            labels |= _rect_cells(rect, board)
    if not labels:
        raise node.error(f"region '{name}' has no cells (give 'cells' or 'cells_rect')")
    title_node = node.get("title")
    kind_node = node.get("kind")
    data_node = node.get("data")
    data = {}
    if data_node is not None:
        data_node.map()
        _bounded(data_node)
        data = data_node.plain()
    return Region(
        labels,
        name=name,
        title=title_node.str() if title_node else name,
        kind=kind_node.str() if kind_node else "area",
        data=data,
        provenance=provenance(node.get("provenance"), node),
        board=board,
    )


def _bounded(node: Node) -> None:
    """Every number in free-form ``data`` in range, as every other number of a ruleset."""
    if node.is_map:
        for child in node.map().values():
            _bounded(child)
    elif node.is_list:
        for child in node.list():
            _bounded(child)
    elif isinstance(node.value, int) and not isinstance(node.value, bool):
        node.int(-MAX_SPAN, MAX_SPAN)
    elif isinstance(node.value, float):
        node.number(-MAX_UNITS, MAX_UNITS)


def _rect_cells(rect: Node, board: Board) -> set[str]:
    pair = rect.list()
    if len(pair) != 2:
        raise rect.error("expected [corner, corner]")
    if board.kind == "boxes":
        raise rect.error("cells_rect needs a hex or square grid")
    ends = []
    for item in pair:
        label = item.str()
        if label not in board:
            raise item.error(f"'{label}' is not a cell of this board")
        ends.append(board.cell(label))
    c0, c1 = sorted((ends[0].col, ends[1].col))
    r0, r1 = sorted((ends[0].row, ends[1].row))
    return {c.label for c in board.cells if c0 <= c.col <= c1 and r0 <= c.row <= r1}
