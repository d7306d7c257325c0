// A minimal ONNX ModelProto encoder: enough protobuf to build one-node
// graphs in code for onnxruntime-web (float32 tensors, int/ints/string attributes,
// int64 initializers).  Field numbers are onnx.proto's.
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

function tensorType(shape) {
  const dims = shape.flatMap((d) => bytesField(1, intField(1, d))); // Dimension.dim_value
  const tensor = [...intField(1, 1), ...bytesField(2, dims)]; // elem_type FLOAT, shape
  return bytesField(1, tensor); // TypeProto.tensor_type
}
const valueInfo = (name, shape) => [...strField(1, name), ...bytesField(2, tensorType(shape))];

function attribute(name, value) {
  if (typeof value === 'string') return [...strField(1, name), ...strField(4, value), ...intField(20, 3)]; // STRING
  if (Array.isArray(value)) return [...strField(1, name), ...value.flatMap((v) => intField(8, v)), ...intField(20, 7)];
  return [...strField(1, name), ...intField(3, value), ...intField(20, 2)];
}

function int64Initializer(name, values) {
  // TensorProto: dims(1), data_type(2) = INT64 (7), int64_data(7), name(8)
  return [
    ...intField(1, values.length),
    ...intField(2, 7),
    ...values.flatMap((v) => intField(7, v)),
    ...strField(8, name),
  ];
}

// graph: { op, inputs: [[name, shape]], output: [name, shape], attrs?, consts?: [[name, int64 values]] }
export function onnxModel({ op, inputs, output, attrs = {}, consts = [] }) {
  const node = [
    ...[...inputs.map(([n]) => n), ...consts.map(([n]) => n)].flatMap((n) => strField(1, n)),
    ...strField(2, output[0]),
    ...strField(4, op),
    ...Object.entries(attrs).flatMap(([k, v]) => bytesField(5, attribute(k, v))),
  ];
  const graph = [
    ...bytesField(1, node),
    ...strField(2, 'g'),
    ...consts.flatMap(([n, v]) => bytesField(5, int64Initializer(n, v))),
    ...inputs.flatMap(([n, s]) => bytesField(11, valueInfo(n, s))),
    ...bytesField(12, valueInfo(...output)),
  ];
  const opset = [...strField(1, ''), ...intField(2, 17)];
  return new Uint8Array([...intField(1, 8), ...bytesField(8, opset), ...bytesField(7, graph)]);
}
