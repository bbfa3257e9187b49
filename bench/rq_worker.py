"""``python -m bench.rq_worker OUT.json rq-worker-args...``: run ``rq worker`` as in the
Procfile and, once it stops (``--burst``), write its peak resident memory (its own, and its
work horses' when it forks them) to OUT.json."""

from __future__ import annotations

import json
import resource
import sys
from pathlib import Path

from rq.cli.cli import main as rq_main


def run() -> int:
    out, args = Path(sys.argv[1]), sys.argv[2:]
    code = 0
    try:
        rq_main(["worker", *args], standalone_mode=False)
    except SystemExit as exc:
        code = int(exc.code or 0)
    finally:
        own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        horses = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        out.write_text(json.dumps({"peak_rss_mib": own, "horse_peak_rss_mib": horses}))
    return code


if __name__ == "__main__":
    sys.exit(run())
