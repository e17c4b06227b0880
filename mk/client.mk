# @modsvc/client (packages/client): its types are generated from services/gateway/openapi.json.
.PHONY: client-types
# Regenerate packages/client/src/generated/openapi.ts (packages/client/test/generated-types.test.ts fails while it is stale).
client-types: install
	pnpm --filter @modsvc/client run generate
