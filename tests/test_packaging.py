"""The installer build's own helpers: version, icons, desktop entry, spec data (no PyInstaller run)."""

from __future__ import annotations

import configparser
import importlib.util
import os
import re
import struct
import subprocess
import sys
from pathlib import Path

import pytest

import midway_desktop

ROOT = Path(__file__).resolve().parent.parent
PACKAGING = ROOT / "packaging"


def _version_module():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("midway_packaging_version", PACKAGING / "version.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_version_is_the_package_version() -> None:
    version = _version_module()
    assert version.project_version(ROOT) == midway_desktop.__version__
    done = subprocess.run([sys.executable, str(PACKAGING / "version.py")], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == midway_desktop.__version__


@pytest.mark.parametrize(
    ("version", "numeric"),
    [("0.1.0", "0.1.0.0"), ("1.2", "1.2.0.0"), ("2.0.1rc3", "2.0.1.0"), ("3.4.5+local.7", "3.4.5.0")],
)
def test_numeric_version_for_windows(version: str, numeric: str) -> None:
    assert _version_module().numeric_version(version) == numeric


def test_icons_are_drawn_for_every_platform(tmp_path: Path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    cmd = [sys.executable, str(PACKAGING / "make_icons.py"), str(tmp_path)]
    subprocess.run(cmd, check=True, capture_output=True, env=env, timeout=120)

    for size in (16, 32, 48, 64, 128, 256, 512):
        png = (tmp_path / f"midway-desktop-{size}.png").read_bytes()
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        assert struct.unpack(">II", png[16:24]) == (size, size)

    ico = (tmp_path / "midway-desktop.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", ico[:6])
    assert (reserved, kind) == (0, 1) and count == 7
    sides = []
    for i in range(count):
        width, _h, _c, _r, _planes, _bits, length, offset = struct.unpack("<BBBBHHII", ico[6 + 16 * i : 22 + 16 * i])
        assert ico[offset : offset + 8] == b"\x89PNG\r\n\x1a\n" and offset + length <= len(ico)
        sides.append(width or 256)
    assert sides == [16, 24, 32, 48, 64, 128, 256]

    icns = (tmp_path / "midway-desktop.icns").read_bytes()
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)
    kinds, at = [], 8
    while at < len(icns):
        kinds.append(icns[at : at + 4])
        at += struct.unpack(">I", icns[at + 4 : at + 8])[0]
    assert at == len(icns)
    assert {b"ic07", b"ic08", b"ic09", b"ic10", b"icp4", b"icp5"} <= set(kinds)


def test_desktop_entry() -> None:
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # type: ignore[assignment,method-assign]
    entry.read(PACKAGING / "linux" / "midway-desktop.desktop", encoding="utf-8")
    section = entry["Desktop Entry"]
    assert section["Type"] == "Application"
    assert section["Exec"] == "midway-desktop"
    assert section["Icon"] == "midway-desktop"
    assert "Game" in section["Categories"].split(";")


def test_spec_bundles_what_the_frozen_app_looks_for() -> None:
    """locate.py looks for rulesets/ and resources/ at the bundle's top: the spec must put them there."""
    spec = (PACKAGING / "midway-desktop.spec").read_text(encoding="utf-8")
    assert '(str(ROOT / "rulesets"), "rulesets")' in spec
    # Every resource folder the app reads at run time (the README's screenshots it never does).
    for folder in sorted(p.name for p in (PACKAGING.parent / "resources").iterdir() if p.is_dir()):
        if folder != "screenshots":
            assert f'(str(ROOT / "resources" / "{folder}"), "resources/{folder}")' in spec, folder
    assert 'collect_submodules("midway_desktop")' in spec  # games are imported by name


def test_the_build_scripts_bundle_the_installed_package() -> None:
    """Run from the project's root, ``python -m PyInstaller`` would put the source tree first
    on the module path and bundle its uncompiled modules: ``-P`` keeps it off."""
    for name in ("build-linux.sh", "build-macos.sh", "build-windows.ps1"):
        script = (PACKAGING / name).read_text(encoding="utf-8")
        calls = re.findall(r"\S*vpy\S* (.*?)-m PyInstaller", script, re.IGNORECASE)
        assert calls and all(c.strip() == "-P" for c in calls), name


def test_inno_setup_script_takes_its_version_from_the_build() -> None:
    iss = (PACKAGING / "windows" / "midway-desktop.iss").read_text(encoding="utf-8")
    assert "AppVersion={#AppVersion}" in iss
    assert re.search(r"^\[Icons\]\nName: \"\{autoprograms\}", iss, re.MULTILINE)
    ps1 = (PACKAGING / "build-windows.ps1").read_text(encoding="utf-8")
    assert '"/DAppVersion=$Version"' in ps1 and "version.py" in ps1


def _compiled_modules() -> tuple[str, ...]:
    """``hatch_build.COMPILED``, read from the file (the hook itself needs hatchling to import)."""
    import ast

    tree = ast.parse((ROOT / "hatch_build.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "COMPILED" for t in node.targets):
            return tuple(ast.literal_eval(node.value))
    raise AssertionError("hatch_build.py names no COMPILED modules")


def test_compiled_modules_are_the_rules_layers_own() -> None:
    """What the wheel compiles with mypyc exists, and is engine or game code: never Qt's ``ui``
    (a compiled module is imported in place of its source, so a stale name would be a silent
    no-op and a Qt module would not build)."""
    modules = _compiled_modules()
    assert modules, "nothing compiled"
    package_root = Path(midway_desktop.__file__).resolve().parent.parent
    for path in modules:
        assert path.startswith(("midway_desktop/engine/", "midway_desktop/games/")), path
        assert (package_root / path).is_file(), f"{path} is not in the package"
    assert "midway_desktop/games/midway_solitaire/state.py" in modules  # the native state classes


def test_without_a_c_compiler_the_wheel_is_built_pure_with_one_warning(tmp_path: Path) -> None:
    """``pip install .`` on a machine with no C compiler: the hook's compile fails (here the
    compiler is a program that does not exist), and the wheel is built pure all the same, with
    one warning line saying why. Builds a real wheel (build isolation fetches hatchling and
    mypy), so it takes a while."""
    import shutil

    source = tmp_path / "src"
    source.mkdir()
    for name in ("midway_desktop", "rulesets", "resources"):
        shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "hatch_build.py", "README.md"):
        shutil.copy2(ROOT / name, source / name)
    env = {k: v for k, v in os.environ.items() if k not in ("MIDWAY_PURE", "MIDWAY_COMPILE")}
    env["CC"] = str(tmp_path / "no-such-compiler")
    cmd = [sys.executable, "-m", "pip", "wheel", "--no-deps", "-v", "-w", str(tmp_path / "out"), str(source)]
    run = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=900, check=False)
    output = run.stdout + run.stderr
    if run.returncode and re.search(r"No matching distribution|Could not find a version", output):
        pytest.skip("the build's own requirements (hatchling, mypy) cannot be installed here")
    assert run.returncode == 0, output[-4000:]
    wheels = [p.name for p in (tmp_path / "out").glob("*.whl")]
    assert len(wheels) == 1 and wheels[0].endswith("-py3-none-any.whl"), wheels
    warnings = [line.strip() for line in output.splitlines() if "building the pure Python wheel" in line]
    assert len(warnings) == 1, warnings
    assert warnings[0].startswith("WARNING: midway-desktop:") and "no-such-compiler" in warnings[0]


def _packaging_sources() -> list[Path]:
    """Every file the installers are built from (not the build's own output)."""
    out = [p for p in PACKAGING.rglob("*") if p.is_file() and not ({"build", "out", "__pycache__"} & set(p.parts))]
    return out + sorted((ROOT / ".github" / "workflows").glob("*.y*ml"))


def test_the_installers_identity_is_written_once_with_no_placeholder() -> None:
    """The bundle id, the .deb maintainer and the publisher live in packaging/project.toml
    alone; every script reads them from there, and nothing anywhere is a placeholder."""
    version = _version_module()
    identity = {name: version.project_field(name) for name in ("bundle_id", "maintainer", "publisher")}
    assert re.fullmatch(r"[a-z]+(\.[A-Za-z][A-Za-z0-9-]*){2,}", identity["bundle_id"])
    assert re.fullmatch(r"[^<>]+ <[^@\s]+@[^@\s]+\.[a-z]+>", identity["maintainer"])
    placeholder = re.compile(r"\.invalid\b|example\.(com|org)|io\.github\.midway-desktop|\bchangeme\b", re.I)
    for path in _packaging_sources():
        text = path.read_text(encoding="utf-8", errors="replace")
        assert not placeholder.search(text), f"{path.relative_to(ROOT)}: placeholder {placeholder.search(text)[0]!r}"
        if path.name != "project.toml":
            for name in ("bundle_id", "maintainer"):
                assert identity[name] not in text, f"{path.relative_to(ROOT)} spells the {name} itself"
    reads = {
        "midway-desktop.spec": 'project_field("bundle_id")',
        "build-linux.sh": "--field maintainer",
        "build-windows.ps1": "--field publisher",
        "midway-desktop.iss": "AppPublisher={#AppPublisher}",
    }
    for name, needle in reads.items():
        (path,) = [p for p in _packaging_sources() if p.name == name]
        assert needle in path.read_text(encoding="utf-8"), f"{name} does not read packaging/project.toml"
    done = subprocess.run(
        [sys.executable, str(PACKAGING / "version.py"), "--field", "maintainer"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.strip() == identity["maintainer"]
