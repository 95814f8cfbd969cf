import { concat, decodeMessage, encodeMessage, encodeVarint, readVarint, textField, textOf, type WireField } from './protobuf-wire.js';

// Field numbers of onnx.proto (ModelProto, GraphProto, NodeProto, AttributeProto, TensorProto).
const MODEL = { graph: 7 } as const;
const GRAPH = { node: 1, initializer: 5, output: 12 } as const;
const NODE = { input: 1, output: 2, opType: 4, attribute: 5 } as const;
const ATTRIBUTE = { name: 1, f: 2, i: 3, s: 4, t: 5, ints: 8, type: 20 } as const;
const TENSOR = { dims: 1, dataType: 2, floatData: 4, name: 8, rawData: 9, dataLocation: 14 } as const;
const VALUE_INFO_NAME = 1;
const FLOAT = 1;
const ATTRIBUTE_FLOAT = 1;

/** A graph node: what the folds read and change; every other field is kept as it was read. */
export type OnnxNode = {
  opType: string;
  inputs: string[];
  outputs: string[];
  /** AttributeProto messages, decoded. */
  attributes: WireField[][];
  rest: WireField[];
};

export type FloatTensor = { dims: number[]; values: Float32Array };

/** Where a float constant lives: a Constant node's `value` or a graph initializer. */
type ConstantSlot = { fields: WireField[]; tensor: FloatTensor; write: (fields: WireField[]) => void };

/**
 * An ONNX model open for graph rewrites: its nodes in order and its float constants by name
 * (Constant nodes and initializers alike, as exporters use either). `encode` writes it back.
 */
export class OnnxModel {
  readonly nodes: OnnxNode[];
  private readonly constants = new Map<string, ConstantSlot>();
  private readonly initializers: { fields: WireField[] }[] = [];
  private readonly graphOutputs: Set<string>;
  /** Each node as read, to write an unchanged node's bytes back without encoding it again (the weights are most of a model). */
  private readonly asRead = new WeakMap<OnnxNode, { bytes: Uint8Array; node: OnnxNode }>();

  private constructor(
    private readonly modelFields: WireField[],
    private readonly graphFields: WireField[],
  ) {
    this.nodes = graphFields.filter((f) => f.no === GRAPH.node).map((f) => {
      const node = decodeNode(decodeMessage(f.data));
      this.asRead.set(node, { bytes: f.data, node: { ...node, inputs: [...node.inputs], outputs: [...node.outputs], attributes: [...node.attributes] } });
      return node;
    });
    for (const field of graphFields.filter((f) => f.no === GRAPH.initializer)) this.addInitializer(decodeMessage(field.data));
    for (const node of this.nodes) if (node.opType === 'Constant') this.addConstantNode(node);
    this.graphOutputs = new Set(graphFields.filter((f) => f.no === GRAPH.output).map((f) => valueInfoName(f.data)));
  }

  static decode(bytes: Uint8Array): OnnxModel {
    const modelFields = decodeMessage(bytes);
    const graph = modelFields.find((f) => f.no === MODEL.graph);
    if (!graph) throw new Error('onnx: the model has no graph');
    return new OnnxModel(modelFields, decodeMessage(graph.data));
  }

  encode(): Uint8Array {
    const graph = encodeMessage(
      inFieldOrder([
        ...this.nodes.map((node) => ({ no: GRAPH.node, wire: 2 as const, data: this.nodeBytes(node) })),
        ...this.initializers.map(({ fields }) => ({ no: GRAPH.initializer, wire: 2 as const, data: encodeMessage(fields) })),
        ...this.graphFields.filter((f) => f.no !== GRAPH.node && f.no !== GRAPH.initializer),
      ]),
    );
    return encodeMessage(this.modelFields.map((f) => (f.no === MODEL.graph ? { ...f, data: graph } : f)));
  }

  private nodeBytes(node: OnnxNode): Uint8Array {
    const read = this.asRead.get(node);
    const same = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((x, i) => x === b[i]);
    const unchanged = read && read.node.opType === node.opType && same(read.node.inputs, node.inputs) && same(read.node.outputs, node.outputs) && same(read.node.attributes, node.attributes);
    return unchanged ? read.bytes : encodeMessage(encodeNode(node));
  }

