"""int8 vision v3: ONNX Runtime static quantisation (QDQ, per-channel int8 weights, uint8 activations)
calibrated on kit images, and the check that decides whether it is served: per class, ROC-AUC of
the int8 network against the float one on the same kit photographs, and the time of each.

usage: <python with onnxruntime> quantize_v3.py --onnx artifacts/vision-v3.onnx --data <kit images>
         --out <dir> [--calibration 200] [--evaluate 1500] [--seed 1]

Writes <out>/vision-v3-int8.onnx and <out>/quantize.json (per class ROC-AUC float / int8 and the
difference, probability differences, ms per image on one thread, image decoding included). In-sample
ROC-AUC sits near 1 on these photographs, so a small difference there is weak evidence: docs/vision-v3.md
says what was decided.
"""
import argparse
import hashlib
import json
import os
import random
import time

import numpy as np
import onnxruntime as ort
from onnxruntime.quantization import CalibrationDataReader, QuantFormat, QuantType, quantize_static
from onnxruntime.quantization.shape_inference import quant_pre_process

from ml.vision.v3 import kit3

from ml.lib.metrics import roc_auc

kit = kit3.kit


def view(path, size):
    return kit.to_tensor_array(kit.eval_view(kit.load_image(path, 768), size))[None]


class Reader(CalibrationDataReader):
    def __init__(self, files, size):
        self.files, self.size, self.i = files, size, 0

    def get_next(self):
        if self.i >= len(self.files):
            return None
        self.i += 1
        return {'input': view(self.files[self.i - 1], self.size)}


def run(session, files, size):
    probs, started = [], time.perf_counter()
    for f in files:
        probs.append(session.run(['probs'], {'input': view(f, size)})[0][0])
    return np.stack(probs), (time.perf_counter() - started) / len(files) * 1000


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--onnx', required=True)
    ap.add_argument('--manifest', help='the serving manifest beside the ONNX (default <onnx>.json)')
    ap.add_argument('--data', required=True)
    ap.add_argument('--out', required=True)
    ap.add_argument('--calibration', type=int, default=200)
    ap.add_argument('--evaluate', type=int, default=1500)
    ap.add_argument('--seed', type=int, default=1)
    a = ap.parse_args()
    manifest = json.load(open(a.manifest or a.onnx[:-len('.onnx')] + '.json'))
    size = manifest['inputSize'][0]
    items = kit3.load_kit(a.data)
    rng = random.Random(a.seed)
    order = list(range(len(items)))
    rng.shuffle(order)
    calib = [os.path.join(a.data, items[i]['file']) for i in order[:a.calibration]]
    evaluate = [i for i in order[a.calibration:] if items[i]['real'] and items[i]['photo']][:a.evaluate]
    os.makedirs(a.out, exist_ok=True)
    pre = os.path.join(a.out, 'vision-v3-pre.onnx')
    int8 = os.path.join(a.out, 'vision-v3-int8.onnx')
    quant_pre_process(a.onnx, pre, skip_symbolic_shape=True)
    quantize_static(pre, int8, Reader(calib, size), quant_format=QuantFormat.QDQ, per_channel=True,
                    weight_type=QuantType.QInt8, activation_type=QuantType.QUInt8)
    opts = ort.SessionOptions()
    opts.intra_op_num_threads = 1
    files = [os.path.join(a.data, items[i]['file']) for i in evaluate]
    p_float, ms_float = run(ort.InferenceSession(a.onnx, opts, providers=['CPUExecutionProvider']), files, size)
    p_int8, ms_int8 = run(ort.InferenceSession(int8, opts, providers=['CPUExecutionProvider']), files, size)
    classes = manifest['classes']
    per = {}
    for c in kit3.CANDIDATES:
        k, t = classes.index(c), kit3.CLASSES.index(c)
        y = np.array([items[i]['targets'][t] for i in evaluate], dtype=object)
        known = np.array([v is not None for v in y])
        yk = y[known].astype(int)
        if yk.sum() == 0 or yk.sum() == len(yk):
            continue
        af, ai = roc_auc(yk, p_float[known, k]), roc_auc(yk, p_int8[known, k])
        per[c] = {'positives': int(yk.sum()), 'negatives': int(len(yk) - yk.sum()), 'rocAucFloat': round(af, 4),
                  'rocAucInt8': round(ai, 4), 'difference': round(ai - af, 4),
                  'maxProbDifference': round(float(np.abs(p_float[:, k] - p_int8[:, k]).max()), 4)}
    worst = max(abs(v['difference']) for v in per.values())
    result = {
        'float': {'file': os.path.basename(a.onnx), 'sha256': hashlib.sha256(open(a.onnx, 'rb').read()).hexdigest(), 'msPerImage': round(ms_float, 2)},
        'int8': {'sha256': hashlib.sha256(open(int8, 'rb').read()).hexdigest(), 'bytes': os.path.getsize(int8), 'msPerImage': round(ms_int8, 2)},
        'calibrationImages': len(calib), 'evaluatedPhotos': len(files), 'seed': a.seed, 'onnxruntime': ort.__version__,
        'note': 'ROC-AUC on kit photographs the all network trained on (in-sample): it measures how far int8 moves the float network, not quality',
        'classes': per, 'worstAbsDifference': worst, 'int8WithinRocAucRuleInSample': bool(worst < 0.01),
    }
    json.dump(result, open(os.path.join(a.out, 'quantize.json'), 'w'), indent=1)
    print(json.dumps(result, indent=1))


if __name__ == '__main__':
    main()
