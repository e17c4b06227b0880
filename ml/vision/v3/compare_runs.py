"""Two runs' held-back figures on the same images (vision v4 against v3, docs/vision-v4.md): per
candidate class and held-back source of the newer run, the ROC-AUC of each run on that source's
positives against the negatives both runs held back in the folds that held the source (so that a
figure moves only by what the network learnt, not by what it is measured on). A source the older run
never held back (new data, or trained on there) gets the newer run's figure alone.

usage: /usr/bin/python3 compare_runs.py --old <results/run4-folds> --new <results/run5-batch7> --out <json>
         [--old-network <tsv>]
--old-network: the older served network (trained on every source of ITS kit) scoring the newer run's
held-back rows (train/v3-heldback-served.ts --model-for-all, heldback.tsv's columns): on the sources
that are all new (batch 7 files only) it never saw them either, so both figures are held back
(`oldNetwork` beside `new`, same positives and negatives).
Sources are split by file-name prefix where a family joins repositories (Samet's pistols are in
Alema1's family in v4: `real7_samet_` against `real3_alemagun_`).
"""
import argparse
import csv
import json
import os

import numpy as np

from ml.lib.metrics import roc_auc

CLASSES = ['firearm', 'knife', 'violence', 'smoking_and_tobacco', 'pills', 'alcohol', 'nazi_swastika', 'middle_finger_gesture']
REAL_SUBSET = {'nazi_swastika'}
MIN_POSITIVES = 10


def read(path):
    """A held-back scores file (heldback.tsv's columns) by file."""
    return {r['file']: r for r in csv.DictReader(open(path, newline=''), delimiter='\t')}


def batch7_split(file, source, older):
    """Source label for the figure: the family, with batch 7's files of a source that had earlier files
    (`older`) named apart."""
    name = os.path.basename(file)
    if name.startswith('real7_') and source in older:
        return f'{source} [batch 7: {name.split("_")[1]}]'
    return source


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--old', required=True)
    ap.add_argument('--new', required=True)
    ap.add_argument('--out', required=True)
    ap.add_argument('--old-network')
    a = ap.parse_args()
    old, new = read(os.path.join(a.old, 'heldback.tsv')), read(os.path.join(a.new, 'heldback.tsv'))
    old_net = read(a.old_network) if a.old_network else {}
    # The older network's scores come through the served path: compare them with the newer folds' own.
    served_path = os.path.join(a.new, 'heldback-served.tsv')
    new_served = read(served_path) if old_net and os.path.exists(served_path) else {}
    older = {r['source'] for f, r in new.items() if not os.path.basename(f).startswith('real7_')}
    out = []
    for c in CLASSES:
        if f'{c}.target' not in next(iter(new.values())):
            continue
        subset = (lambda r: r['real'] == '1') if c in REAL_SUBSET else (lambda r: r['photo'] == '1')
        groups = {}
        for f, r in new.items():
            if subset(r) and r[f'{c}.target'] == '1':
                groups.setdefault(batch7_split(f, r['source'], older), []).append(f)
        for src, pos in sorted(groups.items()):
            if len(pos) < MIN_POSITIVES:
                continue
            folds_new = {new[f]['fold'] for f in pos}
            neg_new = [f for f, r in new.items() if r['fold'] in folds_new and subset(r) and r[f'{c}.target'] == '0']
            entry = {'class': c, 'source': src, 'positives': len(pos), 'newFold': '/'.join(sorted(folds_new))}
            y = np.array([1] * len(pos) + [0] * len(neg_new))
            entry['new'] = round(float(roc_auc(y, np.array([float(new[f][c]) for f in pos + neg_new]))), 4)
            entry['newNegatives'] = len(neg_new)
            if old_net and all(os.path.basename(f).startswith('real7_') for f in pos):
                entry['oldNetwork'] = round(float(roc_auc(y, np.array([float(old_net[f][c]) for f in pos + neg_new]))), 4)
                if new_served:
                    entry['newServedPath'] = round(float(roc_auc(y, np.array([float(new_served[f][c]) for f in pos + neg_new]))), 4)
            if all(f in old for f in pos):
                folds_old = {old[f]['fold'] for f in pos}
                both = [f for f in neg_new if f in old and old[f]['fold'] in folds_old and old[f].get(f'{c}.target') == '0']
                y = np.array([1] * len(pos) + [0] * len(both))
                entry['sameImages'] = {
                    'negatives': len(both),
                    'old': round(float(roc_auc(y, np.array([float(old[f][c]) for f in pos + both]))), 4),
                    'new': round(float(roc_auc(y, np.array([float(new[f][c]) for f in pos + both]))), 4),
                }
            out.append(entry)
            same = entry.get('sameImages')
            print(f"{c:22s} {src[:60]:60s} {len(pos):5d}  new {entry['new']:.3f}" + (f"  same images: old {same['old']:.3f} -> new {same['new']:.3f} ({same['negatives']} negatives)" if same else f"  (new source{'; served path: older network ' + format(entry['oldNetwork'], '.3f') + ', newer ' + format(entry.get('newServedPath', float('nan')), '.3f') if 'oldNetwork' in entry else ''})"))
    json.dump({'about': __doc__.split('\n\n')[0], 'old': os.path.basename(os.path.normpath(a.old)), 'new': os.path.basename(os.path.normpath(a.new)), 'sources': out},
              open(a.out, 'w'), indent=1)


if __name__ == '__main__':
    main()
