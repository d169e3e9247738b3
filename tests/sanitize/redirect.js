// `node --import ./tests/sanitize/redirect.js ...` (npm run test:sanitize sets it in NODE_OPTIONS,
// so child processes get it too): every module of the package, js/ and dist/, is loaded from the
// sanitized copy in build/sanitize/package/ instead, so the package's own tests run unchanged
// against the wasm built with ASan + UBSan.
import { register } from 'node:module';

register('./redirect-hooks.js', import.meta.url);
