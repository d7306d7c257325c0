// A two-layer perceptron (tanh, sigmoid) trained by full-batch gradient descent with
// hand-written gradients: 512 samples, 16 features, 64 hidden units, 300 steps.
export const about = 'MLP training: matmuls, tanh/exp, hand-written gradients, in-place SGD, 300 steps';
export const compare = { rtol: 1e-8 }; // matmul sums in another order than OpenBLAS

export function run(wt) {
  const rng = wt.random.defaultRng(8);
  const X = rng.standardNormal([512, 16]);
  const y = X.slice(':, :1').mul(X.slice(':, 1:2')).greater(0).astype('float64');
  const W1 = rng.standardNormal([16, 64]).mul(0.3),
    b1 = wt.zeros([64]);
  const W2 = rng.standardNormal([64, 1]).mul(0.3),
    b2 = wt.zeros([1]);
  const lr = 0.5;
  let out = null;
  for (let step = 0; step < 300; step++) {
    out?.dispose();
    out = wt.tidy(() => {
      const h = wt.tanh(X.matmul(W1).add(b1));
      const o = wt.div(1, wt.exp(h.matmul(W2).add(b2).neg()).add(1));
      const g = o.sub(y).div(X.shape[0]);
      const gW2 = h.T.matmul(g),
        gb2 = g.sum({ axis: 0 });
      const gh = g.matmul(W2.T).mul(wt.sub(1, h.pow(2)));
      const gW1 = X.T.matmul(gh),
        gb1 = gh.sum({ axis: 0 });
      W1.isub(gW1.mul(lr));
      b1.isub(gb1.mul(lr));
      W2.isub(gW2.mul(lr));
      b2.isub(gb2.mul(lr));
      return o;
    });
  }
  const loss = wt.tidy(() => wt.mean(y.mul(wt.log(out)).add(wt.sub(1, y).mul(wt.log(wt.sub(1, out))))).neg());
  return [W1, W2, loss];
}
