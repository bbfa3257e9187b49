"""The ``pbem`` command, ``make demo`` (every process on one machine), and the
local-machine helpers they share with the benchmark and the tests."""
