"""Vision v2: fine-tunes the converted nsfwjs MobileNetV2 end to end, multi-label over data.CLASSES,
and measures it on WHOLE held-back source repositories (data.FOLDS), never on random images.

usage: /usr/bin/python3 train.py --data <kit images dir> --init <nsfwjs_mobilenet_v2.pt> --out <dir>
         [--fold A|B|all] [--size 160] [--epochs 4] [--batch 32] [--seed 1] [--threads 1] [--label-rule narrow]

--fold A / B: trains without that fold's source repositories and evaluates on them;
--fold all: trains on every image (the model to export; no held-back figures).
Writes <out>/<fold>/model.pt (VisionV2 state dict + classes), metrics.json (per class and per
held-back source: positives, negatives, ROC-AUC, AP, ECE; timings) and manifest.tsv (every image
used: file, sha256, source, split). Deterministic for a seed on one machine (torch CPU, 1 thread)."""
import argparse
import json
import os
import random
import sys
import time

import numpy as np
import torch
import torch.nn as nn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import data as kit  # noqa: E402
from metrics import average_precision, ece, roc_auc  # noqa: E402
from model import VisionV2  # noqa: E402

FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'


class TrainSet(torch.utils.data.Dataset):
    def __init__(self, items, images, size, seed, cache_side, robust=False):
        self.items, self.size, self.seed, self.robust = items, size, seed, robust
        self.images = images
        self.cache_side = cache_side
        self.epoch = 0
        self.font = FONT if os.path.exists(FONT) else None
        # scenes to shrink positives into: real photographs with no positive label at all
        self.scenes = [i for i, it in enumerate(items) if it['real'] and it['photo'] and not any(t == 1 for c, t in zip(kit.CLASSES, it['targets']) if c != 'photo')]

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        rng = random.Random(self.seed * 1_000_003 + self.epoch * 100_003 + i)
        it = self.items[i]
        im = self.images[it['file']]
        t = [np.nan if v is None else float(v) for v in it['targets']]
        scene = None
        if self.scenes and rng.random() < 0.15 and any(v == 1 for c, v in zip(kit.CLASSES, it['targets']) if c in kit.CANDIDATES):
            j = self.scenes[rng.randrange(len(self.scenes))]
            if j != i:
                scene = self.images[self.items[j]['file']]
                # the composite shows both; a negative of the object image stays a negative only
                # where the scene is a known negative too; format classes are not defined for it
                st = self.items[j]['targets']
                for k, c in enumerate(kit.CLASSES):
                    if t[k] == 1:
                        continue
                    if c in ('photo', 'artistic', 'meme', 'screenshot', 'map', 'game_screenshot') or st[k] is None:
                        t[k] = np.nan
                    elif st[k] == 1:
                        t[k] = 1.0
        x, flags = kit.Augment(self.size, rng, self.font, self.robust)(im, scene)
        if flags['text']:  # a caption can make a photo look like a meme or screenshot: unknown there
            for k, c in enumerate(kit.CLASSES):
                if c in ('meme', 'screenshot', 'photo') and t[k] != 1:
                    t[k] = np.nan
        return torch.from_numpy(kit.to_tensor_array(x)), torch.tensor(t, dtype=torch.float32)


def set_bn_eval(m):
    for mod in m.modules():
        if isinstance(mod, nn.BatchNorm2d):
            mod.eval()


def evaluate(net, items, images, size, batch=64):
    net.eval()
    out = []
    with torch.no_grad():
        for s in range(0, len(items), batch):
            xs = [kit.to_tensor_array(kit.eval_view(images[it['file']], size)) for it in items[s:s + batch]]
            _, p, _ = net(torch.from_numpy(np.stack(xs)))
            out.append(p.numpy())
    return np.concatenate(out) if out else np.zeros((0, len(kit.CLASSES)))


