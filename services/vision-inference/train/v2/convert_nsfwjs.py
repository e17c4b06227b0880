"""Converts nsfwjs' MobileNetV2 (the tfjs Keras layers model inside the nsfwjs npm package) to a
PyTorch state dict, and writes the equality fixture that test/v2-converter.test.ts checks against
the service's own tfjs path.

usage: /usr/bin/python3 convert_nsfwjs.py --repo <repo root> --out <dir> [--fixture <json>]

* Reads model.json + the weight shard through node-io.ts (node requires the package's .min.js
  modules, so nothing is re-parsed here), records their sha256.
* Dequantises the uint8/uint16 weights as tfjs does (q * scale + min, float64 then float32),
  transposes Keras HWIO kernels to torch OIHW (depthwise HWC1 -> C1HW, dense [in,out] -> [out,in]).
* Checks the topology is the one model.py builds (every Keras weight used exactly once, shapes equal).
* Writes <out>/nsfwjs_mobilenet_v2.pt (state dict of model.NsfwMobileNetV2) and <out>/convert.json.
Deterministic: same package -> same .pt bytes (sha256 in convert.json)."""
import argparse
import hashlib
import io
import json
import os
import subprocess
import sys

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from model import NSFW_LABELS, NsfwMobileNetV2  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
# Kit images for the equality fixture (paths relative to ../shared/data/images): photographs of the
# classes v2 is for, clip-art, a meme and a screenshot, so the features cover different content.
FIXTURE_IMAGES = [
    'firearm/real3_alemagun_1.jpg',
    'smoking_and_tobacco/real3_huysmoke_1.jpg',
    'pills/real3_mypillbox_1.jpg',
    'meme/real3_wpcmeme_100.jpg',
    'knife/real3_lhknife_1.jpg',
    'benign_clipart/',  # first file of the folder (sorted), resolved below
]


def node_io(repo, *args):
    script = os.path.join(HERE, 'node-io.ts')
    subprocess.run(['node', '--import', 'tsx', script, *args], cwd=os.path.join(repo, 'services', 'vision-inference'), check=True)


def sha256_bytes(b):
    return hashlib.sha256(b).hexdigest()


def read_tfjs_weights(dump_dir):
    model = json.load(open(os.path.join(dump_dir, 'model.json')))
    data = open(os.path.join(dump_dir, 'weights.bin'), 'rb').read()
    weights, off = {}, 0
    for group in model['weightsManifest']:
        for w in group['weights']:
            n = int(np.prod(w['shape'])) if w['shape'] else 1
            q = w.get('quantization')
            if q:
                dt = {'uint8': np.uint8, 'uint16': np.uint16}[q['dtype']]
                raw = np.frombuffer(data, dtype=dt, count=n, offset=off)
                off += n * raw.itemsize
                arr = (raw.astype(np.float64) * q['scale'] + q['min']).astype(np.float32)
            else:
                assert w['dtype'] == 'float32', w
                arr = np.frombuffer(data, dtype=np.float32, count=n, offset=off).copy()
                off += 4 * n
            weights[w['name']] = arr.reshape(w['shape'])
    assert off == len(data), f'weights: used {off} of {len(data)} bytes'
    return model, weights


def load_into(net, weights):
    used = set()

    def take(name):
        assert name in weights, f'missing tfjs weight {name}'
        assert name not in used, f'weight {name} used twice'
        used.add(name)
        return weights[name]

    state = {}
    for mod_name, mod in net.named_modules():
        kn = getattr(mod, 'keras_name', None)
        if kn is None:
            continue
        if isinstance(mod, torch.nn.Conv2d):
            if mod.groups > 1:  # depthwise: [kh, kw, C, 1] -> [C, 1, kh, kw]
                w = take(f'{kn}/depthwise_kernel').transpose(2, 3, 0, 1)
            else:  # [kh, kw, in, out] -> [out, in, kh, kw]
                w = take(f'{kn}/kernel').transpose(3, 2, 0, 1)
            state[f'{mod_name}.weight'] = w
        elif isinstance(mod, torch.nn.BatchNorm2d):
            state[f'{mod_name}.weight'] = take(f'{kn}/gamma')
            state[f'{mod_name}.bias'] = take(f'{kn}/beta')
            state[f'{mod_name}.running_mean'] = take(f'{kn}/moving_mean')
            state[f'{mod_name}.running_var'] = take(f'{kn}/moving_variance')
        elif isinstance(mod, torch.nn.Linear):
            state[f'{mod_name}.weight'] = take(f'{kn}/kernel').T
            state[f'{mod_name}.bias'] = take(f'{kn}/bias')
    unused = sorted(set(weights) - used)
    assert not unused, f'tfjs weights not used: {unused}'
    own = net.state_dict()
    for k, v in state.items():
        assert tuple(own[k].shape) == v.shape, f'{k}: torch {tuple(own[k].shape)} vs tfjs {v.shape}'
    missing = [k for k in own if k not in state and not k.endswith('num_batches_tracked')]
    assert not missing, f'torch parameters without weights: {missing}'
    net.load_state_dict({k: torch.from_numpy(np.ascontiguousarray(v)) for k, v in state.items()}, strict=False)
    return len(used)


