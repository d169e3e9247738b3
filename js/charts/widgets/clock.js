// Every (sin, cos) pair of PE(pos) as a clock hand; k turns all hands by R(k).
import { fixed, number } from '../../numbers.js';
import { clockHands, Clocks } from '../plots/clocks.js';
import { csv } from '../kit/exports.js';
import { dModel, SCHEME } from '../kit/params.js';
import { captionOf, scheme, Widget } from '../kit/widget.js';

/** Its size: it fills a box of this height (the element's default). */
export const size = { height: '320px' };
export const rules = { dModel: dModel(16, 512), k: { label: 'k', min: -1e6, max: 1e6, def: 3 },
  pos: { label: 'pos', min: -1e6, max: 1e6, def: 0 }, ...SCHEME };

export function create(root, pe, options) {
  const w = new Widget(root, rules, options);
  let hands, values;
  const canvas = w.canvas('canvas');
  const clocks = w.own(new Clocks(canvas));
  const note = w.part('p', 'note', 'note');
  w.exports({
    name: 'rotation', title: 'rotation clocks', canvases: [{ name: 'rotation', canvas, label: 'clocks' }],
    caption: () => captionOf(`rotation R(${values.k}) of PE(${values.pos})`, values),
    data: () => ({
      csv: csv(['dim', 'PE(pos)', 'R(k)·PE(pos)', 'PE(pos+k)'],
        Array.from(hands.start, (x, c) => [c, x, hands.rotated[c], hands.direct[c]])),
      json: { ...scheme(values), dModel: hands.d, pos: hands.pos, k: hands.k,
        pe: Array.from(hands.start), rotated: Array.from(hands.rotated), direct: Array.from(hands.direct) },
    }),
  });
  return w.api((v) => {
    values = v;
    const { dModel: d, pos, k } = v;
    hands = clockHands(pe, d, pos, k, scheme(v));
    const worst = hands.maxDifference;
    const [c, s] = [Math.cos(k * hands.omega[0]), Math.sin(k * hands.omega[0])];
    // One count of decimals for the four entries (cos 3 = −0.9900 beside sin 3 = 0.1411, not −0.99).
    note.textContent = `k = ${k}: first block of R(k) = [[${fixed(c, 4)}, ${fixed(s, 4)}], [${fixed(-s, 4)}, ${fixed(c, 4)}]]. `
      + `max |R(${k})·PE(${pos}) − PE(${pos + k})| over ${d} dimensions = ${number(worst, 2)}.`;
    note.dataset.maxDifference = worst;
    clocks.show(hands);
  });
}
