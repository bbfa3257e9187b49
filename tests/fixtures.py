"""Fixtures for storage, queues and mail: filled in with the platform."""
