"""ONNX export of a vision network with its equality fixture, shared by v2 (export_onnx.py) and v3
(ml/vision/v3/export_v3.py): the network maps input [N,3,H,W] RGB/255 to (logits, probs, embedding)."""
import hashlib
import json
import os

import numpy as np
import torch


def formula_input(n, size):
    """Deterministic pseudo-images, repeated by the TS test. Over the flat NCHW array (index i; sample
    b, channel c, row y, column x): noise(i) = ((i * 2654435761) mod 2^32 mod 1001) / 1000 and
    stripes = ((x * (b + 1) + y * (c + 1)) mod size) / size; value = 0.3 * noise + 0.7 * stripes."""
    count = n * 3 * size * size
    i = np.arange(count, dtype=np.uint64)
    h = (i * np.uint64(2654435761)) & np.uint64(0xFFFFFFFF)
    noise = (h % np.uint64(1001)).astype(np.float64) / 1000.0
    idx = np.arange(count)
    x = idx % size
    y = (idx // size) % size
    c = (idx // (size * size)) % 3
    b = idx // (3 * size * size)
    stripes = ((x * (b + 1) + y * (c + 1)) % size) / size
    return (0.3 * noise + 0.7 * stripes).astype(np.float32).reshape(n, 3, size, size)


def export(net, size, out_dir, name, meta, fixture=True):
    """fixture=False leaves out <name>.fixture.json (exports that no test checks, e.g. v4's per-fold networks)."""
    net.eval()
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, f'{name}.onnx')
    dummy = torch.zeros(1, 3, size, size)
    torch.onnx.export(
        net, dummy, path, input_names=['input'], output_names=['logits', 'probs', 'embedding'],
        dynamic_axes={'input': {0: 'n'}, 'logits': {0: 'n'}, 'probs': {0: 'n'}, 'embedding': {0: 'n'}},
        opset_version=13, do_constant_folding=True,
    )
    blob = open(path, 'rb').read()
    sha = hashlib.sha256(blob).hexdigest()
    n = 2
    x = formula_input(n, size)
    with torch.no_grad():
        logits, probs, emb = net(torch.from_numpy(x))
    fixture_json = {
        'model': f'{name}.onnx', 'sha256': sha, 'inputShape': [n, 3, size, size], 'input': 'formula_input (export_onnx.py)',
        'classes': meta['classes'],
        'logits': [[round(float(v), 6) for v in row] for row in logits],
        'probs': [[round(float(v), 7) for v in row] for row in probs],
        'embedding': [[round(float(v), 6) for v in row] for row in emb],
    }
    if fixture:
        with open(os.path.join(out_dir, f'{name}.fixture.json'), 'w') as fh:
            json.dump(fixture_json, fh, separators=(',', ':'))
            fh.write('\n')
    info = dict(meta, model=f'{name}.onnx', sha256=sha, bytes=len(blob), inputSize=size, layout='NCHW', scale='RGB / 255',
                outputs=['logits', 'probs', 'embedding'], embeddingDim=int(emb.shape[1]))
    json.dump(info, open(os.path.join(out_dir, f'{name}.json'), 'w'), indent=2)
    print(json.dumps(info, indent=2))
    return info
