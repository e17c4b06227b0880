"""Vision v3 LP-FT: the ImageNet MobileNetV2 (converted from TF Lite) with the linear probe's heads,
then its last blocks fine-tuned end to end with the heads, measured on whole held-back sources.

usage: /usr/bin/python3 finetune.py --data <kit images> --weights <converted .pt> --probe <probe dir>
         --cache <dir> --out <dir> [--fold A|B|C|all] [--size 224] [--epochs 4] [--threads 2] [--seed 1]

Why only the last blocks: on two CPU cores a full end-to-end pass over the kit costs minutes an
epoch; the frozen prefix (stem and blocks 0-12, `--trainable-from`) is run once per view and cached
(float16, shared by every fold: the prefix never changes), so an epoch only runs blocks 13-16, the
last 1x1 conv and the heads. Views per image: the plain frame as served, its mirror and one robust
augmentation (v2's Augment: crops, colour, blur, JPEG, rotations, letterboxes, low resolution,
text overlays); per boxed object (kit3.box_crops): the crop and its mirror. Each epoch draws one view
per image.

Writes <out>/<fold>/model.pt (the whole network: backbone + heads, with classes), metrics.json
(per class and held-back source family, as probe.py), heldback-scores.tsv and train.log.
Deterministic for a seed on one machine.
"""
import argparse
import hashlib
import json
import os
import random
import sys
import time

import numpy as np
import torch
import torch.nn as nn

from ml.vision.v3 import kit3
from ml.vision.v3 import probe
from ml.vision.v3.model import ImageNetMobileNetV2

kit = kit3.kit
FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'
VIEWS = 3  # plain, mirror, one augmentation
FORMAT_CLASSES = {'meme', 'screenshot', 'photo', 'artistic', 'map', 'game_screenshot'}


class VisionV3(nn.Module):
    """Image [N,3,H,W] RGB/255 -> (logits [N,K], probs [N,K], embedding [N,1280])."""

    def __init__(self, classes):
        super().__init__()
        self.classes = list(classes)
        self.backbone = ImageNetMobileNetV2()
        self.heads = nn.Linear(self.backbone.embed_dim, len(self.classes))

    def forward(self, x):
        e = self.backbone.embed(x)
        logits = self.heads(e)
        return logits, torch.sigmoid(logits), e

    def prefix(self, x, k):
        return self.backbone.features[:k](self.backbone.to_tflite_range(x))

    def suffix(self, a, k):
        e = self.backbone.features[k:](a).mean(dim=(2, 3))
        return self.heads(e)


