"""Converts Google's ImageNet MobileNetV2 1.0/224 uint8 TF Lite file to a PyTorch state dict
(model.ImageNetMobileNetV2) and writes the agreement fixture test/v3-converter.test.ts checks.

usage: /usr/bin/python3 convert_tflite.py --tflite M.tflite --out DIR [--data IMAGES --fixture F.json]
           [--ref-python PY] [--engine auto|tflite|numpy] [--threads 1] [--timing]

* Reads the flatbuffer with tflite.py (own reader), walks the graph op by op against the PyTorch
  module order: every CONV_2D / DEPTHWISE_CONV_2D must be the next layer's (TF-Slim scope of its
  weight tensor, depthwise or not, stride, SAME padding, ReLU6 or none, weight shape), every ADD must
  join a residual block's input and its projection, then AVERAGE_POOL_2D (global at 224), the 1x1
  logits conv, RESHAPE, SOFTMAX. Every constant tensor is used exactly once (the RESHAPE's shape
  operand is the only one that is not a weight or bias).
* Dequantises: conv OHWI uint8 -> OIHW, depthwise [1,H,W,C] -> [C,1,H,W], logits [1001,1,1,1280] ->
  Linear [1001,1280]: w = (q - zp) * scale (per tensor or per channel, whatever the file has);
  int32 biases * (input_scale * weight_scale) (checked against the file's bias scale).
* Writes DIR/imagenet_mobilenet_v2.pt (state dict, byte-identical on reruns) and DIR/convert.json
  (sha256 of the .tflite and the .pt, tensor map, parameter count, optional timing).
* With --fixture: the kit images go through the service's preprocessing (node-io.ts: decodeFrame +
  resizeFill 224x224 -> uint8 RGB), the ORIGINAL graph runs on them through tflite_reference.py
  (with --ref-python: TensorFlow's TF Lite interpreter when that Python has it, else the numpy
  reference check_tflite.py beside the model), and the PyTorch port runs on pixel/255. The fixture
  holds both outputs and the measured differences; the TF Lite graph is integer-quantised, so the
  float port differs by quantisation noise (figures in units of the embedding's quant step).
  Also recorded: (1) layer by layer, every operator of the port run on the interpreter's OWN
  (dequantised) inputs and rounded to the output's uint8 grid, against the interpreter's output
  (isolates the conversion from the compounding rounding); (2) the numpy reference against TF Lite
  on the same bytes (how far two quantised interpreters drift apart); (3) the port in fake-quant
  mode (activations rounded to each tensor's grid); (4) a survey of every --survey-step-th kit
  image (figures only, no vectors)."""
import argparse
import hashlib
import io
import json
import os
import subprocess
import sys
import tempfile
import time

import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, '..', '..', '..'))
from ml.vision.v3.model import IMAGENET_CLASSES, INPUT_SCALE, INPUT_ZERO_POINT, ImageNetMobileNetV2, SameConv
from ml.vision.v3.tflite import TFLiteModel

TFLITE_SHA256 = '7aad0c74c5e3c06e5eb3c827e13304fdd68a83da6087d92ee169c24ff9fd4776'  # README of the model dir
STATE_DICT = 'imagenet_mobilenet_v2.pt'
SIZE = 224
# Fixture images: per prefix (relative to the kit's images/), the file whose name sorts first.
FIXTURE_PREFIXES = [
    'firearm/real3_alemagun_',
    'knife/real4_vardhwd_',
    'pills/real3_mypillbox_',
    'smoking_and_tobacco/real3_huysmoke_',
    'benign_photo/real3_tinycoco_',
    'meme/real3_wpcmeme_',
]
EMBED_TENSOR = 'MobilenetV2/Logits/AvgPool'


def sha256_bytes(b):
    return hashlib.sha256(b).hexdigest()


def sig6(v):
    """6 significant digits (the fixture's float precision)."""
    return float(f'{float(v):.6g}')


