// Fallbacks for a post: every <posenc-*> element of a Markdown, MDX or HTML post (and every
// posenc shortcode of a Hugo post) gets an image of its chart (or, for the elements that are
// text and tables, that text) inside its tag. The
// element's shadow root hides it once the script runs; feeds, readers without JavaScript, print
// and platforms without scripts (Medium, Substack) show it. Code (fences, `spans`, <pre>, <code>,
// comments) is left alone, and so is content a writer put there themselves.
import { ELEMENTS, attributeOf } from '../tags.js';
import { escapeXml, fallbackPicture, textOf } from './figure.js';

/** Attributes every element has that are not its widget's values (kept, not rendered). */
const GLOBAL = /^(class|id|style|hidden|lang|dir|title|slot|tabindex|is|part|data-.*|aria-.*|on.*)$/;
/** What `post` writes, marked so a second run replaces it (and leaves a writer's own content). */
const MARK = 'data-posenc-fallback';

const ELEMENT = /<(posenc-[a-z0-9-]+)((?:\s+[^\s=/>]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(?:\/>|>([\s\S]*?)<\/\1\s*>)/dgi;
const ATTRIBUTE = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
// What is code, and so left alone: in HTML, these elements and comments; in Markdown also fenced
// blocks (``` or ~~~, to their closing fence or the end) and code spans (within a paragraph).
const HTML_CODE = [/<(pre|code|script|style|textarea|template)\b[\s\S]*?<\/\1\s*>/gi, /<!--[\s\S]*?-->/g];
const CODE = {
  markdown: [/^( {0,3})(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:\n {0,3}\2[`~]*[ \t]*\r?(?=\n|(?![\s\S]))|(?![\s\S]))/gm,
    /(`+)(?!`)(?:(?!\n[ \t]*\r?\n)[\s\S])*?[^`]\1(?!`)/g, ...HTML_CODE],
  html: HTML_CODE,
};

const decode = (text) => text.replace(/&(amp|quot|lt|gt|#39|#x27);/g, (_, name) =>
  ({ amp: '&', quot: '"', lt: '<', gt: '>', '#39': "'", '#x27': "'" })[name]);

// Hugo's shortcode (docs/blogging/hugo/…/posenc.html): {{< posenc element="encoding" a="1" />}}
// or its paired form {{< posenc … >}}fallback{{< /posenc >}}; values "quoted", `raw` or bare.
const VALUE = '(?:"[^"]*"|`[^`]*`|[^\\s"`>}]+)';
const SHORTCODE = new RegExp(`\\{\\{<\\s*posenc\\b((?:\\s+[\\w-]+\\s*=\\s*${VALUE})*)\\s*(?:\\/>\\}\\}|>\\}\\}([\\s\\S]*?)\\{\\{<\\s*\\/posenc\\s*>\\}\\})`, 'g');
const PARAMETER = /([\w-]+)\s*=\s*(?:"([^"]*)"|`([^`]*)`|([^\s"`>}]+))/g;

/**
 * The <posenc-*> elements (and, in Markdown, Hugo's posenc shortcodes) of a post, outside code:
 * { tag, attributes, content, start, end, source, attributeText, shortcode }.
 */
export function elementsOf(text, kind = 'markdown') {
  // Code is blanked out (same length, so offsets hold) before elements are looked for; what an
  // element holds is then read from the post itself.
  let masked = text;
  for (const pattern of CODE[kind === 'html' ? 'html' : 'markdown'])
    masked = masked.replace(pattern, (code) => code.replace(/[^\n]/g, ' '));
  const at = (m) => ({ start: m.index, end: m.index + m[0].length, source: text.slice(m.index, m.index + m[0].length) });
  const group = (m, k) => (m.indices[k] ? text.slice(...m.indices[k]) : undefined);
  const elements = [...masked.matchAll(ELEMENT)].map((m) => {
    const attributeText = group(m, 2);
    return {
      tag: m[1].toLowerCase(), content: group(m, 3) ?? '', ...at(m), attributeText, shortcode: false,
      attributes: Object.fromEntries([...attributeText.matchAll(ATTRIBUTE)].map((a) => [a[1].toLowerCase(), decode(a[2] ?? a[3] ?? a[4] ?? '')])),
    };
  });
  // Hugo expands shortcodes in code too (the escaped {{</* … */>}} is how a post shows one).
  const shortcodes = kind === 'html' ? [] : [...text.matchAll(SHORTCODE)].map((m) => {
    const params = Object.fromEntries([...m[1].matchAll(PARAMETER)].map((p) => [p[1].toLowerCase(), p[2] ?? p[3] ?? p[4]]));
    const { element = '', ...attributes } = params;
    return { tag: `posenc-${element.toLowerCase().replace(/^posenc-/, '')}`, content: m[2] ?? '', ...at(m), attributeText: m[1], shortcode: true, attributes };
  });
  // An element inside another's content (a tag inside a paired shortcode) is part of it.
  let end = 0;
  return [...elements, ...shortcodes].sort((a, b) => a.start - b.start).filter((e) => e.start >= end && (end = e.end));
}

/**
 * Writes the fallbacks of a post. Returns { text (the post with each fallback in place),
 * figures: [{ tag, file, alt, message, kept }], warnings: [string] }.
 * @param options.kind 'markdown' (also MDX) or 'html'
 * @param options.name the images' file name stem ("post" → post-1-encoding.webp, and
 *   post-1-encoding-2x.webp at `scale`)
 * @param options.url the images' URL prefix in the post ('' → same folder)
 * @param options.write (file, bytes) => void|Promise: stores an image
 * @param options.format 'auto' (default: per figure the smaller of PNG and WebP), 'png', 'webp'
 *   or 'svg'; width, scale, scheme, quality as in render()
 */
export async function fallbacks(text, { kind = 'markdown', name = 'posenc', url = '', write, format = 'auto', width = 720, scale = 2, scheme = 'light', quality = 90 }) {
  const figures = [], warnings = [], parts = [];
  let at = 0, index = 0, images = 0;
  for (const element of elementsOf(text, kind)) {
    index++;
    const { tag, attributes, content } = element;
    parts.push(text.slice(at, element.start));
    at = element.end;
    const own = content.trim() && !content.includes(MARK);
    const widget = ELEMENTS[tag];
    if (!widget || own) {
      parts.push(element.source);
      if (!widget) warnings.push(`<${tag}> (element ${index}) is not a posenc element: left as it is`);
      else figures.push({ tag, kept: true });
      continue;
    }
    const names = Object.keys(widget.rules).map(attributeOf), values = {};
    for (const [key, value] of Object.entries(attributes))
      if (names.includes(key)) values[key] = value;
      else if (!GLOBAL.test(key)) warnings.push(`<${tag}> (element ${index}) has no attribute "${key}": left out of its image`);
    const stem = `${name}-${index}-${tag.replace(/^posenc-/, '')}`;
    let fallback, figure;
    try {
      const picture = await fallbackPicture(tag, values, { format, width, scale, scheme, quality });
      // One file a scale: stem.webp (1×), stem-2x.webp (at `scale`); an SVG is one file.
      const files = picture.images.map((image) => ({ ...image, file: `${stem}${image.scale === 1 ? '' : `-${image.scale}x`}.${picture.format}` }));
      for (const { file, data } of files) await write(file, data);
      const src = (file) => escapeXml(url + encodeURIComponent(file));
      const srcset = files.length > 1 ? ` srcset="${files.map((f) => `${src(f.file)} ${f.scale}x`).join(', ')}"` : '';
      // Self-closed, every attribute quoted, no style string: MDX (Docusaurus, Astro) parses it as
      // JSX. A width and no height: a theme's img { max-width: 100% } without height: auto would
      // stretch it on a phone. The post's first image is fetched first (it may be its largest
      // paint); the others lazily, decoded off the main thread: those below the fold are not
      // fetched while the post loads.
      const when = images++ > 0 ? ' loading="lazy" decoding="async"' : ' fetchpriority="high"';
      fallback = `<img ${MARK} src="${src(files[0].file)}"${srcset} alt="${escapeXml(picture.alt)}" width="${picture.width}"${when} />`;
      figure = { tag, file: files[0].file, files: files.map((f) => f.file), alt: picture.alt, message: picture.message };
    } catch (error) {
      if (!(error instanceof TypeError && /draws no chart/.test(error.message))) throw error;
      const { html, message } = await textOf(tag, values);
      // A block (tables) on a line of its own, between the tags on theirs: Markdown keeps the
      // three lines as one HTML block (on one line it would be a paragraph, and the <div>
      // would close the <p> and leave the element).
      fallback = `\n<div ${MARK}>${html}</div>\n`;
      figure = { tag, file: null, alt: null, message };
    }
    if (figure.message) warnings.push(`<${tag}> (element ${index}): ${figure.message}`);
    figures.push(figure);
    // No blank line inside: Markdown ends an HTML block there.
    parts.push(element.shortcode ? `{{< posenc${element.attributeText} >}}${fallback}{{< /posenc >}}`
      : `<${tag}${element.attributeText}>${fallback}</${tag}>`);
  }
  parts.push(text.slice(at));
  return { text: parts.join(''), figures, warnings };
}
