"""Playing a game (DESIGN.md §5, issue 4): creating games, making moves, and the table's
commands that keep slow games alive. Each appends to the store and writes outbox
rows in the caller's transaction; nothing here sends mail or talks to Redis."""
