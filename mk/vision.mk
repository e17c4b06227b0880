# vision-inference: model calibration / heads training and the model coverage report.
VISION_DIR := services/vision-inference
VISION_MANIFEST ?= ../shared/data/images/labels.csv

.PHONY: train-vision vision-collect vision-calibrate vision-latency models

# Runs every lite-set model over the labelled images (resumable cache in train/.cache/), then fits
# the MobileNetV2-feature heads and the per-class calibrators; writes services/vision-inference/artifacts/.
train-vision: vision-collect vision-calibrate

vision-collect: install
	npx tsx $(VISION_DIR)/train/collect.ts $(VISION_MANIFEST)

vision-calibrate: install
	npx tsx $(VISION_DIR)/train/calibrate.ts

# End-to-end latency of the lite analyzer on single images (artifacts/latency.json).
vision-latency: install
	npx tsx $(VISION_DIR)/train/latency.ts

# Loaded models and, for every visual class, which model scores it (or why none does).
models: install
	LOG_LEVEL=warn npx tsx $(VISION_DIR)/train/models.ts
