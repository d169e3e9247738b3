// `posenc/render` (Node): static figures of the elements, drawn without a browser, and the
// fallbacks of a post. Needs the optional peer dependencies @napi-rs/canvas and linkedom.
export { render, fallbackPicture, textOf } from './figure.js';
export { fallbacks, elementsOf } from './post.js';
