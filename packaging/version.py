"""Print the app's version as pyproject.toml declares it, or one of the project's own names.

The version is either ``[project] version`` or, when it is dynamic, the ``__version__`` of the
file named by ``[tool.hatch.version] path``. The spec, the build scripts and the installers all
take it from here, so a release changes one line.

``--field NAME`` prints a name from ``packaging/project.toml`` (bundle_id, maintainer,
publisher): the one place the installers' identity is written.
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_ASSIGNMENT = re.compile(r"""^__version__\s*=\s*["']([^"']+)["']""", re.MULTILINE)


def project_version(root: Path = ROOT) -> str:
    data = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    project = data.get("project", {})
    if "version" in project:
        return str(project["version"])
    source = root / data["tool"]["hatch"]["version"]["path"]
    found = _ASSIGNMENT.search(source.read_text(encoding="utf-8"))
    if found is None:
        raise SystemExit(f"{source.name}: no __version__ = '...' line")
    return found.group(1)


def project_field(name: str, root: Path = ROOT) -> str:
    """A value of ``[identity]`` in packaging/project.toml."""
    data = tomllib.loads((root / "packaging" / "project.toml").read_text(encoding="utf-8"))
    try:
        return str(data["identity"][name])
    except KeyError:
        raise SystemExit(f"packaging/project.toml: no [identity] {name}") from None


def numeric_version(version: str) -> str:
    """``1.2.3rc1`` -> ``1.2.3.0``: the four-number form Windows version resources require."""
    numbers = [int(n) for n in re.findall(r"\d+", version.split("+")[0])[:3]]
    return ".".join(str(n) for n in (numbers + [0, 0, 0, 0])[:4])


if __name__ == "__main__":
    args = sys.argv[1:]
    if args[:1] == ["--field"] and len(args) == 2:
        print(project_field(args[1]))
    else:
        print(numeric_version(project_version()) if "--numeric" in args else project_version())
