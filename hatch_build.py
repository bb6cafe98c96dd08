"""Wheel build hook: the Midway Solitaire rules and bot, compiled with mypyc.

Bot simulations play whole games by the thousand (the issue's target: 1,000 a second on one
core). Compiled, with the state classes as native classes, a game takes about half the
processor instructions it takes interpreted, and plays exactly the same game: the modules are
ordinary typed Python, and the source stays the reference (``state.COMPILED`` tells which runs).

- A wheel (``pip install .``, the installers) holds the compiled modules beside their source.
- An editable install (``pip install -e .``) is never compiled, so an edit always takes effect.
- ``MIDWAY_PURE=1`` builds a pure Python wheel (no C compiler needed).
- Where compiling fails (no C compiler, no Python headers, mypyc refusing the code), the wheel
  is built pure all the same, with one warning line saying so: the game is the same, only
  bot simulations are slower. ``MIDWAY_COMPILE=1`` makes that failure an error instead (the
  installers' builds set it, as they are meant to ship the compiled modules).

The C sources and objects go to a temporary folder, never into the project.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

COMPILED = (
    "midway_desktop/engine/rng.py",
    "midway_desktop/engine/bots.py",
    "midway_desktop/games/midway_solitaire/state.py",
    "midway_desktop/games/midway_solitaire/data.py",
    "midway_desktop/games/midway_solitaire/movement.py",
    "midway_desktop/games/midway_solitaire/victory.py",
    "midway_desktop/games/midway_solitaire/combat.py",
    "midway_desktop/games/midway_solitaire/turn.py",
    "midway_desktop/games/midway_solitaire/rules.py",
    "midway_desktop/games/midway_solitaire/bot.py",
)

# Run in a child process from the temporary folder (setuptools would read this project's
# pyproject.toml, written for hatchling, if run from the project).
_SETUP = """
import sys
from setuptools import setup
from mypyc.build import mypycify

out, config, files = sys.argv[1], sys.argv[2], sys.argv[3:]
setup(
    name="midway-desktop-compiled",
    packages=[],
    py_modules=[],
    ext_modules=mypycify(["--config-file", config, *files], opt_level="3", target_dir=out + "/c"),
    script_args=["build_ext", "--build-lib", out + "/lib", "--build-temp", out + "/tmp"],
)
"""


class MypycHook(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable" or os.environ.get("MIDWAY_PURE"):
            return
        self._out = tempfile.mkdtemp(prefix="midway-mypyc-")
        root = Path(self.root)
        files = [str(root / f) for f in COMPILED]
        run = subprocess.run(
            [sys.executable, "-c", _SETUP, self._out, str(root / "pyproject.toml"), *files],
            cwd=self._out,
            capture_output=True,
            text=True,
        )
        lib = Path(self._out, "lib")
        built = [f for f in lib.rglob("*") if f.is_file() and f.suffix in (".so", ".pyd")] if lib.is_dir() else []
        if run.returncode or len(built) < len(COMPILED):
            if os.environ.get("MIDWAY_COMPILE"):
                raise RuntimeError(
                    "Compiling the Midway Solitaire rules with mypyc failed (MIDWAY_COMPILE is set):\n"
                    f"{run.stdout[-6000:]}\n{run.stderr[-6000:]}"
                )
            reason = _reason(run.stdout + run.stderr)
            # One line, on stderr, where pip shows a build backend's warnings.
            print(
                f"WARNING: midway-desktop: building the pure Python wheel, as compiling the Midway Solitaire rules "
                f"failed ({reason}); the game is the same, bot simulations are slower",
                file=sys.stderr,
            )
            return
        for f in built:
            build_data["force_include"][str(f)] = f.relative_to(lib).as_posix()
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        out = getattr(self, "_out", None)
        if out:
            shutil.rmtree(out, ignore_errors=True)


def _reason(output: str) -> str:
    """The compiler's or mypyc's own words for why compiling failed, in one short phrase."""
    lines = [line.strip() for line in output.splitlines() if line.strip()]
    for line in reversed(lines):
        low = line.lower()
        if "error" in low or "not found" in low or "no such file" in low:
            return " ".join(line.split())[:160]
    return "see the build log"
