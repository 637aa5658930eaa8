# `make demo` and `make test` work on a fresh clone: they create .venv, install the
# pinned dependencies once (torch CPU first) and Crosscheck itself, editable, with no download:
# its dependencies are the lock's, its build backend the lock's setuptools (.venv/bin/crosscheck
# then runs what `python main.py` runs). Re-running is quick. The lock is complete (pip freeze), so
# it is installed --no-deps and checked by `pip check`: resolving it again only made pip warn that
# huggingface-hub has no 'inference' extra, which llama-index-embeddings-huggingface still names.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-$(shell cat requirements.lock | cksum | cut -d' ' -f1)
export HF_HUB_OFFLINE ?= 1
export TOKENIZERS_PARALLELISM ?= false

.PHONY: install browser demo test test-fast lint bench clean

install: $(STAMP)

$(STAMP): requirements.lock pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --disable-pip-version-check torch==2.13.0
	$(PY) -m pip install -q --disable-pip-version-check --no-deps -r requirements.lock
	@$(PY) -m pip check >/dev/null || { $(PY) -m pip check; exit 1; }
	$(PY) -m pip install -q --disable-pip-version-check --no-deps --no-build-isolation -e .
	@rm -f $(VENV)/.installed-*
	@touch $@

demo: install
	$(PY) main.py ingest --data data --out artifacts/chunks.jsonl
	$(PY) main.py fusion --chunks artifacts/chunks.jsonl --rerank --graph --html artifacts/graphs/demo.html \
		--q "How long does the Team plan keep event history?"

test: install browser
	$(PY) -m pytest -q

# Headless Chromium for the browser tests (Debian's package; skipped when not root/apt).
browser:
	@command -v chromium >/dev/null 2>&1 || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 && \
		{ apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; } \
		|| echo "chromium not installed: browser tests will be skipped"; }

test-fast: install
	$(PY) -m pytest -q -m "not integration and not e2e"

lint: install
	$(PY) -m ruff check .

bench: install
	$(PY) bench/bench_retrieval.py
	$(PY) bench/bench_graph.py

clean:
	rm -rf artifacts/* logs/*.jsonl logs/*.txt .pytest_cache
	@touch artifacts/.gitkeep logs/.gitkeep
