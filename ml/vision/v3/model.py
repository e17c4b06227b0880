"""Google's ImageNet MobileNetV2 1.0 (TF-Slim checkpoint, as in mobilenet_v2_1.0_224_quant.tflite)
rebuilt in PyTorch, laid out like the TF Lite graph so convert_tflite.py can load it op by op:

* BatchNorm is already folded into the convolutions: every conv has a bias, none has BN.
* ReLU6 after the stem, every expand and depthwise conv and the last 1x1 conv; projections are linear.
* TF 'SAME' padding, computed from the input size like TF does: total = max((ceil(n/s)-1)*s + k - n, 0),
  the smaller half before. Stride-1 3x3 convs pad 1/1; stride-2 3x3 convs on even sizes pad 0 top/left
  and 1 bottom/right (224 -> 112). PyTorch's symmetric padding=1 would shift every feature by a pixel.
  The padding is computed from the input size at run time, so a traced / ONNX graph keeps the traced
  size's padding: at multiples of 32 (160, 192, 224, ...) every stride-2 input is even and the
  padding is the same (0/1), so one export serves all of them.
* Residual adds where stride is 1 and channels are kept (10 blocks), global average pooling
  (= the TF Lite 7x7 AVERAGE_POOL_2D at 224 px, and works at any size) -> 1280-d embedding
  (tensor MobilenetV2/Logits/AvgPool), then the 1x1 ImageNet logits conv as a Linear layer
  (1001 classes, index 0 = background).

Input: float NCHW RGB in [0, 1] (pixel / 255), as the service feeds its networks. The model maps it
to the TF Lite input range itself: the uint8 input has scale 1/128 and zero point 128 and takes the
raw pixel, so real = (pixel - 128) / 128 = x * 255/128 - 1 (range [-1, 0.992]).

Fine-tuning layout: `features` = nn.Sequential(stem, 17 InvertedResidual blocks, last 1x1 conv)
(19 entries; `freeze_features(k)` freezes the first k), `embed(x)` -> [N, 1280], `classifier` the
ImageNet Linear(1280, 1001); forward(x) -> (embedding, imagenet_logits).

Every conv carries `tflite_scope` (the TF-Slim scope its weights come from, e.g.
'MobilenetV2/expanded_conv_3/depthwise'); convert_tflite.py also sets `tflite_tensors` (the exact
weight/bias tensor names it loaded). Optional fake-quant mode (`set_fake_quant(True)` after the
converter attached each tensor's output scale/zero point) rounds every activation to its uint8 grid
as the integer graph does; the float mode is the one to fine-tune."""
import torch
import torch.nn as nn
import torch.nn.functional as F

# (expansion t, output channels c, repeats n, first stride s): MobileNetV2 paper, alpha 1.0
INVERTED_RESIDUAL = [(1, 16, 1, 1), (6, 24, 2, 2), (6, 32, 3, 2), (6, 64, 4, 2), (6, 96, 3, 1), (6, 160, 3, 2), (6, 320, 1, 1)]
STEM_CHANNELS = 32
EMBED_DIM = 1280
IMAGENET_CLASSES = 1001  # index 0 = background, 1..1000 = ILSVRC-2012 synsets in the standard order
INPUT_SCALE, INPUT_ZERO_POINT = 1.0 / 128.0, 128  # TF Lite input tensor 'input' (uint8, raw pixels)


def tf_same_pads(size, k, stride):
    """(before, after) padding of TF 'SAME' for one spatial dimension."""
    out = -(-size // stride)
    total = max((out - 1) * stride + k - size, 0)
    return total // 2, total - total // 2


def fake_quant(x, qparams):
    """Round x to the uint8 grid (scale, zero_point): (clamp(round(x/s)+zp, 0, 255) - zp) * s."""
    if qparams is None:
        return x
    s, zp = qparams
    return (torch.clamp(torch.round(x / s) + zp, 0, 255) - zp) * s


class SameConv(nn.Module):
    """Conv2d with bias and TF 'SAME' padding (+ ReLU6 when `relu6`). Depthwise when groups == cin."""

    def __init__(self, cin, cout, k, stride, groups, relu6, scope):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, k, stride, padding=0, groups=groups, bias=True)
        self.k, self.stride, self.relu6 = k, stride, relu6
        self.tflite_scope = scope
        self.tflite_tensors = None  # {'weight': name, 'bias': name}, set by the loader
        self.out_quant = None  # (scale, zero_point) of the TF Lite output tensor, set by the loader
        self.fake_quant = False

    def forward(self, x):
        ph = tf_same_pads(x.shape[-2], self.k, self.stride)
        pw = tf_same_pads(x.shape[-1], self.k, self.stride)
        if ph[0] == ph[1] and pw[0] == pw[1]:
            y = F.conv2d(x, self.conv.weight, self.conv.bias, self.stride, (ph[0], pw[0]), 1, self.conv.groups)
        else:
            y = F.conv2d(F.pad(x, (pw[0], pw[1], ph[0], ph[1])), self.conv.weight, self.conv.bias, self.stride, 0, 1,
                         self.conv.groups)
        if self.relu6:
            y = F.relu6(y)
        return fake_quant(y, self.out_quant) if self.fake_quant else y

    def extra_repr(self):
        return f'tflite_scope={self.tflite_scope!r}, tf_same, relu6={self.relu6}'


