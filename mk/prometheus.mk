# Debian's prometheus (2.42: /usr/bin/prometheus and promtool) for the dashboard test
# (test/e2e/live-dashboards.test.ts), which runs its own Prometheus on a free port against a test
# deployment. Installed by `make test` (through system-deps) when missing, with the package's system
# service neither started nor enabled: nothing here wants a Prometheus on :9090 scraping this machine.
# A failed install only warns: the dashboard test is then skipped, saying why.
.PHONY: ensure-prometheus
system-deps:: ensure-prometheus

# policy-rc.d exit 101 is Debian's "do not start services" during the install (one already there is
# left alone); the install enables the unit for boot, which is undone straight after.
ensure-prometheus:
	@if [ -x /usr/bin/prometheus ] && [ -x /usr/bin/promtool ]; then exit 0; fi; \
	if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  echo "installing prometheus (Debian) for the dashboard test, its service left stopped"; \
	  policy=; if [ ! -e /usr/sbin/policy-rc.d ]; then printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d && policy=1; fi; \
	  ($(APT_GET) update >/dev/null && $(APT_GET) install --no-install-recommends prometheus >/dev/null) || echo "warning: prometheus could not be installed; the dashboard test will be skipped"; \
	  [ -z "$$policy" ] || rm -f /usr/sbin/policy-rc.d; \
	  if command -v systemctl >/dev/null; then systemctl disable --quiet prometheus.service >/dev/null 2>&1 || true; fi; \
	else echo "warning: prometheus missing and apt-get unavailable; the dashboard test will be skipped (apt-get install prometheus)"; fi
