"""How much each batch-7 source moves each held-back figure (vision v4, docs/vision-v4.md): the linear
probe (probe.py's heads on the converted backbone's frozen embeddings) of every fold fitted with and
without each group of new sources, and measured on the same held-back sources each time.

usage: /usr/bin/python3 source_ablation.py --data <kit images> --features <features-v4-224.npz> --out <json>

A group is dropped from training only (its images stay held back where their fold holds them, so
a fold's held-back set never changes between fits). The fine-tuned network cannot be refitted per group
on two cores within the hour; the probe is what fine-tuning starts from, so it shows which data moves
which held-back source, not the served figures. Deterministic (lbfgs on a fixed data order).
"""
import argparse
import json
import os
import sys

import numpy as np

from ml.vision.v3 import kit3
from ml.vision.v3 import probe

# The batch-7 files of each group (file names real7_<repo-short>_*; README "Image batch 7").
GROUPS = {
    'batch 7 (all of it)': lambda it: os.path.basename(it['file']).startswith('real7_'),
    'A-eye (bardan-dhakal)': lambda it: it['source'] == 'bardan-dhakal/A-eye_Weapons-Detection',
    'stars-vthacks, batch 7 files': lambda it: it['source'] == 'yatinmanuel/stars-vthacks' and os.path.basename(it['file']).startswith('real7_'),
    'Samet pistols': lambda it: it['source'].startswith('Samet-Berkay-Taskin/'),
    'CORe50 hard negatives': lambda it: it['source'] == 'giacomobartoli/core50_segmentation',
    'batch 7 violence sources': lambda it: os.path.basename(it['file']).startswith('real7_') and it['source'] in VIOLENCE7,
}
VIOLENCE7 = {
    'Krishna-pathak1535/smart-city-violence-detection', 'kookmin-sw/capstone-2021-23', 'ciel-oliver/Violence-Detection-software-and-databases',
    'adittb1/Violence_Detector', 'minsuk-sung/boaz-adv-project', 'zlh123123/ViolenceClass', 'Faizullin/violence-detector',
    'usmanmalik321/violence-detection-model', 'huseyin-dgn/MotionFighter-for-YOLO', 'vietsaclo/HanhViBaoLuc',
}
CLASSES = ['firearm', 'knife', 'violence', 'smoking_and_tobacco', 'pills']


def fold_figures(items, emb, crop_emb, crop_image, t_all, t_crop, fold, drop, c_reg):
    held = kit3.held_sources(fold)
    train = np.array([it['source'] not in held and not drop(it) for it in items])
    crops = np.array([train[i] for i in crop_image], bool)
    x = np.concatenate([emb[train, 0], emb[train, 1], crop_emb[crops, 0], crop_emb[crops, 1]])
    keep = [kit3.CLASSES.index(c) for c in CLASSES]
    t = np.concatenate([t_all[train], t_all[train], t_crop[crops], t_crop[crops]])[:, keep]
    heads = probe.fit_heads(x, t, c_reg)
    idx = np.array([i for i, it in enumerate(items) if it['source'] in held])
    probs = np.zeros((len(idx), len(kit3.CLASSES)), np.float32)  # classes not studied: a constant, never read
    probs[:, keep] = probe.score(heads, emb[idx, 0])
    figs = probe.figures([items[i] for i in idx], probs, held)
    out = {}
    for c in CLASSES:
        sub = 'real' if c in kit3.REAL_SUBSET else 'photo'
        for r in figs[c]:
            if r['subset'] == sub and r['positives'] >= probe.MIN_POSITIVES and r['rocAuc'] is not None:
                out[f"{c}|{r['source']}"] = round(r['rocAuc'], 4)
    return out, int(train.sum())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--data', required=True)
    ap.add_argument('--features', required=True)
    ap.add_argument('--out', required=True)
    ap.add_argument('--c', type=float, default=0.05)
    a = ap.parse_args()
    f = np.load(a.features)
    items = kit3.load_kit(a.data)
    if [it['file'] for it in items] != list(f['files']):
        sys.exit('features were computed on another labels.csv')
    emb, crop_emb, crop_image = f['embeddings'], f['crop_embeddings'], f['crop_image']
    t_all = np.array([[np.nan if v is None else v for v in it['targets']] for it in items], np.float32)
    t_crop = probe.crop_targets(items, crop_image, f['crop_label'])
    result = {'about': __doc__.split('\n\n')[0], 'c': a.c, 'labelsSha256': str(f['labels_sha256']), 'folds': {}}
    for fold in kit3.FOLD_NAMES:
        base, n = fold_figures(items, emb, crop_emb, crop_image, t_all, t_crop, fold, lambda it: False, a.c)
        entry = {'trainImages': n, 'with': base, 'without': {}}
        for name, drop in GROUPS.items():
            held = kit3.held_sources(fold)
            if not any(drop(it) and it['source'] not in held for it in items):
                continue  # the group is held back in this fold: dropping it from training changes nothing
            figs, m = fold_figures(items, emb, crop_emb, crop_image, t_all, t_crop, fold, drop, a.c)
            entry['without'][name] = {'trainImages': m, 'figures': figs, 'delta': {k: round(base[k] - v, 4) for k, v in figs.items() if k in base}}
            moved = ', '.join(f'{k} {d:+.3f}' for k, d in entry['without'][name]['delta'].items() if abs(d) >= 0.005)
            print(f'fold {fold}, adding {name}: {moved or "nothing moved by 0.005 or more"}', flush=True)
        result['folds'][fold] = entry
    os.makedirs(os.path.dirname(os.path.abspath(a.out)), exist_ok=True)
    json.dump(result, open(a.out, 'w'), indent=1)


if __name__ == '__main__':
    main()
