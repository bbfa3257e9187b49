#!/bin/sh
# The image's entrypoint (issue 30 §2): one image for every process. `web`, `worker`,
# `scheduler` and `inbound` run that line of the Procfile the image carries beside this script,
# `migrate` its `release` line (pbem init-db), each as the Procfile runs it: through sh, which
# expands ${PORT:-5000} and the like. Words after the name are added to the line; any other
# command runs as given (`pbem verify FILE`, `sh`).
set -eu
procfile="$(dirname "$0")/Procfile"
role=${1:-web}
case "$role" in
  migrate) name=release ;;
  web | worker | scheduler | inbound) name=$role ;;
  *) exec "$@" ;;
esac
if [ "$#" -gt 0 ]; then shift; fi
line=$(sed -n "s/^$name: //p" "$procfile")
if [ -z "$line" ]; then
  echo "pbem-entrypoint: the Procfile ($procfile) has no '$name' process" >&2
  exit 64
fi
# The folder where this container's processes count for /metrics is emptied before they start:
# the counts of processes gone would be read as live ones, and the files of a process that had
# the same pid before a restart would be taken over. (compose.yaml gives web a folder of its
# own; a tmpfs would do too, but podman 4.3 mounts it again without its mode on a restart,
# and no gunicorn worker could then write in it.)
if [ -n "${PROMETHEUS_MULTIPROC_DIR:-}" ]; then
  mkdir -p "$PROMETHEUS_MULTIPROC_DIR"
  find "$PROMETHEUS_MULTIPROC_DIR" -mindepth 1 -delete
fi
exec sh -c "exec $line \"\$@\"" "$name" "$@"
