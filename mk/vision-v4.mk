# Vision v4 (issue 39): v3's network and recipe (mk/vision-v3.mk, docs/vision-v3.md) on the kit with
# image batch 7, in four folds of whole source repositories (kit3.FOLDS: A-eye, the largest new source,
# is fold D). Same scripts, same backbone, same prefix cache folder (its key is the kit's labels.csv).
V4_RUN ?= run5-batch7
V4_EPOCHS ?= 4
V4_TRAIN_THREADS ?= 2
V4_FOLDS ?= A B C D all
V4_RESULTS := $(V3_DIR)/results/$(V4_RUN)
V4_VERSION ?= 4.0.0
# The v3 network served before v4 (3.1.0, trained on the kit without batch 7) scoring run 5's held-back
# rows through the served path (v3-heldback-served.ts --model-for-all <3.1.0's artifacts/vision-v3.json,
# from git before v4>): held back for it on the batch-7 sources, so compare-vision-v4 sets it against v4 there.
V4_V3_ON_NEW ?= $(V3_CACHE)/heldback-served-trial/$(V4_RUN)/heldback-served.tsv

.PHONY: train-vision-v4 export-vision-v4 calibrate-vision-v4

train-vision-v4: install vision-v3-deps $(V3_CACHE)/imagenet_mobilenet_v2.pt
	$(V3_PY) -m $(V3_MOD).finetune --data $(V3_DATA) --weights $(V3_CACHE)/imagenet_mobilenet_v2.pt \
	  --cache $(V3_CACHE)/prefix --out $(V3_CACHE)/finetune-v4 --threads $(V4_TRAIN_THREADS) \
	  --embeddings $(V3_CACHE)/features-v4-224.npz
	$(V3_PY) -m $(V3_MOD).probe --data $(V3_DATA) --features $(V3_CACHE)/features-v4-224.npz --out $(V3_CACHE)/probe-v4
	@for f in $(V4_FOLDS); do \
	  $(V3_PY) -m $(V3_MOD).finetune --data $(V3_DATA) --weights $(V3_CACHE)/imagenet_mobilenet_v2.pt \
	    --cache $(V3_CACHE)/prefix --probe $(V3_CACHE)/probe-v4 --out $(V3_CACHE)/finetune-v4 --fold $$f \
	    --epochs $(V4_EPOCHS) --threads $(V4_TRAIN_THREADS) || exit 1; \
	done
	$(V3_PY) -m $(V3_MOD).report_v3 --data $(V3_DATA) --run $(V3_CACHE)/probe-v4 --out $(V4_RESULTS)/probe
	$(V3_PY) -m $(V3_MOD).report_v3 --data $(V3_DATA) --run $(V3_CACHE)/finetune-v4 --out $(V4_RESULTS)

# Which batch-7 source moves which held-back figure: the linear probe of every fold with and without
# each group of new sources (ml/vision/v3/source_ablation.py; a few minutes) -> $(V4_RESULTS)/source-ablation.json
.PHONY: vision-v4-source-ablation
vision-v4-source-ablation: vision-v3-deps
	$(V3_PY) -m $(V3_MOD).source_ablation --data $(V3_DATA) --features $(V3_CACHE)/features-v4-224.npz --out $(V4_RESULTS)/source-ablation.json

# v4 against v3 per held-back source, on the same images (ml/vision/v3/compare_runs.py; seconds)
# -> $(V4_RESULTS)/versus-v3.json
.PHONY: compare-vision-v4
compare-vision-v4: vision-v3-deps
	$(V3_PY) -m $(V3_MOD).compare_runs --old $(V3_DIR)/results/run4-folds --new $(V4_RESULTS) --out $(V4_RESULTS)/versus-v3.json \
	  $(if $(wildcard $(V4_V3_ON_NEW)),--old-network $(V4_V3_ON_NEW))

# Each fold's network (not `all`: that one is served, export-vision-v4) -> $(V3_CACHE)/export-v4/<fold>/
# vision-v3.{onnx,json}, a manifest like the served one (trainedOn.fold names the fold), no fixture; the
# served artifacts and the test fixtures are not touched. Read by vision-v4-heldback-served.
V4_HELDBACK_FOLDS ?= $(filter-out all,$(V4_FOLDS))
V4_EXPORTS := $(V3_CACHE)/export-v4
.PHONY: export-vision-v4-folds vision-v4-heldback-served
export-vision-v4-folds: vision-v3-deps
	@for f in $(V4_HELDBACK_FOLDS); do \
	  $(V3_PY) -m $(V3_MOD).export_v3 --checkpoint $(V3_CACHE)/finetune-v4/$$f/model.pt --out $(V4_EXPORTS)/$$f \
	    --version $(V4_VERSION)-fold.$$f --no-fixture >/dev/null || exit 1; \
	  echo "fold $$f -> $(V4_EXPORTS)/$$f/vision-v3.onnx"; \
	done

# The held-back images of $(V4_RESULTS) scored through the served path (frame-extractor's stored JPEG,
# the analyzer's decode and v3Predict on each fold's ONNX): $(V4_RESULTS)/heldback-served.{tsv,json},
# which readV3Results (calibrate-v3.ts) then reads instead of heldback.tsv (docs/vision-v3.md, "Held-back
# scores through the served path"). V4_SERVED_ARGS: e.g. --limit 64 (a trial, written under the cache).
V4_SERVED_ARGS ?=
vision-v4-heldback-served: install
	nice -n 10 npx tsx ml/vision/v3-heldback-served.ts $(V4_RESULTS) --exports $(V4_EXPORTS) $(V4_SERVED_ARGS)

# The network trained on every source (fold `all`) -> the served artifacts/vision-v3.{onnx,json} at
# version $(V4_VERSION), and the export-equality fixture test/fixtures/v3-export.fixture.json.
export-vision-v4: vision-v3-deps
	$(V3_PY) -m $(V3_MOD).export_v3 --checkpoint $(V3_CACHE)/finetune-v4/all/model.pt --out $(V3_CACHE)/export-v4/all --version $(V4_VERSION)
	cp $(V3_CACHE)/export-v4/all/vision-v3.onnx $(V3_CACHE)/export-v4/all/vision-v3.json services/vision-inference/artifacts/
	cp $(V3_CACHE)/export-v4/all/vision-v3.fixture.json services/vision-inference/test/fixtures/v3-export.fixture.json

# Calibrators and operating points of $(V4_RESULTS) (the served path's held-back scores when
# vision-v4-heldback-served has run) -> artifacts/vision-v3.calibration.json, merged into calibration.json.
calibrate-vision-v4: install
	npx tsx ml/vision/calibrate-v3.ts $(V4_RESULTS)
