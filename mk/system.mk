# System packages the services use at run time; installed from Debian when missing (root only).
# ffmpeg/ffprobe fall back to the binaries shipped in npm, so only NATS (for the distributed
# tests), the speech recogniser (mk/speech.mk) and the OCR traineddata (below) come from apt.
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

# Debian's tesseract traineddata (1:4.1.0, tessdata_fast; about 15 MB to download) for OCR beyond
# English: vision-inference reads Russian, Ukrainian and Greek by default (VISION_OCR_LANGUAGES; the
# others are there for operators who add them), each file checked against the sha256 pinned in
# services/vision-inference/src/models/ocr.ts. English needs none (npm). Installed by `make run` /
# `make test` when one is missing; a failed install only warns: OCR then reads the languages present
# (English at least) and logs which it left out.
TESSDATA_DIRS := /usr/share/tesseract-ocr/5/tessdata /usr/share/tesseract-ocr/4.00/tessdata
TESSDATA_LANGS := rus ukr Greek ell deu spa fra ita por pol tur dan ind ara kor
TESSDATA_PACKAGES := $(foreach l,$(TESSDATA_LANGS),tesseract-ocr-$(if $(filter Greek,$(l)),script-grek,$(l)))
.PHONY: ensure-tesseract-langs
system-deps:: ensure-tesseract-langs
ensure-tesseract-langs:
	@missing=; for l in $(TESSDATA_LANGS); do \
	  found=; for d in $(TESSDATA_DIRS); do [ -f "$$d/$$l.traineddata" ] && found=1; done; \
	  [ -n "$$found" ] || missing="$$missing $$l"; \
	done; \
	if [ -z "$$missing" ]; then exit 0; fi; \
	if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  echo "installing tesseract traineddata (Debian) for OCR:$$missing"; \
	  ($(APT_GET) update >/dev/null && $(APT_GET) install --no-install-recommends $(TESSDATA_PACKAGES) >/dev/null) || echo "warning: tesseract traineddata could not be installed; OCR will read English only"; \
	else echo "warning: tesseract traineddata missing ($$missing) and apt-get unavailable; OCR will read English only (apt-get install $(TESSDATA_PACKAGES))"; fi
