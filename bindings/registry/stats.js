// The registry's entries for statistics, numerical helpers and products
// (the fields are registry/index.js's; composed from C's ufuncs, reductions,
// wt_accumulate, sort, searchsorted and einsum: stats.js, quantile.js,
// numeric.js, products.js).
import { via } from '../kinds.js';
import * as st from '../stats.js';
import * as qu from '../quantile.js';
import * as nu from '../numeric.js';
import * as pr from '../products.js';
import { setPrintOptions, getPrintOptions } from '../print.js';
import { packbits, unpackbits } from '../bits.js';
import { namespaceInfo, vectorize } from '../namespace.js';
import * as tx from '../text.js';

const fn = (name, sig, impl, extra = {}) => ({ name, sig, impl: via(impl), ...extra });
const method = { method: true };

export const STATISTICS = [
  fn('cumsum', 'a, {axis, dtype, out}', st.cumsum, { c: 'wt_accumulate', ...method }),
  fn('cumprod', 'a, {axis, dtype, out}', st.cumprod, { c: 'wt_accumulate', ...method }),
  fn('cumulativeSum', 'x, {*, axis, dtype, out, includeInitial:bool}', st.cumulativeSum, { c: 'wt_accumulate' }),
  fn('cumulativeProd', 'x, {*, axis, dtype, out, includeInitial:bool}', st.cumulativeProd, { c: 'wt_accumulate' }),
  fn('nancumsum', 'a, {axis, dtype, out}', st.nancumsum, { c: 'wt_accumulate' }),
  fn('nancumprod', 'a, {axis, dtype, out}', st.nancumprod, { c: 'wt_accumulate' }),
  fn('var', 'a, {axis, dtype, out, ddof:num, keepdims:bool, *, where, !mean, correction:num}', st.var_, method),
  fn('std', 'a, {axis, dtype, out, ddof:num, keepdims:bool, *, where, !mean, correction:num}', st.std, method),
  fn('nanvar', 'a, {axis, dtype, out, ddof:num, keepdims:bool, *, where, !mean, correction:num}', st.nanvar),
  fn('nanstd', 'a, {axis, dtype, out, ddof:num, keepdims:bool, *, where, !mean, correction:num}', st.nanstd),
  fn('nansum', 'a, {axis, dtype, out, keepdims:bool, initial, where}', st.nansum),
  fn('nanprod', 'a, {axis, dtype, out, keepdims:bool, initial, where}', st.nanprod),
  fn('nanmean', 'a, {axis, dtype, out, keepdims:bool, *, where}', st.nanmean),
  fn('nanmax', 'a, {axis, out, keepdims:bool, initial, where}', st.nanmax),
  fn('nanmin', 'a, {axis, out, keepdims:bool, initial, where}', st.nanmin),
  fn('nanargmax', 'a, {axis, out, *, keepdims:bool}', st.nanargmax),
  fn('nanargmin', 'a, {axis, out, *, keepdims:bool}', st.nanargmin),
  fn('ptp', 'a, {axis, out, keepdims:bool}', st.ptp),
  fn('average', 'a, {axis, weights, returned:bool, *, keepdims:bool}', st.average),
  fn('logsumexp', 'a, {axis, !b, keepdims:bool, !returnSign}', st.logsumexp),
  fn('softmax', 'x, {axis}', st.softmax, { c: 'wt_softmax' }),
  fn('logSoftmax', 'x, {axis}', st.logSoftmax, { c: 'wt_softmax' }),
  fn('median', 'a, {axis, out, overwriteInput:bool, keepdims:bool}', qu.median, { c: 'wt_partition' }),
  fn('nanmedian', 'a, {axis, out, overwriteInput:bool, keepdims:bool}', qu.nanmedian, { c: 'wt_sort' }),
  fn(
    'quantile',
    'a, q, {axis, out, overwriteInput:bool, method:str, keepdims:bool, *, !weights, !interpolation}',
    qu.quantile,
    { c: 'wt_partition' },
  ),
  fn(
    'nanquantile',
    'a, q, {axis, out, overwriteInput:bool, method:str, keepdims:bool, *, !weights, !interpolation}',
    qu.nanquantile,
    { c: 'wt_sort' },
  ),
  fn(
    'percentile',
    'a, q, {axis, out, overwriteInput:bool, method:str, keepdims:bool, *, !weights, !interpolation}',
    qu.percentile,
    { c: 'wt_partition' },
  ),
  fn(
    'nanpercentile',
    'a, q, {axis, out, overwriteInput:bool, method:str, keepdims:bool, *, !weights, !interpolation}',
    qu.nanpercentile,
    { c: 'wt_sort' },
  ),
  fn('isclose', 'a, b, {rtol:num, atol:num, equalNan:bool}', nu.isclose),
  fn('allclose', 'a, b, {rtol:num, atol:num, equalNan:bool}', nu.allclose),
  fn('arrayEqual', 'a1, a2, {equalNan:bool}', nu.arrayEqual),
  fn('nanToNum', 'x, {!copy, nan:num, posinf:num, neginf:num}', nu.nanToNum),
  fn('diff', 'a, {n:int, axis:int, prepend, append}', nu.diff),
  fn('ediff1d', 'ary, {toEnd, toBegin}', nu.ediff1d),
  fn('trapezoid', 'y, {x, dx, axis:int}', nu.trapezoid),
  fn('interp', 'x, xp, fp, {left, right, period:num}', nu.interp, { c: 'wt_searchsorted' }),
  fn('bincount', 'x, {weights, minlength:int}', nu.bincount, { c: 'wt_bincount' }),
  fn('histogram', 'a, {bins, range, density:bool, weights}', nu.histogram, { c: 'wt_histogram' }),
  fn('histogramBinEdges', 'a, {bins, range, !weights}', nu.histogramBinEdges),
  fn('gradient', 'f, ...varargs, {axis, edgeOrder:int}', nu.gradient),
  fn('packbits', 'a, {axis, bitorder:str}', packbits),
  fn('unpackbits', 'a, {axis, count:int, bitorder:str}', unpackbits),
  fn('vectorize', 'pyfunc:fn, {otypes, !doc, !excluded, !cache, !signature}', vectorize),
  { name: 'namespaceInfo', sig: '', impl: () => namespaceInfo },
  fn('dot', 'a, b, {!out}', pr.dot, { c: 'wt_einsum', ...method }),
  fn('vecdot', 'x1, x2, {*, axis:int}', pr.vecdot, { c: 'wt_einsum' }),
  fn('inner', 'a, b', pr.inner, { c: 'wt_einsum' }),
  fn('outer', 'a, b, {!out}', pr.outer),
  fn('tensordot', 'a, b, {axes}', pr.tensordot, { c: 'wt_einsum' }),
  fn('kron', 'a, b', pr.kron),
  fn('trace', 'a, {offset:int, axis1:int, axis2:int, dtype, !out}', pr.trace, method),
  fn('cross', 'a, b, {axisa:int, axisb:int, axisc:int, axis:int}', pr.cross),
  fn('matrixTranspose', 'x', pr.matrixTranspose),
  fn('cov', 'm, {y, rowvar:bool, bias:bool, ddof:int, !fweights, !aweights, *, dtype}', pr.cov, { c: 'wt_matmul' }),
  fn('corrcoef', 'x, {y, rowvar:bool, *, dtype}', pr.corrcoef, { c: 'wt_matmul' }),
  fn('convolve', 'a, v, {mode:str}', pr.convolve, { c: 'wt_correlate' }),
  fn('correlate', 'a, v, {mode:str}', pr.correlate, { c: 'wt_correlate' }),
  fn(
    'loadtxt',
    'fname, {dtype, comments, delimiter, !converters, skiprows:int, usecols, unpack:bool, ndmin:int, !encoding, maxRows:int, *, !quotechar}',
    tx.loadtxt,
    { c: 'wt_text_read' },
  ),
  fn(
    'genfromtxt',
    'fname, {dtype, comments, delimiter, skipHeader:int, !skipFooter, !converters, !missingValues, fillingValues, usecols, !names, !excludelist, !deletechars, !replaceSpace, !autostrip, !caseSensitive, !defaultfmt, unpack:bool, !usemask, !loose, !invalidRaise, maxRows:int, !encoding, *, ndmin:int}',
    tx.genfromtxt,
    { c: 'wt_text_read' },
  ),
  fn('savetxt', 'X, {fmt, delimiter:str, newline:str, header:str, footer:str, comments:str, !encoding}', tx.savetxt, {
    c: 'wt_text_write',
  }),
  // NumPy's print options, for toString / console.log (print.js)
  {
    name: 'setPrintOptions',
    sig: '{precision:int, threshold:num, edgeitems:int, linewidth:int, suppress:bool, !nanstr, !infstr, !formatter, !sign, !floatmode, *, !legacy, !overrideRepr}',
    impl: () => setPrintOptions,
  },
  { name: 'getPrintOptions', sig: '', impl: () => getPrintOptions },
].map((e) => ({ kind: 'stats', method: false, ...e }));
