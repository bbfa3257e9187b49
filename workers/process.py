"""How the RQ worker process runs (the Procfile's ``worker``, the demo's, the bench's).

RQ's default worker forks a fresh process for every job, which then imports the job's
modules and opens its own database and SMTP connections: most of an email's cost. The
``SimpleWorker`` runs jobs in the worker process itself, so the engine, the templates, the
database pool, the state cache and the SMTP connection are set up once per worker. Jobs are
short and take ids (DESIGN.md §10.5); a job that fails is retried as before, and RQ still
enforces each job's timeout.
"""

WORKER_OPTIONS = ("--with-scheduler", "--worker-class", "rq.worker.SimpleWorker")
