# English bridge lexicon for the toxicity model (services/text-toxicity/src/model/bridge.ts): a
# word-by-word English gloss of texts in other languages, built from Debian's Apertium pairs and
# FreeDict dictionaries over the kit's vocabulary (../shared/data, override: TOXICITY_DATA_DIR).
# The packages are installed when missing (root only); the serving side and the tests read only the
# committed file, never these packages. See the README.md written next to bridge.bin.
.PHONY: bridge-lexicon ensure-bridge-packages

BRIDGE_OUT ?= services/text-toxicity/artifacts/bridge-v1
BRIDGE_LANGS3 := spa ita deu fra por pol tur nld dan ell ara swe
BRIDGE_PACKAGES := apertium apertium-eng-spa apertium-spa-cat apertium-eng-cat apertium-spa-ita apertium-cat-ita \
  apertium-fr-es apertium-fra-cat apertium-es-pt apertium-por-cat \
  $(foreach l,$(BRIDGE_LANGS3),dict-freedict-$(l)-eng dict-freedict-eng-$(l))

bridge-lexicon: install ensure-bridge-packages
	nice -n 10 npx tsx ml/text/bridge/build-lexicon.ts --out $(BRIDGE_OUT) \
	  $(if $(TOXICITY_DATA_DIR),--data-dir $(TOXICITY_DATA_DIR))

ensure-bridge-packages:
	@missing=; for p in $(BRIDGE_PACKAGES); do \
	  dpkg-query -W -f '$${db:Status-Abbrev}' $$p 2>/dev/null | grep -q '^ii' || missing="$$missing $$p"; \
	done; \
	if [ -z "$$missing" ]; then exit 0; fi; \
	if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  echo "installing (Debian) for the bridge lexicon:$$missing"; \
	  $(APT_GET) update >/dev/null && $(APT_GET) install --no-install-recommends $$missing >/dev/null; \
	else echo "error: missing Debian packages for the bridge lexicon:$$missing (apt-get install$$missing)"; exit 1; fi