# ---------------------------------------------------------------------------------------- loading
class GraphWalk:
    """Consumes the operators in order, checking each is the one the PyTorch layout expects."""

    def __init__(self, tfl):
        self.tfl = tfl
        self.ops = tfl.operators
        self.pos = 0
        self.used = {}  # constant tensor index -> who used it

    def next(self, kind):
        if self.pos >= len(self.ops):
            raise AssertionError(f'graph ended, expected {kind}')
        op = self.ops[self.pos]
        if op.kind != kind:
            raise AssertionError(f'operator {op.index}: {op.kind}, expected {kind}')
        self.pos += 1
        return op

    def use(self, tensor_index, who):
        t = self.tfl.tensors[tensor_index]
        if not t.is_constant:
            raise AssertionError(f'{who}: tensor {t.name} has no constant data')
        if tensor_index in self.used:
            raise AssertionError(f'tensor {t.name} used twice ({self.used[tensor_index]} and {who})')
        self.used[tensor_index] = who
        return t


def qparams(t):
    if t.quant is None or t.quant.per_channel:
        raise AssertionError(f'{t.name}: expected per-tensor quantisation')
    return float(t.quant.scale[0]), int(t.quant.zero_point[0])


def load_conv(walk, layer, x_tensor, state, prefix, tensor_map):
    """Loads one SameConv from the next CONV_2D / DEPTHWISE_CONV_2D, whose input must be x_tensor.
    Returns the op's output tensor index."""
    tfl = walk.tfl
    depthwise = layer.conv.groups > 1
    op = walk.next('DEPTHWISE_CONV_2D' if depthwise else 'CONV_2D')
    o = op.options
    wi, bi = op.inputs[1], op.inputs[2]
    weight, bias = tfl.tensors[wi], tfl.tensors[bi]
    scope = weight.name.split(';')[0].rsplit('/', 1)[0]
    where = f'op {op.index} ({scope})'
    assert scope == layer.tflite_scope, f'{where}: expected the weights of {layer.tflite_scope}'
    assert op.inputs[0] == x_tensor, f'{where}: input is {tfl.tensors[op.inputs[0]].name}, expected {tfl.tensors[x_tensor].name}'
    assert o['padding'] == 'SAME', f'{where}: padding {o["padding"]}'
    assert (o['stride_h'], o['stride_w']) == (layer.stride, layer.stride), f'{where}: stride {o["stride_h"]}x{o["stride_w"]}'
    assert (o['dilation_h'], o['dilation_w']) == (1, 1), f'{where}: dilation'
    assert o['activation'] == ('RELU6' if layer.relu6 else 'NONE'), f'{where}: activation {o["activation"]}'
    if depthwise:
        assert o['depth_multiplier'] == 1, f'{where}: depth multiplier {o["depth_multiplier"]}'
    walk.use(wi, scope + ' weight')
    walk.use(bi, scope + ' bias')
    w = tfl.dequantise(weight)
    # OHWI -> OIHW; depthwise 1HWC -> C1HW
    w = w.transpose(3, 0, 1, 2) if depthwise else w.transpose(0, 3, 1, 2)
    b = tfl.dequantise_bias(bias, tfl.tensors[op.inputs[0]], weight)
    put(state, prefix + 'conv.weight', w, layer.conv.weight, where)
    put(state, prefix + 'conv.bias', b, layer.conv.bias, where)
    layer.tflite_tensors = {'weight': weight.name, 'bias': bias.name}
    out = tfl.tensors[op.outputs[0]]
    layer.out_quant = qparams(out)
    tensor_map.append({'layer': prefix.rstrip('.'), 'scope': scope, 'op': op.index, 'kind': op.kind,
                       'weight': weight.name, 'bias': bias.name, 'weightShape': list(weight.shape),
                       'weightQuant': weight.quant.describe(), 'output': out.name.split(';')[0],
                       'outputQuant': list(layer.out_quant)})
    return op.outputs[0]


def put(state, key, value, param, where):
    if tuple(param.shape) != value.shape:
        raise AssertionError(f'{where}: {key} torch {tuple(param.shape)} vs tflite {value.shape}')
    if key in state:
        raise AssertionError(f'{key} loaded twice')
    state[key] = np.ascontiguousarray(value, dtype=np.float32)


