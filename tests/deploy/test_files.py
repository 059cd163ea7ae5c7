"""The files a volunteer runs the server with (deploy/), checked by the tools that will read them
(issue 32): Caddy's own check of both Caddyfiles, nginx's of its configuration, systemd's of the
units; the compose file parsed and its services checked against each other; the image's build
context checked (every file it copies exists, and the package builds from exactly those files)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import yaml

from .tools import tool

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"


def caddy_json(path: Path, tmp: Path, **env: str) -> dict[str, Any]:
    """Caddy's validation of a Caddyfile, then its adapted JSON."""
    caddy = tool("caddy")
    run_env = {**os.environ, "HOME": str(tmp), "XDG_DATA_HOME": str(tmp / "data"),
               "XDG_CONFIG_HOME": str(tmp / "config"), **env}
    done = subprocess.run([caddy, "validate", "--adapter", "caddyfile", "--config", str(path)],
                          capture_output=True, text=True, env=run_env, timeout=60)
    assert done.returncode == 0 and "Valid configuration" in done.stdout + done.stderr, done.stderr
    done = subprocess.run([caddy, "adapt", "--config", str(path)], capture_output=True, text=True,
                          env=run_env, timeout=60)
    assert done.returncode == 0, done.stderr
    adapted: dict[str, Any] = json.loads(done.stdout)
    return adapted


def _dials(cfg: dict[str, Any]) -> list[str]:
    text = json.dumps(cfg)
    return re.findall(r'"dial": "([^"]+)"', text)


def test_the_caddyfile_is_valid_and_proxies_to_the_unit_s_port(tmp_path: Path) -> None:
    cfg = caddy_json(DEPLOY / "Caddyfile", tmp_path)
    assert _dials(cfg) == ["127.0.0.1:8000"]
    assert "canasta.example.org" in json.dumps(cfg)
    unit = (DEPLOY / "canasta.service").read_text()
    assert "--host 127.0.0.1 --port 8000" in unit


def test_the_compose_caddyfile_is_valid_for_the_domain_given(tmp_path: Path) -> None:
    cfg = caddy_json(DEPLOY / "Caddyfile.compose", tmp_path, CANASTA_DOMAIN="canasta.ourclub.org")
    assert _dials(cfg) == ["canasta:8000"]
    assert '"canasta.ourclub.org"' in json.dumps(cfg)


def nginx_check(conf: Path, tmp: Path) -> subprocess.CompletedProcess[str]:
    main = tmp / "nginx-main.conf"
    main.write_text(f"pid {tmp}/nginx.pid;\nerror_log stderr;\nevents {{}}\n"
                    f"http {{\n  access_log off;\n  include {conf};\n}}\n")
    return subprocess.run([tool("nginx"), "-t", "-p", str(tmp), "-c", str(main)], capture_output=True,
                          text=True, timeout=60)


def test_nginx_accepts_the_shipped_configuration(tmp_path: Path) -> None:
    done = nginx_check(DEPLOY / "nginx.conf", tmp_path)
    assert done.returncode == 0, done.stderr
    assert "syntax is ok" in done.stderr and "test is successful" in done.stderr
    text = (DEPLOY / "nginx.conf").read_text()
    assert re.search(r"hash \$canasta_route consistent;", text)
    # the check can fail: a broken copy is refused
    broken = tmp_path / "broken.conf"
    broken.write_text(text.replace("consistent;", "consistent"))
    assert nginx_check(broken, tmp_path).returncode != 0


