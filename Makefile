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

.PHONY: install demo test lint bench mutate clean translations

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

clean:
	rm -rf $(VENV) instance .pytest_cache .ruff_cache
