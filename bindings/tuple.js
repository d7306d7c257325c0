// NumPy returns some results as tuples (svd's (U, S, Vh), unique's values and counts, ...):
// wtensor returns an object with NumPy's field names that also iterates in NumPy's order,
// so both `r.U` and `const [U, S, Vh] = r` work.  The iterator is not enumerable: the
// object stays a plain one (tidy and dispose find the tensors in it).
export function tuple(fields) {
  const order = Object.keys(fields);
  return Object.defineProperty(fields, Symbol.iterator, {
    value: function* () {
      for (const k of order) yield this[k];
    },
  });
}
