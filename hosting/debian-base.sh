#!/bin/sh
# A base image made from Debian's own packages, for machines that reach no image registry:
# debootstrap's minimal bookworm, its package caches emptied, imported into podman as IMAGE
# (the Dockerfile's BASE, and its stand-ins'). About 40 s.
set -eu
image=${1:?usage: hosting/debian-base.sh IMAGE}
root=$(mktemp -d /var/tmp/pbem-base.XXXXXX)
trap 'rm -rf "$root"' EXIT
debootstrap --variant=minbase bookworm "$root" >"$root.log" 2>&1 || {
  cat "$root.log" >&2
  exit 1
}
rm -f "$root.log"
rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*
tar -C "$root" -c . | podman import --change 'CMD ["/bin/bash"]' - "$image"
