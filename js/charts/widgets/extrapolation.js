// Step 8: beyond the trained length L. Over positions 0 … L + probes − 1, with L marked: the
// distance from PE(p) to the nearest trained encoding (0 inside training; js/story/
// extrapolation.js), beside the share of (sin, cos) pairs whose angle at p training never saw.
import { number } from '../../numbers.js';
import { csv } from '../kit/exports.js';
import { LinePlot } from '../plots/lineplot.js';
import { BASE, dModel, SPACING } from '../kit/params.js';
import { verticalLine } from '../canvas/frame.js';
import { Widget } from '../kit/widget.js';
import { nearestTrained } from '../../story/extrapolation.js';
import { unseenShare } from '../../story/unseen-share.js';

// Up to 8192 + 8192 positions: the nearest-trained search stays near 70 ms at dModel = 1024.
const count = (label, def) => ({ label, integer: true, min: 1, max: 8192, def });
/** Its size: it sizes to its content, with charts this tall. */
export const size = { pairChart: '260px' };
export const rules = { dModel: dModel(512, 1024), trained: count('trained length', 512), probes: count('positions past L', 1000),
  base: BASE, spacing: SPACING };

// A line plot with the trained length marked: a dashed vertical line and its label, drawn
// under the legend (LinePlot.render draws the legend last, before the cursor snapshot).
class TrainedPlot extends LinePlot {
  legend(ctx, t) {
    const x = this.x(this.trained - this.x0);
    ctx.save();
    verticalLine(ctx, this.rect, x, t.accent, [6, 4]);
    // The label beside the line, on the side with room, over a patch of background.
    ctx.font = t.font;
    const text = `trained length L = ${this.trained}`, width = ctx.measureText(text).width;
    const left = x + 6 + width <= this.rect.x + this.rect.w ? x + 4 : x - 4 - width, top = this.rect.y + this.rect.h - 18;
    ctx.fillStyle = t.bg;
    ctx.fillRect(left - 2, top - 1, width + 4, 15);
    ctx.fillStyle = t.accent;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'top';
    ctx.fillText(text, left, top);
    ctx.restore();
    super.legend(ctx, t);
  }

  /** The curves' points and the marker's: the legend keeps clear of the marker too. */
  *ink() {
    yield* super.ink();
    const x = this.x(this.trained - this.x0);
    for (let y = this.rect.y; y <= this.rect.y + this.rect.h; y += 4) yield [x, y];
  }
}

export function create(root, pe, options) {
  const w = new Widget(root, rules, options);
  let values, distance, unseen, nearest;
  const pair = w.part('div', 'pair');
  const [left, right] = [w.part('div', '', null, pair), w.part('div', '', null, pair)];
  const distanceCanvas = w.canvas('distance', left), unseenCanvas = w.canvas('unseen', right);
  const plot = (canvas, yLabel, label, exact) => w.own(new TrainedPlot(canvas, { xLabel: 'position p', yLabel, xName: 'p', label, exact }));
  const distancePlot = plot(distanceCanvas, 'distance', 'Distance from PE(p) to the nearest trained encoding',
    (p) => [distance[p], ...distancePlot.series.slice(1).map((s) => s.values[p])]);
  const unseenPlot = plot(unseenCanvas, 'pairs at unseen angles (%)', 'Share of pairs at angles training never saw');
  const note = w.part('p', 'note', 'note');
  w.exports({
    name: 'extrapolation', canvases: [{ name: 'extrapolation-distance', canvas: distanceCanvas, label: 'distance' },
      { name: 'extrapolation-unseen', canvas: unseenCanvas, label: 'unseen' }],
    data: () => ({
      csv: csv(['p', 'nearest trained', 'distance', 'unseen pairs %'], Array.from(distance, (x, p) => [p, nearest[p], x, unseen[p]])),
      json: { ...values, nearest: Array.from(nearest), distance: Array.from(distance), unseenPercent: Array.from(unseen) },
    }),
  });
  return w.api((v) => {
    values = v;
    const { dModel: d, trained: L, probes, base, spacing } = v;
    const total = L + probes, scheme = { base, spacing };
    const far = nearestTrained(pe, d, L, probes, scheme);
    // Inside training every position is its own nearest (distance 0).
    nearest = new Float64Array(total);
    distance = new Float64Array(total);
    for (let p = 0; p < L; p++) nearest[p] = p;
    nearest.set(far.nearest, L);
    distance.set(far.distance, L);
    const { share, slowPairs: slow } = unseenShare(pe, d, L, 0, total, scheme);
    unseen = share.map((x) => 100 * x);
    const step = Math.sqrt(2 * (d / 2 - pe.dotKernel(1, d, scheme)[1]));  // |PE(p + 1) − PE(p)|
    const flat = (x) => new Float64Array(total).fill(x);
    // The neighbour distance in the muted theme colour, the trained length's marker in the accent
    // (both were orange), in both schemes.
    for (const [chart, series, yMax] of [
      [distancePlot, [{ label: 'distance to nearest trained PE', values: distance },
        { label: 'neighbour distance |PE(p+1) − PE(p)|', values: flat(step), color: 'muted' }, { label: 'unrelated: √dModel', values: flat(Math.sqrt(d)) }], Math.sqrt(d) * 1.5],
      [unseenPlot, [{ label: 'pairs at unseen angles (%)', values: unseen }], 100],
    ]) {
      chart.trained = L;
      chart.show({ series, yMin: 0, yMax });
    }
    const last = total - 1;
    note.textContent = `${slow} of ${d / 2} pairs never made a full turn in training. At p = ${last}: nearest trained `
      + `position ${nearest[last]}, distance ${number(distance[last], 3)} (neighbour distance ${number(step, 3)}; unrelated: ${number(Math.sqrt(d), 3)}).`;
    Object.assign(note.dataset, { slowPairs: slow, lastDistance: distance[last], lastNearest: nearest[last] });
  });
}
