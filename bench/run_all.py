"""Run every benchmark in turn and print its figures (`make bench`).

bench_page.py and bench_history.py also rewrite their sections of docs/benchmarks.md.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

for script in ("bench_host.py", "bench_router.py", "bench_page.py", "article_variants.py", "bench_fuzz.py", "bench_pdf.py", "bench_toolcalls.py", "bench_history.py", "bench_stream.py"):
    print(f"\n=== {script} ===", flush=True)
    code = subprocess.call([sys.executable, str(HERE / script)])
    if code:
        sys.exit(code)
