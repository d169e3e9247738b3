// Types of `posenc/render` (Node only): static figures of posenc's elements, drawn without a
// browser by the elements' own widgets on Skia. Needs the optional peer dependencies
// @napi-rs/canvas and linkedom (`npm install --save-dev @napi-rs/canvas linkedom`).

/** An element's attributes as in HTML: `{ length: '50', 'd-model': '128' }`. */
export type Attributes = Record<string, string | number | null | undefined>;

export interface RenderOptions {
  /** 'png' (default) or 'svg' (text as text, lines as paths, heatmap cells as an embedded PNG). */
  format?: 'png' | 'svg';
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
  /** The PNG or SVG file's bytes (a Node Buffer). */
  data: Uint8Array;
  type: 'image/png' | 'image/svg+xml';
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

export interface FallbackOptions extends Omit<RenderOptions, 'sizes'> {
  /** 'markdown' (also MDX, default) or 'html'. */
  kind?: 'markdown' | 'html';
  /** The images' file name stem: 'post' → post-1-encoding.png (default 'posenc'). */
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
  figures: Array<{ tag: string; file?: string | null; alt?: string | null; message?: string; kept?: boolean }>;
  warnings: string[];
}>;
