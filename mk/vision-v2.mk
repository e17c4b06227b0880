# Vision v2 (issue 10): our own network, trained end to end from the nsfwjs MobileNetV2 weights.
# Python/PyTorch for training only (Debian python3-torch/torchvision, run with /usr/bin/python3, not a
# pyenv python); serving stays on onnxruntime-node. See docs/vision-v2.md.
V2_DIR := services/vision-inference/train/v2
V2_CACHE := services/vision-inference/train/.cache/v2
V2_PY := nice -n 10 /usr/bin/python3
V2_DATA ?= ../shared/data/images
V2_SIZE ?= 160
V2_EPOCHS ?= 6
V2_THREADS ?= 1
V2_SEED ?= 1
# A and B: train without that fold's held-back source repositories and measure on them;
# all: train on everything (the network `export-vision-v2` exports).
V2_FOLDS ?= A B all
# Further train.py options, e.g. run 4's recipe (docs/vision-v2.md):
# V2_ARGS="--robust-aug 1 --balance source --probe 1 --eval-epochs 1 --lr 1.5e-4 --head-lr-mult 2"
V2_ARGS ?=
V2_APT := python3-torch python3-torchvision python3-pil python3-numpy fonts-dejavu-core

.PHONY: vision-v2-deps convert-nsfwjs-torch train-vision-v2 export-vision-v2 export-vision-v2-tiny

vision-v2-deps:
	@dpkg -s $(V2_APT) >/dev/null 2>&1 || { \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update && $$SUDO apt-get install -y --no-install-recommends $(V2_APT); }

# nsfwjs' tfjs MobileNetV2 -> $(V2_CACHE)/nsfwjs_mobilenet_v2.pt (deterministic; sha256 in convert.json)
# and the equality fixture test/fixtures/v2-converter.json (checked by test/v2-converter.test.ts).
convert-nsfwjs-torch: install vision-v2-deps
	$(V2_PY) $(V2_DIR)/convert_nsfwjs.py --repo . --out $(V2_CACHE) --data $(V2_DATA) \
	  --fixture services/vision-inference/test/fixtures/v2-converter.json

$(V2_CACHE)/nsfwjs_mobilenet_v2.pt:
	$(MAKE) convert-nsfwjs-torch

# One run per fold (sequential, $(V2_THREADS) thread(s), nice 10): $(V2_CACHE)/train/<fold>/
# model.pt, metrics.json, manifest.tsv, heldback-scores.tsv, train.log.
train-vision-v2: install vision-v2-deps $(V2_CACHE)/nsfwjs_mobilenet_v2.pt
	@for f in $(V2_FOLDS); do \
	  $(V2_PY) $(V2_DIR)/train.py --data $(V2_DATA) --init $(V2_CACHE)/nsfwjs_mobilenet_v2.pt \
	    --out $(V2_CACHE)/train --fold $$f --size $(V2_SIZE) --epochs $(V2_EPOCHS) \
	    --threads $(V2_THREADS) --seed $(V2_SEED) $(V2_ARGS) || exit 1; \
	done
	$(V2_PY) $(V2_DIR)/report.py $(V2_CACHE)/train

# ONNX of the network trained on all sources ($(V2_CACHE)/train/all/model.pt) or, before any
# training, of the converted backbone with an untrained head; plus the fixture that
# test/v2-onnx-export.test.ts checks. Written to $(V2_CACHE)/export/ (9 MB: not committed).
export-vision-v2: vision-v2-deps $(V2_CACHE)/nsfwjs_mobilenet_v2.pt
	@if [ -f $(V2_CACHE)/train/all/model.pt ]; then \
	  $(V2_PY) $(V2_DIR)/export_onnx.py --checkpoint $(V2_CACHE)/train/all/model.pt --out $(V2_CACHE)/export; \
	fi
	$(V2_PY) $(V2_DIR)/export_onnx.py --init $(V2_CACHE)/nsfwjs_mobilenet_v2.pt --out $(V2_CACHE)/export

# The committed tiny ONNX (same exporter, width 0.2, seeded weights) and its fixture.
export-vision-v2-tiny: vision-v2-deps
	$(V2_PY) $(V2_DIR)/export_onnx.py --tiny --out services/vision-inference/test/fixtures
