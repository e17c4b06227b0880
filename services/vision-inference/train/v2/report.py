"""Summarises the held-back folds of a train.py run and applies the publishing rule.

usage: /usr/bin/python3 report.py <train out dir> [--copy-to <dir>]

Rule (issue 10): a candidate class passes only if at least two independent held-back source
repositories have >= MIN_POS positives of it, and its WORST ROC-AUC over those sources is >= 0.85,
each source's positives scored against every known negative of its fold's held-back real images.
Evaluation subset: photographs ('photo') for the object classes; for nazi_swastika and meme, whose
real positives are in-the-wild memes (drawn, not photographs), all real images ('real').
Writes <dir>/summary.json and <dir>/manifest.tsv (every kit image with sha256, source and its split
in each fold) and prints a markdown table. Nothing is published by this script."""
import argparse
import json
import os
import shutil

from data import REAL_SUBSET  # this folder is on sys.path when the script runs

MIN_POS = 10
AUC_MIN = 0.85


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('dir')
    ap.add_argument('--copy-to')
    a = ap.parse_args()
    folds = {}
    for f in sorted(os.listdir(a.dir)):
        m = os.path.join(a.dir, f, 'metrics.json')
        if os.path.exists(m) and f != 'all':
            folds[f] = json.load(open(m))
    if not folds:
        raise SystemExit(f'no held-back folds in {a.dir}')
    any_fold = next(iter(folds.values()))
    summary = {'rule': f'>= 2 held-back sources with >= {MIN_POS} positives, worst ROC-AUC >= {AUC_MIN}', 'folds': {}, 'classes': {}}
    for f, m in folds.items():
        summary['folds'][f] = {'heldBackSources': m['heldBackSources'], 'trainImages': m['trainImages'], 'heldBackImages': m['heldBackImages'],
                               'secondsPerEpoch': m['secondsPerEpoch'], 'size': m['args']['size'], 'epochs': m['args']['epochs'],
                               'threads': m['threads'], 'totalSeconds': m['totalSeconds']}
    rows = []
    for c in any_fold['classes']:
        subset = 'real' if c in REAL_SUBSET else 'photo'
        per = []
        for f, m in folds.items():
            for r in m['perClass'].get(c, []):
                if r['subset'] == subset:
                    per.append(dict(r, fold=f))
        counted = [r for r in per if r['positives'] >= MIN_POS and r['rocAuc'] is not None]
        worst = min((r['rocAuc'] for r in counted), default=None)
        passes = len(counted) >= 2 and worst is not None and worst >= AUC_MIN
        summary['classes'][c] = {'candidate': c in any_fold['candidates'], 'subset': subset, 'sourcesCounted': len(counted),
                                 'worstRocAuc': worst, 'passes': passes, 'perSource': per}
        for r in per:
            rows.append((c, r['fold'], r['source'], subset, r['positives'], r['negatives'], r['rocAuc'], r['ap'], r['ece'],
                         'yes' if r in counted else f'no (< {MIN_POS} pos)'))
    json.dump(summary, open(os.path.join(a.dir, 'summary.json'), 'w'), indent=1)

    # one manifest: every image, sha256, source, split per fold
    split = {}
    sha = {}
    src = {}
    for f in folds:
        for line in open(os.path.join(a.dir, f, 'manifest.tsv')).read().splitlines()[1:]:
            file, h, s, sp = line.split('\t')
            sha[file], src[file] = h, s
            split.setdefault(file, {})[f] = sp
    with open(os.path.join(a.dir, 'manifest.tsv'), 'w') as fh:
        fh.write('file\tsha256\tsource\t' + '\t'.join(f'fold_{f}' for f in folds) + '\n')
        for file in sorted(sha):
            fh.write(f'{file}\t{sha[file]}\t{src[file]}\t' + '\t'.join(split[file].get(f, '-') for f in folds) + '\n')

    fmt = lambda v: '–' if v is None else f'{v:.2f}'  # noqa: E731
    print('| class | fold | held-back source | subset | pos | neg | ROC-AUC | AP | ECE | counted |')
    print('|---|---|---|---|---|---|---|---|---|---|')
    for r in rows:
        print(f'| {r[0]} | {r[1]} | {r[2]} | {r[3]} | {r[4]} | {r[5]} | {fmt(r[6])} | {fmt(r[7])} | {fmt(r[8])} | {r[9]} |')
    print()
    print('| class | candidate | sources counted | worst ROC-AUC | passes |')
    print('|---|---|---|---|---|')
    for c, s in summary['classes'].items():
        print(f"| {c} | {'yes' if s['candidate'] else 'no'} | {s['sourcesCounted']} | {fmt(s['worstRocAuc'])} | {'yes' if s['passes'] else 'no'} |")
    if a.copy_to:
        os.makedirs(a.copy_to, exist_ok=True)
        for f in folds:
            shutil.copy(os.path.join(a.dir, f, 'metrics.json'), os.path.join(a.copy_to, f'metrics-{f}.json'))
            shutil.copy(os.path.join(a.dir, f, 'train.log'), os.path.join(a.copy_to, f'train-{f}-log.txt'))
        shutil.copy(os.path.join(a.dir, 'summary.json'), a.copy_to)
        shutil.copy(os.path.join(a.dir, 'manifest.tsv'), a.copy_to)


if __name__ == '__main__':
    main()
