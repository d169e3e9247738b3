// Tracks: a few integer series over the same index, one panel each, stacked on one x axis and
// one y scale (a prompt's M-RoPE position ids t, h, w over its tokens), with the index's
// segments shaded and named above the panels (text, image, video), each name in the most
// detailed of its forms that leaves room for every other one (nudged sideways off a
// neighbour's, a bracket over its segment's tokens). Each value is a dot, joined within a
// segment, inside each panel's frame with a little headroom. Cursor: pointer, touch or arrow
// keys (Shift: 10; Home, End) on an index, its line across every panel; the readout tells every
// track's value there.
import { number } from '../../numbers.js';
import { CanvasChart } from '../canvas/chart.js';
import { SERIES_COLORS } from '../canvas/legend.js';
import { fitCanvas } from '../canvas/draw.js';
import { ticks } from '../canvas/scale.js';
import { theme } from '../canvas/theme.js';

const MARGIN = { left: 58, right: 12, top: 22, bottom: 40 }, GAP = 10;
const LABEL_GAP = 6;  // between two segments' names
const REACH = 12;     // how far beyond its segment's edges a name may reach (nudged, or wider than its segment)

/**
 * Where the segments' names go: for each segment (x0, x1; widths: its forms' widths, longest
 * first; group: a number, segments of one group falling back together, the lowest group the
 * most telling) the form drawn and its left edge, { form, x } (form −1: none). Each name is
 * centred over its segment and nudged sideways off its neighbours, within [lo, hi] and over its
 * segment or a few pixels (REACH) beside it, and no wider than its segment and REACH each side. The forms tried: every group at its longest, then the fewest steps down, the most
 * telling group stepping down last; names that fit nowhere even in their shortest form are left
 * out, the narrowest segments' first.
 */
export function placeNames(segments, lo, hi) {
  const place = (only, form) => {
    const width = (i) => segments[i].widths[Math.min(form[i], segments[i].widths.length - 1)], x = [];
    let end = -Infinity;
    for (const i of only) {
      const s = segments[i];
      x[i] = Math.max(lo, end + LABEL_GAP, (s.x0 + s.x1) / 2 - width(i) / 2);
      end = x[i] + width(i);
    }
    let start = Infinity;
    for (const i of [...only].reverse()) {
      x[i] = Math.min(x[i], hi - width(i), start - LABEL_GAP - width(i));
      start = x[i];
    }
    // Every name inside [lo, hi], apart from the next, over its own segment or within REACH of it,
    // and no wider than its segment and REACH on both sides.
    const ok = only.every((i, k) => x[i] >= lo - 0.5 && x[i] + width(i) <= hi + 0.5
      && (k === 0 || x[only[k - 1]] + width(only[k - 1]) + LABEL_GAP <= x[i] + 0.5)
      && x[i] < segments[i].x1 + REACH && x[i] + width(i) > segments[i].x0 - REACH && width(i) <= segments[i].x1 - segments[i].x0 + 2 * REACH);
    return { x, ok };
  };
  const all = segments.map((_, i) => i), groups = [...new Set(segments.map((s) => s.group))].sort((a, b) => a - b);
  const depth = groups.map((g) => Math.max(...segments.filter((s) => s.group === g).map((s) => s.widths.length)));
  // Every combination of the groups' forms, fewest steps down first; at a tie, the first group's longer form first.
  let combos = [[]];
  for (const d of depth) combos = combos.flatMap((c) => Array.from({ length: d }, (_, level) => [...c, level]));
  const steps = (c) => c.reduce((m, v) => m + v, 0), first = (a, b) => { const g = a.findIndex((v, k) => v !== b[k]); return g < 0 ? 0 : a[g] - b[g]; };
  combos.sort((a, b) => steps(a) - steps(b) || first(a, b));
  for (const levels of combos) {
    const form = segments.map((s) => levels[groups.indexOf(s.group)]), { x, ok } = place(all, form);
    if (ok) return all.map((i) => ({ form: Math.min(form[i], segments[i].widths.length - 1), x: x[i] }));
  }
  // Even the shortest forms collide: the names that fit, the widest segments' first.
  const form = segments.map((s) => s.widths.length - 1), kept = [];
  for (const i of [...all].sort((a, b) => (segments[b].x1 - segments[b].x0) - (segments[a].x1 - segments[a].x0))) {
    const trial = [...kept, i].sort((a, b) => a - b);
    if (place(trial, form).ok) kept.splice(0, kept.length, ...trial);
  }
  const { x } = place(kept, form);
  return all.map((i) => (kept.includes(i) ? { form: form[i], x: x[i] } : { form: -1, x: 0 }));
}

