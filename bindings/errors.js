// WtError: every failure wtensor reports to JS.  `code` is the C status name
// (WT_ESHAPE, WT_ENOMEM, ...) or, for failures before C is reached,
// WT_ELOAD (the wasm could not be loaded), WT_EDISPOSED (a disposed tensor, a
// detached instance) and WT_ETHREADS (the worker pool stopped answering).
// `using t = ...` (explicit resource management) disposes through this symbol; a
// runtime without Symbol.dispose gets an unused one of its own
export const DISPOSE = Symbol.dispose ?? Symbol.for('wtensor.dispose');

export class WtError extends Error {
  constructor(code, message) {
    super(message);
    this.name = 'WtError';
    this.code = code;
  }
}
