"""Summarises the held-back folds of a v3 run (probe.py or finetune.py output) and applies the
publishing rule; writes what is committed under ml/vision/v3/results/<run>/.

usage: /usr/bin/python3 report_v3.py --data <kit images> --run <dir with A/ B/ C/ or probe-*.json> --out <results dir>

Writes <out>/summary.json (per class: verdict, why, every held-back source's figures),
<out>/heldback.tsv (every held-back image: fold, file, source family, real, photo, and per
candidate class its score and target 1/0/empty: what calibrate-v3.ts fits Platt calibrators on)
and copies each fold's training log.
"""
import argparse
import csv
import hashlib
import json
import os
import shutil

import numpy as np

from ml.vision.v3 import kit3
from ml.vision.v3 import probe


def fold_outputs(run, fold):
    """(figures, scores tsv path, log path) of one fold, finetune.py's layout or probe.py's."""
    ft = os.path.join(run, fold, 'metrics.json')
    if os.path.exists(ft):
        return json.load(open(ft)), os.path.join(run, fold, 'heldback-scores.tsv'), os.path.join(run, fold, 'train.log')
    return json.load(open(os.path.join(run, f'probe-{fold}.json'))), os.path.join(run, 'heldback-scores.tsv'), None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--data', required=True)
    ap.add_argument('--run', required=True)
    ap.add_argument('--out', required=True)
    a = ap.parse_args()
    items = {it['file']: it for it in kit3.load_kit(a.data)}
    os.makedirs(a.out, exist_ok=True)
    per_fold, meta, rows = {}, {}, []
    for fold in kit3.FOLD_NAMES:
        m, scores, log = fold_outputs(a.run, fold)
        meta[fold] = {k: v for k, v in m.items() if k != 'figures'}
        fold_rows = [r for r in csv.DictReader(open(scores), delimiter='\t') if r['fold'] == fold]
        # The figures are recomputed from the scores as written (6 decimals), so that the committed
        # summary and heldback.tsv agree exactly; they differ from the training log's by ties only.
        held_items = [items[r['file']] for r in fold_rows]
        probs = np.array([[float(r[c]) for c in kit3.CLASSES] for r in fold_rows], np.float64)
        per_fold[fold] = probe.figures(held_items, probs, kit3.held_sources(fold))
        for r in fold_rows:
            it = items[r['file']]
            row = [fold, r['file'], kit3.family(it['source']), str(int(it['real'])), str(int(it['photo']))]
            for c in kit3.CANDIDATES:
                t = it['targets'][kit3.CLASSES.index(c)]
                row += [r[c], '' if t is None else str(t)]
            rows.append(row)
        if log:
            shutil.copy(log, os.path.join(a.out, f'train-{fold}-log.txt'))
    summary = probe.verdicts(per_fold)
    labels_sha = hashlib.sha256(open(os.path.join(a.data, 'labels.csv'), 'rb').read()).hexdigest()
    json.dump({'labelsSha256': labels_sha, 'folds': {f: sorted(kit3.FOLDS[f]) for f in kit3.FOLD_NAMES},
               'families': kit3.FAMILIES, 'runs': meta,
               'rule': {'minSources': probe.MIN_SOURCES, 'minPositives': probe.MIN_POSITIVES, 'minRocAuc': probe.MIN_ROC_AUC},
               'subsets': {c: 'real' if c in kit3.REAL_SUBSET else 'photo' for c in kit3.CLASSES},
               'classes': summary}, open(os.path.join(a.out, 'summary.json'), 'w'), indent=1)
    with open(os.path.join(a.out, 'heldback.tsv'), 'w') as f:
        f.write('\t'.join(['fold', 'file', 'source', 'real', 'photo'] + [x for c in kit3.CANDIDATES for x in (c, f'{c}.target')]) + '\n')
        for r in rows:
            f.write('\t'.join(r) + '\n')
    probe.print_verdicts(summary)


if __name__ == '__main__':
    main()
