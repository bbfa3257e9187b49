"""Replacing an ended job (issue 19): ``queue.discard`` frees its id even when RQ's own
delete stumbles on an execution record that expired while the job still lists it."""

from __future__ import annotations

import time

from rq.executions import ExecutionRegistry
from rq.job import Job

from service.mail.queue import discard, queue


def test_a_job_listing_an_execution_record_that_expired_is_still_discarded(settings):
    q = queue(settings)
    job = q.enqueue("workers.jobs.send_outbox", 999, job_id="outbox-999")
    executions = ExecutionRegistry(job_id=job.id, connection=q.connection)
    q.connection.zadd(executions.key, {"a-killed-workers-execution": time.time() + 600})
    discard(Job.fetch(job.id, connection=q.connection))
    assert not q.connection.exists(job.key), "its id is free for a new job"
    assert q.enqueue("workers.jobs.send_outbox", 999, job_id="outbox-999").id == "outbox-999"
