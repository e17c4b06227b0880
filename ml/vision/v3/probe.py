"""Linear probe on frozen v3 features, measured on whole held-back source repositories.

usage: /usr/bin/python3 probe.py --data <kit images> --features <features.npz> --out <dir> [--c 0.05]

For each fold (kit3.FOLDS) one logistic regression per class is fitted on the training sources'
images (plain and mirrored views, plus the object crops of images with boxes), and scores the
held-back images' plain view (what the service sees). Figures per class and held-back source
(family), as v2 measured them: that source's positives against every known negative among the
fold's held-back real images, on photographs (all real images for REAL_SUBSET classes).
Publishing rule: >= 2 held-back source families with >= 10 positives each, worst ROC-AUC >= 0.85.
Fold 'all' fits on every image: the head v3 serves (or starts fine-tuning from).
Writes <out>/probe-<fold>.json (figures), <out>/summary.json (rule verdicts) and
<out>/heldback-scores.tsv (each held-back image's score per class: the calibration data).
"""
import argparse
import json
import os
import sys

import numpy as np
from sklearn.linear_model import LogisticRegression

from ml.vision.v3 import kit3

from ml.lib.metrics import average_precision, ece, roc_auc

MIN_POSITIVES = 10
MIN_SOURCES = 2
MIN_ROC_AUC = 0.85


def crop_targets(items, crop_image, crop_label):
    """A crop is positive for its box's class; for the other harmful classes it keeps a known
    negative of its image (a cigarette crop from a smoking set is no firearm) and is unknown
    where the image is positive or unknown (a weapon photo's knife crop may hold the gun too);
    format classes are unknown."""
    t = np.full((len(crop_image), len(kit3.CLASSES)), np.nan, np.float32)
    for r, (i, label) in enumerate(zip(crop_image, crop_label)):
        for k, c in enumerate(kit3.CLASSES):
            if c == label:
                t[r, k] = 1
            elif c in kit3.HARMFUL and items[i]['targets'][k] == 0:
                t[r, k] = 0
    return t


def fit_heads(x, t, c_reg):
    """Per class: (weights [D], bias) of a logistic regression on the known targets, with the
    features standardised by (mean, std) folded into the weights; None where a class has no
    positives or no negatives."""
    mean, std = x.mean(0), x.std(0) + 1e-6
    z = (x - mean) / std
    heads = []
    for k in range(t.shape[1]):
        known = ~np.isnan(t[:, k])
        y = t[known, k]
        if y.sum() == 0 or y.sum() == len(y):
            heads.append(None)
            continue
        lr = LogisticRegression(C=c_reg, class_weight='balanced', max_iter=3000)
        lr.fit(z[known], y)
        w = lr.coef_[0] / std
        heads.append((w.astype(np.float32), float(lr.intercept_[0] - (lr.coef_[0] * mean / std).sum())))
    return heads


def score(heads, x):
    out = np.full((len(x), len(heads)), np.nan, np.float32)
    for k, h in enumerate(heads):
        if h is not None:
            out[:, k] = 1 / (1 + np.exp(-(x @ h[0] + h[1])))
    return out


def figures(items, probs, held):
    """Per class: one entry per held-back source family with positives, on photographs and on all
    real images."""
    res = {}
    families = sorted(set(kit3.family(s) for s in held))
    for k, c in enumerate(kit3.CLASSES):
        per = []
        for fam in families:
            for subset in ('real', 'photo'):
                ok = [it['real'] and (subset == 'real' or it['photo']) for it in items]
                pos = [i for i, it in enumerate(items) if ok[i] and kit3.family(it['source']) == fam and it['targets'][k] == 1]
                if not pos:
                    continue
                neg = [i for i, it in enumerate(items) if ok[i] and it['targets'][k] == 0]
                y = np.array([1] * len(pos) + [0] * len(neg))
                p = probs[pos + neg, k]
                per.append({'source': fam, 'subset': subset, 'positives': len(pos), 'negatives': len(neg),
                            'negativeSources': sorted(set(kit3.family(items[i]['source']) for i in neg)),
                            'rocAuc': roc_auc(y, p), 'ap': average_precision(y, p), 'ece': ece(y, p)})
        res[c] = per
    return res


def candidate_line(figs):
    """One line of a fold's figures: each candidate class's ROC-AUC per counted held-back source."""
    parts = []
    for c in kit3.CANDIDATES:
        sub = 'real' if c in kit3.REAL_SUBSET else 'photo'
        f = [f"{r['rocAuc']:.3f}" for r in figs[c] if r['subset'] == sub and r['rocAuc'] is not None and r['positives'] >= MIN_POSITIVES]
        if f:
            parts.append(f"{c} {'/'.join(f)}")
    return '; '.join(parts)


def print_verdicts(summary):
    for c, v in summary.items():
        if v['candidate']:
            print(f"{c:24s} {'PASS' if v['passes'] else 'fail'}  {v['why']}")


