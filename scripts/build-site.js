// Builds the demo as plain static files in build/site: the page (web/) plus the package as it
// is published (its `files`), at build/site/posenc/. Copy the folder to any static host.
import { cpSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const siteDir = join(root, 'build', 'site');

export function buildSite() {
  const { files } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  rmSync(siteDir, { recursive: true, force: true });
  mkdirSync(siteDir, { recursive: true });
  cpSync(join(root, 'web'), siteDir, { recursive: true });
  for (const entry of files) cpSync(join(root, entry), join(siteDir, 'posenc', entry), { recursive: true });
  return siteDir;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(`site built in ${buildSite()}`);
