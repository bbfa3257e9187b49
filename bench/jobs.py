"""The bare RQ job the email fan-out is compared with: it does nothing."""


def noop() -> None:
    return None
