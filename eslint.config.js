// npm run lint: eslint's recommended rules everywhere, and the size limits of
// the package's modules (a file under 400 lines, a function under 60).
import js from '@eslint/js';
import globals from 'globals';

export default [
  { ignores: ['node_modules/', 'build/', 'dist/', 'third_party/', 'bench/results/', 'bindings/abi.js'] },
  js.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2024,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node, ...globals.worker },
    },
    rules: {
      'no-unused-vars': ['error', { args: 'none', caughtErrors: 'none' }],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  // an Emscripten JS library: mergeInto and LibraryManager are Emscripten's
  { files: ['cmake/*.js'], languageOptions: { globals: { mergeInto: 'readonly', LibraryManager: 'readonly' } } },
  {
    files: ['bindings/**/*.js'],
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }],
      'max-lines-per-function': ['error', { max: 60, skipBlankLines: false, skipComments: false, IIFEs: true }],
    },
  },
];
