import { floatAttribute, floatAttributeFields, intsAttribute, OnnxModel, textAttribute, type FloatTensor, type OnnxNode } from './onnx-model.js';

/** How many of each rewrite a model took. */
export type FoldCounts = { scaleAfterConv: number; hardSwish: number; scaleBeforeConv: number; asBatchNorm: number };

/**
 * PP-OCRv4's PPLCNetV3 blocks, as exported from Paddle, run eight elementwise passes around each
 * convolution: a learnable scale and shift (Mul, Add), hard-swish spelled out (Add 3, Clip 0..6,
 * Mul, Div 6), and another scale and shift. On the CPU these passes cost as much as a fifth of the
 * models' time. The same arithmetic, rearranged:
 * - a scale and shift right after a convolution go into its weights and bias;
 * - hard-swish becomes x * HardSigmoid(x), which onnxruntime fuses into the convolution;
 * - a scale and shift right before a convolution: the scale goes into its weights (exact with zero
 *   padding too, as it is linear), and the shift into its bias where no padding reads it (1×1,
 *   unpadded), else it stays as one Add of shift / scale;
 * - a scale and shift left between convolutions becomes a BatchNormalization (see affineAsBatchNorm).
 * Readings change only by float rounding (docs/benchmarks.md, "Folded models").
 */
export function foldAffine(bytes: Uint8Array): { bytes: Uint8Array; counts: FoldCounts } {
  const model = OnnxModel.decode(bytes);
  const counts = { scaleAfterConv: foldScaleAfterConv(model), hardSwish: fuseHardSwish(model), scaleBeforeConv: foldScaleBeforeConv(model), asBatchNorm: affineAsBatchNorm(model) };
  model.dropUnusedConstants();
  return { bytes: model.encode(), counts };
}

type ScaleShift = { mul: OnnxNode; add: OnnxNode; scale: number; shift: number; input: string };

/** `value * scale + shift` (both scalar constants), read from `mul` and `add` that only feed each other. */
function scaleShiftOf(model: OnnxModel, mul: OnnxNode | undefined, add: OnnxNode | undefined): ScaleShift | undefined {
  if (mul?.opType !== 'Mul' || add?.opType !== 'Add' || !model.readOnceBy(mul.outputs[0]!, add)) return undefined;
  const scaleAt = mul.inputs.findIndex((name) => model.scalar(name) !== undefined);
  const shiftAt = add.inputs.findIndex((name) => model.scalar(name) !== undefined);
  if (scaleAt < 0 || shiftAt < 0 || add.inputs[1 - shiftAt] !== mul.outputs[0]) return undefined;
  return { mul, add, scale: model.scalar(mul.inputs[scaleAt])!, shift: model.scalar(add.inputs[shiftAt])!, input: mul.inputs[1 - scaleAt]! };
}

/** The convolution's weights and bias (zeros when it has none), when both are float constants. */
function convParts(model: OnnxModel, conv: OnnxNode): { weights: FloatTensor; bias: Float32Array } | undefined {
  const weights = model.floatConstant(conv.inputs[1]);
  if (conv.opType !== 'Conv' || !weights || weights.dims.length !== 4) return undefined;
  const bias = conv.inputs[2] === undefined ? new Float32Array(weights.dims[0]!) : model.floatConstant(conv.inputs[2])?.values;
  return bias !== undefined && bias.length === weights.dims[0] ? { weights, bias } : undefined;
}

function scaled(tensor: FloatTensor, scale: number): FloatTensor {
  const values = new Float32Array(tensor.values.length);
  for (let i = 0; i < values.length; i++) values[i] = tensor.values[i]! * scale;
  return { dims: tensor.dims, values };
}

/** A convolution without a bias gets one as a new initializer (setInputConstant names it). */
function setBias(model: OnnxModel, conv: OnnxNode, bias: Float32Array): void {
  model.setInputConstant(conv, 2, { dims: [bias.length], values: bias });
}

function foldScaleAfterConv(model: OnnxModel): number {
  const gone = new Set<OnnxNode>();
  for (const conv of model.nodes) {
    const parts = convParts(model, conv);
    const [reader] = model.consumers(conv.outputs[0]!);
    const affine = parts && reader && model.readOnceBy(conv.outputs[0]!, reader) ? scaleShiftOf(model, reader, model.consumers(reader.outputs[0]!)[0]) : undefined;
    if (!parts || !affine) continue;
    model.setInputConstant(conv, 1, scaled(parts.weights, affine.scale));
    setBias(model, conv, parts.bias.map((b) => b * affine.scale + affine.shift));
    conv.outputs[0] = affine.add.outputs[0]!;
    gone.add(affine.mul).add(affine.add);
  }
  model.removeNodes(gone);
  return gone.size / 2;
}