def load_tflite(net, tfl):
    """Loads every weight of `net` from `tfl`, walking the graph in order. Returns the tensor map."""
    walk, state, tensor_map = GraphWalk(tfl), {}, []
    assert len(tfl.inputs) == 1 and len(tfl.outputs) == 1
    tin = tfl.tensors[tfl.inputs[0]]
    assert tin.type_name == 'UINT8' and list(tin.shape) == [1, SIZE, SIZE, 3], tin.describe()
    assert qparams(tin) == (INPUT_SCALE, INPUT_ZERO_POINT), f'input quantisation {qparams(tin)}'
    cur = tfl.inputs[0]
    for i, mod in enumerate(net.features):
        if isinstance(mod, SameConv):
            cur = load_conv(walk, mod, cur, state, f'features.{i}.', tensor_map)
            continue
        block_in = cur
        for j, layer in enumerate(mod.layers):
            cur = load_conv(walk, layer, cur, state, f'features.{i}.layers.{j}.', tensor_map)
        if mod.residual:
            op = walk.next('ADD')
            assert sorted(op.inputs) == sorted([cur, block_in]), f'op {op.index}: ADD of the wrong tensors'
            assert op.options.get('activation', 'NONE') == 'NONE', f'op {op.index}: fused activation'
            cur = op.outputs[0]
            mod.add_quant = qparams(tfl.tensors[cur])
        else:  # no ADD may read the block's output and input
            assert not any(o.kind == 'ADD' and block_in in o.inputs for o in tfl.consumers(cur)), f'block {i}: unexpected ADD'
    # global average pooling: AVERAGE_POOL_2D over the whole 7x7 map, VALID, no activation
    op = walk.next('AVERAGE_POOL_2D')
    feat = tfl.tensors[cur]
    assert op.inputs == [cur] and op.options['padding'] == 'VALID' and op.options['activation'] == 'NONE'
    assert (op.options['filter_h'], op.options['filter_w']) == tuple(feat.shape[1:3]), f'pool {op.options} on {feat.shape}'
    cur = op.outputs[0]
    emb = tfl.tensors[cur]
    assert emb.name == EMBED_TENSOR and list(emb.shape) == [1, 1, 1, net.embed_dim], emb.describe()
    net.embed_quant = qparams(emb)
    # the 1x1 logits conv (no activation), as a Linear layer
    op = walk.next('CONV_2D')
    weight, bias = tfl.tensors[op.inputs[1]], tfl.tensors[op.inputs[2]]
    scope = weight.name.split(';')[0].rsplit('/', 1)[0]
    assert scope == net.classifier.tflite_scope and op.inputs[0] == cur, f'op {op.index}: {scope}'
    assert op.options['activation'] == 'NONE' and op.options['stride_h'] == 1 and list(weight.shape[1:3]) == [1, 1]
    walk.use(op.inputs[1], scope + ' weight')
    walk.use(op.inputs[2], scope + ' bias')
    w = tfl.dequantise(weight).reshape(weight.shape[0], -1)
    b = tfl.dequantise_bias(bias, emb, weight)
    put(state, 'classifier.weight', w, net.classifier.weight, scope)
    put(state, 'classifier.bias', b, net.classifier.bias, scope)
    net.classifier.tflite_tensors = {'weight': weight.name, 'bias': bias.name}
    tensor_map.append({'layer': 'classifier', 'scope': scope, 'op': op.index, 'kind': op.kind, 'weight': weight.name,
                       'bias': bias.name, 'weightShape': list(weight.shape), 'weightQuant': weight.quant.describe(),
                       'output': tfl.tensors[op.outputs[0]].name.split(';')[0]})
    cur = op.outputs[0]
    op = walk.next('RESHAPE')
    assert op.inputs[0] == cur
    walk.use(op.inputs[1], 'RESHAPE shape')
    cur = op.outputs[0]
    logits = tfl.tensors[cur]
    assert list(logits.shape) == [1, IMAGENET_CLASSES], logits.describe()
    net.logits_quant = qparams(logits)
    op = walk.next('SOFTMAX')
    assert op.inputs == [cur] and op.outputs == tfl.outputs and op.options.get('beta', 1.0) == 1.0
    assert walk.pos == len(tfl.operators), f'{len(tfl.operators) - walk.pos} operators left over'
    # every constant tensor used exactly once; every torch parameter loaded
    unused = [t.name for t in tfl.tensors if t.is_constant and t.index not in walk.used]
    assert not unused, f'constant tensors not used: {unused}'
    own = net.state_dict()
    missing = sorted(set(own) - set(state))
    assert not missing, f'torch parameters without weights: {missing}'
    net.load_state_dict({k: torch.from_numpy(v) for k, v in state.items()}, strict=True)
    return tensor_map, len(walk.used)


def state_dict_bytes(net):
    buf = io.BytesIO()
    torch.save(net.state_dict(), buf)
    return buf.getvalue()


