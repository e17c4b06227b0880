# Trust-and-safety workflow: refit a tenant's category thresholds from its feedback.
# make recalibrate TENANT=<id> [PUBLISH=1] [JSON=1]; reads the services' settings (JOB_STORE, DATA_DIR,
# NATS_URL, MONGODB_URL, TENANTS_FILE). Without PUBLISH it only prints the expected change. Run it beside the
# running services: a running all-in-one that holds the embedded store runs it itself; the next job uses the new version.
.PHONY: recalibrate
recalibrate: install
	@test -n "$(TENANT)" || (echo "usage: make recalibrate TENANT=<id> [PUBLISH=1] [JSON=1]"; exit 2)
	npx tsx scripts/recalibrate.ts --tenant "$(TENANT)" $(if $(filter 1,$(PUBLISH)),--publish) $(if $(filter 1,$(JSON)),--json)
