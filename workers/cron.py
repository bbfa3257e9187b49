"""The scheduler's configuration: ``rq cron workers.cron`` (RQ's own CronScheduler)."""

from rq import cron

from service.config import Settings
from workers.jobs import sweep_outbox
from workers.schedule import tick

QUEUE = Settings.from_env().queue_name
cron.register(sweep_outbox, queue_name=QUEUE, interval=30)
cron.register(tick, queue_name=QUEUE, interval=60)
