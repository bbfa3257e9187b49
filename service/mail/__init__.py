"""Email (DESIGN.md §5.5, §7): each outbox row's message composed from the game as it
stands, sent over SMTP, and the outbox handed to RQ and swept."""