def prefix_cache(net, items, boxes, a):
    """Float16 prefix activations of every view, computed once: [N, VIEWS, C, H, W] for images and
    [M, 2, C, H, W] for crops (memory-mapped .npy files keyed by kit, weights, size and split)."""
    key = hashlib.sha256(f"{a.labels_sha}|{a.weights_sha}|{a.size}|{a.trainable_from}|{a.seed}".encode()).hexdigest()[:16]
    img_path, crop_path = os.path.join(a.cache, f'prefix-{key}-images.npy'), os.path.join(a.cache, f'prefix-{key}-crops.npy')
    meta_path = os.path.join(a.cache, f'prefix-{key}-meta.json')
    if os.path.exists(meta_path):
        meta = json.load(open(meta_path))
        return np.load(img_path, mmap_mode='r'), np.load(crop_path, mmap_mode='r'), meta['crops'], meta['augmented_text']
    os.makedirs(a.cache, exist_ok=True)
    with torch.no_grad():
        c, h, w = net.prefix(torch.zeros(1, 3, a.size, a.size), a.trainable_from).shape[1:]
    crops = []
    for i, it in enumerate(items):
        im_size = kit.Image.open(os.path.join(a.data, it['file'])).size
        for label, box in kit3.box_crops(boxes.get(it['file'], []), *im_size):
            crops.append((i, label, box))
    imgs = np.lib.format.open_memmap(img_path + '.part', 'w+', np.float16, (len(items), VIEWS, c, h, w))
    crop_arr = np.lib.format.open_memmap(crop_path + '.part', 'w+', np.float16, (max(1, len(crops)), 2, c, h, w))
    font = FONT if os.path.exists(FONT) else None
    text_flags = []
    started = time.time()
    by_image = {}
    for j, (i, _, _) in enumerate(crops):
        by_image.setdefault(i, []).append(j)
    for s in range(0, len(items), 64):
        views, crop_views, crop_idx = [], [], []
        for i in range(s, min(len(items), s + 64)):
            im = kit.load_image(os.path.join(a.data, items[i]['file']), 768)
            plain = kit.eval_view(im, a.size)
            aug, flags = kit.Augment(a.size, random.Random(a.seed * 1_000_003 + i), font, robust=True)(im)
            text_flags.append(bool(flags['text']))
            views += [plain, plain.transpose(kit.Image.FLIP_LEFT_RIGHT), aug]
            for j in by_image.get(i, []):
                cv = im.resize((a.size, a.size), kit.Image.BILINEAR, box=crops[j][2])
                crop_views += [cv, cv.transpose(kit.Image.FLIP_LEFT_RIGHT)]
                crop_idx.append(j)
        with torch.no_grad():
            x = torch.from_numpy(np.stack([kit.to_tensor_array(v) for v in views]))
            out = net.prefix(x, a.trainable_from).numpy().astype(np.float16)
            imgs[s:s + len(views) // VIEWS] = out.reshape(-1, VIEWS, c, h, w)
            if crop_views:
                x = torch.from_numpy(np.stack([kit.to_tensor_array(v) for v in crop_views]))
                out = net.prefix(x, a.trainable_from).numpy().astype(np.float16).reshape(-1, 2, c, h, w)
                for r, j in enumerate(crop_idx):
                    crop_arr[j] = out[r]
        print(f'prefix cache: {min(len(items), s + 64)}/{len(items)} images, {time.time() - started:.0f} s', flush=True)
    imgs.flush()
    crop_arr.flush()
    del imgs, crop_arr
    os.replace(img_path + '.part', img_path)
    os.replace(crop_path + '.part', crop_path)
    json.dump({'crops': [[i, label, list(box)] for i, label, box in crops], 'augmented_text': text_flags}, open(meta_path, 'w'))
    return prefix_cache(net, items, boxes, a)


def write_embeddings(net, items, imgs, crops_arr, crops, a, path):
    """The pooled embeddings of the plain and mirrored views and of the crops through the converted
    backbone (what probe.py fits its linear heads on), from the prefix cache."""
    k = a.trainable_from

    def pooled(arr, views):
        out = np.zeros((len(arr), views, net.backbone.embed_dim), np.float32)
        with torch.no_grad():
            for s in range(0, len(arr), 256):
                for v in range(views):
                    x = torch.from_numpy(np.asarray(arr[s:s + 256, v], np.float32))
                    out[s:s + 256, v] = net.backbone.features[k:](x).mean(dim=(2, 3)).numpy()
        return out

    started = time.time()
    np.savez(path, files=np.array([it['file'] for it in items]), labels_sha256=a.labels_sha, weights_sha256=a.weights_sha,
             size=a.size, embeddings=pooled(imgs, 2),
             crop_image=np.array([c[0] for c in crops], np.int32), crop_label=np.array([c[1] for c in crops]),
             crop_box=np.array([c[2] for c in crops], np.int32).reshape(-1, 4),
             crop_embeddings=pooled(crops_arr, 2)[:len(crops)])
    print(f'wrote {path}: {len(items)} images, {len(crops)} crops in {time.time() - started:.0f} s', flush=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--data', required=True)
    ap.add_argument('--weights', required=True)
    ap.add_argument('--probe', help='probe.py output dir (heads-<fold>.npz); needed to train')
    ap.add_argument('--embeddings', help='write the converted backbone\'s embeddings (probe.py\'s input) here and stop')
    ap.add_argument('--cache', required=True)
    ap.add_argument('--out', required=True)
    ap.add_argument('--fold', default='A', choices=kit3.FOLD_NAMES + ['all'])
    ap.add_argument('--size', type=int, default=224)
    ap.add_argument('--epochs', type=int, default=4)
    ap.add_argument('--batch', type=int, default=64)
    ap.add_argument('--lr', type=float, default=1e-4)
    ap.add_argument('--head-lr-mult', type=float, default=3.0)
    ap.add_argument('--trainable-from', type=int, default=14, help='features index trained from (14 = block 13)')
    ap.add_argument('--threads', type=int, default=2)
    ap.add_argument('--seed', type=int, default=1)
    a = ap.parse_args()
    torch.set_num_threads(a.threads)
    torch.manual_seed(a.seed)
    a.labels_sha = hashlib.sha256(open(os.path.join(a.data, 'labels.csv'), 'rb').read()).hexdigest()
    a.weights_sha = hashlib.sha256(open(a.weights, 'rb').read()).hexdigest()
    items = kit3.load_kit(a.data)
    boxes = kit3.load_boxes(a.data)
    net = VisionV3(kit3.CLASSES)
    net.backbone.load_state_dict(torch.load(a.weights))
    net.eval()
    if a.embeddings:
        imgs, crops_arr, crops, _ = prefix_cache(net, items, boxes, a)
        write_embeddings(net, items, imgs, crops_arr, crops, a, a.embeddings)
        return
    if not a.probe:
        ap.error('--probe is needed to train')
    out_dir = os.path.join(a.out, a.fold)
    os.makedirs(out_dir, exist_ok=True)
    log = open(os.path.join(out_dir, 'train.log'), 'w')

    def say(msg):
        print(msg, flush=True)
        log.write(msg + '\n')
        log.flush()

    heads = np.load(os.path.join(a.probe, f'heads-{a.fold}.npz'))
    if list(heads['classes']) != kit3.CLASSES:
        sys.exit('probe heads were fitted for other classes')
    with torch.no_grad():
        net.heads.weight.copy_(torch.from_numpy(heads['weights']))
        net.heads.bias.copy_(torch.from_numpy(heads['bias']))
    net.eval()
    imgs, crops_arr, crops, text_flags = prefix_cache(net, items, boxes, a)

    held = kit3.held_sources(a.fold)
    train_idx = [i for i, it in enumerate(items) if it['source'] not in held]
    held_idx = [i for i, it in enumerate(items) if it['source'] in held]
    train_crops = [j for j, (i, _, _) in enumerate(crops) if items[i]['source'] not in held]
    t_img = np.array([[np.nan if v is None else v for v in it['targets']] for it in items], np.float32)
    t_aug = t_img.copy()
    for i, text in enumerate(text_flags):
        if text:
            for k, c in enumerate(kit3.CLASSES):
                if c in FORMAT_CLASSES and t_aug[i, k] != 1:
                    t_aug[i, k] = np.nan  # a caption drawn on the view: meme, screenshot or photo unknown
    t_crop = probe.crop_targets(items, [c[0] for c in crops], [c[1] for c in crops])
    known = np.concatenate([t_img[train_idx], t_crop[train_crops]])
    pos = np.nansum(known == 1, axis=0)
    neg = np.nansum(known == 0, axis=0)
    pos_weight = torch.tensor(np.clip(neg / np.maximum(pos, 1), 1, 30), dtype=torch.float32)
    bce = nn.BCEWithLogitsLoss(reduction='none', pos_weight=pos_weight)
    k = a.trainable_from
    for i, m in enumerate(net.backbone.features):
        for p in m.parameters():
            p.requires_grad = i >= k
    for p in net.backbone.classifier.parameters():
        p.requires_grad = False
    params = [{'params': [p for p in net.backbone.features[k:].parameters()], 'lr': a.lr},
              {'params': net.heads.parameters(), 'lr': a.lr * a.head_lr_mult}]
    opt = torch.optim.AdamW(params, weight_decay=1e-4)
    samples = [('img', i) for i in train_idx] + [('crop', j) for j in train_crops]
    steps = a.epochs * ((len(samples) + a.batch - 1) // a.batch)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=[a.lr, a.lr * a.head_lr_mult], total_steps=steps, pct_start=0.15)
    say(f'fold {a.fold}: {len(train_idx)} training images + {len(train_crops)} crops, {len(held_idx)} held back; '
        f'training features[{k}:] + heads, {a.epochs} epochs, lr {a.lr}')

    def held_scores():
        net.eval()
        out = []
        with torch.no_grad():
            for s in range(0, len(held_idx), 256):
                x = torch.from_numpy(np.asarray(imgs[held_idx[s:s + 256], 0], np.float32))
                out.append(torch.sigmoid(net.suffix(x, k)).numpy())
        return np.concatenate(out) if out else np.zeros((0, len(kit3.CLASSES)), np.float32)

    held_items = [items[i] for i in held_idx]
    if held_idx:
        say('probe only: ' + probe.candidate_line(probe.figures(held_items, held_scores(), held)))
    started = time.time()
    rng = random.Random(a.seed)
    for epoch in range(a.epochs):
        net.train()
        order = samples[:]
        rng.shuffle(order)
        total, n = 0.0, 0
        for s in range(0, len(order), a.batch):
            chunk = order[s:s + a.batch]
            xs, ts = [], []
            for kind, i in chunk:
                if kind == 'img':
                    v = rng.randrange(VIEWS)
                    xs.append(imgs[i, v])
                    ts.append(t_aug[i] if v == 2 else t_img[i])
                else:
                    xs.append(crops_arr[i, rng.randrange(2)])
                    ts.append(t_crop[i])
            x = torch.from_numpy(np.asarray(np.stack(xs), np.float32))
            t = torch.from_numpy(np.stack(ts))
            mask = ~torch.isnan(t)
            loss = (bce(net.suffix(x, k), torch.nan_to_num(t)) * mask).sum() / mask.sum().clamp(min=1)
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            total += float(loss) * len(chunk)
            n += len(chunk)
        msg = f'epoch {epoch + 1}/{a.epochs}: loss {total / n:.4f}, {time.time() - started:.0f} s'
        if held_idx:
            msg += ' | held back: ' + probe.candidate_line(probe.figures(held_items, held_scores(), held))
        say(msg)
    net.eval()
    torch.save({'state_dict': net.state_dict(), 'classes': kit3.CLASSES, 'size': a.size, 'fold': a.fold,
                'trainable_from': k, 'labels_sha256': a.labels_sha, 'weights_sha256': a.weights_sha},
               os.path.join(out_dir, 'model.pt'))
    if held_idx:
        probs = held_scores()
        figs = probe.figures(held_items, probs, held)
        json.dump({'fold': a.fold, 'epochs': a.epochs, 'lr': a.lr, 'trainableFrom': k, 'trainImages': len(train_idx),
                   'trainCrops': len(train_crops), 'heldBackImages': len(held_idx), 'seconds': round(time.time() - started),
                   'figures': figs}, open(os.path.join(out_dir, 'metrics.json'), 'w'), indent=1)
        with open(os.path.join(out_dir, 'heldback-scores.tsv'), 'w') as f:
            f.write('\t'.join(['fold', 'file', 'source'] + kit3.CLASSES) + '\n')
            for j, it in enumerate(held_items):
                f.write('\t'.join([a.fold, it['file'], it['source']] + [f'{p:.6f}' for p in probs[j]]) + '\n')
    say(f'done in {time.time() - started:.0f} s')


if __name__ == '__main__':
    main()
