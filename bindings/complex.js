// Complex numbers in JS: wt.complex(re, im) is a weak scalar in ops, as a
// Python complex is in NumPy; toArray() and item() give {re, im} objects, and
// nested arrays of them (or of Complex) make complex tensors.  A complex
// tensor's `data` holds the interleaved parts: element k's are data[2k], data[2k+1].
import { WtError } from './errors.js';

export class Complex {
  constructor(re, im) {
    this.re = re;
    this.im = im;
    Object.freeze(this);
  }
  toString() {
    return `(${this.re}${Object.is(this.im, -0) || this.im < 0 ? '-' : '+'}${Math.abs(this.im)}j)`;
  }
}

export function complex(re, im = 0) {
  if (typeof re !== 'number' || typeof im !== 'number')
    throw new WtError('WT_EINVAL', `complex: the parts must be numbers, got ${typeof re} and ${typeof im}`);
  return new Complex(re, im);
}

// a Complex, or a plain {re, im} object of two numbers (what toArray gives)
export function isComplex(v) {
  if (v instanceof Complex) return true;
  if (v === null || typeof v !== 'object' || Object.getPrototypeOf(v) !== Object.prototype) return false;
  const keys = Object.keys(v);
  return keys.length === 2 && typeof v.re === 'number' && typeof v.im === 'number';
}

export const isComplexDtype = (dtype) => dtype === 'complex64' || dtype === 'complex128';

// element `off` (in elements) of a complex tensor's data, as {re, im}
export const complexAt = (data, off) => ({ re: data[2 * off], im: data[2 * off + 1] });