class InvertedResidual(nn.Module):
    """[expand 1x1 ReLU6] -> depthwise 3x3 ReLU6 -> project 1x1 (linear) [+ input]."""

    def __init__(self, cin, cout, stride, expansion, block_id):
        super().__init__()
        scope = 'MobilenetV2/expanded_conv' + (f'_{block_id}' if block_id else '')
        hidden = cin * expansion
        layers = []
        if expansion != 1:
            layers.append(SameConv(cin, hidden, 1, 1, 1, True, scope + '/expand'))
        layers.append(SameConv(hidden, hidden, 3, stride, hidden, True, scope + '/depthwise'))
        layers.append(SameConv(hidden, cout, 1, 1, 1, False, scope + '/project'))
        self.layers = nn.Sequential(*layers)
        self.residual = stride == 1 and cin == cout
        self.tflite_scope = scope
        self.add_quant = None  # (scale, zero_point) of the ADD output, set by the loader
        self.fake_quant = False

    def forward(self, x):
        y = self.layers(x)
        if not self.residual:
            return y
        y = x + y
        return fake_quant(y, self.add_quant) if self.fake_quant else y


class ImageNetMobileNetV2(nn.Module):
    """image [N,3,H,W] RGB in [0,1] -> (embedding [N,1280], ImageNet logits [N,1001])."""

    def __init__(self, num_classes=IMAGENET_CLASSES):
        super().__init__()
        layers = [SameConv(3, STEM_CHANNELS, 3, 2, 1, True, 'MobilenetV2/Conv')]
        cin, block_id = STEM_CHANNELS, 0
        for t, c, n, s in INVERTED_RESIDUAL:
            for i in range(n):
                layers.append(InvertedResidual(cin, c, s if i == 0 else 1, t, block_id))
                cin, block_id = c, block_id + 1
        layers.append(SameConv(cin, EMBED_DIM, 1, 1, 1, True, 'MobilenetV2/Conv_1'))
        self.features = nn.Sequential(*layers)
        self.embed_dim = EMBED_DIM
        # the TF Lite 1x1 conv on the 1x1 pooled map, as a Linear layer (no activation)
        self.classifier = nn.Linear(EMBED_DIM, num_classes)
        self.classifier.tflite_scope = 'MobilenetV2/Logits/Conv2d_1c_1x1'
        self.classifier.tflite_tensors = None
        self.embed_quant = None  # AvgPool tensor (scale, zero_point), set by the loader
        self.logits_quant = None  # Squeeze1 tensor (scale, zero_point), set by the loader
        self.fake_quant = False

    @staticmethod
    def to_tflite_range(x):
        """[0,1] (pixel/255) -> the real value of the uint8 input tensor, (pixel - 128) / 128."""
        return x * (255.0 / 128.0) - 1.0

    def embed(self, x):
        if self.fake_quant:  # the integer graph sees the pixel itself
            x = (torch.round(x * 255.0) - INPUT_ZERO_POINT) * INPUT_SCALE
        else:
            x = self.to_tflite_range(x)
        e = self.features(x).mean(dim=(2, 3))
        return fake_quant(e, self.embed_quant) if self.fake_quant else e

    def forward(self, x):
        e = self.embed(x)
        logits = self.classifier(e)
        if self.fake_quant:
            logits = fake_quant(logits, self.logits_quant)
        return e, logits

    def convs(self):
        """The conv layers in graph order (stem, blocks, last 1x1)."""
        return [m for m in self.features.modules() if isinstance(m, SameConv)]

    def set_fake_quant(self, on=True):
        """Round activations to the TF Lite uint8 grids (needs the loader's quantisation params)."""
        if on:
            missing = [m.tflite_scope for m in self.convs() if m.out_quant is None]
            if missing or self.embed_quant is None or self.logits_quant is None:
                raise RuntimeError(f'no TF Lite activation quantisation attached (missing {missing[:3]}...)')
        for m in self.modules():
            if hasattr(m, 'fake_quant'):
                m.fake_quant = bool(on)
        return self

    def freeze_features(self, k):
        """Freeze (requires_grad False) the first k entries of `features` (0 = stem, 1..17 blocks,
        18 = last 1x1 conv)."""
        for i, m in enumerate(self.features):
            for p in m.parameters():
                p.requires_grad = i >= k
        return self
