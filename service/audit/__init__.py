"""The log as evidence (issues 5 and 14): verifying a log, exporting and importing it,
the server's signature and which key to trust, and the history people read."""
