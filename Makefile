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

.PHONY: install demo test lint bench mutate clean

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
# [tool.mutmut], or only the mutants named, e.g. `make mutate MUTANTS='service.store.hashchain*'`.
MUTANTS ?=
mutate: $(STAMP)
	$(BIN)/mutmut run --max-children 2 $(MUTANTS) || true
	$(BIN)/python -m tests.mutation

clean:
	rm -rf $(VENV) instance .pytest_cache .ruff_cache
