"""The scheduler's configuration: ``rq cron workers.cron`` (RQ's own CronScheduler)."""

from rq import cron

from service import dkim_keys, logs, secret_key
from service.config import Settings
from workers.jobs import sweep_inbox_job, sweep_outbox
from workers.schedule import tick

SETTINGS = Settings.from_env()
# ``rq cron`` imports this module when it starts: refuse there, before anything is
# scheduled, rather than enqueue jobs that would fail for want of a key (issue 14).
secret_key.refuse_to_start(SETTINGS.secret_key)
dkim_keys.refuse_to_start(SETTINGS)
logs.configure_from(SETTINGS)
QUEUE = SETTINGS.queue_name
cron.register(sweep_outbox, queue_name=QUEUE, interval=SETTINGS.sweep_every)
cron.register(sweep_inbox_job, queue_name=QUEUE, interval=SETTINGS.sweep_every)
cron.register(tick, queue_name=QUEUE, interval=SETTINGS.tick_every)