def test_the_systemd_units_verify(tmp_path: Path) -> None:
    analyze = tool("systemd-analyze")
    canasta = Path(sys.executable).with_name("canasta")
    assert canasta.exists()
    for name in ("canasta.service", "canasta-backup.service", "canasta-backup.timer"):
        text = (DEPLOY / name).read_text()
        # the programs must exist where the unit says: here, this environment's canasta
        text = text.replace("/opt/canasta/bin/canasta", str(canasta))
        for prog in ("mkdir", "find"):
            text = text.replace(f"/usr/bin/{prog}", shutil.which(prog) or f"/usr/bin/{prog}")
        (tmp_path / name).write_text(text)
    unit = (DEPLOY / "canasta.service").read_text()
    for line in ("DynamicUser=yes", "StateDirectory=canasta", "--data ${STATE_DIRECTORY}"):
        assert line in unit
    done = subprocess.run([analyze, "verify", "--man=no", *(str(tmp_path / n) for n in
                                                            ("canasta.service", "canasta-backup.service",
                                                             "canasta-backup.timer"))],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stderr.strip() == "", done.stderr     # no unknown key, nothing ignored


def test_the_compose_file_holds_canasta_postgresql_and_caddy_wired_together() -> None:
    doc = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
    services = doc["services"]
    assert set(services) == {"canasta", "postgres", "caddy"}
    canasta, postgres, caddy = services["canasta"], services["postgres"], services["caddy"]
    build = canasta["build"]
    assert (DEPLOY / build["context"] / build["dockerfile"]).resolve() == DEPLOY / "Dockerfile"
    env = canasta["environment"]
    db = env["CANASTA_DB"]
    assert db.startswith("postgresql+psycopg://canasta:") and "@postgres:5432/canasta" in db
    assert postgres["environment"]["POSTGRES_USER"] == "canasta"
    assert postgres["environment"]["POSTGRES_DB"] == "canasta"
    assert env["CANASTA_PUBLIC_URL"].startswith("https://${CANASTA_DOMAIN")
    assert canasta["depends_on"]["postgres"]["condition"] == "service_healthy" and "healthcheck" in postgres
    command = canasta["command"]
    assert "--port" in command and command[command.index("--port") + 1] == "8000"
    assert "80:80" in caddy["ports"] and "443:443" in caddy["ports"]
    mounted = {v.split(":")[0] for v in caddy["volumes"]}
    assert "./Caddyfile.compose" in mounted and (DEPLOY / "Caddyfile.compose").is_file()
    named = {v.split(":")[0] for s in services.values() for v in s.get("volumes", [])
             if not v.startswith(".")}
    assert named <= set(doc["volumes"]), named - set(doc["volumes"])
    assert any(v.endswith(":/data") for v in canasta["volumes"])


def copied_sources(dockerfile: Path) -> list[str]:
    """The build-context paths of the Dockerfile's COPY lines (not those from another stage)."""
    out = []
    for line in dockerfile.read_text().splitlines():
        words = line.split()
        if words[:1] == ["COPY"] and not any(w.startswith("--from") for w in words):
            out += [w for w in words[1:-1] if not w.startswith("--")]
    return out


def test_the_image_s_build_context_holds_what_it_copies_and_the_package_builds(tmp_path: Path) -> None:
    sources = copied_sources(DEPLOY / "Dockerfile")
    assert {"pyproject.toml", "setup.py", "README.md", "src/"} <= set(sources)
    context = tmp_path / "context"
    context.mkdir()
    for src in sources:
        path = ROOT / src
        assert path.exists(), f"the Dockerfile copies {src}, which is not in the repository"
        if path.is_dir():
            shutil.copytree(path, context / src, ignore=shutil.ignore_patterns("__pycache__", "*.so",
                                                                               "screenshots"))
        else:
            shutil.copy(path, context / src)
    # only what the image copies: the package must build from it alone (plain Python here; the image
    # compiles it the same way with CANASTA_COMPILE=1)
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w",
                           str(tmp_path / "wheel"), str(context)], capture_output=True, text=True,
                          timeout=600, env={**os.environ, "CANASTA_COMPILE": "0"})
    assert done.returncode == 0, done.stderr[-2000:]
    wheel = next((tmp_path / "wheel").glob("canasta-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    versions = sorted(p.name for p in (ROOT / "src/canasta/server/migrations/versions").glob("0*.py"))
    for needed in ["canasta/server/app.py", "canasta/web/static/index.html", "canasta/web/static/lobby.html",
                   "canasta/i18n/pages-en.json", "canasta/i18n/es.po", "canasta/server/migrations/env.py",
                   *(f"canasta/server/migrations/versions/{v}" for v in versions)]:
        assert needed in names, needed
    docker = (DEPLOY / "Dockerfile").read_text()
    assert 'CMD ["serve", "--host", "0.0.0.0", "--port", "8000"]' in docker and "USER canasta" in docker
    assert "postgresql-client" in docker     # pg_dump for `canasta backup`