def metrics_for(items, probs, held_sources):
    """Per class: for each held-back source with positives of it, that source's positives against
    every known negative of the fold's held-back real images; on all real images and on photographs."""
    res = {}
    for k, c in enumerate(kit.CLASSES):
        per = []
        for src in held_sources:
            for subset in ('real', 'photo'):
                sel_pos = [i for i, it in enumerate(items) if it['source'] == src and it['targets'][k] == 1 and (subset == 'real' or it['photo'])]
                if not sel_pos:
                    continue
                sel_neg = [i for i, it in enumerate(items) if it['targets'][k] == 0 and (subset == 'real' or it['photo'])]
                idx = sel_pos + sel_neg
                y = np.array([1] * len(sel_pos) + [0] * len(sel_neg))
                p = probs[idx, k]
                neg_sources = sorted(set(items[i]['source'] for i in sel_neg))
                per.append({
                    'source': src, 'subset': subset, 'positives': len(sel_pos), 'negatives': len(sel_neg),
                    'negativeSources': neg_sources, 'rocAuc': roc_auc(y, p), 'ap': average_precision(y, p), 'ece': ece(y, p),
                })
        res[c] = per
    return res


def epoch_order(items, seed, epoch, balance):
    """Training order for one epoch. balance='source': as many draws as images, with replacement,
    each image weighted 1/sqrt(images of its source), so a 33-image source is not drowned by a
    446-image one of the same class and no source's style stands for its class by sheer numbers."""
    rng = random.Random(seed * 7 + epoch)
    if balance != 'source':
        order = list(range(len(items)))
        rng.shuffle(order)
        return order
    count = {}
    for it in items:
        count[it['source']] = count.get(it['source'], 0) + 1
    weights = [1 / count[it['source']] ** 0.5 for it in items]
    return rng.choices(range(len(items)), weights=weights, k=len(items))


def masked_bce(bce, logits, t):
    known = ~torch.isnan(t)
    return (bce(logits, torch.nan_to_num(t)) * known).sum() / known.sum().clamp(min=1)


def linear_probe(net, items, images, size, bce, seed, steps=300, say=print):
    """First stage of LP-FT (Kumar et al. 2022: fine-tuning from a random head distorts pretrained
    features and hurts out-of-distribution accuracy; fitting the head first on frozen features,
    then fine-tuning everything gently, keeps more of them). Frozen pooled features of each training
    image and its mirror image, as served (whole frame stretched); full-batch AdamW on the head."""
    net.eval()
    feats, targets = [], []
    with torch.no_grad():
        for s in range(0, len(items), 64):
            chunk = items[s:s + 64]
            views = [kit.eval_view(images[it['file']], size) for it in chunk]
            for flip in (False, True):
                xs = [kit.to_tensor_array(v.transpose(kit.Image.FLIP_LEFT_RIGHT) if flip else v) for v in views]
                feats.append(net.backbone(torch.from_numpy(np.stack(xs))))
                targets.append(torch.tensor([[np.nan if v is None else float(v) for v in it['targets']] for it in chunk], dtype=torch.float32))
    f, t = torch.cat(feats), torch.cat(targets)
    opt = torch.optim.AdamW(net.classifier.parameters(), lr=1e-2, weight_decay=1e-3)
    torch.manual_seed(seed)
    for step in range(steps):
        loss = masked_bce(bce, net.classifier(net.dropout(f)), t)
        opt.zero_grad()
        loss.backward()
        opt.step()
    say(f'linear probe on {len(f)} frozen views: loss {float(loss):.4f}')