export class Tracks extends CanvasChart {
  /**
   * @param options.describe (index, exact) => { text, value, data? } of the cursor's index
   * @param options.xLabel the index's axis title
   */
  constructor(canvas, { label, describe, xLabel }) {
    super(canvas, label);
    Object.assign(this, { describe, xLabel });
  }

  /**
   * tracks: [{ label, values }] (equal lengths); segments: [{ from, to (exclusive), labels, kind }]
   * (labels: its name's forms, longest first; kind 'text' unshaded, others shaded by kind);
   * about: leads the text alternative.
   */
  show({ tracks, segments = [], about = '' }) {
    let lo = Infinity, hi = -Infinity;
    for (const { values } of tracks) for (const v of values) { lo = Math.min(lo, v); hi = Math.max(hi, v); }
    Object.assign(this, { tracks, segments, count: tracks[0]?.values.length ?? 0, lo: Math.min(lo, 0), hi: Math.max(hi, 1) });
    this.setAlt(`${about ? `${about}: ` : ''}${tracks.map((s) => s.label).join(', ')} over ${number(this.count)} tokens, from ${number(this.lo)} to ${number(this.hi)}`);
    if (this.cursor && this.cursor.index >= this.count) this.setCursor(null);
    this.render();
  }

  x(i) { return this.rect.x + ((i + 0.5) / Math.max(1, this.count)) * this.rect.w; }
  y(k, v) {
    // Headroom: the lowest and highest values a few pixels inside the panel's frame.
    const p = this.panel, pad = Math.min(6, p / 8);
    return this.rect.y + k * (p + GAP) + p - pad - ((v - this.lo) / (this.hi - this.lo || 1)) * (p - 2 * pad);
  }

