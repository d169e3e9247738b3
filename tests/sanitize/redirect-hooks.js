// The resolve hook behind redirect.js: <root>/js/* and <root>/dist/* → the sanitized copy's.
const root = new URL('../../', import.meta.url).href;
const copy = new URL('build/sanitize/package/', root).href;

export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  const { url } = result;
  if (url.startsWith(`${root}js/`) || url.startsWith(`${root}dist/`))
    return { ...result, url: copy + url.slice(root.length) };
  return result;
}
