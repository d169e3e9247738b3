// A small static file server for the built site, on localhost only.
// Usage: node scripts/serve.js [dir] (PORT=8080 by default; PORT=0 picks a free port), with gzip
// as blog hosts serve text (the demo's app.bundle.js: 633 KiB, 244 KiB gzipped).
import { createServer } from 'node:http';
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.wasm': 'application/wasm', '.json': 'application/json',
  '.png': 'image/png', '.svg': 'image/svg+xml', '.ts': 'text/plain; charset=utf-8',
  '.ico': 'image/x-icon', '.txt': 'text/plain; charset=utf-8',
};

const COMPRESSED = /\.(html|js|css|svg|json|wasm|txt|ts|map)$/;
const gzipped = new Map();  // file → { mtimeMs, body }

/**
 * Serves dir on 127.0.0.1:port; headers are added to every response (tests send a CSP). With
 * gzip, text and wasm go gzipped to a client that accepts it (each file compressed once).
 */
export function serve(dir, port = 8080, headers = {}, { gzip = false } = {}) {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
    let file = normalize(join(dir, path));
    if (file !== dir && !file.startsWith(dir + sep)) return end(res, 403, 'forbidden');
    try {
      let stat = statSync(file);
      if (stat.isDirectory()) stat = statSync(file = join(file, 'index.html'));
      const { size, mtimeMs } = stat;
      const type = TYPES[extname(file)] ?? 'application/octet-stream';
      if (gzip && COMPRESSED.test(file) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
        let cached = gzipped.get(file);
        if (cached?.mtimeMs !== mtimeMs) gzipped.set(file, cached = { mtimeMs, body: gzipSync(readFileSync(file), { level: 9 }) });
        res.writeHead(200, { 'content-type': type, 'content-encoding': 'gzip', 'content-length': cached.body.length, vary: 'accept-encoding', ...headers });
        return res.end(cached.body);
      }
      res.writeHead(200, { 'content-type': type, 'content-length': size, ...headers });
      createReadStream(file).pipe(res);
    } catch {
      end(res, 404, 'not found');
    }
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

function end(res, status, text) {
  res.writeHead(status, { 'content-type': 'text/plain' });
  res.end(text);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { buildSite } = await import('./build-site.js');
  const dir = process.argv[2] ?? (await buildSite());
  const server = await serve(normalize(dir), Number(process.env.PORT ?? 8080), {}, { gzip: true });
  console.log(`posenc demo: http://localhost:${server.address().port}/  (Ctrl+C to stop)`);
}
