# Toxicity model (services/text-toxicity): training, evaluation and benchmark. See docs/toxicity.md.
.PHONY: train-toxicity train-toxicity-holdout eval-toxicity bench-toxicity

# Multilingual parts held back in the sibling run: one source of each language with several (Arabic
# MLMA, German HASOC) and one whole language (Danish), to measure a language without training data.
TOX_HOLDOUT_SPEC ?= ar:mlma,de:hasoc2019,da

# Reads ../shared/data (override: TOXICITY_DATA_DIR), writes services/text-toxicity/artifacts/toxicity-v1/.
# First the held-out sibling run (same recipe, TOX_HOLDOUT; its artifact is discarded, its figures go to
# bench/results/toxicity-holdout.{json,md} and into the served manifest's per-language figures), then the served model.
train-toxicity: install train-toxicity-holdout
	nice -n 10 npx tsx services/text-toxicity/train/train.ts

train-toxicity-holdout: install
	rm -rf node_modules/.cache/toxicity-holdout
	TOX_HOLDOUT=$(TOX_HOLDOUT_SPEC) TOXICITY_MODEL_OUT=node_modules/.cache/toxicity-holdout nice -n 10 npx tsx services/text-toxicity/train/train.ts > /dev/null

# Without CSV: validation split + held-out HateCheck functionalities + per language; CSV=path: any labelled CSV.
eval-toxicity: install
	npx tsx services/text-toxicity/train/eval.ts $(if $(CSV),--csv $(CSV))

bench-toxicity: install
	npx tsx bench/toxicity.bench.ts
