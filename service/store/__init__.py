"""The store (DESIGN.md §4): database sessions, the tables, the hash-chained event log,
its snapshots and upcasters, and the Alembic migrations. The caller owns the
transaction."""
