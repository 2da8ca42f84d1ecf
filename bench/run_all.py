"""Run every benchmark module in bench/ (bench_*.py), passing on the arguments.

Usage: python bench/run_all.py [--write]   (from anywhere; runs in the repo root)
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str]) -> int:
    failed = []
    for path in sorted((ROOT / "bench").glob("bench_*.py")):
        module = f"bench.{path.stem}"
        print(f"== {module}", flush=True)
        if subprocess.run([sys.executable, "-m", module, *argv], cwd=ROOT).returncode:
            failed.append(module)
    if failed:
        print("failed:", ", ".join(failed), file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
