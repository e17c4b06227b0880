# vision-inference: model calibration / heads training and the model coverage report.
VISION_DIR := services/vision-inference
# Training, calibration and studies of the vision models (not served): ml/vision/.
VISION_ML := ml/vision
VISION_MANIFEST ?= ../shared/data/images/labels.csv

.PHONY: train-vision vision-collect vision-calibrate vision-latency vision-report models models-report convert-nsfwjs-onnx bench-nsfw-onnx bench-ocr-languages objects-by-source

# Runs every lite-set model over the labelled images (resumable cache in ml/vision/.cache/), then fits
# the MobileNetV2-feature heads and the per-class calibrators; writes services/vision-inference/artifacts/.
train-vision: vision-collect vision-calibrate

vision-collect: install
	npx tsx $(VISION_ML)/collect.ts $(VISION_MANIFEST)

vision-calibrate: install
	npx tsx $(VISION_ML)/calibrate.ts

# The COCO object detector's alcohol and knife signals, per source repository of the kit's real photos
# (ml/vision/results/objects-by-source.json).
objects-by-source: install
	LOG_LEVEL=warn npx tsx $(VISION_ML)/objects-by-source.ts $(VISION_MANIFEST)

# Per-class held-back figures (markdown tables for README.md / docs/vision.md) from artifacts/calibration.json.
vision-report: install
	@npx tsx $(VISION_ML)/report.ts

# nsfwjs' MobileNetV2 as an ONNX file (ml/vision/.cache/nsfwjs-mobilenet_v2.onnx, the bytes the service
# converts in memory at load; deterministic), with the sha256 of its sources and of the output.
convert-nsfwjs-onnx: install
	npx tsx $(VISION_ML)/convert-nsfwjs-onnx.ts

# nsfwjs' MobileNetV2 on tfjs-wasm (before) vs onnxruntime-node (now) in one run (bench/results/nsfw-onnx.json).
bench-nsfw-onnx: install
	LOG_LEVEL=warn npx tsx bench/nsfw-onnx.bench.ts

# OCR per language and script (captions rendered in 13 languages, English checked on kit memes and
# screenshots) and its cost per image, English alone against the language configurations, one run
# (bench/results/ocr-languages.json; BENCH_OCR_CONFIGS picks the configurations).
bench-ocr-languages: install system-deps
	LOG_LEVEL=warn npx tsx bench/ocr-languages.bench.ts

# End-to-end latency of the lite analyzer on single images (artifacts/latency.json).
vision-latency: install
	npx tsx $(VISION_ML)/latency.ts

# Downloads the models of VISION_MODEL_SET (lite: nothing; full: lite + services/vision-inference/
# models.json) into MODEL_DIR (default /models in a container, else ./data/models), each checked by
# sha256. Runs in the models Job / init container (read-only root filesystem, dependencies already
# installed), so it installs only when node_modules is missing, and runs tsx through node (no npx).
models: $(if $(wildcard node_modules/.modules.yaml),,install)
	cd $(VISION_DIR) && node --import tsx tools/fetch-models.ts

# Loaded models and, for every visual class, which model scores it (or why none does).
models-report: install
	LOG_LEVEL=warn npx tsx $(VISION_DIR)/tools/models-report.ts
