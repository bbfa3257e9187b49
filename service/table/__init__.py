"""The table around a game (issue 4): its rules (pace, deadlines, absences, votes, bots,
seats, takebacks) and the fold of a stored log through the engine and those rules.

Pure: it imports only the engine and the standard library; times come from events or
arguments (DESIGN.md §10.1)."""
