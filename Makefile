# Two commands: `make run` serves the site, `make test` runs every test. Both install what they need.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install run test lint typecheck pytest browser services clean

install: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: install
	$(BIN)/cardavia serve --host 127.0.0.1 --port 8000

# Debian's Chromium for the browser tests (Playwright drives it; it downloads no browser of its own)
# and Noto fonts so that Hindi and Chinese pages render for real in screenshots.
browser:
	@if ! command -v chromium >/dev/null 2>&1 || ! fc-list 2>/dev/null | grep -qi 'Noto Sans Devanagari'; then \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium fonts-noto-core fonts-noto-cjk >/dev/null; \
	fi

# PostgreSQL on 127.0.0.1:5432 for the store's tests; started if this machine has it but it is down.
services:
	@pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null || \
	  (command -v pg_ctlcluster >/dev/null && pg_ctlcluster --skip-systemctl-redirect $$(ls /etc/postgresql) main start) || true

lint: install
	$(BIN)/ruff check src tests
	$(BIN)/ruff format --check src tests

typecheck: install
	$(BIN)/mypy

pytest: install browser services
	$(BIN)/pytest

test: lint typecheck pytest

clean:
	rm -rf $(VENV) test-artifacts .pytest_cache .mypy_cache .ruff_cache .hypothesis
