"""Layering rules: the model never needs Qt, and no code path can unpickle or eval data.

``geometry``, ``engine``, ``games`` and ``ruleset`` must run headless (for tests, the CLI's
``validate`` and any future server), so neither their source nor anything they import may
pull in PySide6. The whole package must never deserialise with ``pickle``/``marshal`` or
run text with ``eval``/``exec``, and must read YAML through safe loading only.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

import midway_desktop

PACKAGE = Path(midway_desktop.__file__).resolve().parent
HEADLESS = ("geometry", "engine", "games", "ruleset")


def modules_of(sub: str) -> list[str]:
    """Dotted names of ``midway_desktop.<sub>`` and every module below it."""
    root = PACKAGE / sub
    names = [f"midway_desktop.{sub}"]
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(PACKAGE).with_suffix("")
        parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
        name = ".".join(("midway_desktop", *parts))
        if name not in names:
            names.append(name)
    return names


def python_files(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*.py") if "__pycache__" not in p.parts)


def imported_names(tree: ast.AST) -> set[str]:
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module)
        elif isinstance(node, ast.Call):
            # importlib.import_module("PySide6...") / __import__("PySide6...")
            fn = node.func
            called = fn.attr if isinstance(fn, ast.Attribute) else getattr(fn, "id", "")
            if called in ("import_module", "__import__") and node.args:
                arg = node.args[0]
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    out.add(arg.value)
    return out


def is_qt(name: str) -> bool:
    top = name.split(".")[0]
    return top in ("PySide6", "shiboken6", "PyQt5", "PyQt6", "PySide2")


# A child interpreter imports the modules one at a time and reports the first that brings
# Qt into sys.modules, so the result cannot be masked by anything this test process loaded.
PROBE = """
import importlib, json, sys
def qt_loaded():
    return sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6'))
found = {}
for name in json.loads(sys.argv[1]):
    importlib.import_module(name)
    if qt_loaded():
        found[name] = qt_loaded()[:3]
        break
print(json.dumps({"ok": not found, "culprit": found}))
"""


def run_probe(names: list[str], prelude: str = "") -> dict:
    proc = subprocess.run(
        [sys.executable, "-c", prelude + PROBE, json.dumps(names)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("sub", HEADLESS)
def test_headless_source_never_imports_qt(sub: str) -> None:
    offenders = []
    assert (PACKAGE / sub).is_dir()
    for path in python_files(PACKAGE / sub):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        qt = sorted(n for n in imported_names(tree) if is_qt(n))
        if qt:
            offenders.append(f"{path.relative_to(PACKAGE)}: {', '.join(qt)}")
    assert offenders == []


@pytest.mark.parametrize("sub", HEADLESS)
def test_importing_headless_modules_loads_no_qt(sub: str) -> None:
    names = modules_of(sub) if (PACKAGE / sub).is_dir() else [f"midway_desktop.{sub}"]
    result = run_probe(names)
    assert result["ok"], f"importing {result['culprit']} loaded Qt"


def test_cli_and_validate_path_load_no_qt() -> None:
    """``midway-desktop validate`` must work on a machine without a display."""
    result = run_probe(["midway_desktop", "midway_desktop.cli", "midway_desktop.ruleset.validate"])
    assert result["ok"], f"importing {result['culprit']} loaded Qt"


def test_probe_detects_qt() -> None:
    """Control: the subprocess probe does notice Qt when something imports it."""
    result = run_probe(["midway_desktop.geometry", "PySide6.QtCore"])
    assert not result["ok"]
    assert "PySide6.QtCore" in result["culprit"]


def test_source_scan_detects_qt() -> None:
    """Control: the AST scan sees every way of importing Qt."""
    src = "import PySide6\nfrom PySide6.QtCore import Qt\nimport importlib\nimportlib.import_module('PySide6.QtGui')\n"
    assert {n for n in imported_names(ast.parse(src)) if is_qt(n)} == {"PySide6", "PySide6.QtCore", "PySide6.QtGui"}


# -- no unsafe deserialisation or evaluation anywhere -------------------------------------
UNSAFE_MODULES = {"pickle", "cPickle", "_pickle", "marshal", "shelve", "dill", "cloudpickle", "jsonpickle"}
UNSAFE_CALLS = {"eval", "exec", "compile"}
UNSAFE_YAML = {"load", "load_all", "unsafe_load", "unsafe_load_all", "full_load", "full_load_all"}
UNSAFE_YAML_LOADERS = {"Loader", "UnsafeLoader", "FullLoader", "UnsafeConstructor", "FullConstructor", "Constructor"}


def unsafe_uses(tree: ast.AST) -> list[str]:
    found = []
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Import):
            found += [f"{line}: import {a.name}" for a in node.names if a.name.split(".")[0] in UNSAFE_MODULES]
        elif isinstance(node, ast.ImportFrom) and node.module:
            if node.module.split(".")[0] in UNSAFE_MODULES:
                found.append(f"{line}: from {node.module} import")
            if node.module == "yaml":
                found += [
                    f"{line}: from yaml import {a.name}"
                    for a in node.names
                    if a.name in UNSAFE_YAML | UNSAFE_YAML_LOADERS
                ]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in UNSAFE_CALLS:
            found.append(f"{line}: {node.func.id}()")
        elif (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "yaml"
            and node.attr in UNSAFE_YAML | UNSAFE_YAML_LOADERS
        ):
            found.append(f"{line}: yaml.{node.attr}")
    return found


def test_no_pickle_eval_or_unsafe_yaml_in_the_package() -> None:
    offenders = []
    files = python_files(PACKAGE)
    assert files
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        offenders += [f"{path.relative_to(PACKAGE)}:{u}" for u in unsafe_uses(tree)]
    assert offenders == []


def test_unsafe_scan_detects_each_pattern() -> None:
    """Control: the scan flags each forbidden form (and not the safe ones)."""
    bad = {
        "import pickle": "import pickle",
        "from pickle import loads": "from pickle import",
        "import marshal": "import marshal",
        "eval('1')": "eval()",
        "exec('x = 1')": "exec()",
        "import yaml\nyaml.load(s)": "yaml.load",
        "import yaml\nyaml.unsafe_load(s)": "yaml.unsafe_load",
        "import yaml\nyaml.safe_load(s, Loader=yaml.Loader)": "yaml.Loader",
        "from yaml import load": "from yaml import load",
        "from yaml import FullLoader": "from yaml import FullLoader",
    }
    for src, expected in bad.items():
        uses = unsafe_uses(ast.parse(src))
        assert any(expected in u for u in uses), (src, uses)
    safe = "import yaml\nyaml.compose(s, Loader=yaml.SafeLoader)\nyaml.safe_load(s)\nx = 'eval pickle'\n"
    assert unsafe_uses(ast.parse(safe)) == []
