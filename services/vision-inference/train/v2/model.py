"""MobileNetV2 laid out exactly like the Keras graph that nsfwjs ships (keras_applications
MobileNetV2): asymmetric zero padding (0 top/left, 1 bottom/right) before every stride-2 conv,
BatchNorm eps 1e-3, ReLU6, global average pooling to the pooled embedding (1280-d at alpha 1.0).
Input: float NCHW in [0, 1] (RGB / 255, no mean/std), as nsfwjs and the service feed it.

Every conv / BN / dense layer carries `keras_name`, the name of the Keras layer whose weights it
takes, so convert_nsfwjs.py can load the tfjs weights by name."""
import torch
import torch.nn as nn
import torch.nn.functional as F

# (expansion t, output channels c, repeats n, first stride s): MobileNetV2 paper / keras_applications
INVERTED_RESIDUAL = [(1, 16, 1, 1), (6, 24, 2, 2), (6, 32, 3, 2), (6, 64, 4, 2), (6, 96, 3, 1), (6, 160, 3, 2), (6, 320, 1, 1)]
NSFW_LABELS = ['Drawing', 'Hentai', 'Neutral', 'Porn', 'Sexy']


def make_divisible(v, divisor=8, min_value=None):
    min_value = min_value or divisor
    new_v = max(min_value, int(v + divisor / 2) // divisor * divisor)
    if new_v < 0.9 * v:
        new_v += divisor
    return new_v


def named(module, keras_name):
    module.keras_name = keras_name
    return module


class ConvBN(nn.Module):
    """[pad 0/1 when stride 2] -> conv (no bias) -> BN -> [ReLU6]"""

    def __init__(self, cin, cout, k, stride, groups, conv_name, bn_name, relu):
        super().__init__()
        self.stride = stride
        # Keras 'same' for stride 1 (k=3: 1 each side; k=1: 0); stride 2 uses ZeroPadding2D((0,1),(0,1)) + 'valid'
        pad = 0 if stride == 2 else (k - 1) // 2
        self.conv = named(nn.Conv2d(cin, cout, k, stride, pad, groups=groups, bias=False), conv_name)
        self.bn = named(nn.BatchNorm2d(cout, eps=1e-3, momentum=0.01), bn_name)
        self.relu = relu

    def forward(self, x):
        if self.stride == 2:
            x = F.pad(x, (0, 1, 0, 1))
        x = self.bn(self.conv(x))
        return F.relu6(x) if self.relu else x


class InvertedResidual(nn.Module):
    def __init__(self, cin, cout, stride, expansion, block_id):
        super().__init__()
        prefix = f'block_{block_id}_' if block_id else 'expanded_conv_'
        hidden = cin * expansion
        layers = []
        if block_id:
            layers.append(ConvBN(cin, hidden, 1, 1, 1, prefix + 'expand', prefix + 'expand_BN', True))
        layers.append(ConvBN(hidden, hidden, 3, stride, hidden, prefix + 'depthwise', prefix + 'depthwise_BN', True))
        layers.append(ConvBN(hidden, cout, 1, 1, 1, prefix + 'project', prefix + 'project_BN', False))
        self.layers = nn.Sequential(*layers)
        self.residual = stride == 1 and cin == cout

    def forward(self, x):
        y = self.layers(x)
        return x + y if self.residual else y


class MobileNetV2Backbone(nn.Module):
    """Image [N,3,H,W] in [0,1] -> pooled embedding [N, last_channel]."""

    def __init__(self, alpha=1.0, last_channel=None):
        super().__init__()
        first = make_divisible(32 * alpha, 8)
        layers = [ConvBN(3, first, 3, 2, 1, 'Conv1', 'bn_Conv1', True)]
        cin, block_id = first, 0
        for t, c, n, s in INVERTED_RESIDUAL:
            cout = make_divisible(c * alpha, 8)
            for i in range(n):
                layers.append(InvertedResidual(cin, cout, s if i == 0 else 1, t, block_id))
                cin, block_id = cout, block_id + 1
        if last_channel is None:
            last_channel = make_divisible(1280 * alpha, 8) if alpha > 1.0 else 1280
        layers.append(ConvBN(cin, last_channel, 1, 1, 1, 'Conv_1', 'Conv_1_bn', True))
        self.features = nn.Sequential(*layers)
        self.out_dim = last_channel

    def forward(self, x):
        # nsfwjs: AveragePooling2D(7x7) on the 7x7 map at 224 px = global average pooling
        return self.features(x).mean(dim=(2, 3))


class NsfwHead(nn.Module):
    """nsfwjs' head: Dense 256 ReLU -> Dense 128 ReLU -> Dense 5 softmax (dropout is inference-off)."""

    def __init__(self, dim=1280):
        super().__init__()
        self.fc1 = named(nn.Linear(dim, 256), 'dense_1')
        self.fc2 = named(nn.Linear(256, 128), 'dense_2')
        self.fc3 = named(nn.Linear(128, 5), 'dense_3')

    def forward(self, f):
        return torch.softmax(self.fc3(F.relu(self.fc2(F.relu(self.fc1(f))))), dim=1)


class NsfwMobileNetV2(nn.Module):
    """The converted nsfwjs network: image -> (5-way probabilities, pooled features)."""

    def __init__(self):
        super().__init__()
        self.backbone = MobileNetV2Backbone(1.0)
        self.head = NsfwHead(self.backbone.out_dim)

    def forward(self, x):
        f = self.backbone(x)
        return self.head(f), f


class VisionV2(nn.Module):
    """Our multi-label network: image [N,3,H,W] in [0,1] -> (logits [N,K], probabilities [N,K],
    embedding [N,D]). One linear layer on the pooled embedding, with dropout while training."""

    def __init__(self, classes, alpha=1.0, last_channel=None, dropout=0.2):
        super().__init__()
        self.classes = list(classes)
        self.backbone = MobileNetV2Backbone(alpha, last_channel)
        self.dropout = nn.Dropout(dropout)
        self.classifier = nn.Linear(self.backbone.out_dim, len(self.classes))

    def forward(self, x):
        emb = self.backbone(x)
        logits = self.classifier(self.dropout(emb))
        return logits, torch.sigmoid(logits), emb
