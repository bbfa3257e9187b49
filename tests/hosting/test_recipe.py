"""The hosting recipe holds together (issue 30 §2), read from its files: every Procfile process is
a compose service whose command the image's entrypoint turns into that very Procfile line; every
setting the code reads is in ``.env.example``; and the Dockerfile builds and installs the same
wheel, with the same extra, that the test of the installed package installs (tests/packaging).

The image itself is built and run by ``make image-test`` (tests/hosting/test_image.py)."""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
from dataclasses import fields
from pathlib import Path
from typing import Any

import yaml
from dockerfile_parse import DockerfileParser

from service.config import Settings
from tests.checkout import ROOT
from tests.packaging.installed import BUILD_WHEEL, EXTRAS, PACKAGES, SOURCES, procfile

SERVICE_OF = {"release": "migrate"}
"""The compose service (and the entrypoint's command) of a Procfile process named otherwise."""
APP = ("migrate", "web", "worker", "scheduler", "inbound")
ENV_LINE = re.compile(r"^#?\s?([A-Z][A-Z0-9_]*)=", re.M)
PROCFILE_VARIABLE = re.compile(r"\$\{?([A-Z][A-Z0-9_]*)")
DYNAMIC_READS = {
    ("service/config.py", "from_env"): "reads each Settings field's upper-case name",
    ("service/cli/running_demo.py", "beside"): "asks which Settings fields are unset",
    ("service/cli/demo.py", "run"): "hands its whole environment to its children",
}
"""Where the code touches the environment by a name it computes, and why that is covered: the
names are the Settings fields, which ``.env.example`` is held to below."""


def compose() -> dict[str, Any]:
    return yaml.safe_load((ROOT / "compose.yaml").read_text())


def dockerfile() -> list[dict[str, Any]]:
    """The Dockerfile's instructions, its comments aside."""
    with (ROOT / "Dockerfile").open("rb") as file:
        parsed = DockerfileParser(fileobj=file).structure
    return [i for i in parsed if i["instruction"] != "COMMENT"]


def stages() -> list[list[dict[str, Any]]]:
    """The Dockerfile's instructions, stage by stage (what comes before the first FROM aside)."""
    found: list[list[dict[str, Any]]] = []
    for instruction in dockerfile():
        if instruction["instruction"] == "FROM":
            found.append([])
        if found:
            found[-1].append(instruction)
    return found


# --- the Procfile, compose.yaml and the entrypoint --------------------------------------


def test_every_procfile_process_is_a_compose_service_that_names_it():
    services = compose()["services"]
    for process in procfile():
        name = SERVICE_OF.get(process, process)
        assert name in services, f"the Procfile's {process} has no compose service"
        assert services[name]["command"] == [name]
        assert services[name]["image"] == services["web"]["image"], "one image for every process"
    assert sorted(SERVICE_OF.get(p, p) for p in procfile()) == sorted(APP)


def _stubs(folder: Path) -> dict[str, str]:
    """Commands that print their name and arguments, one a line, in place of the real ones."""
    bin_ = folder / "bin"
    bin_.mkdir()
    for command in ("gunicorn", "rq", "pbem"):
        stub = bin_ / command
        stub.write_text('#!/bin/sh\nprintf "%s\\n" "$(basename "$0")" "$@"\n')
        stub.chmod(0o755)
    return {
        "PATH": f"{bin_}:/usr/bin:/bin",
        "PORT": "6001",
        "WEB_CONCURRENCY": "3",
        "REDIS_URL": "redis://redis:6379/0",
        "INBOUND_HOST": "0.0.0.0",
        "INBOUND_PORT": "2626",
    }