  /** A float constant's dims and values, or undefined when the name is no float constant. */
  floatConstant(name: string | undefined): FloatTensor | undefined {
    return name === undefined ? undefined : this.constants.get(name)?.tensor;
  }

  /** The value of a float constant of one element. */
  scalar(name: string | undefined): number | undefined {
    const tensor = this.floatConstant(name);
    return tensor?.values.length === 1 ? tensor.values[0] : undefined;
  }

  consumers(value: string): OnnxNode[] {
    return this.nodes.filter((node) => node.inputs.includes(value));
  }

  producer(value: string): OnnxNode | undefined {
    return this.nodes.find((node) => node.outputs.includes(value));
  }

  /** True when the value is read by exactly one node and is no output of the graph. */
  readOnceBy(value: string, node: OnnxNode): boolean {
    const readers = this.consumers(value);
    return readers.length === 1 && readers[0] === node && !this.graphOutputs.has(value);
  }

  /**
   * Gives `node`'s input `index` new constant values: in place when only this node reads the
   * constant, else as a new initializer of its own (a shared constant keeps its value for the others).
   */
  setInputConstant(node: OnnxNode, index: number, tensor: FloatTensor): void {
    const name = node.inputs[index];
    const slot = name === undefined ? undefined : this.constants.get(name);
    if (name !== undefined && slot && this.consumers(name).length === 1) {
      slot.tensor = tensor;
      slot.write(tensorFields(name, tensor, slot.fields));
      return;
    }
    node.inputs[index] = this.addConstant(`${name ?? node.outputs[0]}/folded/${node.outputs[0]}`, tensor);
  }

  /** A new float initializer; returns its name. */
  addConstant(name: string, tensor: FloatTensor): string {
    this.addInitializer(tensorFields(name, tensor, []));
    return name;
  }

  removeNodes(gone: ReadonlySet<OnnxNode>): void {
    const kept = this.nodes.filter((node) => !gone.has(node));
    this.nodes.splice(0, this.nodes.length, ...kept);
  }

  /** Drops constants no node reads (onnxruntime would warn of each, then drop it). */
  dropUnusedConstants(): void {
    const read = new Set([...this.nodes.flatMap((node) => node.inputs), ...this.graphOutputs]);
    this.removeNodes(new Set(this.nodes.filter((node) => node.opType === 'Constant' && !read.has(node.outputs[0]!))));
    const kept = this.initializers.filter(({ fields }) => {
      const name = fields.find((f) => f.no === TENSOR.name);
      return name !== undefined && read.has(textOf(name));
    });
    this.initializers.splice(0, this.initializers.length, ...kept);
  }

  private addInitializer(fields: WireField[]): void {
    const box = { fields };
    this.initializers.push(box);
    const tensor = floatTensorOf(fields);
    const name = fields.find((f) => f.no === TENSOR.name);
    if (tensor && name) this.constants.set(textOf(name), { fields, tensor, write: (next) => (box.fields = next) });
  }

  private addConstantNode(node: OnnxNode): void {
    const at = node.attributes.findIndex((attribute) => attributeName(attribute) === 'value');
    const value = node.attributes[at]?.find((f) => f.no === ATTRIBUTE.t);
    const fields = value && decodeMessage(value.data);
    const tensor = fields && floatTensorOf(fields);
    if (!tensor || !fields || node.outputs[0] === undefined) return;
    const write = (next: WireField[]) => {
      node.attributes[at] = node.attributes[at]!.map((f) => (f.no === ATTRIBUTE.t ? { ...f, data: encodeMessage(next) } : f));
    };
    this.constants.set(node.outputs[0], { fields, tensor, write });
  }
}

export function attributeName(attribute: readonly WireField[]): string | undefined {
  const name = attribute.find((f) => f.no === ATTRIBUTE.name);
  return name && textOf(name);
}

export function attributeOf(node: OnnxNode, name: string): WireField[] | undefined {
  return node.attributes.find((attribute) => attributeName(attribute) === name);
}

export function floatAttribute(node: OnnxNode, name: string): number | undefined {
  const f = attributeOf(node, name)?.find((field) => field.no === ATTRIBUTE.f);
  return f && new DataView(f.data.buffer, f.data.byteOffset, 4).getFloat32(0, true);
}

export function intsAttribute(node: OnnxNode, name: string): bigint[] | undefined {
  const fields = attributeOf(node, name)?.filter((field) => field.no === ATTRIBUTE.ints);
  return fields && fields.flatMap((field) => varints(field)).map((v) => BigInt.asIntN(64, v));
}

