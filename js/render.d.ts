// Types of `posenc/render` (Node only): static figures of posenc's elements, drawn without a
// browser by the elements' own widgets on Skia. Needs the optional peer dependencies
// @napi-rs/canvas and linkedom (`npm install --save-dev @napi-rs/canvas linkedom`).

/** An element's attributes as in HTML: `{ length: '50', 'd-model': '128' }`. */
export type Attributes = Record<string, string | number | null | undefined>;

export interface RenderOptions {
  /** 'png' (default), 'webp' (lossy, at `quality`) or 'svg' (text as text, lines as paths, heatmap cells as an embedded PNG). */
  format?: 'png' | 'webp' | 'svg';
  /** WebP's quality, 1 … 100 (default 90). */
  quality?: number;
  /** The figure's width in CSS pixels, 200 … 4096 (default 720). */
  width?: number;
  /** Device pixels per CSS pixel, 0.5 … 8 (default 2). */
  scale?: number;
  /** The palette (default 'light'). */
  scheme?: 'light' | 'dark';
  /** Each chart's [width, height] in CSS pixels, in order, instead of the figure's layout. */
  sizes?: Array<[number, number]>;
}

export interface Figure {
  /** The PNG, WebP or SVG file's bytes (a Node Buffer). */
  data: Uint8Array;
  type: 'image/png' | 'image/webp' | 'image/svg+xml';
  /** The figure's size in CSS pixels (a PNG has scale × as many pixels). */
  width: number;
  height: number;
  /** Each chart's box in the figure, in CSS pixels, in the element's order. */
  charts: Array<{ x: number; y: number; width: number; height: number }>;
  /** What the charts show, for the image's alt text. */
  alt: string;
  /** What the element says of its attributes (its message line), '' when nothing. */
  message: string;
}

/**
 * One element's charts as an image. Throws a TypeError for an unknown tag or attribute name, an
 * element that draws no chart (posenc-steps, posenc-verify: see textOf), a RangeError for a bad option.
 */
export function render(tag: string, attributes?: Attributes, options?: RenderOptions): Promise<Figure>;

/**
 * A post's fallback picture: the figure drawn once and encoded at `scale` and at 1× (for an
 * <img srcset>), in `format`, or with 'auto' (default) in whichever of PNG and WebP is smaller at
 * `scale`. SVG: one image.
 */
export function fallbackPicture(tag: string, attributes?: Attributes, options?: Omit<RenderOptions, 'format' | 'sizes'> & { format?: 'auto' | 'png' | 'webp' | 'svg' }): Promise<{
  format: 'png' | 'webp' | 'svg';
  type: Figure['type'];
  width: number;
  height: number;
  alt: string;
  message: string;
  /** 1× first, then `scale`. */
  images: Array<{ scale: number; data: Uint8Array }>;
}>;

/** The text of an element that is text and tables, as plain one-line HTML (paragraphs, tables). */
export function textOf(tag: string, attributes?: Attributes): Promise<{ html: string; message: string }>;

export interface PostElement {
  tag: string;
  attributes: Record<string, string>;
  /** What is between the tags now ('' for an empty or self-closed element). */
  content: string;
  /** Offsets of the whole element in the post. */
  start: number;
  end: number;
}

/** The <posenc-*> elements of a post, outside code (fences, spans, <pre>, <code>, comments). */
export function elementsOf(text: string, kind?: 'markdown' | 'html'): PostElement[];

export interface FallbackOptions extends Omit<RenderOptions, 'sizes' | 'format'> {
  /** 'auto' (default: per figure the smaller of PNG and WebP), 'png', 'webp' or 'svg'. */
  format?: 'auto' | 'png' | 'webp' | 'svg';
  /** 'markdown' (also MDX, default) or 'html'. */
  kind?: 'markdown' | 'html';
  /** The images' file name stem: 'post' → post-1-encoding.webp and post-1-encoding-2x.webp (default 'posenc'). */
  name?: string;
  /** Prefix of the images' URLs in the post ('' → the post's folder). */
  url?: string;
  /** Stores one image. */
  write(file: string, data: Uint8Array): void | Promise<void>;
}

/**
 * Puts a fallback inside every <posenc-*> element of a post: an <img> of its charts, or the
 * text of a text element. Content a writer put there is kept; a fallback written before is replaced.
 */
export function fallbacks(text: string, options: FallbackOptions): Promise<{
  text: string;
  /** file: the <img src> (1×); files: every file written for it (1×, then 2×). */
  figures: Array<{ tag: string; file?: string | null; files?: string[]; alt?: string | null; message?: string; kept?: boolean }>;
  warnings: string[];
}>;