def candidate_figures(items, probs, held):
    """One line per candidate class: ROC-AUC per held-back source (the rule's subset)."""
    per = metrics_for(items, probs, held)
    parts = []
    for c in kit.CANDIDATES:
        subset = 'real' if c in kit.REAL_SUBSET else 'photo'
        figs = [f"{r['rocAuc']:.2f}" for r in per[c] if r['subset'] == subset and r['rocAuc'] is not None and r['positives'] >= 10]
        if figs:
            parts.append(f"{c} {'/'.join(figs)}")
    return '; '.join(parts)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--data', required=True)
    ap.add_argument('--init', required=True)
    ap.add_argument('--out', required=True)
    ap.add_argument('--fold', default='A', choices=['A', 'B', 'all'])
    ap.add_argument('--size', type=int, default=160)
    ap.add_argument('--epochs', type=int, default=4)
    ap.add_argument('--batch', type=int, default=32)
    ap.add_argument('--lr', type=float, default=3e-4)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--threads', type=int, default=1)
    ap.add_argument('--label-rule', default='narrow', choices=list(kit.LABEL_RULES), help='see data.py')
    ap.add_argument('--limit', type=int, default=0, help='train on at most N images (smoke test)')
    ap.add_argument('--robust-aug', type=int, default=0, help='1: source-artefact augmentations on every image (data.Augment)')
    ap.add_argument('--balance', default='none', choices=['none', 'source'], help='source: draws weighted 1/sqrt(source size)')
    ap.add_argument('--probe', type=int, default=0, help='1: linear probe on frozen features before fine-tuning (LP-FT)')
    ap.add_argument('--head-lr-mult', type=float, default=5.0, help='head learning rate = lr x this')
    ap.add_argument('--eval-epochs', type=int, default=0, help='1: log held-back figures after every epoch (diagnostic only)')
    a = ap.parse_args()
    torch.set_num_threads(a.threads)
    random.seed(a.seed)
    np.random.seed(a.seed)
    torch.manual_seed(a.seed)
    t0 = time.time()
    out = os.path.join(a.out, a.fold)
    os.makedirs(out, exist_ok=True)
    log = open(os.path.join(out, 'train.log'), 'a')

    def say(msg):
        line = f'[{time.strftime("%H:%M:%S")} +{time.time() - t0:.0f}s] {msg}'
        print(line, flush=True)
        log.write(line + '\n')
        log.flush()

    items = kit.load_kit(a.data, a.label_rule)
    held = [] if a.fold == 'all' else kit.FOLDS[a.fold]
    train_items = [it for it in items if it['source'] not in held]
    test_items = [it for it in items if it['source'] in held]
    if a.limit:
        train_items = random.Random(a.seed).sample(train_items, min(a.limit, len(train_items)))
        test_items = random.Random(a.seed).sample(test_items, min(a.limit, len(test_items)))
    say(f'fold {a.fold}: {len(train_items)} training images, {len(test_items)} held-back images from {len(held)} sources')

    cache_side = max(256, a.size + a.size // 2)
    images = {}
    for it in train_items + test_items:
        images[it['file']] = kit.load_image(os.path.join(a.data, it['file']), cache_side)
    say(f'decoded {len(images)} images (longest side <= {cache_side})')
    manifest = [(it['file'], kit.sha256_file(os.path.join(a.data, it['file'])), it['source'], 'heldback' if it['source'] in held else 'train')
                for it in sorted(train_items + test_items, key=lambda x: x['file'])]
    with open(os.path.join(out, 'manifest.tsv'), 'w') as fh:
        fh.write('file\tsha256\tsource\tsplit\n')
        for row in manifest:
            fh.write('\t'.join(row) + '\n')

    net = VisionV2(kit.CLASSES)
    init = torch.load(a.init)
    backbone = {k[len('backbone.'):]: v for k, v in init.items() if k.startswith('backbone.')}
    net.backbone.load_state_dict(backbone)
    # class balance: positives weigh sqrt(neg/pos) (1..10) within each class's known labels
    T = np.array([[np.nan if v is None else v for v in it['targets']] for it in train_items], dtype=np.float64)
    pos = np.nansum(T == 1, axis=0)
    neg = np.nansum(T == 0, axis=0)
    pos_weight = torch.tensor(np.clip(np.sqrt(neg / np.maximum(pos, 1)), 1, 10), dtype=torch.float32)
    # bias of the new layer at the training prior (log-odds), weights small
    with torch.no_grad():
        prior = np.clip(pos / np.maximum(pos + neg, 1), 1e-3, 1 - 1e-3)
        net.classifier.bias.copy_(torch.tensor(np.log(prior / (1 - prior)), dtype=torch.float32))
        net.classifier.weight.normal_(0, 0.01, generator=torch.Generator().manual_seed(a.seed))
    say('training positives per class: ' + ', '.join(f'{c} {int(p)}' for c, p in zip(kit.CLASSES, pos)))

    ds = TrainSet(train_items, images, a.size, a.seed, cache_side, robust=bool(a.robust_aug))
    bce = nn.BCEWithLogitsLoss(pos_weight=pos_weight, reduction='none')
    if a.probe:
        linear_probe(net, train_items, images, a.size, bce, a.seed, say=say)
    head_lr = a.lr * a.head_lr_mult
    opt = torch.optim.AdamW([
        {'params': net.backbone.parameters(), 'lr': a.lr},
        {'params': net.classifier.parameters(), 'lr': head_lr},
    ], weight_decay=1e-4)
    steps = a.epochs * ((len(ds) + a.batch - 1) // a.batch)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=[a.lr, head_lr], total_steps=max(1, steps), pct_start=0.1)
    epoch_s = []
    per_epoch = []
    if a.eval_epochs and test_items and a.probe:
        per_epoch.append(candidate_figures(test_items, evaluate(net, test_items, images, a.size), held))
        say(f'held-back after the linear probe: {per_epoch[-1]}')
    for ep in range(a.epochs):
        ds.epoch = ep
        order = epoch_order(train_items, a.seed, ep, a.balance)
        net.train()
        set_bn_eval(net)  # BN statistics stay nsfwjs' (small batches, few epochs); affine params train
        te, tot, nb = time.time(), 0.0, 0
        for s in range(0, len(order), a.batch):
            xs, ts = zip(*(ds[i] for i in order[s:s + a.batch]))
            x, t = torch.stack(xs), torch.stack(ts)
            logits, _, _ = net(x)
            loss = masked_bce(bce, logits, t)
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            tot += float(loss)
            nb += 1
            if nb % 20 == 0:
                say(f'epoch {ep + 1} batch {nb}: loss {tot / nb:.4f}')
        epoch_s.append(time.time() - te)
        say(f'epoch {ep + 1}/{a.epochs}: loss {tot / max(nb, 1):.4f}, {epoch_s[-1]:.0f} s')
        if a.eval_epochs and test_items and ep + 1 < a.epochs:
            per_epoch.append(candidate_figures(test_items, evaluate(net, test_items, images, a.size), held))
            say(f'held-back after epoch {ep + 1} (diagnostic): {per_epoch[-1]}')

    torch.save({'classes': kit.CLASSES, 'size': a.size, 'state_dict': net.state_dict()}, os.path.join(out, 'model.pt'))
    result = {
        'fold': a.fold, 'heldBackSources': held, 'classes': kit.CLASSES, 'candidates': kit.CANDIDATES,
        'args': vars(a), 'trainImages': len(train_items), 'heldBackImages': len(test_items),
        'trainPositives': {c: int(p) for c, p in zip(kit.CLASSES, pos)},
        'secondsPerEpoch': [round(s, 1) for s in epoch_s], 'threads': a.threads, 'torch': torch.__version__,
        'labelRule': a.label_rule, 'labelsCsvSha256': kit.sha256_file(os.path.join(a.data, 'labels.csv')),
        'manifest': 'manifest.tsv',
    }
    if per_epoch:
        result['heldBackPerEpoch'] = per_epoch
    if test_items:
        te = time.time()
        probs = evaluate(net, test_items, images, a.size)
        result['evalSeconds'] = round(time.time() - te, 1)
        result['perClass'] = metrics_for(test_items, probs, held)
        with open(os.path.join(out, 'heldback-scores.tsv'), 'w') as fh:
            fh.write('file\tsource\t' + '\t'.join(kit.CLASSES) + '\n')
            for it, p in zip(test_items, probs):
                fh.write(f"{it['file']}\t{it['source']}\t" + '\t'.join(f'{v:.5f}' for v in p) + '\n')
        for c in kit.CANDIDATES:
            for r in result['perClass'][c]:
                say(f"{c:20s} {r['source'][:40]:40s} {r['subset']:5s} pos {r['positives']:4d} neg {r['negatives']:4d} "
                    f"AUC {r['rocAuc'] if r['rocAuc'] is None else round(r['rocAuc'], 3)} AP {r['ap'] if r['ap'] is None else round(r['ap'], 3)} ECE {r['ece']:.3f}")
    result['totalSeconds'] = round(time.time() - t0, 1)
    json.dump(result, open(os.path.join(out, 'metrics.json'), 'w'), indent=1)
    say(f'done: {out}/metrics.json')


if __name__ == '__main__':
    main()
