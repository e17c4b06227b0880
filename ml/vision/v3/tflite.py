"""A small read-only reader for TF Lite flatbuffers (.tflite), enough to take the weights of a
quantised convolutional network apart: operators (with their options), tensors (shape, type,
quantisation) and constant buffers, plus dequantisation of weights and biases.

Only numpy and the standard library. Field numbers are those of TF Lite's schema
(tensorflow/lite/schema/schema.fbs, schema version 3); nothing here executes the graph.

    m = TFLiteModel.read('model.tflite')
    for op in m.operators: print(op.kind, [m.tensors[i].name for i in op.inputs], op.options)
    w = m.dequantise(m.tensors[k])          # float32, same shape/layout as stored (conv OHWI, dw 1HWC)
    b = m.dequantise_bias(bias_t, input_t, weight_t)

Dequantisation is real = (q - zero_point) * scale, per tensor or per channel along
`quantized_dimension`, computed in float64 and rounded once to float32. int32 biases are stored at
scale input_scale * weight_scale (zero point 0); the file records that product as the bias scale,
and `dequantise_bias` checks it against the operands before using it."""
import hashlib
import struct
from dataclasses import dataclass, field

import numpy as np

FILE_IDENTIFIER = b'TFL3'

# TensorType (schema.fbs) -> numpy dtype
TENSOR_TYPES = {
    0: np.dtype('<f4'), 1: np.dtype('<f2'), 2: np.dtype('<i4'), 3: np.dtype('u1'), 4: np.dtype('<i8'),
    6: np.dtype('?'), 7: np.dtype('<i2'), 9: np.dtype('i1'), 10: np.dtype('<f8'),
}
TENSOR_TYPE_NAMES = {0: 'FLOAT32', 1: 'FLOAT16', 2: 'INT32', 3: 'UINT8', 4: 'INT64', 6: 'BOOL', 7: 'INT16',
                     9: 'INT8', 10: 'FLOAT64'}
# BuiltinOperator codes this reader names (others are reported as BUILTIN_<code>)
BUILTIN_OPS = {0: 'ADD', 1: 'AVERAGE_POOL_2D', 2: 'CONCATENATION', 3: 'CONV_2D', 4: 'DEPTHWISE_CONV_2D',
               6: 'DEQUANTIZE', 9: 'FULLY_CONNECTED', 14: 'LOGISTIC', 17: 'MAX_POOL_2D', 18: 'MUL',
               19: 'RELU', 21: 'RELU6', 22: 'RESHAPE', 25: 'SOFTMAX', 34: 'PAD', 40: 'MEAN',
               43: 'SQUEEZE', 114: 'QUANTIZE', 117: 'HARD_SWISH'}
ACTIVATIONS = {0: 'NONE', 1: 'RELU', 2: 'RELU_N1_TO_1', 3: 'RELU6', 4: 'TANH', 5: 'SIGN_BIT'}
PADDINGS = {0: 'SAME', 1: 'VALID'}


