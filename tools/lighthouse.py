#!/usr/bin/env python3
"""Lighthouse over the site, as a player's browser sees it (not part of ``make test``).

Installs npm ``lighthouse@12.2.3`` into ``tools/.lighthouse`` (ignored by git) the first time, starts
``cardavia serve`` on a temporary SQLite file, and runs Lighthouse with Debian's Chromium against the
catalogue, every tradition page and every game's rules and table (each table page creates its table
when it loads, as it does for a new visitor), on the mobile and the desktop presets. Prints one line
per page and preset: performance, accessibility, best practices, SEO and the cumulative layout
shift, then the audits that lost points.
Exits 1 when a page misses the targets (performance 95, the others 100).

    .venv/bin/python tools/lighthouse.py [--port 8350] [--json-dir DIR]
        [--pages catalogue,tradition-cherki,pai-gow-table]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NPM_DIR = ROOT / "tools" / ".lighthouse"
LIGHTHOUSE = NPM_DIR / "node_modules" / ".bin" / "lighthouse"
VERSION = "12.2.3"
CHROMIUM = "/usr/bin/chromium"
CHROME_FLAGS = "--headless --no-sandbox --disable-gpu --disable-background-networking"
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
TARGETS = {"performance": 95, "accessibility": 100, "best-practices": 100, "seo": 100}


def site_pages() -> dict[str, str]:
    """The catalogue, every tradition's page, and every registered game's rules and table
    (``tradition-<slug>``, ``<id>-rules``, ``<id>-table``), at the paths the site gives them."""
    from cardavia.web.game_parts import traditions

    pages = {"catalogue": "/"}
    for offered in traditions():
        pages[f"tradition-{offered.tradition.slug}"] = f"/traditions/{offered.tradition.slug}"
        for web in offered.games:
            pages[f"{web.game}-rules"] = f"{offered.path(web.game)}/rules"
            pages[f"{web.game}-table"] = f"{offered.path(web.game)}/table"
    return pages


PAGES = site_pages()


def install() -> None:
    if LIGHTHOUSE.exists():
        return
    NPM_DIR.mkdir(parents=True, exist_ok=True)
    print(f"installing lighthouse@{VERSION} into {NPM_DIR.relative_to(ROOT)} …", flush=True)
    subprocess.run(
        ["npm", "install", "--no-audit", "--no-fund", "--prefix", str(NPM_DIR), f"lighthouse@{VERSION}"],
        check=True,
    )


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def serve(port: int, database: Path) -> subprocess.Popen[bytes]:
    cardavia = shutil.which("cardavia", path=str(Path(sys.executable).parent)) or "cardavia"
    env = {**os.environ, "CARDAVIA_CREATE_BURST": "500"}
    proc = subprocess.Popen(
        [
            cardavia,
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--database",
            f"sqlite:///{database}",
        ],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"cardavia serve exited with {proc.returncode}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1):
                return proc
        except OSError:
            time.sleep(0.2)
    proc.terminate()
    raise SystemExit("cardavia serve did not answer")


def lighthouse(url: str, preset: str, out: Path) -> dict | None:
    cmd = [
        str(LIGHTHOUSE),
        url,
        f"--chrome-path={CHROMIUM}",
        f"--chrome-flags={CHROME_FLAGS}",
        "--output=json",
        f"--output-path={out}",
        f"--only-categories={','.join(CATEGORIES)}",
        "--quiet",
    ]
    if preset == "desktop":
        cmd.append("--preset=desktop")
    # Lighthouse itself says "run again" when a trace comes back broken (NO_NAVSTART on a busy machine)
    for attempt in range(3):
        done = subprocess.run(cmd, env={**os.environ, "CHROME_PATH": CHROMIUM})
        if done.returncode == 0:
            report: dict = json.loads(out.read_text())
            return report
        print(f"    lighthouse failed on {url} ({preset}), attempt {attempt + 1} of 3", flush=True)
    return None


def summary(report: dict) -> tuple[dict[str, int], float, list[str]]:
    scores = {c: round(100 * (report["categories"][c]["score"] or 0)) for c in CATEGORIES}
    cls = float(report["audits"]["cumulative-layout-shift"]["numericValue"])
    lost = []
    for category in CATEGORIES:
        for ref in report["categories"][category]["auditRefs"]:
            audit = report["audits"][ref["id"]]
            if ref["weight"] and audit["score"] is not None and audit["score"] < 1:
                lost.append(f"{category}: {ref['id']} ({audit['score']:.2f}) {audit.get('displayValue', '')}")
    return scores, cls, lost


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, default=0, help="port for cardavia serve (default: a free one)")
    parser.add_argument("--pages", default=",".join(PAGES), help="comma-separated: " + ", ".join(PAGES))
    parser.add_argument("--presets", default="mobile,desktop")
    parser.add_argument("--json-dir", type=Path, help="keep each Lighthouse report here")
    args = parser.parse_args()
    if not Path(CHROMIUM).exists():
        raise SystemExit(f"{CHROMIUM} not found (make browser)")
    install()
    port = args.port or free_port()
    failed = False
    with tempfile.TemporaryDirectory(prefix="cardavia-lh-") as tmp:
        out_dir = args.json_dir or Path(tmp)
        out_dir.mkdir(parents=True, exist_ok=True)
        proc = serve(port, Path(tmp) / "lighthouse.sqlite")
        try:
            print(f"{'page':16} {'preset':8} {'perf':>5} {'a11y':>5} {'bp':>5} {'seo':>5} {'CLS':>7}")
            for name in args.pages.split(","):
                for preset in args.presets.split(","):
                    url = f"http://127.0.0.1:{port}{PAGES[name]}"
                    report = lighthouse(url, preset, out_dir / f"{name}-{preset}.json")
                    if report is None:
                        print(f"{name:16} {preset:8} no report", flush=True)
                        failed = True
                        continue
                    scores, cls, lost = summary(report)
                    print(
                        f"{name:16} {preset:8} {scores['performance']:5} {scores['accessibility']:5} "
                        f"{scores['best-practices']:5} {scores['seo']:5} {cls:7.3f}",
                        flush=True,
                    )
                    for line in lost:
                        print(f"    {line}")
                    failed |= any(scores[c] < TARGETS[c] for c in CATEGORIES)
        finally:
            proc.terminate()
            proc.wait(10)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
