"""Held-back quality figures shared by the vision trainers (v2 train.py, v3): ROC-AUC (Mann-Whitney,
ties counted half), average precision and expected calibration error (10 bins)."""
import numpy as np


def roc_auc(y, s):
    y, s = np.asarray(y), np.asarray(s, dtype=np.float64)
    pos, neg = s[y == 1], s[y == 0]
    if len(pos) == 0 or len(neg) == 0:
        return None
    # Mann-Whitney U with ties counted half
    order = np.argsort(np.concatenate([pos, neg]), kind='mergesort')
    allv = np.concatenate([pos, neg])[order]
    ranks = np.empty(len(allv))
    i = 0
    while i < len(allv):
        j = i
        while j + 1 < len(allv) and allv[j + 1] == allv[i]:
            j += 1
        ranks[i:j + 1] = (i + j) / 2 + 1
        i = j + 1
    r = np.empty(len(allv))
    r[order] = ranks
    return float((r[:len(pos)].sum() - len(pos) * (len(pos) + 1) / 2) / (len(pos) * len(neg)))


def average_precision(y, s):
    y, s = np.asarray(y), np.asarray(s)
    if y.sum() == 0:
        return None
    o = np.argsort(-s, kind='mergesort')
    y = y[o]
    tp = np.cumsum(y)
    prec = tp / np.arange(1, len(y) + 1)
    return float((prec * y).sum() / y.sum())


def ece(y, p, bins=10):
    y, p = np.asarray(y, dtype=np.float64), np.asarray(p, dtype=np.float64)
    idx = np.minimum((p * bins).astype(int), bins - 1)
    e = 0.0
    for b in range(bins):
        m = idx == b
        if m.any():
            e += m.sum() / len(p) * abs(p[m].mean() - y[m].mean())
    return float(e)
