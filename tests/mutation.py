"""``make mutate``'s report (issue 15): each mutated module's score from mutmut's results
in ``mutants/``: caught (a test failed, or the mutant ran away or crashed), survived, not run yet;
then every survivor's name, for ``mutmut show NAME``. ``python -m tests.mutation``."""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

from mutmut.stats import status_by_exit_code

MUTANTS = Path(__file__).resolve().parent.parent / "mutants"
CAUGHT = {"killed", "timeout", "segfault", "caught by type check"}
"""What mutmut calls a mutant the suite caught: a test failed, or it ran away or crashed."""


def scores() -> dict[str, Counter[str]]:
    out: dict[str, Counter[str]] = {}
    for meta in sorted(MUTANTS.rglob("*.py.meta")):
        module = str(meta.relative_to(MUTANTS)).removesuffix(".meta")
        codes = json.loads(meta.read_text())["exit_code_by_key"]
        tally: Counter[str] = Counter()
        for name, code in codes.items():
            status = status_by_exit_code[code]
            if status == "not checked":
                tally["not run"] += 1
            elif status in CAUGHT:
                tally["killed"] += 1
            elif status == "survived":
                tally["survived"] += 1
                tally[f"! {name}"] += 1
            elif status in ("no tests", "skipped"):
                tally["no test"] += 1
            else:
                tally[status] += 1
        out[module] = tally
    return out


def main() -> int:
    if not MUTANTS.is_dir():
        print("no mutants/ yet: run `make mutate` first", file=sys.stderr)
        return 1
    print(f"{'module':40} {'killed':>7} {'survived':>8} {'no test':>7} {'not run':>7} {'score':>6}")
    for module, tally in scores().items():
        tried = tally["killed"] + tally["survived"] + tally["no test"]
        score = f"{100 * tally['killed'] / tried:.0f}%" if tried else "-"
        print(
            f"{module:40} {tally['killed']:7} {tally['survived']:8} {tally['no test']:7} "
            f"{tally['not run']:7} {score:>6}"
        )
    survivors = [k[2:] for tally in scores().values() for k in tally if k.startswith("! ")]
    if survivors:
        print("\nsurvivors (mutmut show NAME):")
        print("\n".join(f"  {name}" for name in survivors))
    return 0


if __name__ == "__main__":
    sys.exit(main())
