# The two commands a newcomer needs: `make demo` (run everything) and `make test`.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
HOST   ?= 127.0.0.1
PORT   ?= 5000
STAMP  := $(VENV)/.installed
# The suite runs in parallel (pytest-xdist), one worker process per core, each taking tests
# from the others' queues once its own is done (worksteal: a whole game of Origins: First
# Builders takes minutes, and is no longer the last test left on one worker while the other
# idles); `make test TEST_WORKERS=0` runs it in this one process.
TEST_WORKERS ?= auto

.PHONY: install demo test lint bench mutate clean translations catalogs image image-base image-test

# Every domain's catalogs (issue 17): the service's own (`messages`), the words every game
# shares (`engine`) and each game's, named after the game. The processes read each `.po` as
# the `.mo` compiled beside it: build output, kept out of git, compiled again whenever its
# `.po` is newer (the wheel compiles its own: setup.py).
CATALOGS := $(wildcard service/translations/*/LC_MESSAGES/*.po engine/translations/*/LC_MESSAGES/*.po \
              engine/games/*/translations/*/LC_MESSAGES/*.po)
COMPILED := $(CATALOGS:.po=.mo)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP) catalogs

catalogs: $(COMPILED)

%.mo: %.po | $(STAMP)
	$(BIN)/pybabel -q compile --domain $(basename $(notdir $<)) -i $< -o $@

demo: $(STAMP) catalogs
	$(BIN)/pbem demo --host $(HOST) --port $(PORT)

test: $(STAMP) catalogs
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/pytest -n $(TEST_WORKERS) --dist worksteal

bench: $(STAMP)
	$(BIN)/python -m bench

# Mutation testing (issue 15, docs/testing.md): every module listed in pyproject.toml's
# [tool.mutmut], or only the mutants named (as `mutmut results` lists them) in MUTANTS.
MUTANTS ?=
mutate: $(STAMP)
	$(BIN)/mutmut run --max-children 2 $(MUTANTS) || true
	$(BIN)/python -m tests.mutation

# The catalogs' sources (issue 17, issue 33 §4): extract every marked message of the service
# (babel.cfg, into the committed service/translations/messages.pot) and of each game (its
# folder's Python, into a template made for the run), then bring each language's catalog of
# that domain up to date; new entries are then translated by hand. On a tree whose marked
# messages did not change, no file changes: the template is replaced only when more than its
# date differs, the catalogs ignore that date, and they keep Babel's wrap width (76).
KEYWORDS := --no-default-keywords -k _ -k n_:1,2 -k p_:1c,2
UPDATE   := update --no-fuzzy-matching --ignore-pot-creation-date
translations: $(STAMP)
	@set -e; made=$$(mktemp -d); trap 'rm -rf "$$made"' EXIT; \
	$(BIN)/pybabel -q extract -F babel.cfg $(KEYWORDS) -o $$made/messages.pot .; \
	diff -I '^"POT-Creation-Date: ' $$made/messages.pot service/translations/messages.pot \
	  >/dev/null || cp $$made/messages.pot service/translations/messages.pot; \
	$(BIN)/pybabel -q $(UPDATE) -D messages -i service/translations/messages.pot \
	  -d service/translations; \
	for po in engine/games/*/translations/ru/LC_MESSAGES/*.po; do \
	  game=$${po%/translations/*}; domain=$$(basename $$po .po); \
	  $(BIN)/pybabel -q extract $(KEYWORDS) -o $$made/$$domain.pot $$game; \
	  $(BIN)/pybabel -q $(UPDATE) -D $$domain -i $$made/$$domain.pot -d $$game/translations; \
	done

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
	rm -rf $(VENV) instance .pytest_cache .ruff_cache .mypy_cache $(COMPILED)