/** Add(x, 3) → Clip(0, 6) → Mul(x, ·) → Div(·, 6), rewritten as HardSigmoid(x; 1/6, 1/2) → Mul(x, ·). */
function fuseHardSwish(model: OnnxModel): number {
  const gone = new Set<OnnxNode>();
  for (const add of [...model.nodes]) {
    const chain = hardSwishChain(model, add);
    if (!chain) continue;
    const gate = `${chain.div.outputs[0]}/gate`;
    const sigmoid: OnnxNode = { opType: 'HardSigmoid', inputs: [chain.x], outputs: [gate], attributes: [floatAttributeFields('alpha', 1 / 6), floatAttributeFields('beta', 0.5)], rest: [] };
    const product: OnnxNode = { opType: 'Mul', inputs: [chain.x, gate], outputs: [chain.div.outputs[0]!], attributes: [], rest: [] };
    model.nodes.splice(model.nodes.indexOf(chain.div), 0, sigmoid, product);
    for (const node of [add, chain.clip, chain.mul, chain.div]) gone.add(node);
  }
  model.removeNodes(gone);
  return gone.size / 4;
}

function hardSwishChain(model: OnnxModel, add: OnnxNode): { x: string; clip: OnnxNode; mul: OnnxNode; div: OnnxNode } | undefined {
  const threeAt = add.opType === 'Add' ? add.inputs.findIndex((name) => model.scalar(name) === 3) : -1;
  const x = add.inputs[1 - threeAt];
  const only = (node: OnnxNode) => (node.outputs[0] !== undefined && model.consumers(node.outputs[0]).length === 1 ? model.consumers(node.outputs[0])[0] : undefined);
  const clip = threeAt >= 0 ? only(add) : undefined;
  const mul = clip && clipsTo(model, clip, 0, 6) ? only(clip) : undefined;
  const div = mul?.opType === 'Mul' && x !== undefined && mul.inputs.includes(x) ? only(mul) : undefined;
  const ok = div?.opType === 'Div' && div.inputs[0] === mul!.outputs[0] && model.scalar(div.inputs[1]) === 6 && model.readOnceBy(add.outputs[0]!, clip!) && model.readOnceBy(clip!.outputs[0]!, mul!);
  return ok ? { x: x!, clip: clip!, mul: mul!, div: div! } : undefined;
}

/** Clip's bounds are attributes up to opset 10 and inputs from opset 11. */
function clipsTo(model: OnnxModel, clip: OnnxNode, min: number, max: number): boolean {
  if (clip.opType !== 'Clip') return false;
  const low = clip.inputs.length > 1 ? model.scalar(clip.inputs[1]) : floatAttribute(clip, 'min');
  const high = clip.inputs.length > 2 ? model.scalar(clip.inputs[2]) : floatAttribute(clip, 'max');
  return low === min && high === max;
}

function foldScaleBeforeConv(model: OnnxModel): number {
  const gone = new Set<OnnxNode>();
  for (const conv of model.nodes) {
    const parts = convParts(model, conv);
    const add = model.producer(conv.inputs[0]!);
    const affine = parts && add && model.readOnceBy(add.outputs[0]!, conv) ? scaleShiftOf(model, model.producer(add.inputs.find((name) => model.scalar(name) === undefined) ?? ''), add) : undefined;
    if (!parts || !affine || affine.scale === 0) continue;
    model.setInputConstant(conv, 1, scaled(parts.weights, affine.scale));
    gone.add(affine.mul);
    if (unpaddedPointwise(conv, parts.weights)) {
      setBias(model, conv, shiftedBias(parts.weights, parts.bias, affine.shift));
      conv.inputs[0] = affine.input;
      gone.add(affine.add);
    } else {
      const shiftAt = affine.add.inputs.indexOf(affine.mul.outputs[0]!) === 0 ? 1 : 0;
      model.setInputConstant(affine.add, shiftAt, { dims: model.floatConstant(affine.add.inputs[shiftAt])!.dims, values: Float32Array.of(affine.shift / affine.scale) });
      affine.add.inputs[1 - shiftAt] = affine.input;
    }
  }
  model.removeNodes(gone);
  return [...gone].filter((node) => node.opType === 'Mul').length;
}