def verdicts(per_fold):
    """The publishing rule over every fold's figures, per candidate class."""
    out = {}
    for c in kit3.CLASSES:
        subset = 'real' if c in kit3.REAL_SUBSET else 'photo'
        rows = [dict(r, fold=f) for f, figs in per_fold.items() for r in figs[c] if r['subset'] == subset]
        counted = [r for r in rows if r['positives'] >= MIN_POSITIVES and r['rocAuc'] is not None]
        worst = min((r['rocAuc'] for r in counted), default=None)
        passes = len(counted) >= MIN_SOURCES and worst is not None and worst >= MIN_ROC_AUC
        if len(counted) < MIN_SOURCES:
            why = f'{len(counted)} held-back source(s) with >= {MIN_POSITIVES} positives (needs {MIN_SOURCES})'
        elif not passes:
            why = f'worst held-back ROC-AUC {worst:.3f} < {MIN_ROC_AUC}'
        else:
            why = f'worst held-back ROC-AUC {worst:.3f} over {len(counted)} sources'
        out[c] = {'candidate': c in kit3.CANDIDATES, 'passes': passes, 'why': why, 'worstRocAuc': worst,
                  'sources': [{k: r[k] for k in ('fold', 'source', 'positives', 'negatives', 'rocAuc', 'ap')} for r in rows]}
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--data', required=True)
    ap.add_argument('--features', required=True)
    ap.add_argument('--out', required=True)
    ap.add_argument('--c', type=float, default=0.05, help='inverse L2 strength on standardised features')
    ap.add_argument('--folds', default=','.join(kit3.FOLD_NAMES + ['all']))
    a = ap.parse_args()
    f = np.load(a.features)
    items = kit3.load_kit(a.data)
    if [it['file'] for it in items] != list(f['files']):
        sys.exit('features were computed on another labels.csv: run features.py again')
    emb, crop_emb = f['embeddings'], f['crop_embeddings']
    t_all = np.array([[np.nan if v is None else v for v in it['targets']] for it in items], np.float32)
    t_crop = crop_targets(items, f['crop_image'], f['crop_label'])
    os.makedirs(a.out, exist_ok=True)
    per_fold, scores_rows = {}, []
    for fold in a.folds.split(','):
        held = kit3.held_sources(fold)
        train = np.array([it['source'] not in held for it in items])
        crops = np.array([items[i]['source'] not in held for i in f['crop_image']], bool)
        x = np.concatenate([emb[train, 0], emb[train, 1], crop_emb[crops, 0], crop_emb[crops, 1]])
        t = np.concatenate([t_all[train], t_all[train], t_crop[crops], t_crop[crops]])
        heads = fit_heads(x, t, a.c)
        # The fitted heads (what fine-tuning starts from); a class with no positives gets a bias
        # that keeps it off.
        np.savez(os.path.join(a.out, f'heads-{fold}.npz'), classes=np.array(kit3.CLASSES),
                 weights=np.stack([h[0] if h else np.zeros(emb.shape[2], np.float32) for h in heads]),
                 bias=np.array([h[1] if h else -20.0 for h in heads], np.float32))
        if fold == 'all':
            continue
        idx = np.where(~train)[0]
        probs = score(heads, emb[idx, 0])
        held_items = [items[i] for i in idx]
        per_fold[fold] = figures(held_items, probs, held)
        json.dump({'fold': fold, 'c': a.c, 'trainImages': int(train.sum()), 'trainCrops': int(crops.sum()),
                   'heldBackImages': len(idx), 'figures': per_fold[fold]}, open(os.path.join(a.out, f'probe-{fold}.json'), 'w'), indent=1)
        for j, it in enumerate(held_items):
            scores_rows.append([fold, it['file'], it['source']] + [f'{p:.6f}' for p in probs[j]])
        for c in kit3.CANDIDATES:
            sub = 'real' if c in kit3.REAL_SUBSET else 'photo'
            figs = [f"{r['source'].split('/')[0]} {r['positives']}: {r['rocAuc']:.3f}" for r in per_fold[fold][c] if r['subset'] == sub and r['rocAuc'] is not None]
            if figs:
                print(f'fold {fold} {c}: ' + '; '.join(figs))
    if per_fold:
        summary = verdicts(per_fold)
        json.dump({'c': a.c, 'labelsSha256': str(f['labels_sha256']), 'weightsSha256': str(f['weights_sha256']),
                   'size': int(f['size']), 'classes': summary}, open(os.path.join(a.out, 'summary.json'), 'w'), indent=1)
        with open(os.path.join(a.out, 'heldback-scores.tsv'), 'w') as out:
            out.write('\t'.join(['fold', 'file', 'source'] + kit3.CLASSES) + '\n')
            for r in scores_rows:
                out.write('\t'.join(r) + '\n')
        print_verdicts(summary)


if __name__ == '__main__':
    main()
