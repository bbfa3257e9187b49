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
exec sh -c "exec $line \"\$@\"" "$name" "$@"
