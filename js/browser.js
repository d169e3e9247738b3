// Browser, worker and bundler entry (the "default" export condition): fetches the .wasm that
// sits next to the module; `new URL(..., import.meta.url)` is also how bundlers find the asset.
import { makeInit } from './api.js';

const wasmUrl = new URL('../dist/posenc-wasm.wasm', import.meta.url);

export const init = makeInit(async () => {
  const response = await fetch(wasmUrl);
  if (!response.ok) throw new Error(`posenc: could not load ${wasmUrl} (HTTP ${response.status})`);
  return response.arrayBuffer();
});

export { ModelFileError } from './files/source.js';