class _Table:
    """One flatbuffer table: a position in the buffer and its vtable."""

    __slots__ = ('buf', 'pos', 'vtable', 'vtable_size')

    def __init__(self, buf, pos):
        self.buf = buf
        self.pos = pos
        self.vtable = pos - struct.unpack_from('<i', buf, pos)[0]
        self.vtable_size = struct.unpack_from('<H', buf, self.vtable)[0]

    def _field(self, index):
        """Offset of field `index` from the table start, 0 when absent."""
        slot = 4 + 2 * index
        return struct.unpack_from('<H', self.buf, self.vtable + slot)[0] if slot < self.vtable_size else 0

    def scalar(self, index, fmt, default=0):
        off = self._field(index)
        return struct.unpack_from('<' + fmt, self.buf, self.pos + off)[0] if off else default

    def _deref(self, index):
        off = self._field(index)
        if not off:
            return None
        at = self.pos + off
        return at + struct.unpack_from('<I', self.buf, at)[0]

    def table(self, index):
        at = self._deref(index)
        return None if at is None else _Table(self.buf, at)

    def string(self, index):
        at = self._deref(index)
        if at is None:
            return None
        n = struct.unpack_from('<I', self.buf, at)[0]
        return bytes(self.buf[at + 4:at + 4 + n]).decode('utf-8')

    def vector_span(self, index):
        """(start of the elements, element count), or (None, 0) when absent."""
        at = self._deref(index)
        if at is None:
            return None, 0
        return at + 4, struct.unpack_from('<I', self.buf, at)[0]

    def array(self, index, dtype):
        start, n = self.vector_span(index)
        if start is None:
            return np.zeros(0, dtype)
        return np.frombuffer(self.buf, dtype=np.dtype(dtype), count=n, offset=start)

    def tables(self, index):
        start, n = self.vector_span(index)
        if start is None:
            return []
        out = []
        for k in range(n):
            at = start + 4 * k
            out.append(_Table(self.buf, at + struct.unpack_from('<I', self.buf, at)[0]))
        return out


@dataclass
class Quantisation:
    scale: np.ndarray  # float32 [1] (per tensor) or [channels]
    zero_point: np.ndarray  # int64, same length
    axis: int  # quantized_dimension (meaningful when per channel)

    @property
    def per_channel(self):
        return self.scale.size > 1

    def describe(self):
        if self.per_channel:
            return f'per-channel({self.scale.size}, axis {self.axis}) scale {self.scale.min():.4g}..{self.scale.max():.4g}'
        return f'scale {float(self.scale[0]):.8g} zero_point {int(self.zero_point[0])}'


@dataclass
class Tensor:
    index: int
    name: str
    shape: tuple
    type: int
    buffer: int
    quant: Quantisation = None
    data: np.ndarray = None  # constant contents (shape `shape`), None for activations

    @property
    def dtype(self):
        return TENSOR_TYPES.get(self.type)

    @property
    def type_name(self):
        return TENSOR_TYPE_NAMES.get(self.type, f'TYPE_{self.type}')

    @property
    def is_constant(self):
        return self.data is not None

    def describe(self):
        q = f' {self.quant.describe()}' if self.quant else ''
        return f'{self.name} {list(self.shape)} {self.type_name}{q}'


@dataclass
class Operator:
    index: int
    kind: str
    inputs: list
    outputs: list
    options: dict = field(default_factory=dict)


def _conv_options(t):
    return {'padding': PADDINGS[t.scalar(0, 'b')], 'stride_w': t.scalar(1, 'i'), 'stride_h': t.scalar(2, 'i'),
            'activation': ACTIVATIONS[t.scalar(3, 'b')], 'dilation_w': t.scalar(4, 'i', 1),
            'dilation_h': t.scalar(5, 'i', 1)}


def _depthwise_options(t):
    return {'padding': PADDINGS[t.scalar(0, 'b')], 'stride_w': t.scalar(1, 'i'), 'stride_h': t.scalar(2, 'i'),
            'depth_multiplier': t.scalar(3, 'i', 1), 'activation': ACTIVATIONS[t.scalar(4, 'b')],
            'dilation_w': t.scalar(5, 'i', 1), 'dilation_h': t.scalar(6, 'i', 1)}


def _pool_options(t):
    return {'padding': PADDINGS[t.scalar(0, 'b')], 'stride_w': t.scalar(1, 'i'), 'stride_h': t.scalar(2, 'i'),
            'filter_w': t.scalar(3, 'i'), 'filter_h': t.scalar(4, 'i'), 'activation': ACTIVATIONS[t.scalar(5, 'b')]}


OPTION_READERS = {
    'CONV_2D': _conv_options,
    'DEPTHWISE_CONV_2D': _depthwise_options,
    'AVERAGE_POOL_2D': _pool_options,
    'MAX_POOL_2D': _pool_options,
    'ADD': lambda t: {'activation': ACTIVATIONS[t.scalar(0, 'b')]},
    'MUL': lambda t: {'activation': ACTIVATIONS[t.scalar(0, 'b')]},
    'SOFTMAX': lambda t: {'beta': t.scalar(0, 'f', 1.0)},
    'RESHAPE': lambda t: {'new_shape': [int(v) for v in t.array(0, '<i4')]},
}


