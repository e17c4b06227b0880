# speech-to-text: Debian pocketsphinx + its en-us model, installed by `make run` / `make test`
# (through system-deps) when missing. A failed install only warns (see the script).
.PHONY: ensure-pocketsphinx
system-deps:: ensure-pocketsphinx

ensure-pocketsphinx:
	@bash scripts/ensure-pocketsphinx.sh