export function textAttribute(node: OnnxNode, name: string): string | undefined {
  const s = attributeOf(node, name)?.find((field) => field.no === ATTRIBUTE.s);
  return s && textOf(s);
}

export function floatAttributeFields(name: string, value: number): WireField[] {
  const f = new Uint8Array(4);
  new DataView(f.buffer).setFloat32(0, value, true);
  return [textField(ATTRIBUTE.name, name), { no: ATTRIBUTE.f, wire: 5, data: f }, { no: ATTRIBUTE.type, wire: 0, data: encodeVarint(BigInt(ATTRIBUTE_FLOAT)) }];
}

function decodeNode(fields: WireField[]): OnnxNode {
  const texts = (no: number) => fields.filter((f) => f.no === no).map(textOf);
  return {
    opType: texts(NODE.opType)[0] ?? '',
    inputs: texts(NODE.input),
    outputs: texts(NODE.output),
    attributes: fields.filter((f) => f.no === NODE.attribute).map((f) => decodeMessage(f.data)),
    rest: fields.filter((f) => f.no !== NODE.input && f.no !== NODE.output && f.no !== NODE.opType && f.no !== NODE.attribute),
  };
}

/** Fields by number, as exporters write them (the sort is stable: repeated fields keep their order). */
function inFieldOrder(fields: WireField[]): WireField[] {
  return fields.sort((a, b) => a.no - b.no);
}

function encodeNode(node: OnnxNode): WireField[] {
  return inFieldOrder([
    ...node.inputs.map((name) => textField(NODE.input, name)),
    ...node.outputs.map((name) => textField(NODE.output, name)),
    textField(NODE.opType, node.opType),
    ...node.attributes.map((attribute) => ({ no: NODE.attribute, wire: 2 as const, data: encodeMessage(attribute) })),
    ...node.rest,
  ]);
}

function valueInfoName(bytes: Uint8Array): string {
  const name = decodeMessage(bytes).find((f) => f.no === VALUE_INFO_NAME);
  return name ? textOf(name) : '';
}

/** Packed (length-delimited) or one-per-field varints. */
function varints(field: WireField): bigint[] {
  if (field.wire === 0) return [readVarint(field.data, 0).value];
  const out: bigint[] = [];
  for (let at = 0; at < field.data.length; ) {
    const next = readVarint(field.data, at);
    out.push(next.value);
    at = next.end;
  }
  return out;
}

/** A float32 tensor stored in the model itself (not external data), or undefined. */
function floatTensorOf(fields: readonly WireField[]): FloatTensor | undefined {
  const type = fields.find((f) => f.no === TENSOR.dataType);
  if (!type || readVarint(type.data, 0).value !== BigInt(FLOAT) || fields.some((f) => f.no === TENSOR.dataLocation && readVarint(f.data, 0).value !== 0n)) return undefined;
  const dims = fields.filter((f) => f.no === TENSOR.dims).flatMap(varints).map(Number);
  const raw = fields.find((f) => f.no === TENSOR.rawData);
  const bytes = raw ? raw.data : concat(fields.filter((f) => f.no === TENSOR.floatData).map((f) => f.data));
  const values = new Float32Array(bytes.length / 4);
  new Uint8Array(values.buffer).set(bytes);
  return values.length === dims.reduce((n, d) => n * d, 1) ? { dims, values } : undefined;
}

/** The tensor's fields with new dims and values (as raw data); every other field kept. */
function tensorFields(name: string, tensor: FloatTensor, fields: readonly WireField[]): WireField[] {
  const replaced = new Set<number>([TENSOR.dims, TENSOR.dataType, TENSOR.floatData, TENSOR.name, TENSOR.rawData]);
  return [
    ...tensor.dims.map((d) => ({ no: TENSOR.dims, wire: 0 as const, data: encodeVarint(BigInt(d)) })),
    { no: TENSOR.dataType, wire: 0, data: encodeVarint(BigInt(FLOAT)) },
    textField(TENSOR.name, name),
    { no: TENSOR.rawData, wire: 2, data: new Uint8Array(tensor.values.buffer, tensor.values.byteOffset, tensor.values.byteLength) },
    ...fields.filter((f) => !replaced.has(f.no)),
  ];
}
