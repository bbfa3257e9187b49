"""Channels beyond email (issue 36): what sends a notification on each."""
