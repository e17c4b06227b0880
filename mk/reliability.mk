# Reliability suite (test/reliability): SIGKILL under load, hostile files, SSRF, forged tokens and tenant
# isolation, a submit burst, a receiver down for an hour. Its quick cases run in `make test` (vitest's
# normal include); this target runs every case in its long form (RELIABILITY_LONG=1), one test file at a
# time so that timings and memory figures are not shared with another deployment, and ends with the
# table of figures it wrote to bench/results/reliability.json.
.PHONY: test-reliability
test-reliability: install system-deps ensure-nats-server
	@mkdir -p bench/results
	@since=$$(date -u +%Y-%m-%dT%H:%M:%S); \
	RELIABILITY_LONG=1 npx vitest run --maxWorkers=1 test/reliability services/frame-extractor; status=$$?; \
	npx tsx test/reliability/support/print-summary.ts full $$since; exit $$status
