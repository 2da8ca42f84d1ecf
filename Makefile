PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin

# Checked with mypy --strict: the whole package, and the benchmark code the tests import.
TYPED := ginrummy bench/peers.py bench/bench_montecarlo.py

RUN_STAMP   := $(VENV)/run.stamp
TEST_STAMP  := $(VENV)/test.stamp
BENCH_STAMP := $(VENV)/bench.stamp

# `make bench` appends its dated tables to bench/history/<benchmark>.md (bench/RESULTS.md's
# current tables are updated by hand from them); `make bench BENCH_ARGS=` only prints.
BENCH_ARGS ?= --write

.PHONY: test test-fast run fast postgres play serve bench fairness clean

# `pip install` into .venv by the pip of $(PYTHON) when it has one (.venv then needs no pip
# of its own: copying pip into a new .venv takes seconds), else by .venv's own pip.
PIP_INSTALL = pip() { if $(PYTHON) -m pip --python $(BIN)/python --version >/dev/null 2>&1; \
	then $(PYTHON) -m pip --python $(BIN)/python "$$@"; else $(BIN)/python -m pip "$$@"; fi; }; \
	pip install -q --disable-pip-version-check

# What a player needs for the first page, and no more: the PostgreSQL driver comes with
# `make postgres` when a postgresql:// URL is given (gin serve names the extra), and
# Numba (level 5's and the hints' play-outs compiled: the same moves, faster) with `make fast`.
# The packages of pyproject's dependencies and server extra go into .venv, and a .pth file
# puts this folder on its path: no wheel of the package is built (that took seconds).
# --no-compile: Python compiles what the server imports when it first imports it.
$(RUN_STAMP): pyproject.toml
	@test -x $(BIN)/python || { echo "== creating the virtual environment in $(VENV)/"; \
		$(PYTHON) -m venv --without-pip $(VENV); }
	@$(BIN)/python -m pip --version >/dev/null 2>&1 \
		|| $(PYTHON) -m pip --python $(BIN)/python --version >/dev/null 2>&1 \
		|| { echo "== installing pip into $(VENV)/"; \
			$(BIN)/python -m ensurepip --default-pip >/dev/null; }
	@echo "== installing the server's packages (Starlette, uvicorn, SQLAlchemy…) into $(VENV)/"
	@$(BIN)/python -c 'import tomllib; p = tomllib.load(open("pyproject.toml", "rb"))["project"]; \
		print(*(r for r in p["dependencies"] + p["optional-dependencies"]["server"] \
		if not r.startswith("ginrummy")), sep="\n")' > $(VENV)/run-requirements.txt
	@$(PIP_INSTALL) --no-compile -r $(VENV)/run-requirements.txt
	@echo "$(CURDIR)" > "$$($(BIN)/python -c 'import sysconfig; print(sysconfig.get_path("purelib"))')/ginrummy-source.pth"
	@touch $@
	@echo "== installed; level 5 and the hints play out in Python (make fast compiles them)"

# Numba for level 5's and the hints' play-outs (the same moves, about ten times faster).
fast: $(RUN_STAMP)
	@echo "== installing Numba (the fast extra) into $(VENV)/"
	@$(PIP_INSTALL) --no-compile -e '.[fast]'

# The PostgreSQL driver, for make run with DATABASE_URL=postgresql://...
postgres: $(RUN_STAMP)
	@echo "== installing the PostgreSQL driver (the postgres extra) into $(VENV)/"
	@$(PIP_INSTALL) --no-compile -e '.[postgres]'

$(TEST_STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	test -x $(BIN)/pip || $(BIN)/python -m ensurepip --default-pip >/dev/null
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[test]'
	touch $@

$(BENCH_STAMP): pyproject.toml $(TEST_STAMP)
	$(BIN)/pip install -q -e '.[bench]'
	touch $@

# The browser tests run apart (each worker keeps one Chromium for the whole run), even when a
# test of the first part failed; make test fails if either part did.
test: $(TEST_STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy --strict $(TYPED)
	$(BIN)/lint-imports
	$(BIN)/pytest -n 2 -q --durations=25 -m "not browser"; first=$$?; \
	$(BIN)/pytest -n 4 -q --durations=25 -m browser tests/browser && exit $$first

# The quick loop while working: ruff, mypy, and every test but the slow and browser ones.
test-fast: $(TEST_STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy --strict $(TYPED)
	$(BIN)/lint-imports
	$(BIN)/pytest -n 2 -q -m "not slow and not browser"

# The browser game on http://127.0.0.1:8000 (games in ./data/ unless DATABASE_URL is set);
# another port: make run PORT=8001.
PORT ?= 8000
run: $(RUN_STAMP)
	$(BIN)/python -m ginrummy serve --port $(PORT)

serve: run

# A game in the terminal.
play: $(RUN_STAMP)
	$(BIN)/python -m ginrummy play

bench: $(BENCH_STAMP)
	$(BIN)/python bench/run_all.py $(BENCH_ARGS)

# The long statistical run of the shuffle (about 5 minutes; make test runs a short one).
fairness: $(TEST_STAMP)
	$(BIN)/python -m bench.bench_fairness

clean:
	rm -rf $(VENV) build *.egg-info .mypy_cache .ruff_cache .pytest_cache .hypothesis
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