  render() {
    const { ctx, width, height } = fitCanvas(this.canvas);
    const t = this.t = theme(this.canvas), n = this.tracks.length;
    ctx.fillStyle = t.bg;
    ctx.fillRect(0, 0, width, height);
    this.rect = { x: MARGIN.left, y: MARGIN.top, w: Math.max(10, width - MARGIN.left - MARGIN.right), h: Math.max(30, height - MARGIN.top - MARGIN.bottom) };
    this.panel = (this.rect.h - GAP * (n - 1)) / n;
    ctx.font = t.font;
    // Segments: shaded (images and videos), each named above the panels, a bracket over its tokens.
    const shade = { image: t.accent2, video: t.accent }, half = this.rect.w / this.count / 2;
    // Images and videos name themselves alike, texts alike (the vision ones step down last).
    const spans = this.segments.map((s) => ({ x0: this.x(s.from) - half, x1: this.x(s.to - 1) + half, group: s.kind === 'text' ? 1 : 0,
      widths: s.labels.map((l) => ctx.measureText(l).width) }));
    const names = placeNames(spans, 2, width - 2);
    this.segments.forEach((s, i) => {
      const { x0, x1 } = spans[i];
      if (shade[s.kind]) {
        ctx.save();
        ctx.globalAlpha = 0.12;
        ctx.fillStyle = shade[s.kind];
        ctx.fillRect(x0, this.rect.y, x1 - x0, this.rect.h);
        ctx.restore();
      }
      const color = s.kind === 'text' ? t.muted : t.fg;
      ctx.fillStyle = color;
      ctx.fillRect(x0 + 2, this.rect.y - 4, Math.max(1, x1 - x0 - 4), 1);
      if (names[i].form < 0) return;
      ctx.textAlign = 'left';
      ctx.textBaseline = 'bottom';
      ctx.fillText(s.labels[names[i].form], names[i].x, this.rect.y - 6);
    });
    this.names = names.map((n, i) => (n.form < 0 ? null : this.segments[i].labels[n.form]));
    const yTicks = ticks(this.lo, this.hi, Math.max(2, Math.floor(this.panel / 22))).filter(Number.isInteger);
    this.tracks.forEach(({ label, values }, k) => {
      const top = this.rect.y + k * (this.panel + GAP);
      ctx.strokeStyle = t.grid;
      ctx.lineWidth = 1;
      ctx.strokeRect(this.rect.x, top, this.rect.w, this.panel);
      ctx.fillStyle = t.muted;
      ctx.textAlign = 'right';
      ctx.textBaseline = 'middle';
      for (const v of yTicks) ctx.fillText(number(v), this.rect.x - 5, this.y(k, v));
      ctx.save();
      ctx.fillStyle = t.fg;
      ctx.translate(12, top + this.panel / 2);
      ctx.rotate(-Math.PI / 2);
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(label, 0, 0);
      ctx.restore();
      // Joined within a segment, a dot per token.
      const color = SERIES_COLORS[k % SERIES_COLORS.length], dot = Math.max(1.5, Math.min(3, this.rect.w / this.count / 2));
      ctx.strokeStyle = color;
      ctx.lineWidth = 1.25;
      for (const s of this.segments.length ? this.segments : [{ from: 0, to: this.count }]) {
        ctx.beginPath();
        for (let i = s.from; i < s.to; i++) (i === s.from ? ctx.moveTo : ctx.lineTo).call(ctx, this.x(i), this.y(k, values[i]));
        ctx.stroke();
      }
      ctx.fillStyle = color;
      for (let i = 0; i < this.count; i++) ctx.fillRect(this.x(i) - dot / 2, this.y(k, values[i]) - dot / 2, dot, dot);
    });
    // The index axis under the last panel.
    ctx.fillStyle = t.muted;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    const bottom = this.rect.y + this.rect.h;
    for (const v of ticks(0, this.count - 1, Math.max(2, Math.floor(this.rect.w / 60))).filter(Number.isInteger)) ctx.fillText(String(v), this.x(v), bottom + 5);
    ctx.fillStyle = t.fg;
    ctx.textBaseline = 'bottom';
    ctx.fillText(this.xLabel, this.rect.x + this.rect.w / 2, height - 2);
    this.finish();
  }

  pick(px) {
    if (!this.count) return null;
    const i = Math.floor(((px - this.rect.x) / this.rect.w) * this.count);
    return i >= 0 && i < this.count ? { index: i } : null;
  }

  step(cursor, event) {
    const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: 1, ArrowDown: -1 };
    if (!(event.key in moves) && event.key !== 'Home' && event.key !== 'End') return null;
    let i = cursor?.index ?? 0;
    if (event.key === 'Home') i = 0;
    else if (event.key === 'End') i = this.count - 1;
    else if (cursor) i = Math.min(this.count - 1, Math.max(0, i + moves[event.key] * (event.shiftKey ? 10 : 1)));
    return { cursor: { index: i }, x: this.x(i), y: this.rect.y + this.rect.h / 2 };
  }

  read({ index }) {
    const { text, value, data = {} } = this.describe(index, this.exact);
    return { text, data: { index, value, ...data } };
  }

  paintCursor(ctx) {
    const t = this.t, x = this.x(this.cursor.index);
    ctx.save();
    ctx.strokeStyle = t.muted;
    ctx.setLineDash([4, 3]);
    ctx.beginPath();
    ctx.moveTo(x, this.rect.y);
    ctx.lineTo(x, this.rect.y + this.rect.h);
    ctx.stroke();
    ctx.setLineDash([]);
    this.tracks.forEach(({ values }, k) => {
      ctx.strokeStyle = t.fg;
      ctx.lineWidth = 1.5;
      ctx.beginPath();
      ctx.arc(x, this.y(k, values[this.cursor.index]), 4, 0, 2 * Math.PI);
      ctx.stroke();
    });
    ctx.restore();
  }
}
