// The feed (@astrojs/rss) with the whole post: MDX has no compiledContent(), so its Content is
// rendered to a string with Astro's container API (and the MDX renderer).
import rss from '@astrojs/rss';
import { getContainerRenderer } from '@astrojs/mdx';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { loadRenderers } from 'astro:container';
import * as post from '../posts/post.mdx';

export async function GET(context) {
  const container = await AstroContainer.create({ renderers: await loadRenderers([getContainerRenderer()]) });
  return rss({
    title: 'posenc', description: 'posenc', site: context.site,
    items: [{ title: post.frontmatter.title, pubDate: new Date(post.frontmatter.date), link: '/post/', content: await container.renderToString(post.Content) }],
  });
}
