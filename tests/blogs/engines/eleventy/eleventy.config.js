// Eleventy 3 (markdown-it, raw HTML on by default): posenc/ (the elements script and the
// fallback images) copied as it is.
export default function (eleventyConfig) {
  eleventyConfig.addPassthroughCopy('posenc');
}
