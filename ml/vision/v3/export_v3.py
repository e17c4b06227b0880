"""Exports a trained vision v3 network (finetune.py's model.pt) to ONNX, with its equality fixture and
the serving manifest the service reads (artifacts/vision-v3.json).

usage: /usr/bin/python3 export_v3.py --checkpoint <finetune out>/all/model.pt --out <dir> [--version <V3_VERSION, e.g. 3.1.0>] [--no-fixture]

--no-fixture: no <name>.fixture.json (a fold's network, scored by train/v3-heldback-served.ts; no test reads it).

ONNX graph (ml/vision/v3/exporting.py): input `input` float32 [N,3,224,224] RGB/255 (the whole frame
stretched, as the service's resizeFill), outputs `logits` [N,K], `probs` [N,K] and `embedding`
[N,1280]. The ImageNet classifier of the backbone is not exported.
"""
import argparse
import json
import os

import torch

from ml.vision.v3.finetune import VisionV3

from ml.vision.v3.exporting import export

MODEL_ID = 'imagenet-mobilenet_v2-v3'


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--checkpoint', required=True)
    ap.add_argument('--out', required=True)
    ap.add_argument('--name', default='vision-v3')
    ap.add_argument('--version', default='3.0.0')
    ap.add_argument('--no-fixture', action='store_true', help='leave out <name>.fixture.json')
    a = ap.parse_args()
    torch.set_num_threads(1)
    ck = torch.load(a.checkpoint)
    net = VisionV3(ck['classes'])
    net.load_state_dict(ck['state_dict'])
    net.eval()
    info = export(net, ck['size'], a.out, a.name, {'classes': ck['classes'], 'what': f"vision v3 fold {ck['fold']}"},
                  fixture=not a.no_fixture)
    manifest = {
        'id': MODEL_ID, 'version': a.version, 'file': info['model'], 'sha256': info['sha256'], 'bytes': info['bytes'],
        'inputSize': [ck['size'], ck['size']], 'classes': ck['classes'], 'embeddingDim': info['embeddingDim'],
        'layout': 'NCHW', 'scale': 'RGB / 255', 'outputs': info['outputs'],
        'trainedOn': {'labelsSha256': ck['labels_sha256'], 'backboneSha256': ck['weights_sha256'], 'fold': ck['fold'],
                      'trainableFrom': ck['trainable_from']},
        'origin': "ImageNet MobileNetV2 1.0/224 (Google, TF-Slim; Coral test_data's uint8 TF Lite, Apache-2.0), "
                  'converted by ml/vision/v3/convert_tflite.py and fine-tuned by ml/vision/v3/finetune.py on ../shared/data',
    }
    json.dump(manifest, open(os.path.join(a.out, f'{a.name}.json'), 'w'), indent=2)
    print(json.dumps(manifest, indent=2))


if __name__ == '__main__':
    main()
