# System packages the services use at run time; installed from Debian when missing (root only).
# ffmpeg/ffprobe fall back to the binaries shipped in npm, so only NATS (for the distributed
# tests) and the speech recogniser (mk/speech.mk) come from apt.
APT_GET := DEBIAN_FRONTEND=noninteractive apt-get -y -q -o Dpkg::Use-Pty=0

.PHONY: ensure-nats-server
TEST_PREREQS += ensure-nats-server

ensure-nats-server:
	@if [ -x /usr/sbin/nats-server ]; then exit 0; fi; \
	if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  echo "installing nats-server (Debian) for the distributed tests"; \
	  ($(APT_GET) update >/dev/null && $(APT_GET) install --no-install-recommends nats-server >/dev/null) || echo "warning: nats-server could not be installed; distributed tests will fail"; \
	else echo "warning: nats-server missing and apt-get unavailable; distributed tests will fail"; fi

# flite (Debian) speaks the test sentences of the speech end-to-end test; pocketsphinx recognises its
# slt voice well (espeak-ng's voices it does not).
.PHONY: ensure-flite
TEST_PREREQS += ensure-flite
ensure-flite:
	@if command -v flite >/dev/null; then exit 0; fi; \
	if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  echo "installing flite (Debian) for the speech end-to-end test"; \
	  ($(APT_GET) update >/dev/null && $(APT_GET) install --no-install-recommends flite >/dev/null) || echo "warning: flite could not be installed; the speech end-to-end test will be skipped"; \
	else echo "warning: flite missing and apt-get unavailable; the speech end-to-end test will be skipped"; fi
