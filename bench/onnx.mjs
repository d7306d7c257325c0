// A minimal ONNX ModelProto encoder: enough protobuf to build graphs in code
// for onnxruntime-web (float32 and uint8 tensors, int/ints/float/string
// attributes, int64 and float32 initializers).  Field numbers are onnx.proto's.
const enc = new TextEncoder();

function varint(n) {
  const out = [];
  let v = BigInt.asUintN(64, BigInt(n));
  do {
    let b = Number(v & 0x7fn);
    v >>= 7n;
    if (v) b |= 0x80;
    out.push(b);
  } while (v);
  return out;
}
const key = (field, wire) => varint((field << 3) | wire);
const bytesField = (field, bytes) => [...key(field, 2), ...varint(bytes.length), ...bytes];
const strField = (field, s) => bytesField(field, [...enc.encode(s)]);
const intField = (field, n) => [...key(field, 0), ...varint(n)];

export const FLOAT = 1,
  UINT8 = 2;

function tensorType(shape, type = FLOAT) {
  const dims = shape.flatMap((d) => bytesField(1, intField(1, d))); // Dimension.dim_value
  const tensor = [...intField(1, type), ...bytesField(2, dims)]; // elem_type, shape
  return bytesField(1, tensor); // TypeProto.tensor_type
}
const valueInfo = (name, shape, type) => [...strField(1, name), ...bytesField(2, tensorType(shape, type))];

function attribute(name, value) {
  if (typeof value === 'string') return [...strField(1, name), ...strField(4, value), ...intField(20, 3)]; // STRING
  if (Array.isArray(value)) return [...strField(1, name), ...value.flatMap((v) => intField(8, v)), ...intField(20, 7)];
  if (!Number.isInteger(value)) {
    const f = [...new Uint8Array(Float32Array.of(value).buffer)];
    return [...strField(1, name), ...key(2, 5), ...f, ...intField(20, 1)]; // FLOAT: f (fixed32)
  }
  return [...strField(1, name), ...intField(3, value), ...intField(20, 2)];
}

// TensorProto: dims(1), data_type(2), int64_data(7), name(8), raw_data(9); float32 values as raw bytes
function initializer(name, values, { dims = [values.length], float = false } = {}) {
  const data = float
    ? bytesField(9, [...new Uint8Array(Float32Array.from(values).buffer)])
    : values.flatMap((v) => intField(7, v));
  return [...dims.flatMap((d) => intField(1, d)), ...intField(2, float ? FLOAT : 7), ...data, ...strField(8, name)];
}

// graph: { nodes: [{ op, inputs: [names], output: name, attrs? }], inputs: [[name, shape, type?]],
// output: [name, shape, type?], consts?: [[name, values, { dims, float }?]] }; or one node:
// { op, inputs, output, attrs?, consts? } (its inputs, then its consts)
export function onnxModel({ nodes, op, inputs, output, attrs = {}, consts = [] }) {
  nodes ??= [{ op, inputs: [...inputs.map(([n]) => n), ...consts.map(([n]) => n)], output: output[0], attrs }];
  const node = (n) => [
    ...n.inputs.flatMap((x) => strField(1, x)),
    ...strField(2, n.output),
    ...strField(4, n.op),
    ...Object.entries(n.attrs ?? {}).flatMap(([k, v]) => bytesField(5, attribute(k, v))),
  ];
  const graph = [
    ...nodes.flatMap((n) => bytesField(1, node(n))),
    ...strField(2, 'g'),
    ...consts.flatMap(([n, v, o]) => bytesField(5, initializer(n, v, o))),
    ...inputs.flatMap(([n, s, t]) => bytesField(11, valueInfo(n, s, t))),
    ...bytesField(12, valueInfo(...output)),
  ];
  const opset = [...strField(1, ''), ...intField(2, 17)];
  return new Uint8Array([...intField(1, 8), ...bytesField(8, opset), ...bytesField(7, graph)]);
}
