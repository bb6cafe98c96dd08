"""The GitHub Actions workflows, checked by zizmor (a linter for GitHub Actions, in the test
extras: it validates each workflow against GitHub's schema and audits it for unpinned actions,
template injection, leaked credentials and excessive permissions), and by the checks below,
which go where a schema cannot: expressions that name known contexts, matrix values and
environment variables that exist, ``needs`` that name jobs, and the scripts and path filters
they name present in the project.

(actionlint, the other usual linter, is a Go program whose PyPI wrapper is a source package
that downloads the program from GitHub when it is built: no test dependency of an offline
install. zizmor's wheels carry its program.)
"""

from __future__ import annotations

import os
import platform
import re
import shutil
import subprocess
import sysconfig
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.y*ml"))

TOP_KEYS = {"name", "run-name", "on", "permissions", "env", "defaults", "concurrency", "jobs"}
EVENTS = {
    "push", "pull_request", "pull_request_target", "workflow_dispatch", "workflow_call", "schedule",
    "release", "workflow_run", "merge_group", "repository_dispatch", "create", "delete", "issues",
}  # fmt: skip
JOB_KEYS = {
    "name", "runs-on", "needs", "if", "permissions", "environment", "concurrency", "outputs", "env",
    "defaults", "steps", "timeout-minutes", "strategy", "continue-on-error", "container", "services",
    "uses", "with", "secrets",
}  # fmt: skip
STEP_KEYS = {"id", "if", "name", "uses", "run", "shell", "with", "env", "continue-on-error", "timeout-minutes",
             "working-directory"}  # fmt: skip
SHELLS = {"bash", "pwsh", "python", "sh", "cmd", "powershell"}
CONTEXTS = {"github", "env", "vars", "job", "jobs", "steps", "runner", "secrets", "strategy", "matrix", "needs",
            "inputs"}  # fmt: skip
FUNCTIONS = {"contains", "startsWith", "endsWith", "format", "join", "toJSON", "fromJSON", "hashFiles",
             "success", "always", "cancelled", "failure"}  # fmt: skip
EXPRESSION = re.compile(r"\$\{\{(.*?)\}\}", re.DOTALL)
PINNED = re.compile(r"^[\w.-]+/[\w./-]+@(v\d+(\.\d+){0,2}|[0-9a-f]{40})$")


def load(path: Path) -> dict[Any, Any]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict), f"{path.name}: not a mapping"
    if True in data:  # YAML 1.1 reads the key `on` as true
        data["on"] = data.pop(True)
    return data


def strings(node: Any) -> list[str]:
    if isinstance(node, str):
        return [node]
    if isinstance(node, dict):
        return [s for k, v in node.items() for s in strings(k) + strings(v)]
    if isinstance(node, list):
        return [s for v in node for s in strings(v)]
    return []


def test_there_are_workflows() -> None:
    assert WORKFLOWS


@pytest.mark.parametrize("path", WORKFLOWS, ids=lambda p: p.name)
def test_workflow_structure(path: Path) -> None:
    data = load(path)
    assert set(data) <= TOP_KEYS, f"unknown top-level keys {set(data) - TOP_KEYS}"
    events = data["on"]
    assert set(events if isinstance(events, dict | list) else [events]) <= EVENTS
    jobs = data["jobs"]
    assert isinstance(jobs, dict) and jobs
    for job_id, job in jobs.items():
        where = f"{path.name}: job {job_id}"
        assert set(job) <= JOB_KEYS, f"{where}: unknown keys {set(job) - JOB_KEYS}"
        assert ("runs-on" in job) != ("uses" in job), f"{where}: needs runs-on (or uses, for a reusable workflow)"
        needs = job.get("needs", [])
        for need in [needs] if isinstance(needs, str) else needs:
            assert need in jobs and need != job_id, f"{where}: needs unknown job {need!r}"
        if "timeout-minutes" in job:
            assert isinstance(job["timeout-minutes"], int) and job["timeout-minutes"] > 0
        steps = job.get("steps", [])
        assert "uses" in job or steps, f"{where}: no steps"
        for i, step in enumerate(steps):
            at = f"{where}, step {step.get('name', i + 1)}"
            assert set(step) <= STEP_KEYS, f"{at}: unknown keys {set(step) - STEP_KEYS}"
            assert ("uses" in step) != ("run" in step), f"{at}: give exactly one of uses and run"
            if "uses" in step:
                assert PINNED.match(step["uses"]), f"{at}: pin {step['uses']!r} to a version"
            if "shell" in step:
                assert step["shell"] in SHELLS, f"{at}: unknown shell {step['shell']!r}"


