// Astro 5, the post a Markdown (.md) file: raw HTML passes through. `site` is needed by the feed.
import { defineConfig } from 'astro/config';

export default defineConfig({
  site: process.env.SITE_URL ?? 'http://127.0.0.1:4321',
  outDir: process.env.OUT_DIR ?? './dist',
});