def check_topology(model):
    layers = model['modelTopology']['model_config']['config']['layers']
    kinds = {}
    for l in layers:
        kinds[l['class_name']] = kinds.get(l['class_name'], 0) + 1
        c = l['config']
        if l['class_name'] == 'ZeroPadding2D':
            assert c['padding'] == [[0, 1], [0, 1]], l
        if l['class_name'] == 'BatchNormalization':
            assert abs(c['epsilon'] - 1e-3) < 1e-9, l
        if l['class_name'] == 'ReLU':
            assert c['max_value'] == 6, l
        if l['class_name'] in ('Conv2D', 'DepthwiseConv2D'):
            assert not c['use_bias'] and c['activation'] == 'linear', l
    assert layers[0]['config']['batch_input_shape'] == [None, 224, 224, 3]
    assert layers[-1]['class_name'] == 'Dense' and layers[-1]['config']['units'] == 5 and layers[-1]['config']['activation'] == 'softmax'
    return kinds


def state_dict_bytes(net):
    buf = io.BytesIO()
    torch.save(net.state_dict(), buf)
    return buf.getvalue()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--repo', required=True)
    ap.add_argument('--out', required=True)
    ap.add_argument('--fixture')
    ap.add_argument('--data', default=None, help='data kit images dir (default <repo>/../shared/data/images)')
    a = ap.parse_args()
    torch.set_num_threads(1)
    repo = os.path.abspath(a.repo)
    out = os.path.abspath(a.out)
    dump = os.path.join(out, 'nsfwjs-dump')
    os.makedirs(out, exist_ok=True)
    node_io(repo, 'model', dump)
    source = json.load(open(os.path.join(dump, 'source.json')))
    model, weights = read_tfjs_weights(dump)
    kinds = check_topology(model)
    net = NsfwMobileNetV2().eval()
    n_used = load_into(net, weights)
    blob = state_dict_bytes(net)
    pt = os.path.join(out, 'nsfwjs_mobilenet_v2.pt')
    open(pt, 'wb').write(blob)
    info = {
        'source': source,
        'layers': kinds,
        'tfjsWeights': n_used,
        'parameters': int(sum(p.numel() for p in net.parameters())),
        'stateDict': os.path.basename(pt),
        'stateDictSha256': sha256_bytes(blob),
    }
    json.dump(info, open(os.path.join(out, 'convert.json'), 'w'), indent=2)
    print(json.dumps(info, indent=2))

    if a.fixture:
        data = os.path.abspath(a.data or os.path.join(repo, '..', 'shared', 'data', 'images'))
        files = []
        for f in FIXTURE_IMAGES:
            if f.endswith('/'):
                f = f + sorted(os.listdir(os.path.join(data, f)))[0]
            files.append(f)
        size = 224
        raw_path = os.path.join(out, 'fixture-inputs.bin')
        node_io(repo, 'inputs', str(size), raw_path, *[os.path.join(data, f) for f in files])
        raw = open(raw_path, 'rb').read()
        per = size * size * 3
        assert len(raw) == per * len(files)
        x = np.frombuffer(raw, dtype=np.uint8).reshape(len(files), size, size, 3).astype(np.float32) / 255.0
        with torch.no_grad():
            probs, feats = net(torch.from_numpy(x).permute(0, 3, 1, 2).contiguous())
        items = []
        for i, f in enumerate(files):
            items.append({
                'file': f,
                'fileSha256': sha256_bytes(open(os.path.join(data, f), 'rb').read()),
                'inputSha256': sha256_bytes(raw[i * per:(i + 1) * per]),
                'probs': dict(zip(NSFW_LABELS, [round(float(v), 7) for v in probs[i]])),
                # full 1280-d pooled features, 6 decimals (values are 0..6 after ReLU6 and pooling)
                'features': [round(float(v), 6) for v in feats[i]],
            })
        fixture = {
            'about': 'nsfwjs MobileNetV2 converted to PyTorch (services/vision-inference/train/v2/convert_nsfwjs.py); '
                     'regenerate with `make convert-nsfwjs-torch`',
            'source': source,
            'stateDictSha256': info['stateDictSha256'],
            'inputSize': size,
            'preprocessing': 'decodeFrame + resizeFill(224x224) from src/models/preprocess.ts, RGB / 255',
            'images': items,
        }
        os.makedirs(os.path.dirname(os.path.abspath(a.fixture)), exist_ok=True)
        with open(a.fixture, 'w') as fh:
            json.dump(fixture, fh, separators=(',', ':'))
            fh.write('\n')
        print(f'fixture: {a.fixture} ({os.path.getsize(a.fixture)} bytes, {len(files)} images)')


if __name__ == '__main__':
    main()
