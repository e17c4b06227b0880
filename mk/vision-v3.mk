# Vision v3: Google's ImageNet MobileNetV2 1.0/224 (uint8 TF Lite) as the backbone to fine-tune.
# Python/PyTorch for conversion and training only (Debian python3-torch, run with /usr/bin/python3);
# serving stays on onnxruntime-node. The .tflite lives beside the repository in
# ../shared/models/imagenet-mobilenet-v2/ and is never committed; neither is the converted .pt.
# The scripts are one Python package (ml/): run as modules from the repository root, so they import each
# other and ml/lib by name (no sys.path).
V3_DIR := ml/vision/v3
V3_MOD := ml.vision.v3
V3_CACHE := ml/vision/.cache/v3
V3_PY := nice -n 10 /usr/bin/python3
V3_DATA ?= ../shared/data/images
V3_TFLITE ?= ../shared/models/imagenet-mobilenet-v2/mobilenet_v2_1.0_224_quant.tflite
V3_THREADS ?= 1
# The Python that runs the ORIGINAL graph for the agreement fixture (tflite_reference.py). A venv with
# tensorflow-cpu gives TensorFlow's TF Lite interpreter (make vision-v3-tflite-venv); without it the
# numpy reference interpreter check_tflite.py beside the model is used. The fixture records which.
V3_TFLITE_VENV ?= $(HOME)/tfref
V3_TFLITE_PY ?= $(if $(wildcard $(V3_TFLITE_VENV)/bin/python),$(V3_TFLITE_VENV)/bin/python,/usr/bin/python3)
V3_TF_VERSION ?= 2.21.0
# Further convert_tflite.py options, e.g. --timing (one 224 px forward on 1 and 2 threads -> convert.json)
V3_ARGS ?=

.PHONY: vision-v3-deps vision-v3-tflite-venv convert-imagenet-torch

# PyTorch, Pillow, numpy, a font for the caption augmentation, and scikit-learn for the linear probe (probe.py).
V3_APT := python3-torch python3-torchvision python3-pil python3-numpy fonts-dejavu-core python3-sklearn
vision-v3-deps:
	@dpkg -s $(V3_APT) >/dev/null 2>&1 || { \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update && $$SUDO apt-get install -y --no-install-recommends $(V3_APT); }

# Optional: TensorFlow's TF Lite interpreter as the reference (a venv of the pyenv/system python3,
# whatever pip index is configured). Not needed by anything else.
vision-v3-tflite-venv:
	@[ -x $(V3_TFLITE_VENV)/bin/python ] || python3 -m venv $(V3_TFLITE_VENV)
	$(V3_TFLITE_VENV)/bin/pip install tensorflow-cpu==$(V3_TF_VERSION) numpy

# .tflite -> $(V3_CACHE)/imagenet_mobilenet_v2.pt (deterministic; sha256s in convert.json) and the
# agreement fixture test/fixtures/v3-converter.json (checked by test/v3-converter.test.ts).
convert-imagenet-torch: install vision-v3-deps
	@[ -f $(V3_TFLITE) ] || { echo "missing $(V3_TFLITE) (see ../shared/models/imagenet-mobilenet-v2/README.md)"; exit 1; }
	$(V3_PY) -m $(V3_MOD).convert_tflite --tflite $(V3_TFLITE) --out $(V3_CACHE) --data $(V3_DATA) \
	  --fixture services/vision-inference/test/fixtures/v3-converter.json \
	  --ref-python $(V3_TFLITE_PY) --threads $(V3_THREADS) $(V3_ARGS)

# Training (docs/vision-v3.md). One prefix cache of every view (frozen stem and blocks 0-12, float16,
# shared by every fold), the converted backbone's embeddings from it, the linear probe per fold, then
# LP-FT per fold (A, B, C: held-back figures; all: the served network), the report with the publishing
# rule, the ONNX export and the calibrators. V3_RUN names the results folder that is committed.
V3_RUN ?= run4-folds
V3_EPOCHS ?= 4
V3_TRAIN_THREADS ?= 1
V3_FOLDS ?= A B C all
V3_RESULTS := $(V3_DIR)/results/$(V3_RUN)
V3_TRAIN_ARGS ?=

.PHONY: train-vision-v3 export-vision-v3 calibrate-vision-v3

$(V3_CACHE)/imagenet_mobilenet_v2.pt:
	$(MAKE) convert-imagenet-torch

train-vision-v3: install vision-v3-deps $(V3_CACHE)/imagenet_mobilenet_v2.pt
	$(V3_PY) -m $(V3_MOD).finetune --data $(V3_DATA) --weights $(V3_CACHE)/imagenet_mobilenet_v2.pt \
	  --cache $(V3_CACHE)/prefix --out $(V3_CACHE)/finetune --threads $(V3_TRAIN_THREADS) \
	  --embeddings $(V3_CACHE)/features-224.npz
	$(V3_PY) -m $(V3_MOD).probe --data $(V3_DATA) --features $(V3_CACHE)/features-224.npz --out $(V3_CACHE)/probe
	@for f in $(V3_FOLDS); do \
	  $(V3_PY) -m $(V3_MOD).finetune --data $(V3_DATA) --weights $(V3_CACHE)/imagenet_mobilenet_v2.pt \
	    --cache $(V3_CACHE)/prefix --probe $(V3_CACHE)/probe --out $(V3_CACHE)/finetune --fold $$f \
	    --epochs $(V3_EPOCHS) --threads $(V3_TRAIN_THREADS) $(V3_TRAIN_ARGS) || exit 1; \
	done
	$(V3_PY) -m $(V3_MOD).report_v3 --data $(V3_DATA) --run $(V3_CACHE)/probe --out $(V3_RESULTS)/probe
	$(V3_PY) -m $(V3_MOD).report_v3 --data $(V3_DATA) --run $(V3_CACHE)/finetune --out $(V3_RESULTS)

# The network trained on every source -> artifacts/vision-v3.{onnx,json}, fixture for the export test.
# V3_VERSION is the served model's version (results name it): new weights, new version (3.0.0 was run 1).
V3_VERSION ?= 3.1.0
export-vision-v3: vision-v3-deps
	$(V3_PY) -m $(V3_MOD).export_v3 --checkpoint $(V3_CACHE)/finetune/all/model.pt --out $(V3_CACHE)/export --version $(V3_VERSION)
	cp $(V3_CACHE)/export/vision-v3.onnx $(V3_CACHE)/export/vision-v3.json services/vision-inference/artifacts/
	cp $(V3_CACHE)/export/vision-v3.fixture.json services/vision-inference/test/fixtures/v3-export.fixture.json

# Vision v3 against the model a class is already served by (alcohol: the COCO detector; marijuana: the
# heads), on the same held-back images: $(V3_RESULTS)/versus-served.{json,tsv} (~3 min; a record,
# the service does not switch on it).
.PHONY: compare-vision-v3
compare-vision-v3: install
	npx tsx ml/vision/v3-versus-served.ts $(V3_RESULTS)

# The object detector's v3 gate (VISION_OBJECTS_GATE) on a grid of gates, from the committed held-back
# scores and versus-served.tsv: $(V3_RESULTS)/objects-gate.json (seconds).
.PHONY: objects-gate-report
objects-gate-report: install
	npx tsx ml/vision/objects-gate-report.ts $(V3_RESULTS)

# Platt calibrators of the classes that pass, from the committed held-back scores.
calibrate-vision-v3: install
	npx tsx ml/vision/calibrate-v3.ts $(V3_RESULTS)
