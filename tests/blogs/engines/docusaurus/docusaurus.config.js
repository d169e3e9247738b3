// Docusaurus 3 (MDX, React 19): the elements come from a client module, loaded on every page
// before React hydrates (and imported, harmlessly, where the pages are rendered to HTML).
module.exports = {
  title: 'posenc',
  url: process.env.SITE_URL ?? 'http://127.0.0.1:3000',
  baseUrl: '/',
  onBrokenLinks: 'throw',
  clientModules: [require.resolve('./posenc-client.js')],
  presets: [
    ['classic', {
      docs: false,
      blog: { routeBasePath: 'blog', onUntruncatedBlogPosts: 'ignore', feedOptions: { type: 'rss' } },
    }],
  ],
  themeConfig: { navbar: { title: 'posenc', items: [{ to: '/blog', label: 'Blog' }] } },
};
