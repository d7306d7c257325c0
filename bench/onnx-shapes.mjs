// onnxruntime-web's graphs for the shapes workloads: shapes.mjs's
// SHAPES_EXPR written node by node (uint8 images as uint8 inputs, sliced and
// cast as the expression does; ImageNet's mean and std as float32
// initializers), and the small-tensor rows' one-node graphs, run CALLS times.
import { FLOAT, UINT8 } from './onnx.mjs';
import { shapesData, SMALL_OP } from './shapes.mjs';

const node = (op, inputs, output, attrs) => ({ op, inputs, output, attrs });
const scalar = (name, v) => [name, [v], { dims: [], float: true }];
const vec = (name, v) => [name, Array.from(v), { float: true }];
const MEAN = [vec('m', shapesData.mean())],
  MEAN_STD = [...MEAN, vec('s', shapesData.std())];
// x0[:, :, :3] as float32, into 'f'
const RGB = [node('Slice', ['x0', 'starts', 'ends', 'axes'], 'rgb'), node('Cast', ['rgb'], 'f', { to: FLOAT })];
const RGB_CONSTS = [
  ['starts', [0]],
  ['ends', [3]],
  ['axes', [2]],
];

// GELU's tanh form, as SHAPES_EXPR.gelu: 0.5 x (1 + tanh(0.79788456 (x + 0.044715 x³)))
const GELU = [
  node('Mul', ['x0', 'x0'], 'x2'),
  node('Mul', ['x2', 'x0'], 'x3'),
  node('Mul', ['x3', 'c'], 'cx3'),
  node('Add', ['x0', 'cx3'], 'in'),
  node('Mul', ['in', 'k'], 'kin'),
  node('Tanh', ['kin'], 't'),
  node('Add', ['t', 'one'], 't1'),
  node('Mul', ['x0', 'half'], 'hx'),
  node('Mul', ['hx', 't1'], 'y'),
];

function bigGraph(w, s0) {
  const [h, wd] = s0;
  const graphs = {
    cl_sub: [[node('Sub', ['x0', 'm'], 'y')], MEAN, s0],
    cl_mul: [[node('Mul', ['x0', 'two'], 'y')], [scalar('two', 2)], s0],
    cl_u8_sub: [[node('Cast', ['x0'], 'f', { to: FLOAT }), node('Sub', ['f', 'm'], 'y')], MEAN, s0],
    cl_astype: [[...RGB.slice(0, 1), node('Cast', ['rgb'], 'y', { to: FLOAT })], RGB_CONSTS, [h, wd, 3]],
    cl_div: [
      [...RGB, node('Div', ['f', 'c255'], 'y')],
      [...RGB_CONSTS, scalar('c255', 255)],
      [h, wd, 3],
    ],
    prep: [
      [
        ...RGB,
        node('Div', ['f', 'c255'], 'u'),
        node('Sub', ['u', 'm'], 'c'),
        node('Div', ['c', 's'], 'n'),
        node('Transpose', ['n'], 'y', { perm: [2, 0, 1] }),
      ],
      [...RGB_CONSTS, scalar('c255', 255), ...MEAN_STD],
      [3, h, wd],
    ],
    tf_softmax: [[node('Softmax', ['x0'], 'y', { axis: -1 })], [], s0],
    layernorm: [[node('LayerNormalization', ['x0', 'x1', 'x2'], 'y', { axis: -1, epsilon: 1e-5 })], [], s0],
    gelu: [GELU, [scalar('c', 0.044715), scalar('k', 0.7978845608028654), scalar('one', 1), scalar('half', 0.5)], s0],
    attention: [
      [
        node('Transpose', ['x1'], 'kt', { perm: [0, 1, 3, 2] }),
        node('MatMul', ['x0', 'kt'], 'qk'),
        node('Div', ['qk', 'eight'], 'z'),
        node('Softmax', ['z'], 'p', { axis: -1 }),
        node('MatMul', ['p', 'x2'], 'y'),
      ],
      [scalar('eight', 8)],
      s0,
    ],
  };
  return graphs[w.op];
}

function smallGraph(w, s0) {
  const one = (op, out, attrs, consts = []) => [
    [node(op, ['x0', 'x1'].slice(0, w.inputs.length), 'y', attrs)],
    consts,
    out,
  ];
  return {
    add: () => one('Add', s0),
    mul: () => one('Mul', s0),
    sum: () => [[node('ReduceSum', ['x0'], 'y', { keepdims: 0 })], [], []],
    exp: () => [[node('Exp', ['x0'], 'y')], [], s0],
    matmul: () => one('MatMul', [s0[0], w.inputs[1][1]]),
    view: () => [[node('Reshape', ['x0', 'to'], 'y')], [['to', [8, 8]]], [8, 8]],
  }[SMALL_OP[w.op]]();
}

// the model of a shapes workload, and its feeds' element types
export function shapesGraph(w, inputs) {
  const s0 = inputs[0].shape;
  const [nodes, consts, out] = w.small ? smallGraph(w, s0) : bigGraph(w, s0);
  const type = (i) => (w.u8 && i === 0 ? UINT8 : FLOAT);
  return {
    nodes,
    consts,
    inputs: inputs.map((x, i) => [`x${i}`, x.shape, type(i)]),
    output: ['y', out],
    feeds: inputs.map(({ data }, i) => (type(i) === UINT8 ? ['uint8', shapesData.u8(data)] : ['float32', data])),
  };
}