# ---------------------------------------------------------------------------------------- fixture
CLEAR_MARGIN = 0.05  # a TF Lite top-1 is "clear" when it leads the runner-up by >= this probability


def node_inputs(repo, size, files, workdir, tag):
    raw, manifest = os.path.join(workdir, f'{tag}.bin'), os.path.join(workdir, f'{tag}.json')
    subprocess.run(['node', '--import', 'tsx', os.path.join(HERE, 'node-io.ts'), 'inputs', str(size), raw, manifest, *files],
                   cwd=os.path.join(repo, 'services', 'vision-inference'), check=True)
    return raw, json.load(open(manifest))


def run_reference(python, engine, tflite, raw_path, workdir, tag, dump=0):
    out = os.path.join(workdir, f'ref-{tag}.json')
    cmd = [python, '-m', 'ml.vision.v3.tflite_reference', '--tflite', tflite, '--inputs', raw_path,
           '--size', str(SIZE), '--out', out, '--engine', engine]
    if dump:
        cmd += ['--dump-dir', workdir, '--dump-count', str(dump)]
    subprocess.run(cmd, check=True, cwd=REPO)
    return json.load(open(out))


def softmax(z, axis=-1):
    z = np.asarray(z, np.float64)
    e = np.exp(z - z.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


def top5(p, labels):
    idx = np.argsort(-np.asarray(p), kind='stable')[:5]
    return [{'index': int(k), 'prob': sig6(p[k]), 'label': labels[k].split(',')[0] if labels else None} for k in idx]


def margin(prob_q, prob_scale):
    """TF Lite top-1 probability minus the runner-up's."""
    q = np.sort(np.asarray(prob_q))[::-1]
    return float((q[0] - q[1]) * prob_scale)


def compare(ref, emb, prob, emb_scale, prob_scale):
    """Figures between the reference's uint8 outputs (dequantised) and another run's float outputs."""
    e_ref = np.asarray(ref['embedding'], np.float64) * emb_scale
    q = np.asarray(ref['probs'])
    e = np.asarray(emb, np.float64)
    p = np.asarray(prob, np.float64)
    d = np.abs(e - e_ref)
    t1 = int(np.argmax(p))
    return {
        'embMaxAbsDiffSteps': sig6(d.max() / emb_scale),  # in units of the AvgPool quant step
        'embMeanAbsDiffSteps': sig6(d.mean() / emb_scale),
        'embCosine': sig6(float(e @ e_ref / (np.linalg.norm(e) * np.linalg.norm(e_ref)))),
        'probMaxAbsDiff': sig6(np.abs(p - q * prob_scale).max()),
        'top1': t1,
        # its top class has the highest TF Lite probability (uint8 ties count as equal)
        'top1Equal': bool(q[t1] == q.max()),
        'top1InRefTop3': bool(q[t1] >= np.sort(q)[-3]),
        'top5Overlap': len(set(np.argsort(-p, kind='stable')[:5].tolist()) & set(np.argsort(-q, kind='stable')[:5].tolist())),
    }


def aggregate(figs, margins):
    """Worst / median figures over images; `clear` = images whose TF Lite top-1 margin >= CLEAR_MARGIN."""
    col = lambda k: np.asarray([f[k] for f in figs], np.float64)  # noqa: E731
    clear = [f for f, m in zip(figs, margins) if m >= CLEAR_MARGIN]
    return {
        'images': len(figs),
        'top1Equal': int(sum(f['top1Equal'] for f in figs)),
        'clear': len(clear),
        'top1EqualClear': int(sum(f['top1Equal'] for f in clear)),
        'top1InRefTop3': int(sum(f['top1InRefTop3'] for f in figs)),
        'top5OverlapMin': int(col('top5Overlap').min()),
        'embCosineMin': sig6(col('embCosine').min()),
        'embCosineMedian': sig6(np.median(col('embCosine'))),
        'embMaxAbsDiffStepsMax': sig6(col('embMaxAbsDiffSteps').max()),
        'embMaxAbsDiffStepsMedian': sig6(np.median(col('embMaxAbsDiffSteps'))),
        'embMeanAbsDiffStepsMax': sig6(col('embMeanAbsDiffSteps').max()),
        'probMaxAbsDiffMax': sig6(col('probMaxAbsDiff').max()),
        'probMaxAbsDiffMedian': sig6(np.median(col('probMaxAbsDiff'))),
    }


def run_torch(net, raw_path, fake_quant, batch=16):
    """(embeddings [N,1280], probabilities [N,1001]) of the PyTorch port on the uint8 RGB images / 255.
    Fake-quant: softmax of the uint8-rounded logits, rounded to 1/256 like the uint8 SOFTMAX output."""
    imgs = np.fromfile(raw_path, np.uint8).reshape(-1, SIZE, SIZE, 3)
    embs, probs = [], []
    net.set_fake_quant(fake_quant)
    with torch.no_grad():
        for k in range(0, len(imgs), batch):
            x = torch.from_numpy(imgs[k:k + batch].astype(np.float32) / 255.0).permute(0, 3, 1, 2).contiguous()
            e, lg = net(x)
            p = softmax(lg.numpy())
            if fake_quant:
                p = np.clip(np.round(p * 256.0), 0, 255) / 256.0
            embs.append(e.numpy())
            probs.append(p)
    net.set_fake_quant(False)
    return np.concatenate(embs), np.concatenate(probs)


def layerwise(net, tfl, acts):
    """Every operator on the reference's OWN inputs: the PyTorch layer (float) runs on the dequantised
    input tensor(s), its output is rounded to the output tensor's uint8 grid and compared with the
    reference's uint8 output. Isolates the conversion from the accumulated quantisation noise.
    acts: tensor index -> uint8 NHWC array. Returns [{op, kind, name, maxSteps, differing, elements}]."""
    convs = {m.tflite_scope: m for m in net.convs()}

    def deq(i):
        s, z = qparams(tfl.tensors[i])
        return ((acts[i].astype(np.float64) - z) * s).astype(np.float32)

    rows = []
    with torch.no_grad():
        for op in tfl.operators:
            out = tfl.tensors[op.outputs[0]]
            name = out.name.split(';')[0]
            if op.kind in ('CONV_2D', 'DEPTHWISE_CONV_2D'):
                name = tfl.tensors[op.inputs[1]].name.split(';')[0].rsplit('/', 1)[0]
                x = torch.from_numpy(deq(op.inputs[0]))
                if name == net.classifier.tflite_scope:
                    y = net.classifier(x.reshape(x.shape[0], -1)).numpy().reshape(out.shape)
                else:
                    y = convs[name](x.permute(0, 3, 1, 2)).permute(0, 2, 3, 1).numpy()
            elif op.kind == 'ADD':
                y = deq(op.inputs[0]) + deq(op.inputs[1])
            elif op.kind == 'AVERAGE_POOL_2D':
                y = deq(op.inputs[0]).mean(axis=(1, 2), keepdims=True)
            elif op.kind == 'SOFTMAX':
                y = softmax(deq(op.inputs[0]))
            elif op.kind == 'RESHAPE':
                continue
            else:
                raise AssertionError(f'layerwise: no PyTorch counterpart for {op.kind}')
            s, z = qparams(out)
            q = np.clip(np.round(np.asarray(y, np.float64) / s) + z, 0, 255)
            d = np.abs(q - acts[op.outputs[0]].astype(np.float64))
            rows.append({'op': op.index, 'kind': op.kind, 'name': name, 'maxSteps': int(d.max()),
                         'differing': int((d > 0).sum()), 'elements': int(d.size)})
    return rows


def pick_fixture_files(data):
    files = []
    for prefix in FIXTURE_PREFIXES:
        folder, stem = prefix.split('/')
        names = sorted(n for n in os.listdir(os.path.join(data, folder)) if n.startswith(stem))
        if not names:
            raise SystemExit(f'no kit file {prefix}* in {data}')
        files.append(f'{folder}/{names[0]}')
    return files


def pick_survey_files(data, step):
    """Every `step`-th kit image, all images sorted by relative path (deterministic for a given kit)."""
    rel = []
    for root, dirs, names in os.walk(data):
        dirs.sort()
        rel += [os.path.relpath(os.path.join(root, n), data) for n in names if n.lower().endswith(('.jpg', '.jpeg', '.png', '.webp'))]
    return sorted(rel)[::step]


def fixture_and_survey(a, net, tfl_path, labels, info):
    data = os.path.abspath(a.data or os.path.join(a.repo, '..', 'shared', 'data', 'images'))
    files = pick_fixture_files(data)
    survey_files = pick_survey_files(data, a.survey_step) if a.survey_step else []
    with tempfile.TemporaryDirectory(dir=os.path.abspath(a.out)) as work:
        raw, manifest = node_inputs(a.repo, SIZE, [os.path.join(data, f) for f in files], work, 'fixture')
        ref = run_reference(a.ref_python, a.engine, tfl_path, raw, work, 'fixture', dump=len(files))
        tfl = TFLiteModel.read(tfl_path)
        rows = None
        for k in range(len(files)):
            with np.load(os.path.join(work, f'activations-{k}.npz')) as npz:
                acts = {int(n[1:]): npz[n] for n in npz.files}
            r = layerwise(net, tfl, acts)
            rows = r if rows is None else [dict(w, maxSteps=max(w['maxSteps'], x['maxSteps']), differing=w['differing'] + x['differing'],
                                                elements=w['elements'] + x['elements']) for w, x in zip(rows, r)]
        # a second opinion: the numpy reference (dequantise / float op / requantise) on the same bytes
        cross = run_reference(sys.executable, 'numpy', tfl_path, raw, work, 'fixture-numpy') if ref['reference']['engine'] != 'numpy' else None
        emb, prob = run_torch(net, raw, False)
        emb_fq, prob_fq = run_torch(net, raw, True)
        survey = None
        if survey_files:
            sraw, smanifest = node_inputs(a.repo, SIZE, [os.path.join(data, f) for f in survey_files], work, 'survey')
            sref = run_reference(a.ref_python, a.engine, tfl_path, sraw, work, 'survey')
            scross = run_reference(sys.executable, 'numpy', tfl_path, sraw, work, 'survey-numpy') if cross else None
            survey = (smanifest, sref, scross, run_torch(net, sraw, False), run_torch(net, sraw, True))
    for r in (ref, cross):  # run times stay out of the fixture (it is byte-identical on reruns)
        if r:
            r['reference'].pop('seconds', None)
    rq = ref['quantisation']
    emb_scale, emb_zp = rq['embedding']
    prob_scale, prob_zp = rq['probs']
    assert emb_zp == 0 and prob_zp == 0 and abs(emb_scale - net.embed_quant[0]) < 1e-12, rq

    def figures(refs, crosses, e, p, e_fq, p_fq):
        out = {'float': [], 'fakeQuant': [], 'referenceCrossCheck': [], 'fakeQuantVsNumpy': [], 'margins': []}
        for i, r in enumerate(refs):
            out['margins'].append(margin(r['probs'], prob_scale))
            out['float'].append(compare(r, e[i], p[i], emb_scale, prob_scale))
            out['fakeQuant'].append(compare(r, e_fq[i], p_fq[i], emb_scale, prob_scale))
            if crosses:
                c = crosses[i]
                ce, cp = np.asarray(c['embedding']) * emb_scale, np.asarray(c['probs']) * prob_scale
                out['referenceCrossCheck'].append(compare(r, ce, cp, emb_scale, prob_scale))
                # fake-quant implements the numpy reference's arithmetic: how close to it
                out['fakeQuantVsNumpy'].append(compare(c, e_fq[i], p_fq[i], emb_scale, prob_scale))
        return out

    fx = figures(ref['images'], cross['images'] if cross else None, emb, prob, emb_fq, prob_fq)
    items = []
    for i, f in enumerate(files):
        r, m = ref['images'][i], manifest['images'][i]
        assert m['file'].endswith(f)
        item = {
            'file': f, 'fileSha256': m['fileSha256'], 'decoded': m['decoded'], 'inputSha256': m['inputSha256'],
            'tflite': {'top5': top5(np.asarray(r['probs']) * prob_scale, labels), 'top1Margin': sig6(fx['margins'][i]),
                       'embeddingQ': r['embedding'], 'probsQ': r['probs']},
            'torch': {'top5': top5(prob[i], labels), 'embedding': [sig6(v) for v in emb[i]], 'probs': [sig6(v) for v in prob[i]]},
            'agreement': fx['float'][i],
            'fakeQuant': dict(fx['fakeQuant'][i], top5=top5(prob_fq[i], labels)),
        }
        if cross:
            item['referenceCrossCheck'] = fx['referenceCrossCheck'][i]
        items.append(item)
    summary = {'clearMargin': CLEAR_MARGIN, 'float': aggregate(fx['float'], fx['margins']),
               'fakeQuant': aggregate(fx['fakeQuant'], fx['margins'])}
    if cross:
        summary['referenceCrossCheck'] = dict(aggregate(fx['referenceCrossCheck'], fx['margins']), against=cross['reference'])
        summary['fakeQuantVsNumpy'] = aggregate(fx['fakeQuantVsNumpy'], fx['margins'])
    layer_rows = [dict(w, differing=sig6(w['differing'] / w['elements'])) for w in rows]
    for w in layer_rows:
        w['shareDiffering'] = w.pop('differing')
        del w['elements']
    layer_summary = {'images': len(files), 'ops': len(layer_rows), 'maxSteps': max(w['maxSteps'] for w in layer_rows),
                     'shareDifferingMax': max(w['shareDiffering'] for w in layer_rows),
                     'perKind': {k: sum(w['kind'] == k for w in layer_rows) for k in sorted({w['kind'] for w in layer_rows})}}
    survey_out = None
    if survey:
        smanifest, sref, scross, (se, sp), (se_fq, sp_fq) = survey
        sx = figures(sref['images'], scross['images'] if scross else None, se, sp, se_fq, sp_fq)
        listing = ''.join(f"{f} {m['inputSha256']}\n" for f, m in zip(survey_files, smanifest['images']))
        survey_out = {'rule': f'every {a.survey_step}th kit image, all images sorted by path relative to images/',
                      'inputsSha256': sha256_bytes(listing.encode()), 'float': aggregate(sx['float'], sx['margins']),
                      'fakeQuant': aggregate(sx['fakeQuant'], sx['margins'])}
        if scross:
            survey_out['referenceCrossCheck'] = aggregate(sx['referenceCrossCheck'], sx['margins'])
            survey_out['fakeQuantVsNumpy'] = aggregate(sx['fakeQuantVsNumpy'], sx['margins'])
    fixture = {
        'about': 'ImageNet MobileNetV2 1.0/224 uint8 TF Lite converted to PyTorch '
                 '(ml/vision/v3/convert_tflite.py); regenerate with `make convert-imagenet-torch`',
        'source': info['source'],
        'stateDictSha256': info['stateDictSha256'],
        'inputSize': SIZE,
        'preprocessing': 'decodeFrame + resizeFill(224x224) from src/models/preprocess.ts (ml/vision/v3/node-io.ts); '
                         'TF Lite gets the uint8 RGB bytes, PyTorch gets them / 255',
        'selection': {'rule': 'per prefix, the kit file whose name sorts first', 'prefixes': FIXTURE_PREFIXES},
        'reference': dict(ref['reference'], quantisation=rq),
        'tensors': ref['tensors'],
        'torch': {'version': torch.__version__, 'threads': a.threads, 'mode': 'float32 (the fine-tuning mode); '
                  'fakeQuant = activations rounded to each TF Lite tensor\'s uint8 grid'},
        'summary': summary,
        'layerwise': dict(layer_summary, rows=layer_rows),
        'survey': survey_out,
        'images': items,
    }
    os.makedirs(os.path.dirname(os.path.abspath(a.fixture)), exist_ok=True)
    with open(a.fixture, 'w') as fh:
        json.dump(fixture, fh, separators=(',', ':'))
        fh.write('\n')
    print(json.dumps({'summary': summary, 'layerwise': layer_summary, 'survey': survey_out}, indent=2))
    for it in items:
        g, t, p = it['agreement'], it['tflite']['top5'][0], it['torch']['top5'][0]
        print(f"{it['file']}: tflite {t['label']} {t['prob']:.3f} (margin {it['tflite']['top1Margin']:.3f}) | torch "
              f"{p['label']} {p['prob']:.3f} | emb max {g['embMaxAbsDiffSteps']:.2f} steps, mean {g['embMeanAbsDiffSteps']:.2f}, "
              f"cos {g['embCosine']:.6f}, prob {g['probMaxAbsDiff']:.4f}, top1 {g['top1Equal']} | fq emb max "
              f"{it['fakeQuant']['embMaxAbsDiffSteps']:.2f} cos {it['fakeQuant']['embCosine']:.6f}")
    print(f'fixture: {a.fixture} ({os.path.getsize(a.fixture)} bytes, {len(items)} images, reference '
          f"{ref['reference']['name']} {ref['reference']['version']})")


def time_forward(net, threads, size=SIZE, runs=10):
    torch.set_num_threads(threads)
    x = torch.rand(1, 3, size, size, generator=torch.Generator().manual_seed(0))
    with torch.no_grad():
        for _ in range(3):
            net(x)
        times = []
        for _ in range(runs):
            t0 = time.perf_counter()
            net(x)
            times.append(time.perf_counter() - t0)
    return {'threads': threads, 'runs': runs, 'medianMs': round(1000 * float(np.median(times)), 1),
            'minMs': round(1000 * min(times), 1)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tflite', required=True)
    ap.add_argument('--out', required=True)
    ap.add_argument('--data', default=None, help='kit images dir (default <repo>/../shared/data/images)')
    ap.add_argument('--fixture')
    ap.add_argument('--repo', default=REPO)
    ap.add_argument('--ref-python', default=sys.executable,
                    help='Python that runs tflite_reference.py (one with TensorFlow gives the TF Lite interpreter)')
    ap.add_argument('--engine', choices=['auto', 'tflite', 'numpy'], default='auto')
    ap.add_argument('--threads', type=int, default=1)
    ap.add_argument('--survey-step', type=int, default=32,
                    help='also measure agreement (figures only) on every Nth kit image; 0 = off')
    ap.add_argument('--timing', action='store_true', help='time one 224 px forward pass on 1 and 2 threads')
    ap.add_argument('--any-tflite', action='store_true', help=f'accept a .tflite whose sha256 is not {TFLITE_SHA256[:12]}...')
    a = ap.parse_args()
    torch.set_num_threads(a.threads)
    out = os.path.abspath(a.out)
    os.makedirs(out, exist_ok=True)
    tflite_path = os.path.abspath(a.tflite)
    tfl = TFLiteModel.read(tflite_path)
    if tfl.sha256 != TFLITE_SHA256 and not a.any_tflite:
        raise SystemExit(f'{tflite_path}: sha256 {tfl.sha256}, expected {TFLITE_SHA256} (--any-tflite to accept)')
    labels_path = os.path.join(os.path.dirname(tflite_path), 'imagenet_labels.txt')
    labels = [l.rstrip('\n') for l in open(labels_path, encoding='utf-8')] if os.path.exists(labels_path) else None

    net = ImageNetMobileNetV2().eval()
    tensor_map, n_used = load_tflite(net, tfl)
    blob = state_dict_bytes(net)
    open(os.path.join(out, STATE_DICT), 'wb').write(blob)
    quant_kinds = sorted({m['weightQuant'].split(' ')[0] for m in tensor_map})
    info = {
        'source': {'file': os.path.basename(tflite_path), 'bytes': len(tfl.blob), 'sha256': tfl.sha256,
                   'description': tfl.description, 'schemaVersion': tfl.version},
        'operators': tfl.op_histogram(),
        'tensors': len(tfl.tensors),
        'constantTensorsUsed': n_used,
        'weightQuantisation': quant_kinds,
        'parameters': int(sum(p.numel() for p in net.parameters())),
        'stateDict': STATE_DICT,
        'stateDictSha256': sha256_bytes(blob),
        'torch': torch.__version__,
        'inputMapping': 'x in [0,1] (pixel/255) -> x*255/128 - 1 = (pixel-128)/128, the uint8 input quantisation',
        'embedding': {'tensor': EMBED_TENSOR, 'quant': list(net.embed_quant)},
        'logitsQuant': list(net.logits_quant),
    }
    # other input sizes: fully convolutional + global pooling
    with torch.no_grad():
        info['otherSizes'] = {}
        for s in (160, 192, 224):
            e, lg = net(torch.full((1, 3, s, s), 0.5))
            info['otherSizes'][str(s)] = {'embedding': list(e.shape), 'logits': list(lg.shape),
                                          'featureMap': list(net.features(torch.zeros(1, 3, s, s)).shape[2:])}
    if a.timing:
        info['forward224'] = [time_forward(net, 1), time_forward(net, 2)]
        torch.set_num_threads(a.threads)
    info['tensorMap'] = tensor_map
    json.dump(info, open(os.path.join(out, 'convert.json'), 'w'), indent=2)
    print(json.dumps({k: v for k, v in info.items() if k != 'tensorMap'}, indent=2))

    if a.fixture:
        fixture_and_survey(a, net, tflite_path, labels, info)


if __name__ == '__main__':
    main()
