# Two commands for a fresh machine: `make run` and `make test`. Area-specific targets live in mk/*.mk.
SHELL := /bin/bash
.DEFAULT_GOAL := help
export ONNXRUNTIME_NODE_INSTALL := skip

# Prerequisites that `make test` needs beyond node_modules (fragments in mk/ append to it), and
# system packages (fragments add double-colon `system-deps::` rules).
TEST_PREREQS :=
.PHONY: system-deps
system-deps::
	@true

include $(sort $(wildcard mk/*.mk))

.PHONY: help install run test typecheck lint
help:
	@echo "make run    install what is needed, then start all-in-one on http://127.0.0.1:8080"
	@echo "make test   install what is needed, then run every test"

node_modules/.modules.yaml: package.json pnpm-workspace.yaml pnpm-lock.yaml $(wildcard */*/package.json) $(wildcard */package.json)
	@command -v pnpm >/dev/null || npm i -g pnpm@12
	pnpm install --frozen-lockfile=false
	@touch $@

install: node_modules/.modules.yaml

run: install system-deps
	node services/all-in-one/index.js

typecheck: install
	npx tsc -p tsconfig.json

lint: install
	npx eslint .

test: install system-deps $(TEST_PREREQS)
	npx tsc -p tsconfig.json
	npx eslint .
	@mkdir -p bench/results
	@rm -f .vitest-summary.json
	npx vitest run --reporter=default --reporter=./scripts/test-summary-reporter.ts; status=$$?; \
	  node scripts/test-summary.mjs .vitest-summary.json; exit $$status

.PHONY: tenants
# A tenants file with one dev tenant (data/tenants.json), for running the services separately.
tenants: install
	npx tsx scripts/dev-tenant.ts data/tenants.json

.PHONY: openapi
openapi: install
	npx tsx services/gateway/src/write-openapi.ts
	$(MAKE) client-types

# Each service on its own (wired by gRPC and JetStream; see README "Running the services separately").
SERVICES := gateway ingest frame-extractor vision-inference speech-to-text text-toxicity policy-scorer moderator webhook-dispatcher
.PHONY: $(addprefix run-,$(SERVICES))
$(addprefix run-,$(SERVICES)): run-%: install
	node services/$*/index.js

.PHONY: bench-e2e
# All-in-one end to end: image jobs/s, p50/p95 latency, peak RSS, one 60 s 720p video.
bench-e2e: install system-deps
	npx tsx bench/e2e.bench.ts

.PHONY: bench-letterbox
# Letterboxed video frames against the photographs they show, scored as stills and as video frames
# (bars cropped): bench/results/letterbox.json (a few minutes).
bench-letterbox: install
	npx tsx bench/letterbox.bench.ts

.PHONY: bench-moderation
# The virtual moderator on the kit's real photographs as a Standard tenant: approve / review / reject
# shares of benign and firearm photographs, or of the sets in BENCH_MODERATION_SETS (BENCH_MODERATION_LIMIT
# per set, BENCH_MODERATION_ENV, BENCH_MODERATION_TAG; see bench/moderation-kit.ts). Writes bench/results/moderation-kit[-tag].{json,md}.
bench-moderation: install system-deps
	npx tsx bench/moderation-kit.ts

.PHONY: bench-moderation-heldback
# The same decisions with every class the served v3-family network scores in a Standard category re-scored
# from its held-back scores (the served network trained on every kit photo), read against the shipped
# operating points: make bench-moderation-heldback [RESULT=bench/results/moderation-kit-<tag>.json, default -v4]
bench-moderation-heldback: install
	npx tsx bench/moderation-heldback.ts $(RESULT)

# The frontier a visual MEDIUM point could choose on the held-back scores (benign approved against harm
# stopped, firearm and violence): bench/results/moderation-heldback-frontier.{json,md,svg}
.PHONY: bench-moderation-frontier
bench-moderation-frontier: install
	npx tsx bench/moderation-heldback-frontier.ts $(RESULT)

.PHONY: eval
# Per-class quality through the public API: make eval MANIFEST=path/to/labels.csv (e.g. the data kit's)
eval: install system-deps
	@test -n "$(MANIFEST)" || (echo "usage: make eval MANIFEST=path/to/manifest.csv [EVAL_URL=... EVAL_API_KEY=...]"; exit 2)
	MANIFEST="$(MANIFEST)" npx tsx bench/eval/run.ts
