// Node entry (the "node" export condition): reads the .wasm next to the module from disk.
import { readFile } from 'node:fs/promises';
import { makeInit } from './api.js';

const wasmFile = new URL('../dist/posenc-wasm.wasm', import.meta.url);

export const init = makeInit(() => readFile(wasmFile));
