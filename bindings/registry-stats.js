// The registry's entries for statistics, numerical helpers and products
// (the fields are registry.js's; composed from C's ufuncs, reductions,
// wt_accumulate, sort, searchsorted and einsum: stats.js, quantile.js,
// numeric.js, products.js).
import { via } from './kinds.js';
import * as st from './stats.js';
import * as qu from './quantile.js';
import * as nu from './numeric.js';
import * as pr from './products.js';
import { setPrintOptions, getPrintOptions } from './print.js';
import { packbits, unpackbits } from './bits.js';
import { namespaceInfo, vectorize } from './namespace.js';
import * as tx from './text.js';

const fn = (name, impl, extra = {}) => ({ name, impl: via(impl), ...extra });
const method = { method: true };

export const STATISTICS = [
  fn('cumsum', st.cumsum, { c: 'wt_accumulate', ...method }),
  fn('cumprod', st.cumprod, { c: 'wt_accumulate', ...method }),
  fn('cumulativeSum', st.cumulativeSum, { c: 'wt_accumulate' }),
  fn('cumulativeProd', st.cumulativeProd, { c: 'wt_accumulate' }),
  fn('nancumsum', st.nancumsum, { c: 'wt_accumulate' }),
  fn('nancumprod', st.nancumprod, { c: 'wt_accumulate' }),
  fn('var', st.var_, method),
  fn('std', st.std, method),
  fn('nanvar', st.nanvar),
  fn('nanstd', st.nanstd),
  fn('nansum', st.nansum),
  fn('nanprod', st.nanprod),
  fn('nanmean', st.nanmean),
  fn('nanmax', st.nanmax),
  fn('nanmin', st.nanmin),
  fn('nanargmax', st.nanargmax),
  fn('nanargmin', st.nanargmin),
  fn('ptp', st.ptp),
  fn('average', st.average),
  fn('logsumexp', st.logsumexp),
  fn('softmax', st.softmax, { c: 'wt_softmax' }),
  fn('logSoftmax', st.logSoftmax, { c: 'wt_softmax' }),
  fn('median', qu.median, { c: 'wt_partition' }),
  fn('nanmedian', qu.nanmedian, { c: 'wt_sort' }),
  fn('quantile', qu.quantile, { c: 'wt_partition' }),
  fn('nanquantile', qu.nanquantile, { c: 'wt_sort' }),
  fn('percentile', qu.percentile, { c: 'wt_partition' }),
  fn('nanpercentile', qu.nanpercentile, { c: 'wt_sort' }),
  fn('isclose', nu.isclose),
  fn('allclose', nu.allclose),
  fn('arrayEqual', nu.arrayEqual),
  fn('nanToNum', nu.nanToNum),
  fn('diff', nu.diff),
  fn('ediff1d', nu.ediff1d),
  fn('trapezoid', nu.trapezoid),
  fn('interp', nu.interp, { c: 'wt_searchsorted' }),
  fn('bincount', nu.bincount, { c: 'wt_bincount' }),
  fn('histogram', nu.histogram, { c: 'wt_histogram' }),
  fn('histogramBinEdges', nu.histogramBinEdges),
  fn('gradient', nu.gradient),
  fn('packbits', packbits),
  fn('unpackbits', unpackbits),
  fn('vectorize', vectorize),
  { name: 'namespaceInfo', impl: () => namespaceInfo },
  fn('dot', pr.dot, { c: 'wt_einsum', ...method }),
  fn('vecdot', pr.vecdot, { c: 'wt_einsum' }),
  fn('inner', pr.inner, { c: 'wt_einsum' }),
  fn('outer', pr.outer),
  fn('tensordot', pr.tensordot, { c: 'wt_einsum' }),
  fn('kron', pr.kron),
  fn('trace', pr.trace, method),
  fn('cross', pr.cross),
  fn('matrixTranspose', pr.matrixTranspose),
  fn('cov', pr.cov, { c: 'wt_matmul' }),
  fn('corrcoef', pr.corrcoef, { c: 'wt_matmul' }),
  fn('convolve', pr.convolve, { c: 'wt_correlate' }),
  fn('correlate', pr.correlate, { c: 'wt_correlate' }),
  fn('loadtxt', tx.loadtxt, { c: 'wt_text_read' }),
  fn('genfromtxt', tx.genfromtxt, { c: 'wt_text_read' }),
  fn('savetxt', tx.savetxt, { c: 'wt_text_write' }),
  // NumPy's print options, for toString / console.log (print.js)
  { name: 'setPrintOptions', impl: () => setPrintOptions },
  { name: 'getPrintOptions', impl: () => getPrintOptions },
].map((e) => ({ kind: 'stats', method: false, ...e }));
