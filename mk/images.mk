# Container images: `make images` builds every target of the Dockerfile (docker where its daemon
# answers, else buildah), tagged as the chart names them, checks them and reports their sizes in
# bench/results/images.{json,md} (scripts/images/build.sh). Without a reachable registry the Node base
# is made here from Debian (scripts/images/make-base.sh). `make test` installs buildah for the
# container test (test/e2e/containers.test.ts), which builds what it runs through the same script.
.PHONY: images ensure-image-builder
TEST_PREREQS += ensure-image-builder

ensure-image-builder:
	@if docker info >/dev/null 2>&1 || { command -v buildah >/dev/null && command -v debootstrap >/dev/null; }; then exit 0; fi; \
	if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  echo "installing buildah and debootstrap (Debian) to build the container images"; \
	  ($(APT_GET) update >/dev/null && $(APT_GET) install --no-install-recommends buildah debootstrap >/dev/null) || echo "warning: buildah could not be installed; the container test will be skipped"; \
	else echo "warning: no docker daemon, no buildah and no apt-get as root; the container test will be skipped"; fi

images: ensure-image-builder
	./scripts/images/build.sh
