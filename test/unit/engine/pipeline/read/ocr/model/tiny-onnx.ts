import { encodeMessage, encodeVarint, textField, type WireField } from '../../../../../../../src/engine/pipeline/read/ocr/model/protobuf-wire.js';

// Small ONNX models written field by field (onnx.proto's numbers), for tests of the graph rewrites.

const message = (no: number, fields: WireField[]): WireField => ({ no, wire: 2, data: encodeMessage(fields) });
const varint = (no: number, value: number): WireField => ({ no, wire: 0, data: encodeVarint(BigInt(value)) });

function floatTensor(name: string, dims: readonly number[], values: readonly number[]): WireField[] {
  return [...dims.map((d) => varint(1, d)), varint(2, 1), textField(8, name), { no: 9, wire: 2, data: new Uint8Array(Float32Array.from(values).buffer) }];
}

/** A node; attributes as [name, value]: a number is an INT, a number[] INTS. */
export function node(opType: string, inputs: readonly string[], outputs: readonly string[], attributes: [string, number | number[]][] = []): WireField[] {
  const attribute = ([name, value]: [string, number | number[]]) =>
    message(5, Array.isArray(value) ? [textField(1, name), ...value.map((v) => varint(8, v)), varint(20, 7)] : [textField(1, name), varint(3, value), varint(20, 2)]);
  return [...inputs.map((i) => textField(1, i)), ...outputs.map((o) => textField(2, o)), textField(4, opType), ...attributes.map(attribute)];
}

export function constant(name: string, dims: readonly number[], values: readonly number[]): WireField[] {
  return [textField(2, name), textField(4, 'Constant'), message(5, [textField(1, 'value'), message(5, floatTensor(name, dims, values)), varint(20, 4)])];
}

function valueInfo(name: string, dims: readonly number[]): WireField {
  const shape = message(2, dims.map((d) => message(1, [varint(1, d)])));
  return message(12, [textField(1, name), message(2, [message(1, [varint(1, 1), shape])])]);
}

/** A float32 model of opset 11 with one input and one output. */
export function tinyModel(nodes: readonly WireField[][], input: [string, number[]], output: [string, number[]]): Uint8Array {
  const graph = [...nodes.map((n) => message(1, n)), textField(2, 'tiny'), { ...valueInfo(...input), no: 11 }, valueInfo(...output)];
  return encodeMessage([varint(1, 8), message(8, [textField(1, ''), varint(2, 11)]), message(7, graph)]);
}
