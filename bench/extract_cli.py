"""`tabmate extract` as a command against trafilatura's command, on the same pages.

    python bench/extract_cli.py [--pages N] [--single 20] [--rounds 3]

bench_page.py compares the extraction *in one process* (CPU time, page by page in turn).
A user, or a program scoring Tabmate, runs the command instead: start-up and the use of
several cores count too.  This prints wall-clock seconds for

* a batch: every page in one invocation — `tabmate extract --jobs 1`, `tabmate extract`
  (one worker per core, the default), `trafilatura --input-dir` (which also uses every core)
  and trafilatura's Python API in one process;
* one invocation per page, for the first ``--single`` pages (start-up dominates).

The trafilatura-eval pages are written out decompressed to a temporary folder first (the
trafilatura command reads plain files); each round runs every contender once, in turn, and
the table gives the median round.  Wall-clock figures from a loaded machine say little
(check `uptime`); the CPU seconds beside them (user + system, the command and every process it
started) hold up better on shared cores.
"""

from __future__ import annotations

import argparse
import gzip
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from page_systems import SNIPPETS  # noqa: E402

BIN = Path(sys.executable).parent


def _pages(folder: Path, limit: int | None) -> list[Path]:
    out = []
    for src in sorted((SNIPPETS / "html").glob("*.html.gz"))[:limit]:
        dst = folder / src.name.removesuffix(".gz")
        dst.write_bytes(gzip.decompress(src.read_bytes()))
        out.append(dst)
    return out


def _cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)  # every finished child and its own
    return used.ru_utime + used.ru_stime


def _wall(cmd: list[str], stdin: Path | None = None) -> tuple[float, float]:
    """Wall-clock and CPU seconds of one run of ``cmd``."""
    started, cpu = time.perf_counter(), _cpu()
    with (stdin.open("rb") if stdin else open(os.devnull, "rb")) as feed:
        subprocess.run(cmd, stdin=feed, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - started, _cpu() - cpu


def _sum(runs: list[tuple[float, float]]) -> tuple[float, float]:
    return sum(w for w, _ in runs), sum(c for _, c in runs)


def _api_batch(files: list[Path]) -> list[str]:
    code = ("import sys, trafilatura\n"
            "for f in sys.argv[1:]:\n"
            "    trafilatura.extract(open(f, encoding='utf-8', errors='replace').read(),"
            " include_comments=False, include_tables=True)\n")
    return [str(BIN / "python"), "-c", code, *map(str, files)]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pages", type=int, default=None, help="first N pages only")
    parser.add_argument("--single", type=int, default=20, help="pages run one invocation each")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="tabmate-extract-bench-"))
    out = folder / "out"
    try:
        files = _pages(folder, args.pages)
        names = list(map(str, files))
        tabmate = [str(BIN / "tabmate"), "extract"]
        batch = {
            "tabmate extract --jobs 1": lambda: _wall([*tabmate, "--jobs", "1", *names]),
            f"tabmate extract (default: {os.cpu_count()} workers)": lambda: _wall([*tabmate, *names]),
            "trafilatura --input-dir (its default: parallel)": lambda: (
                shutil.rmtree(out, ignore_errors=True),
                _wall([str(BIN / "trafilatura"), "--input-dir", str(folder), "-o", str(out)]))[1],
            "trafilatura.extract in one process": lambda: _wall(_api_batch(files)),
        }
        single = files[: args.single]
        each = {
            "tabmate extract FILE": lambda: _sum([_wall([*tabmate, str(f)]) for f in single]),
            "trafilatura < FILE": lambda: _sum([_wall([str(BIN / "trafilatura")], f) for f in single]),
        }
        times: dict[str, list[tuple[float, float]]] = {k: [] for k in [*batch, *each]}
        for _ in range(args.rounds):
            for name, run in [*batch.items(), *each.items()]:
                times[name].append(run())
        wall = {k: statistics.median(w for w, _ in v) for k, v in times.items()}
        cpu = {k: statistics.median(c for _, c in v) for k, v in times.items()}
        command, api = "trafilatura --input-dir (its default: parallel)", "trafilatura.extract in one process"
        print(f"`tabmate extract` and trafilatura as commands, {len(files)} trafilatura-eval pages, "
              f"median of {args.rounds} rounds (load average {os.getloadavg()[0]:.1f} at the end)\n")
        print("| batch: all pages in one invocation | wall s | × trafilatura command | × trafilatura API "
              "| CPU s | CPU × trafilatura API |")
        print("|---|---|---|---|---|---|")
        for name in batch:
            print(f"| {name} | {wall[name]:.2f} | {wall[name] / wall[command]:.2f} | {wall[name] / wall[api]:.2f} "
                  f"| {cpu[name]:.2f} | {cpu[name] / cpu[api]:.2f} |")
        ref = "trafilatura < FILE"
        print(f"\n| one invocation per page ({len(single)} pages) | wall s | ms per page | × trafilatura "
              "| CPU ms per page | CPU × trafilatura |")
        print("|---|---|---|---|---|---|")
        for name in each:
            print(f"| {name} | {wall[name]:.2f} | {wall[name] / len(single) * 1000:.0f} | {wall[name] / wall[ref]:.2f} "
                  f"| {cpu[name] / len(single) * 1000:.0f} | {cpu[name] / cpu[ref]:.2f} |")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
