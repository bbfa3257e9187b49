# The two commands a newcomer needs: `make demo` (run everything) and `make test`.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
HOST   ?= 127.0.0.1
PORT   ?= 5000
STAMP  := $(VENV)/.installed
# The suite runs in parallel (pytest-xdist), one worker process per core; `make test
# TEST_WORKERS=0` runs it in this one process.
TEST_WORKERS ?= auto

.PHONY: install demo test lint bench mutate clean translations image image-base image-test

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

demo: $(STAMP)
	$(BIN)/pbem demo --host $(HOST) --port $(PORT)

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/pytest -n $(TEST_WORKERS) --dist load

bench: $(STAMP)
	$(BIN)/python -m bench

# Mutation testing (issue 15, docs/testing.md): every module listed in pyproject.toml's
# [tool.mutmut], or only the mutants named (as `mutmut results` lists them) in MUTANTS.
MUTANTS ?=
mutate: $(STAMP)
	$(BIN)/mutmut run --max-children 2 $(MUTANTS) || true
	$(BIN)/python -m tests.mutation

# The service's catalogs (issue 17): extract every marked message, then bring each
# language's catalog up to date (new entries are then translated by hand).
translations: $(STAMP)
	$(BIN)/pybabel extract -F babel.cfg --no-default-keywords -k _ -k n_:1,2 -k p_:1c,2 -o service/translations/messages.pot .
	$(BIN)/pybabel update -D messages -i service/translations/messages.pot -d service/translations

# The image (issue 30 §2, README "Hosting"): one for every process. `make image-test` builds it
# and runs compose.yaml's stack (tests/hosting/test_image.py). This project's machines reach no
# image registry: the base is made from Debian's packages (hosting/debian-base.sh), and so are
# the stand-ins of PostgreSQL's and Redis's images (hosting/stand-ins/). podman runs them, with
# the settings of hosting/containers.conf. Elsewhere: make image-test
# IMAGE_BASE=debian:bookworm-slim POSTGRES_IMAGE=postgres:15-bookworm REDIS_IMAGE=redis:7-bookworm
IMAGE          ?= localhost/pbem:latest
IMAGE_BASE     ?= localhost/debian-base:bookworm
POSTGRES_IMAGE ?= localhost/pbem-postgres:15
REDIS_IMAGE    ?= localhost/pbem-redis:7
PODMAN         := CONTAINERS_CONF=$(CURDIR)/hosting/containers.conf podman
comma          := ,
# Where PyPI is reached through a TLS proxy of the machine's own (PIP_CERT), the build trusts it.
PIP_CA         := $(if $(PIP_CERT),--secret id=pip-ca$(comma)src=$(PIP_CERT))

image-base:
	@if ! $(PODMAN) image exists $(IMAGE_BASE); then \
	  case "$(IMAGE_BASE)" in \
	    localhost/*) echo "making $(IMAGE_BASE) from Debian's packages"; \
	      CONTAINERS_CONF=$(CURDIR)/hosting/containers.conf hosting/debian-base.sh $(IMAGE_BASE) ;; \
	    *) $(PODMAN) pull $(IMAGE_BASE) ;; \
	  esac; \
	fi

image: image-base
	$(PODMAN) build --format docker $(PIP_CA) --build-arg BASE=$(IMAGE_BASE) -t $(IMAGE) .

image-test: $(STAMP) image
	@for standin in $(POSTGRES_IMAGE):postgres $(REDIS_IMAGE):redis; do \
	  name=$${standin%:*}; folder=$${standin##*:}; \
	  case "$$name" in localhost/pbem-*) \
	    $(PODMAN) build --quiet --build-arg BASE=$(IMAGE_BASE) -t $$name hosting/stand-ins/$$folder \
	      >/dev/null || exit 1 ;; \
	  esac; \
	done
	CONTAINERS_CONF=$(CURDIR)/hosting/containers.conf PBEM_IMAGE=$(IMAGE) \
	  POSTGRES_IMAGE=$(POSTGRES_IMAGE) REDIS_IMAGE=$(REDIS_IMAGE) \
	  $(BIN)/pytest -m image -n 0 -s tests/hosting/test_image.py

clean:
	rm -rf $(VENV) instance .pytest_cache .ruff_cache .mypy_cache
