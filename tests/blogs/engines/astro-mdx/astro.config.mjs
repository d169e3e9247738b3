// Astro 5, the post an MDX file (@astrojs/mdx), pages swapped by <ClientRouter /> (view transitions).
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';

export default defineConfig({
  site: process.env.SITE_URL ?? 'http://127.0.0.1:4321',
  outDir: process.env.OUT_DIR ?? './dist',
  integrations: [mdx()],
});
