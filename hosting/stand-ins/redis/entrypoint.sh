#!/bin/sh
# As the official image: a redis-server started with options but no configuration file
# answers the other containers (protected mode would refuse them).
set -eu
if [ "${1:-}" = redis-server ]; then
  shift
  exec redis-server --protected-mode no "$@"
fi
exec "$@"
