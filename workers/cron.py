"""The scheduler's configuration: ``rq cron workers.cron`` (RQ's own CronScheduler)."""

from rq import cron

from service.config import Settings
from workers.jobs import sweep_outbox

cron.register(sweep_outbox, queue_name=Settings.from_env().queue_name, interval=30)
