// Declares the threaded build's host import for Emscripten's link check.  The standalone module imports them from env; bindings/pool.js
// supplies them.  These bodies are never used.
mergeInto(LibraryManager.library, {
  wt_host_dispatch: function () {},
});
