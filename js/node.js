// Node entry (the "node" export condition): reads the .wasm next to the module from disk.
import * as fs from 'node:fs/promises';
import { makeInit } from './api.js';
import { nodePathOpener } from './files/source.js';

const wasmFile = new URL('../dist/posenc-wasm.wasm', import.meta.url);

// inspectModelFile reads paths here by ranges (positioned reads of an open file).
export const init = makeInit(() => fs.readFile(wasmFile), { openPath: nodePathOpener(fs) });

export { ModelFileError } from './files/source.js';