class TFLiteModel:
    """Parsed .tflite: `tensors`, `operators` (first subgraph), `inputs`, `outputs`, `description`,
    `version`, `sha256` and `metadata_names` (names of the metadata buffers, e.g. TFLITE_METADATA)."""

    def __init__(self, blob):
        if bytes(blob[4:8]) != FILE_IDENTIFIER:
            raise ValueError(f'not a TF Lite flatbuffer (identifier {bytes(blob[4:8])!r})')
        self.blob = bytes(blob)
        self.sha256 = hashlib.sha256(self.blob).hexdigest()
        root = _Table(self.blob, struct.unpack_from('<I', self.blob, 0)[0])
        self.version = root.scalar(0, 'I')
        self.description = root.string(3)
        opcodes = []
        for oc in root.tables(1):
            # builtin_code (int32, field 3) supersedes deprecated_builtin_code (int8, field 0) from 127 on
            code = max(oc.scalar(0, 'b'), oc.scalar(3, 'i'))
            opcodes.append(BUILTIN_OPS.get(code, oc.string(1) or f'BUILTIN_{code}'))
        buffers = root.tables(4)
        subgraphs = root.tables(2)
        if len(subgraphs) != 1:
            raise ValueError(f'expected one subgraph, found {len(subgraphs)}')
        sg = subgraphs[0]
        self.tensors = [self._tensor(k, t, buffers) for k, t in enumerate(sg.tables(0))]
        self.inputs = [int(v) for v in sg.array(1, '<i4')]
        self.outputs = [int(v) for v in sg.array(2, '<i4')]
        self.operators = []
        for k, op in enumerate(sg.tables(3)):
            kind = opcodes[op.scalar(0, 'I')]
            opts = op.table(4)
            reader = OPTION_READERS.get(kind)
            self.operators.append(Operator(
                index=k, kind=kind, inputs=[int(v) for v in op.array(1, '<i4')],
                outputs=[int(v) for v in op.array(2, '<i4')],
                options=reader(opts) if (reader and opts is not None) else {}))
        self.metadata_names = [md.string(0) for md in root.tables(6)]

    @classmethod
    def read(cls, path):
        with open(path, 'rb') as fh:
            return cls(fh.read())

    def _tensor(self, index, t, buffers):
        shape = tuple(int(v) for v in t.array(0, '<i4'))
        ttype = t.scalar(1, 'b')
        buf_index = t.scalar(2, 'I')
        quant = None
        q = t.table(4)
        if q is not None:
            scale = q.array(2, '<f4')
            if scale.size:
                zp = q.array(3, '<i8')
                quant = Quantisation(scale=scale.astype(np.float32).copy(),
                                     zero_point=(zp.astype(np.int64).copy() if zp.size else np.zeros(scale.size, np.int64)),
                                     axis=q.scalar(6, 'i'))
                if quant.zero_point.size != quant.scale.size:
                    raise ValueError(f'tensor {index}: {scale.size} scales, {zp.size} zero points')
        data = None
        if 0 < buf_index < len(buffers):  # buffer 0 is the empty sentinel
            b = buffers[buf_index]
            start, n = b.vector_span(0)
            if start is None:  # large models keep data outside the flatbuffer: offset (1) / size (2)
                off, size = b.scalar(1, 'Q'), b.scalar(2, 'Q')
                if off > 1:
                    start, n = off, size
            if start is not None and n:
                dtype = TENSOR_TYPES[ttype]
                count = int(np.prod(shape)) if shape else 1
                if n != count * dtype.itemsize:
                    raise ValueError(f'tensor {index}: buffer has {n} bytes, shape {shape} needs {count * dtype.itemsize}')
                data = np.frombuffer(self.blob, dtype=dtype, count=count, offset=start).reshape(shape)
        return Tensor(index=index, name=t.string(3), shape=shape, type=ttype, buffer=buf_index, quant=quant, data=data)

    # ------------------------------------------------------------------ dequantisation
    @staticmethod
    def _broadcast(q, ndim):
        if not q.per_channel:
            return np.float64(q.scale[0]), np.float64(q.zero_point[0])
        shape = [1] * ndim
        shape[q.axis] = -1
        return q.scale.astype(np.float64).reshape(shape), q.zero_point.astype(np.float64).reshape(shape)

    def dequantise(self, t, values=None):
        """real = (q - zero_point) * scale for a constant (or `values` in t's dtype), float32."""
        v = t.data if values is None else values
        if v is None:
            raise ValueError(f'{t.name}: no data')
        if t.quant is None:
            return np.asarray(v, dtype=np.float32)
        scale, zp = self._broadcast(t.quant, np.ndim(v))
        return ((np.asarray(v, dtype=np.float64) - zp) * scale).astype(np.float32)

    def dequantise_bias(self, bias, inp, weight):
        """int32 bias at scale input_scale * weight_scale (per output channel when the weights are
        per channel), zero point 0. Checks the file's bias scale equals that product (float32)."""
        if bias.data is None:
            raise ValueError(f'{bias.name}: no data')
        if bias.type == 0:
            return np.asarray(bias.data, np.float32)
        if bias.type != 2 or bias.quant is None:
            raise ValueError(f'{bias.name}: unexpected bias type {bias.type_name}')
        expected = (np.float64(inp.quant.scale[0]) * weight.quant.scale.astype(np.float64)).astype(np.float32)
        if expected.size == 1 and bias.quant.scale.size > 1:
            expected = np.repeat(expected, bias.quant.scale.size)
        if not np.allclose(bias.quant.scale, expected, rtol=1e-6, atol=0):
            worst = float(np.max(np.abs(bias.quant.scale / expected - 1)))
            raise ValueError(f'{bias.name}: bias scale is not input_scale*weight_scale (relative {worst:.2e})')
        if np.any(bias.quant.zero_point != 0):
            raise ValueError(f'{bias.name}: bias zero point is not 0')
        return self.dequantise(bias)

    # ------------------------------------------------------------------ helpers
    def producer(self, tensor_index):
        for op in self.operators:
            if tensor_index in op.outputs:
                return op
        return None

    def consumers(self, tensor_index):
        return [op for op in self.operators if tensor_index in op.inputs]

    def op_histogram(self):
        hist = {}
        for op in self.operators:
            hist[op.kind] = hist.get(op.kind, 0) + 1
        return dict(sorted(hist.items()))

    def tensor_by_name(self, name):
        hits = [t for t in self.tensors if t.name == name]
        if len(hits) != 1:
            raise KeyError(f'{len(hits)} tensors named {name!r}')
        return hits[0]


def quantise(x, scale, zero_point, dtype=np.uint8):
    """Inverse of dequantisation with round-half-to-even, clamped to dtype (numpy, per tensor)."""
    info = np.iinfo(dtype)
    return np.clip(np.round(np.asarray(x, np.float64) / scale) + zero_point, info.min, info.max).astype(dtype)


if __name__ == '__main__':  # listing: python3 tflite.py model.tflite
    import sys

    m = TFLiteModel.read(sys.argv[1])
    print(f'schema {m.version}, {m.description!r}, sha256 {m.sha256}')
    print(f'{len(m.operators)} operators {m.op_histogram()}, {len(m.tensors)} tensors')
    for i in m.inputs:
        print('input ', m.tensors[i].describe())
    for i in m.outputs:
        print('output', m.tensors[i].describe())
    for op in m.operators:
        print(op.index, op.kind, op.options, '<-', [m.tensors[i].name.split(';')[0] for i in op.inputs if i >= 0])