/** A 1×1 convolution that reads no padding, so a constant input shift adds the same to every output. */
function unpaddedPointwise(conv: OnnxNode, weights: FloatTensor): boolean {
  const pads = intsAttribute(conv, 'pads') ?? [];
  const autoPad = textAttribute(conv, 'auto_pad') ?? 'NOTSET';
  return weights.dims[2] === 1 && weights.dims[3] === 1 && pads.every((p) => p === 0n) && (autoPad === 'NOTSET' || autoPad === 'VALID');
}

/** bias + shift × (sum of each output channel's weights). */
function shiftedBias(weights: FloatTensor, bias: Float32Array, shift: number): Float32Array {
  const perOutput = weights.values.length / bias.length;
  return bias.map((b, o) => {
    let sum = 0;
    for (let k = o * perOutput; k < (o + 1) * perOutput; k++) sum += weights.values[k]!;
    return b + shift * sum;
  });
}

/**
 * onnxruntime runs convolutions in a blocked channel layout (NCHWc) and turns a tensor back into
 * plain NCHW, and again into blocks, around any op it cannot run blocked, such as the Add of a
 * scalar: each shift left before a padded convolution cost two reorders and a pass (a twelfth of the
 * recognizer's time). BatchNormalization it runs blocked, as a 1×1 depthwise convolution, so a scalar
 * scale and shift of a convolution's output is written as one: scale, bias, mean 0, variance 1 and
 * epsilon 0 compute x × scale + shift (exactly x + shift where there is no scale).
 */
function affineAsBatchNorm(model: OnnxModel): number {
  let count = 0;
  for (const node of [...model.nodes]) {
    const affine = scalarAffine(model, node);
    const channels = affine && channelsOf(model, affine.input);
    if (!affine || channels === undefined) continue;
    const output = node.outputs[0]!;
    const filled = (name: string, value: number) => model.addConstant(`${output}/bn/${name}`, { dims: [channels], values: new Float32Array(channels).fill(value) });
    const norm: OnnxNode = {
      opType: 'BatchNormalization',
      inputs: [affine.input, filled('scale', affine.scale), filled('shift', affine.shift), filled('mean', 0), filled('variance', 1)],
      outputs: [output],
      attributes: [floatAttributeFields('epsilon', 0)],
      rest: [],
    };
    model.nodes.splice(model.nodes.indexOf(node), 1, norm);
    if (affine.mul) model.removeNodes(new Set([affine.mul]));
    count++;
  }
  return count;
}

/** An Add of a scalar constant (with the Mul by a scalar only it reads, if any), or such a Mul alone. */
function scalarAffine(model: OnnxModel, node: OnnxNode): { input: string; scale: number; shift: number; mul?: OnnxNode } | undefined {
  if (node.opType === 'Add') {
    const shiftAt = node.inputs.findIndex((name) => model.scalar(name) !== undefined);
    const input = node.inputs[1 - shiftAt];
    if (shiftAt < 0 || input === undefined) return undefined;
    return scaleShiftOf(model, model.producer(input), node) ?? { input, scale: 1, shift: model.scalar(node.inputs[shiftAt])! };
  }
  const scaleAt = node.opType === 'Mul' ? node.inputs.findIndex((name) => model.scalar(name) !== undefined) : -1;
  const input = node.inputs[1 - scaleAt];
  const readers = model.consumers(node.outputs[0]!);
  if (scaleAt < 0 || input === undefined || (readers.length === 1 && scaleShiftOf(model, node, readers[0]))) return undefined;
  return { input, scale: model.scalar(node.inputs[scaleAt])!, shift: 0 };
}

const SAME_SHAPE = new Set(['HardSigmoid', 'Relu', 'Sigmoid', 'Mul', 'Add', 'BatchNormalization']);

/** The channels of a convolution's output, followed through elementwise ops whose inputs all agree; undefined elsewhere. */
function channelsOf(model: OnnxModel, value: string): number | undefined {
  const node = model.producer(value);
  if (node?.opType === 'Conv') return convParts(model, node)?.weights.dims[0];
  if (!node || !SAME_SHAPE.has(node.opType)) return undefined;
  const counts = new Set(node.inputs.filter((input) => model.scalar(input) === undefined).map((input) => channelsOf(model, input)));
  const [channels] = counts;
  return counts.size === 1 ? channels : undefined;
}
