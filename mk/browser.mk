# Debian chromium for the reviewer console's browser tests (playwright-core drives /usr/bin/chromium),
# installed by `make test` (through system-deps) when missing. A failed install only warns: those tests
# then fail with a message naming the missing browser.
.PHONY: ensure-chromium
system-deps:: ensure-chromium

ensure-chromium:
	@if [ -x /usr/bin/chromium ]; then exit 0; fi; \
	if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  echo "installing chromium (Debian) for the reviewer console tests"; \
	  ($(APT_GET) update >/dev/null && $(APT_GET) install --no-install-recommends chromium >/dev/null) || echo "warning: chromium could not be installed; the reviewer console browser tests will fail"; \
	else echo "warning: /usr/bin/chromium missing and apt-get unavailable; the reviewer console browser tests will fail"; fi

# The console's pictures in docs/ (review-console.png, review-supervisor.png), taken by the console's
# browser test; it writes into docs/ only with SCREENSHOTS=1, so a plain test run never does.
.PHONY: screenshots
screenshots: install system-deps
	SCREENSHOTS=1 npx vitest run services/gateway/test/review-console.test.ts
