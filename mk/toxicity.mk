# Toxicity model (services/text-toxicity): training, evaluation and benchmark. See docs/toxicity.md.
.PHONY: train-toxicity eval-toxicity bench-toxicity

# Reads ../shared/data (override: TOXICITY_DATA_DIR), writes services/text-toxicity/artifacts/toxicity-v1/.
train-toxicity: install
	npx tsx services/text-toxicity/train/train.ts

# Without CSV: validation split + held-out HateCheck functionalities; CSV=path: any labelled CSV.
eval-toxicity: install
	npx tsx services/text-toxicity/train/eval.ts $(if $(CSV),--csv $(CSV))

bench-toxicity: install
	npx tsx bench/toxicity.bench.ts
