"""``python -m bench.emails``: the email fan-out of ``make bench`` alone (its no-op jobs and
its invitation emails, in the same run, same settings), to compare versions in a minute
instead of the whole bench's ten. Prints the figures; writes nothing."""

from __future__ import annotations

import json
import sys

from bench import email_fanout
from bench.harness import bench_settings, log


def main() -> int:
    with bench_settings() as settings:
        e = email_fanout.run(settings, log=log)
    valid = (
        e["emails"]["failed"] == 0
        and e["noop"]["failed"] == 0
        and e["emails"]["outbox_rows_sent"] == e["emails"]["expected"]
    )
    memory = e["emails"]["memory"]
    print(json.dumps({"noop_per_s": round(e["noop"]["per_s"], 1),
                      "worker_peak_rss_mib": round(memory["peak_rss_mib"], 1)}))  # fmt: skip
    for figure in email_fanout.judged(e, valid):
        print(figure.line())
    return 0 if valid else 1


if __name__ == "__main__":
    sys.exit(main())
