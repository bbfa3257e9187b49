# syntax=docker/dockerfile:1
# One image for every process of the service (issue 30 §2): its command picks `web`, `worker`,
# `scheduler`, `inbound` or `migrate` (hosting/entrypoint.sh runs that line of the Procfile).
# The wheel is built in the first stage and installed there into /opt/pbem, which is all the
# second stage takes: no compiler, no build tool, no pip cache in the image that runs.
#
# BASE is the usual public Debian image. Where no registry can be reached, a base made from
# Debian's own packages stands in (`make image-base`: debootstrap, then an import), so Python
# comes from Debian's python3 in both stages, the same on either base.
ARG BASE=debian:bookworm-slim

FROM ${BASE} AS build
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      python3 python3-venv ca-certificates \
 && apt-get clean \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
# The sources a wheel is built from (tests/packaging/installed.py SOURCES), and no more.
COPY pyproject.toml setup.py README.md ./
COPY engine engine
COPY service service
COPY workers workers
COPY templates templates
# The same wheel, with the same extra, as the test of the installed package (tests/packaging),
# installed by the pip of /opt/build into /opt/pbem, which gets no pip nor setuptools of its own.
# A host that reaches PyPI through a TLS proxy of its own gives that proxy's CA bundle as the
# build secret pip-ca (`make image` does, from PIP_CERT); elsewhere pip trusts Debian's CAs.
RUN --mount=type=secret,id=pip-ca \
    if [ -s /run/secrets/pip-ca ]; then export PIP_CERT=/run/secrets/pip-ca; fi \
 && python3 -m venv /opt/build \
 && python3 -m venv --without-pip /opt/pbem \
 && /opt/build/bin/python -m pip --disable-pip-version-check wheel --no-deps --wheel-dir /wheels /src \
 && /opt/build/bin/python -m pip --disable-pip-version-check --python /opt/pbem/bin/python \
      install --no-cache-dir "$(ls /wheels/pbem-*.whl)[postgres]"

FROM ${BASE}
# python3 alone (the venv's interpreter), the CA certificates SMTP over TLS checks its relay
# with, and the time zones the games' deadlines are kept in.
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      python3 ca-certificates tzdata \
 && apt-get clean \
 && rm -rf /var/lib/apt/lists/*
RUN useradd --system --user-group --uid 10001 --create-home --home-dir /home/pbem pbem \
 && mkdir /var/lib/pbem \
 && chown pbem:pbem /var/lib/pbem
COPY --from=build /opt/pbem /opt/pbem
COPY Procfile hosting/entrypoint.sh /opt/pbem/
# PBEM_INSTANCE: the embedded defaults' folder (a SQLite database, for one container alone).
ENV PATH=/opt/pbem/bin:$PATH \
    PBEM_INSTANCE=/var/lib/pbem \
    PYTHONUNBUFFERED=1
VOLUME ["/var/lib/pbem"]
USER pbem
WORKDIR /var/lib/pbem
EXPOSE 5000 2525
# Ready: the database answers with the newest schema and Redis answers (web only: compose.yaml
# turns it off for the other processes, which serve no HTTP).
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/readyz' % os.environ.get('PORT', '5000'), timeout=4)"]
ENTRYPOINT ["/opt/pbem/entrypoint.sh"]
CMD ["web"]
