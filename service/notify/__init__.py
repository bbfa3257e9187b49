"""Notifications on the channels beside email (issue 36): what one says
(:mod:`service.notify.notice`), which are owed when an email's job runs
(:mod:`service.notify.fanout`), how each is delivered (:mod:`service.notify.delivery`) and
the webhooks' receivers (:mod:`service.notify.webhooks`)."""