@pytest.mark.parametrize("path", WORKFLOWS, ids=lambda p: p.name)
def test_expressions_name_what_exists(path: Path) -> None:
    data = load(path)
    top_env = set(data.get("env", {}))
    for job_id, job in data["jobs"].items():
        matrix = job.get("strategy", {}).get("matrix", {})
        matrix_keys = {k for k in matrix if k not in ("include", "exclude")}
        matrix_keys |= {k for row in matrix.get("include", []) for k in row}
        env = top_env | set(job.get("env", {})) | {k for s in job.get("steps", []) for k in s.get("env", {})}
        for text in strings(job) + strings(data.get("env", {})) + strings(data.get("concurrency", {})):
            for expr in EXPRESSION.findall(text):
                for name in re.findall(r"(?<![\w.'])([A-Za-z_][\w-]*)(?=\s*[.(\[]|\s*$|\s*[=!&|)])", expr):
                    assert name in CONTEXTS | FUNCTIONS, f"{path.name}: job {job_id}: unknown name {name!r} in {expr!r}"
                for key in re.findall(r"\bmatrix\.([\w-]+)", expr):
                    assert key in matrix_keys, f"{path.name}: job {job_id}: matrix.{key} is not in its matrix"
                for key in re.findall(r"\benv\.([\w-]+)", expr):
                    assert key in env, f"{path.name}: job {job_id}: env.{key} is not set"


@pytest.mark.parametrize("path", WORKFLOWS, ids=lambda p: p.name)
def test_scripts_and_path_filters_exist(path: Path) -> None:
    data = load(path)
    for job in data["jobs"].values():
        for step in job.get("steps", []):
            for script in re.findall(r"(?:^|\s|\./)(packaging/[\w./-]+\.(?:sh|ps1|py))", step.get("run", "")):
                assert (ROOT / script).is_file(), f"{path.name}: {script} does not exist"
    events = data["on"] if isinstance(data["on"], dict) else {}
    for event in events.values():
        for pattern in (event or {}).get("paths", []) if isinstance(event, dict) else []:
            assert list(ROOT.glob(pattern.removeprefix("!"))), f"{path.name}: path filter {pattern!r} matches nothing"


# -- zizmor -------------------------------------------------------------------------------
# The platforms zizmor publishes wheels for: there a missing program is a broken install of the
# test extras, not a reason to skip.
ZIZMOR_PLATFORMS = {"Linux", "Darwin", "Windows"}
ZIZMOR_MACHINES = {"x86_64", "amd64", "arm64", "aarch64"}


def zizmor() -> str:
    """The zizmor program installed with the test extras (beside this Python's scripts)."""
    name = "zizmor.exe" if os.name == "nt" else "zizmor"
    beside = Path(sysconfig.get_path("scripts")) / name
    found = str(beside) if beside.is_file() else shutil.which("zizmor")
    if found is None:
        where = f"{platform.system()} {platform.machine()}"
        if platform.system() in ZIZMOR_PLATFORMS and platform.machine().lower() in ZIZMOR_MACHINES:
            pytest.fail(f"zizmor is missing: install the test extras (pip install -e '.[test]'); {where}")
        pytest.skip(f"zizmor publishes no program for {where}")
    return found


def run_zizmor(*paths: Path) -> subprocess.CompletedProcess[str]:
    # --offline: no GitHub API lookups (tests run without a network); --strict-collection: a
    # workflow that does not match the schema fails instead of being skipped with a warning.
    cmd = [zizmor(), "--offline", "--strict-collection", "--no-progress", "--color=never", "--format=plain"]
    env = {**os.environ, "NO_COLOR": "1", "RUST_BACKTRACE": "0"}
    env.pop("GH_TOKEN", None)
    env.pop("GITHUB_TOKEN", None)
    return subprocess.run([*cmd, *map(str, paths)], capture_output=True, text=True, env=env, timeout=300, check=False)


def test_zizmor_finds_nothing_in_the_workflows() -> None:
    done = run_zizmor(*WORKFLOWS)
    assert done.returncode == 0, done.stdout + done.stderr


def test_zizmor_catches_what_it_is_here_for(tmp_path: Path) -> None:
    """The check is not vacuous: an action on a moving tag, a pull request's title pasted into
    a shell and a job with a misspelt key each fail it."""
    bad = tmp_path / "bad.yml"
    bad.write_text(
        "name: bad\n"
        "on: pull_request\n"
        "permissions: {}\n"
        "jobs:\n"
        "  greet:\n"
        "    runs-on: ubuntu-latest\n"
        "    steps:\n"
        "      - uses: actions/checkout@v4\n"
        "        with: {persist-credentials: false}\n"
        '      - run: echo "${{ github.event.pull_request.title }}"\n',
        encoding="utf-8",
    )
    done = run_zizmor(bad)
    assert done.returncode != 0
    assert "unpinned-uses" in done.stdout and "template-injection" in done.stdout, done.stdout
    broken = tmp_path / "broken.yml"
    broken.write_text("name: broken\non: push\njobs:\n  build:\n    runs-on: ubuntu-latest\n    stepz: []\n")
    done = run_zizmor(broken)
    assert done.returncode != 0 and "stepz" in done.stdout + done.stderr
