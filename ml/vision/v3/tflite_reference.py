"""Runs the ORIGINAL .tflite on preprocessed uint8 RGB images and writes its raw uint8 outputs, for
convert_tflite.py to compare the PyTorch port against. Runs in any Python with numpy: the converter
calls it as a subprocess with the Python that has TensorFlow (a venv; torch is not needed here).

usage: python tflite_reference.py --tflite M.tflite --inputs raw.bin --size 224 --out ref.json
                                  [--engine auto|tflite|numpy] [--numpy-ref check_tflite.py]

Engines:
* tflite: TensorFlow's tf.lite.Interpreter (or tflite_runtime's), with the built-in integer kernels
  and no default delegate (OpResolverType.BUILTIN_WITHOUT_DEFAULT_DELEGATES, so XNNPACK does not take
  the graph over and intermediate tensors can be read; experimental_preserve_all_tensors=True).
* numpy: the numpy reference interpreter check_tflite.py that sits beside the model (dequantise,
  float32 op, requantise per tensor). It matches the integer kernels up to rounding.
auto = tflite when importable, else numpy.

Output JSON: the engine and its version, the quantisation of the tensors read, and per image the raw
uint8 values of MobilenetV2/Logits/AvgPool (1280), MobilenetV2/Logits/Squeeze1 (1001 logits) and
MobilenetV2/Predictions/Softmax (1001). With --dump-dir, every activation tensor (uint8, by tensor
index: t<index>) of the first --dump-count images goes to <dump-dir>/activations-<k>.npz, for the
converter's layer-by-layer check."""
import argparse
import importlib.util
import json
import os
import sys
import time

import numpy as np

TENSORS = {'embedding': 'MobilenetV2/Logits/AvgPool', 'logits': 'MobilenetV2/Logits/Squeeze1',
           'probs': 'MobilenetV2/Predictions/Softmax'}


def activation_indices(path):
    """Indices of the graph's tensors that have no data in the file (read with tflite.py)."""
    from ml.vision.v3.tflite import TFLiteModel
    return [t.index for t in TFLiteModel.read(path).tensors if not t.is_constant]


def tflite_engine(path):
    try:
        import tensorflow as tf
        Interpreter, OpResolverType = tf.lite.Interpreter, tf.lite.experimental.OpResolverType
        name, version = 'tensorflow tf.lite.Interpreter', tf.__version__
    except ImportError:
        import tflite_runtime
        from tflite_runtime.interpreter import Interpreter, OpResolverType
        name, version = 'tflite_runtime Interpreter', tflite_runtime.__version__
    it = Interpreter(model_path=path, experimental_op_resolver_type=OpResolverType.BUILTIN_WITHOUT_DEFAULT_DELEGATES,
                     experimental_preserve_all_tensors=True, num_threads=1)
    it.allocate_tensors()
    details = {d['name']: d for d in it.get_tensor_details()}
    inp = it.get_input_details()[0]

    activations = activation_indices(path)

    def run(img, dump=None):
        it.set_tensor(inp['index'], img[None])
        it.invoke()
        if dump:
            np.savez(dump, **{f't{i}': it.get_tensor(i) for i in activations})
        return {k: it.get_tensor(details[n]['index']).reshape(-1).copy() for k, n in TENSORS.items()}

    quant = {k: [float(details[n]['quantization'][0]), int(details[n]['quantization'][1])] for k, n in TENSORS.items()}
    quant['input'] = [float(inp['quantization'][0]), int(inp['quantization'][1])]
    info = {'engine': 'tflite', 'name': name, 'version': version,
            'opResolver': 'BUILTIN_WITHOUT_DEFAULT_DELEGATES (built-in integer kernels, no XNNPACK)'}
    return info, quant, run


def numpy_engine(path, ref_script):
    spec = importlib.util.spec_from_file_location('check_tflite', ref_script)
    ref = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(ref)
    m = ref.Model(path)
    index = {t.name: k for k, t in enumerate(m.tensors)}
    wanted = [index[n] for n in TENSORS.values()]
    activations = [k for k, t in enumerate(m.tensors) if t.data is None]
    # its run() returns the tensors listed as outputs: ask for the three we read, then every activation
    m.outputs = wanted + activations

    def run(img, dump=None):
        outs = ref.run(m, img[None])
        if dump:
            np.savez(dump, **{f't{i}': v for i, v in zip(activations, outs[len(wanted):])})
        return {k: np.asarray(v).reshape(-1).copy() for k, v in zip(TENSORS, outs)}

    quant = {k: [float(m.tensors[i].scale[0]), int(m.tensors[i].zp[0])] for k, i in zip(TENSORS, wanted)}
    tin = m.tensors[m.inputs[0]]
    quant['input'] = [float(tin.scale[0]), int(tin.zp[0])]
    info = {'engine': 'numpy', 'name': 'check_tflite.py numpy reference interpreter', 'version': f'numpy {np.__version__}',
            'script': os.path.basename(ref_script)}
    return info, quant, run


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tflite', required=True)
    ap.add_argument('--inputs', required=True, help='concatenated uint8 RGB HWC images')
    ap.add_argument('--size', type=int, default=224)
    ap.add_argument('--out', required=True)
    ap.add_argument('--engine', choices=['auto', 'tflite', 'numpy'], default='auto')
    ap.add_argument('--dump-dir', default=None, help='also save every activation tensor of the first --dump-count images')
    ap.add_argument('--dump-count', type=int, default=0)
    ap.add_argument('--numpy-ref', default=None, help='check_tflite.py (default: beside the .tflite)')
    a = ap.parse_args()
    ref_script = a.numpy_ref or os.path.join(os.path.dirname(os.path.abspath(a.tflite)), 'check_tflite.py')
    engine = a.engine
    if engine == 'auto':
        have = any(importlib.util.find_spec(n) is not None for n in ('tensorflow', 'tflite_runtime'))
        engine = 'tflite' if have else 'numpy'
    info, quant, run = tflite_engine(a.tflite) if engine == 'tflite' else numpy_engine(a.tflite, ref_script)
    info['python'] = sys.version.split()[0]
    raw = np.fromfile(a.inputs, dtype=np.uint8)
    per = a.size * a.size * 3
    if raw.size % per:
        raise SystemExit(f'{a.inputs}: {raw.size} bytes is not a multiple of {per}')
    images = raw.reshape(-1, a.size, a.size, 3)
    outs, t0 = [], time.time()
    for k, img in enumerate(images):
        dump = os.path.join(a.dump_dir, f'activations-{k}.npz') if a.dump_dir and k < a.dump_count else None
        r = run(img, dump)
        outs.append({k: [int(v) for v in r[k]] for k in TENSORS})
    info['seconds'] = round(time.time() - t0, 3)
    with open(a.out, 'w') as fh:
        json.dump({'reference': info, 'tensors': TENSORS, 'quantisation': quant, 'images': outs}, fh)
    print(f'{info["name"]} {info["version"]}: {len(outs)} images in {info["seconds"]} s -> {a.out}', file=sys.stderr)


if __name__ == '__main__':
    main()
