// The feed (@astrojs/rss) with the whole post: compiledContent() is the post's HTML.
import rss from '@astrojs/rss';
import * as post from '../posts/post.md';

export async function GET(context) {
  return rss({
    title: 'posenc', description: 'posenc', site: context.site,
    items: [{ title: post.frontmatter.title, pubDate: new Date(post.frontmatter.date), link: '/post/', content: await post.compiledContent() }],
  });
}
