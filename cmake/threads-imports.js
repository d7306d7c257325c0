// Declares the threaded build's host imports for Emscripten's link check.  The standalone module imports them from env; bindings/pool.js
// supplies them.  These bodies are never used.
mergeInto(LibraryManager.library, {
  wt_host_dispatch: function () {},
  wt_host_now: function () {},
});