def _said(args: list[str], env: dict[str, str]) -> list[str]:
    done = subprocess.run(args, env=env, capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_the_entrypoint_runs_each_procfile_line_for_its_service_as_the_procfile_does(tmp_path):
    image = tmp_path / "opt"  # as the Dockerfile lays them out: side by side
    image.mkdir()
    shutil.copy(ROOT / "Procfile", image / "Procfile")
    shutil.copy(ROOT / "hosting" / "entrypoint.sh", image / "entrypoint.sh")
    env = _stubs(tmp_path)
    entrypoint = ["sh", str(image / "entrypoint.sh")]
    for process, line in procfile().items():
        expected = _said(["sh", "-c", f"exec {line}"], env)
        assert _said([*entrypoint, SERVICE_OF.get(process, process)], env) == expected
    assert _said([*entrypoint, "worker", "--burst"], env)[-1] == "--burst"
    assert _said([*entrypoint, "pbem", "verify", "a file"], env) == ["pbem", "verify", "a file"]
    assert _said(entrypoint, env)[0] == "gunicorn", "web when no command is given"


def test_the_entrypoint_empties_the_metrics_folder_before_the_process_starts(tmp_path):
    image = tmp_path / "opt"
    image.mkdir()
    shutil.copy(ROOT / "Procfile", image / "Procfile")
    shutil.copy(ROOT / "hosting" / "entrypoint.sh", image / "entrypoint.sh")
    metrics = tmp_path / "metrics"
    (metrics / "old").mkdir(parents=True)
    (metrics / "counter_8.db").write_bytes(b"a process gone")
    env = _stubs(tmp_path) | {"PROMETHEUS_MULTIPROC_DIR": str(metrics)}
    assert _said(["sh", str(image / "entrypoint.sh"), "web"], env)[0] == "gunicorn"
    assert metrics.is_dir() and list(metrics.iterdir()) == []
    made = tmp_path / "not yet"
    env["PROMETHEUS_MULTIPROC_DIR"] = str(made)
    _said(["sh", str(image / "entrypoint.sh"), "web"], env)
    assert made.is_dir(), "made when missing"


def test_the_entrypoint_refuses_a_process_its_procfile_lacks(tmp_path):
    image = tmp_path / "opt"
    image.mkdir()
    (image / "Procfile").write_text("web: gunicorn app\n")
    shutil.copy(ROOT / "hosting" / "entrypoint.sh", image / "entrypoint.sh")
    done = subprocess.run(
        ["sh", str(image / "entrypoint.sh"), "worker"],
        env=_stubs(tmp_path),
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert done.returncode == 64
    expected = f"pbem-entrypoint: the Procfile ({image}/Procfile) has no 'worker' process"
    assert done.stderr.strip() == expected


# --- compose.yaml -------------------------------------------------------------------------


def test_compose_runs_postgresql_and_redis_as_the_issue_asks():
    services, volumes = compose()["services"], compose()["volumes"]
    postgres, redis = services["postgres"], services["redis"]
    assert re.fullmatch(r"\$\{POSTGRES_IMAGE:-postgres:\d+-bookworm\}", postgres["image"])
    assert postgres["volumes"] == ["postgres:/var/lib/postgresql/data"] and "postgres" in volumes
    assert postgres["healthcheck"]["test"][:2] == ["CMD", "pg_isready"]
    assert re.fullmatch(r"\$\{REDIS_IMAGE:-redis:\d+-bookworm\}", redis["image"])
    command = redis["command"]
    assert command[command.index("--maxmemory-policy") + 1] == "noeviction"
    assert command[command.index("--appendonly") + 1] == "yes"
    assert redis["volumes"] == ["redis:/data"] and "redis" in volumes
    assert redis["healthcheck"]["test"] == ["CMD", "redis-cli", "ping"]


def test_every_process_waits_for_the_migration_which_waits_for_postgresql():
    services = compose()["services"]
    assert services["migrate"]["depends_on"] == {"postgres": {"condition": "service_healthy"}}
    assert services["migrate"]["restart"] == "no"
    for name in APP[1:]:
        assert services[name]["depends_on"]["migrate"] == {
            "condition": "service_completed_successfully"
        }
        assert services[name]["depends_on"]["redis"] == {"condition": "service_healthy"}


def test_the_workers_scale_and_web_and_inbound_are_published():
    services = compose()["services"]
    for name in ("worker", "scheduler", "migrate"):
        assert "container_name" not in services[name] and "ports" not in services[name]
    assert services["web"]["ports"] == ["${WEB_PUBLISH:-127.0.0.1:8000}:5000"]
    assert "/readyz" in " ".join(services["web"]["healthcheck"]["test"])
    assert services["inbound"]["ports"] == ["${INBOUND_PUBLISH:-25}:2525"]
    env = services["web"]["environment"]
    assert (env["PORT"], env["INBOUND_PORT"]) == ("5000", "2525"), "the ports published"


# --- .env.example -------------------------------------------------------------------------


def _reads_in(path: Path) -> tuple[set[str], set[str]]:
    """The environment variables ``path`` reads by name, and the functions where it touches
    ``os.environ`` by a name it computes (or hands the environment on whole)."""
    tree = ast.parse(path.read_text())
    named: set[str] = set()
    dynamic: set[str] = set()
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}

    def function_of(node: ast.AST) -> str:
        while node in parents:
            node = parents[node]
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                return node.name
        return "<module>"

    for node in ast.walk(tree):
        if isinstance(node, ast.keyword) and node.arg == "envvar":
            assert isinstance(node.value, ast.Constant), f"{path}: a computed envvar"
            assert isinstance(node.value.value, str), f"{path}: an envvar not named by text"
            named.add(node.value.value)
        elif isinstance(node, ast.Attribute) and node.attr in {"environ", "getenv"}:
            parent = parents[node]
            key: ast.AST | None = None
            if isinstance(parent, ast.Subscript):
                key = parent.slice
            elif isinstance(parent, ast.Attribute) and isinstance(parents[parent], ast.Call):
                call = parents[parent]
                assert isinstance(call, ast.Call)
                key = call.args[0] if call.args else None
            elif isinstance(parent, ast.Call):
                key = parent.args[0] if parent.args else None
            elif isinstance(parent, ast.Compare) and len(parent.comparators) == 1:
                key = parent.left
            if isinstance(key, ast.Constant) and isinstance(key.value, str):
                named.add(key.value)
            else:
                dynamic.add(function_of(node))
    return named, dynamic


def settings_read() -> set[str]:
    """Every environment variable the service reads: the Settings fields by their names, what
    the code of its packages reads by name, and what the Procfile's lines expand."""
    names = {f.name.upper() for f in fields(Settings)}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            named, dynamic = _reads_in(path)
            names |= named
            where = path.relative_to(ROOT).as_posix()
            for function in dynamic:
                assert (where, function) in DYNAMIC_READS, (
                    f"{where} {function}() reads the environment by a computed name: "
                    "say in DYNAMIC_READS why .env.example covers it"
                )
    for line in procfile().values():
        names |= set(PROCFILE_VARIABLE.findall(line))
    return names


def test_every_setting_the_code_reads_is_in_env_example():
    listed = ENV_LINE.findall((ROOT / ".env.example").read_text())
    assert sorted(settings_read() - set(listed)) == []
    assert len(listed) == len(set(listed)), "each setting once"


def test_the_scan_of_the_code_finds_reads_by_name_and_by_computed_name(tmp_path):
    code = tmp_path / "reads.py"
    code.write_text(
        "import os\nimport click\n"
        "A = os.environ.get('ALPHA')\n"
        "def f():\n    return os.environ['BETA'], os.getenv('GAMMA'), 'DELTA' in os.environ\n"
        "@click.option('--x', envvar='EPSILON')\ndef g(name):\n    return os.environ.get(name)\n"
    )
    assert _reads_in(code) == ({"ALPHA", "BETA", "GAMMA", "DELTA", "EPSILON"}, {"g"})


def test_env_example_says_how_to_make_each_secret():
    text = (ROOT / ".env.example").read_text()
    for secret in ("SECRET_KEY", "POSTGRES_PASSWORD", "SIGNING_KEY", "METRICS_TOKEN"):
        before = text[: re.search(rf"^#?\s?{secret}=", text, re.M).start()]
        comment = before.rstrip("\n").rsplit("\n\n", 1)[-1]
        assert "python3 -c" in comment, f"{secret}: no way to make it"
    assert "INBOUND_SECRET=" in text


# --- the Dockerfile -----------------------------------------------------------------------


def test_the_image_builds_the_wheel_from_the_same_sources_as_the_packaging_test():
    build, _runtime = stages()
    copied = [i["value"].split() for i in build if i["instruction"] == "COPY"]
    sources = [name for args in copied for name in args[:-1]]
    assert sorted(sources) == sorted(SOURCES)


def test_the_image_installs_that_wheel_with_the_same_extra():
    build, _runtime = stages()
    (run,) = [i["value"] for i in build if "pip" in i["value"]]
    command = " ".join(run.split())
    assert f"-m pip --disable-pip-version-check {' '.join(BUILD_WHEEL[1:])} /wheels /src" in (
        command
    ), "pip wheel as tests/packaging/installed.py runs it"
    assert f'install --no-cache-dir "$(ls /wheels/pbem-*.whl)[{EXTRAS}]"' in command
    assert "-e " not in command and "--editable" not in command


def test_the_runtime_stage_takes_the_venv_alone_and_runs_as_a_user_of_its_own():
    build, runtime = stages()
    base = dockerfile()[0]
    assert base["instruction"] == "ARG" and base["value"] == "BASE=debian:bookworm-slim"
    assert build[0]["value"] == "${BASE} AS build" and runtime[0]["value"] == "${BASE}"
    installs = " ".join(i["value"] for i in runtime if "apt-get install" in i["value"])
    packages = installs.split("--no-install-recommends", 1)[1].split("&&")[0].split()
    assert sorted(packages) == ["ca-certificates", "python3", "tzdata"]
    taken = [i["value"] for i in runtime if i["instruction"] == "COPY" and "--from" in i["value"]]
    assert taken == ["--from=build /opt/pbem /opt/pbem"]
    by_kind = {i["instruction"]: i["value"] for i in runtime}
    assert by_kind["USER"] == "pbem"
    assert "/readyz" in by_kind["HEALTHCHECK"]
    assert "PBEM_INSTANCE=/var/lib/pbem" in by_kind["ENV"].split()
    assert by_kind["VOLUME"] == '["/var/lib/pbem"]'
    assert by_kind["ENTRYPOINT"] == '["/opt/pbem/entrypoint.sh"]'
    assert "COPY Procfile hosting/entrypoint.sh /opt/pbem/" in [
        f"COPY {i['value']}" for i in runtime if i["instruction"] == "COPY"
    ]


def test_nothing_the_image_copies_is_kept_out_of_its_build_context():
    ignored = [
        line.strip()
        for line in (ROOT / ".dockerignore").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    copied = ["Procfile", "hosting/entrypoint.sh", *SOURCES]
    assert not [(n, p) for n in copied for p in ignored if Path(n).match(p)]
