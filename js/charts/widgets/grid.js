// Positions on a grid: images and video. Five views, each drawn from the package's public API as
// a user calls it:
//   1. the 2D sin-cos table (pe.encoding2d, MAE's layout) as an image per dimension over the
//      H × W patches: the first half of each patch's dimensions follows the column x (the half
//      MAE's code names `emb_h`), the second half the row y;
//   2. its Gram matrix (pe.dotMatrix2d) as one small map per patch (as Figure 7 of the ViT paper
//      draws learned position embeddings), each the same picture moved: the dot product is
//      D_x(Δx) + D_y(Δy), the kernel of one axis (pe.dotKernel at dModel/2) twice; a patch's
//      map enlarged (the hovered one, or the chosen patch) beside that kernel;
//   3. the same maps for EVA-02's axial 2D RoPE (pe.rope with positions [rows, columns] and axes
//      [32, 32], interleaved) on one query and one key;
//   4. a video's 3D table (pe.encoding3d, CogVideoX's layout): one dimension of the temporal
//      block and one of each spatial half, frame by frame;
//   5. the M-RoPE position ids t, h, w of a prompt of text, images and videos
//      (pe.mropePositions: the ids Qwen trained with) for a Qwen2-VL or Qwen2.5-VL config.json,
//      picked or pasted.
// In this file a row and a column are a patch's y and x; the parts of a patch's vector are its
// dimensions.
import { number, significant, sub } from '../../numbers.js';
import { diverging, sequential } from '../canvas/colormap.js';
import { coerce } from '../kit/params.js';
import { configBox, configRule, MAX_CONFIG } from '../kit/config-box.js';
import { csv, exportBar } from '../kit/exports.js';
import { Widget } from '../kit/widget.js';
import { Heatmap } from '../plots/heatmap.js';
import { Tiles } from '../plots/tiles.js';
import { Tracks } from '../plots/tracks.js';
import { XYPlot } from '../plots/xyplot.js';
import { seededVector } from '../../story/rope-scores.js';
import { axialScores, axisKernels, column2d, columns2d, columns3d, mergeOf, offsetSpread, parsePrompt, PROMPT_LIMITS, promptTokens, textStartGap } from '../../story/grid.js';
import { VISION_MODELS } from '../../story/vision-models.js';

/** Its size: it sizes to its content; its mosaics take the height they need, the other charts this. */
export const size = { chart: '300px' };

const KEYS = Object.keys(VISION_MODELS);
const DEFAULT_MODEL = KEYS.includes('qwen2.5-vl-7b-instruct') ? 'qwen2.5-vl-7b-instruct' : KEYS[0];
// EVA-02's 2D RoPE: headDim 64, the first 32 dimensions turned by the row y, the next 32 by the column x.
const EVA = { headDim: 64, axes: [32, 32], base: 10000, layout: 'interleaved' };
// The 3D table of the video chart is computed whole (as a user calls it): at most this many values.
const MAX_VIDEO_VALUES = 1 << 21;
const VIEWS = ['encoding', 'dots', 'rope', 'video', 'mrope'];
const DMODEL = { label: 'dModel', integer: true, min: 16, max: 4096 };

export const rules = {
  // At most 16 × 16 patches (DiT-XL/2 at 256 pixels): H·W maps of H·W cells each.
  gridHeight: { label: 'grid height H', integer: true, min: 1, max: 16, def: 8 },
  gridWidth: { label: 'grid width W', integer: true, min: 1, max: 16, def: 12 },
  // A multiple of 16: the video's 3D table splits it in 4 (time, space) and then in 4 again.
  dModel: {
    ...DMODEL, def: 768,
    coerce: (raw, name = 'dModel') => {
      const { value, message } = coerce(DMODEL, raw, name);
      if (message && !Number.isFinite(Number(String(raw).trim()))) return { value: 768, message: `${name} must be a number: using 768` };
      const snapped = Math.min(DMODEL.max, Math.max(DMODEL.min, Math.round(value / 16) * 16));
      if (snapped === value && !message) return { value };
      return { value: snapped, message: `${name} must be a multiple of 16 between ${DMODEL.min} and ${DMODEL.max}: using ${snapped}` };
    },
  },
  pairs: { label: 'pairs i shown', list: true, max: 8, def: '0,8,16,32,64' },
  patchY: { label: 'patch row y', integer: true, min: 0, max: 15, def: 3 },
  patchX: { label: 'patch column x', integer: true, min: 0, max: 15, def: 5 },
  // 0: q = k = (1, 0, 1, 0, …); above 0: random q and k from the seed (k from seed + 1), as the rotary view draws them.
  // The page sets it with its preset buttons ("rotary scores of random q and k", "… of q = k"); an element by its attribute.
  seed: { label: 'seed of q and k (0: q = k)', integer: true, min: 0, max: 2147483645, def: 0 },
  frames: { label: 'frames', integer: true, min: 1, max: 16, def: 4 },
  videoPair: { label: 'video pair i', integer: true, min: 0, max: 1023, def: 0 },
  preset: {
    label: 'model', choices: [...KEYS, 'custom'], def: DEFAULT_MODEL,
    names: { ...Object.fromEntries(KEYS.map((k) => [k, VISION_MODELS[k].name])), custom: 'your config' },
    coerce: (raw, name = 'model') => {
      if (KEYS.includes(raw) || raw === 'custom') return { value: raw };
      return { value: DEFAULT_MODEL, message: `unknown ${name} "${raw}": using ${DEFAULT_MODEL}` };
    },
  },
  config: configRule,
  // The prompt: text N, image TxHxW, video TxHxW s=S (seconds per temporal patch), by commas.
  // Which views show: all, or one (a post about one of them).
  show: { label: 'views', choices: ['all', ...VIEWS], def: 'all' },
  prompt: {
    // wide: a page's text box as wide as the default prompt (a phone: the whole row).
    label: 'prompt', def: 'text 4, image 1x8x12, text 3, video 6x8x8, text 3', wide: true,
    coerce: (raw, name = 'prompt') => {
      const read = parsePrompt(raw);
      if (read.error) return { value: rules.prompt.def, message: `${name}: ${read.error}: using "${rules.prompt.def}"` };
      return { value: read.text };
    },
  },
};

const AXIS = { x: 'the column x', y: 'the row y' };
/** MAE's name of a half: the column half is `emb_h`, the row half `emb_w`. */
const MAE_NAME = { x: 'emb_h', y: 'emb_w' };
const patchOf = (p, W) => [Math.floor(p / W), p % W];
/** The frames of temporal patch k, `size` frames each: "frames 4 and 5". */
const framesOf = (k, size) => (size === 1 ? `frame ${k}` : size === 2 ? `frames ${2 * k} and ${2 * k + 1}` : `frames ${k * size} … ${k * size + size - 1}`);
/** The video's frequency of pair i: the time block's ωᵢᵗ ('t') or the space blocks' ωᵢˢ ('s'), two different ones. */
const videoOmega = (block, i) => `${sub('ω', i)}${block === 't' ? 'ᵗ' : 'ˢ'}`;

export function create(root, pe, options) {
  const w = new Widget(root, rules, options);
  // Each view in a box of its own (`show` hides the others): its title, charts and note.
  const views = Object.fromEntries(VIEWS.map((name) => [name, w.part('div', 'view', `${name}-view`)]));
  // Each view's title ends with what it is drawn for (the grid, dModel, the model): a static
  // figure of the element (posenc post) says so above each chart, as the page does.
  const titles = {};
  const title = (name, text) => {
    titles[name] = { text, part: Object.assign(w.part('p', 'subtitle', `${name}-title`, views[name]), { textContent: text }) };
  };
  // (no line break inside "8 × 12" or "dModel = 768")
  const caption = (name, what) => { titles[name].part.textContent = `${titles[name].text} (${what.replace(/ ([=×]) /g, '\u00a0$1\u00a0')})`; };
  const note = (name, part = `${name}-note`, parent = views[name]) => w.part('p', 'note', part, parent);

  title('encoding', '1. The encoding as images: one per dimension, over the patches');
  const encodingCanvas = w.canvas('encoding', views.encoding);
  const encodingNote = note('encoding');
  title('dots', '2. Dot products: one map per patch');
  // Maps of maps keep cells of 3 CSS px at least: on a phone they scroll sideways.
  const dotsCanvas = w.canvas('dots', w.scroller('Dot products, one map per patch', 'scroll', views.dots));
  const pair = w.part('div', 'pair', null, views.dots);
  const [left, right] = [0, 1].map(() => w.part('div', '', null, pair));
  const patchCanvas = w.canvas('patch', left), kernelCanvas = w.canvas('kernel', right);
  const patchTitle = note('dots', 'patch-title', left);
  const dotsNote = note('dots');
  title('rope', "3. Rotary embeddings in 2D: EVA-02's scores q·k, one map per query patch");
  const ropeCanvas = w.canvas('rope', w.scroller("EVA-02's rotary scores, one map per query patch", 'scroll', views.rope));
  const ropeNote = note('rope');
  title('video', '4. Video: frames × rows × columns');
  const videoCanvas = w.canvas('video', views.video);
  const videoNote = note('video');
  title('mrope', '5. A prompt of text, images and video: M-RoPE position ids');
  const mropeCanvas = w.canvas('mrope', views.mrope);
  const mropeNote = note('mrope');

  let values, shown = null, raw = {}, hovered = null, drawnGrid = null;

  // A value the reader changed inside the widget (a pasted config, a chosen patch): redrawn,
  // and told to the page (its URL).
  function change(changes) {
    root.dispatchEvent(new CustomEvent('posenc-values', { bubbles: true, composed: true, detail: changes }));
    view.update(changes);
  }
  const box = configBox(w, {
    hidden: options?.controls === false, change, view: 'positions on a grid',
    hint: "config.json of a Qwen2-VL or Qwen2.5-VL model: paste it, drop the file here, or open it (its rope_scaling's mrope_section and vision_config are read)",
    menus: [{ key: 'preset', rule: rules.preset, name: (k) => (k === 'custom' ? 'your config' : VISION_MODELS[k].name) }],
  });
  views.mrope.append(box.problem.parentElement);  // the box under its chart

  const encoding = w.own(new Tiles(encodingCanvas, {
    label: 'Small multiples of the 2D sin-cos encoding: one image per dimension over the grid of patches', map: diverging,
    describe: (c, exact) => encodingCell(c, exact),
  }));
  const sameOffset = (c) => {
    const { H, W } = shown, dy = c.r - c.ty, dx = c.c - c.tx, out = [];
    for (let y = Math.max(0, -dy); y < Math.min(H, H - dy); y++)
      for (let x = Math.max(0, -dx); x < Math.min(W, W - dx); x++) out.push([y, x, y + dy, x + dx]);
    return out;
  };
  const dots = w.own(new Tiles(dotsCanvas, {
    label: 'Small multiples of the dot products PE(y, x)·PE(y′, x′): one map per patch (y, x) over every patch (y′, x′)', map: sequential,
    xLabel: ['patch column x →', 'column x →'], yLabel: ['patch row y ↓', 'row y ↓', 'y ↓'], related: sameOffset, minCell: 3,
    describe: (c, exact) => dotCell(c.ty, c.tx, c.r, c.c, exact),
    onCursor: (c) => {
      const next = c ? [c.ty, c.tx] : null;
      if (shown && JSON.stringify(next) !== JSON.stringify(hovered)) {
        hovered = next;
        if (shown.chosen) showPatch();  // (none yet while the maps are drawn anew: draw() shows it next)
      }
    },
  }));
  const patch = w.own(new Heatmap(patchCanvas, {
    xLabel: 'column x′', yLabel: 'row y′', map: sequential, label: 'Heatmap of one patch\'s dot products with every patch',
    describe: (r, c, exact) => dotCell(...(hovered ?? shown.chosen), r, c, exact),
  }));
  const kernel = w.own(new XYPlot(kernelCanvas, {
    xLabel: 'offset Δ along one axis', yLabel: 'D(Δ)', xName: 'Δ', label: 'Plot of the kernel of one axis, D(Δ)',
  }));
  const rope = w.own(new Tiles(ropeCanvas, {
    label: 'Small multiples of the rotary scores q(y, x)·k(y′, x′): one map per query patch (y, x) over every key patch (y′, x′)', map: sequential,
    xLabel: ['query patch column x →', 'query column x →', 'column x →'], yLabel: ['query patch row y ↓', 'query row y ↓', 'row y ↓', 'y ↓'], related: sameOffset, minCell: 3,
    describe: (c, exact) => ropeCell(c, exact),
  }));
  const video = w.own(new Tiles(videoCanvas, {
    label: 'Small multiples of the 3D sin-cos encoding: one dimension of each block, frame by frame', map: diverging,
    describe: (c, exact) => videoCell(c, exact),
  }));
  const mrope = w.own(new Tracks(mropeCanvas, {
    label: 'Plot of the M-RoPE position ids t, h and w of every token of the prompt', xLabel: 'token of the prompt, in order',
    describe: (i, exact) => mropeToken(i, exact),
  }));
  mropeCanvas.parentElement.style.height = '320px';

  // Clicking a map (or Enter on it) chooses that patch for the enlarged map.
  const choose = () => {
    const c = dots.cursor;
    if (c && (c.ty !== values.patchY || c.tx !== values.patchX)) change({ patchY: c.ty, patchX: c.tx });
  };
  dotsCanvas.addEventListener('click', choose, { signal: w.listeners.signal });
  dotsCanvas.addEventListener('keydown', (e) => { if (e.key === 'Enter') choose(); }, { signal: w.listeners.signal });

  // [view, canvas, its file's name, its button's label]
  const saved = [['encoding', encodingCanvas, 'encoding', 'encoding'], ['dots', dotsCanvas, 'dots', 'dot products'], ['dots', patchCanvas, 'patch', 'patch'],
    ['dots', kernelCanvas, 'kernel', 'kernel'], ['rope', ropeCanvas, 'rope', 'rotary scores'], ['video', videoCanvas, 'video', 'video'],
    ['mrope', mropeCanvas, 'mrope', 'position ids']];
  w.exports({
    name: 'grid', title: 'positions on a grid',
    canvases: saved.map(([, canvas, file, label]) => ({ name: `grid-${file}`, canvas, label })),
    caption: () => (shown ? `posenc positions on a grid · ${shown.H} × ${shown.W} patches · dModel = ${shown.D}` : 'posenc positions on a grid'),
    data: () => exported(),
  });
  // One set of save buttons, each naming what it saves: a PNG per chart, the dot products' CSV
  // (with the rotary scores beside them), the position ids' CSV, and every view's JSON.
  const bar = root.querySelector(':scope > .exports'), [dotsCsv, allJson] = [...bar.children].slice(saved.length);
  const relabel = (button, text, accessible) => { button.textContent = text; button.setAttribute('aria-label', accessible); };
  // (Each accessible name starts with the button's text, as the PNGs' do.)
  relabel(dotsCsv, 'Save dot products CSV', 'Save dot products CSV of the positions on a grid, one row per pair of patches, with the rotary scores');
  relabel(allJson, 'Save all views JSON', 'Save all views JSON of the positions on a grid');
  const scratch = document.createElement('div');
  exportBar(scratch, { name: 'mrope-ids', title: 'M-RoPE position ids', data: () => idsData() });
  const idsCsv = scratch.firstElementChild;  // its JSON is in every view's
  relabel(idsCsv, 'Save position ids CSV', 'Save position ids CSV of the positions on a grid, one row per token of the prompt');
  dotsCsv.after(idsCsv);
  // The save buttons of the charts shown: [button, the views it saves].
  const saves = [...saved.map(([name], k) => [bar.children[k], [name]]), [dotsCsv, ['dots', 'rope']], [idsCsv, ['mrope']]];

  // ---- readouts -------------------------------------------------------------------------
  function encodingCell({ ty, tx, r, c }, exact) {
    const { D, W, enc, shownPairs } = shown, i = shownPairs[tx], col = [columns2d(D, i).sinX, columns2d(D, i).cosX, columns2d(D, i).sinY, columns2d(D, i).cosY][ty];
    const { axis, fn } = column2d(col, D), omega = pe.frequencies(D / 2)[i], at = axis === 'x' ? c : r, value = enc.data[(r * W + c) * D + col];
    return {
      text: `patch y = ${r}, x = ${c} · dimension ${col}\n${fn}(${axis}·${sub('ω', i)}) of ${AXIS[axis]} (MAE's ${MAE_NAME[axis]} half)\n`
        + `${sub('ω', i)} = ${significant(omega, exact)} · angle ${axis}·ω = ${significant(at * omega, exact)} rad\nPE = ${significant(value, exact)}`,
      value, data: { dimension: col },
    };
  }
  function dotCell(y, x, y2, x2, exact) {
    const { W, HW, gram, kernels } = shown, value = gram.data[(y * W + x) * HW + y2 * W + x2];
    // The offset as everywhere on the page: the first patch's position minus the second's.
    const dx = x - x2, dy = y - y2, kx = kernels.x[Math.abs(dx)], ky = kernels.y[Math.abs(dy)];
    return {
      text: `PE(${y}, ${x})·PE(${y2}, ${x2}) = ${significant(value, exact)}\nΔx = ${number(dx)}, Δy = ${number(dy)}: D(Δx) + D(Δy)\n`
        + `= D(${number(dx)}) + D(${number(dy)}) = ${significant(kx, exact)} + ${significant(ky, exact)}\n`
        + `cosine similarity ${significant(value / shown.peak, exact)}`,
      value, data: { dy, dx },
    };
  }
  function ropeCell({ ty, tx, r, c }, exact) {
    const { W, HW, scores } = shown, value = scores.data[(ty * W + tx) * HW + r * W + c];
    return { text: `q at patch (${ty}, ${tx}) · k at patch (${r}, ${c})\nΔy = ${number(ty - r)}, Δx = ${number(tx - c)}\nq·k = ${significant(value, exact)}`, value, data: { dy: ty - r, dx: tx - c } };
  }
  function videoCell({ ty, tx, r, c }, exact) {
    const { D, H, W, enc3, videoColumns, videoPair } = shown, col = videoColumns[ty], value = enc3.data[((tx * H + r) * W + c) * D + col];
    const block = ['time', 'space, column', 'space, row'][ty], axis = ['t', 'x', 'y'][ty], at = [tx, c, r][ty], w = videoOmega(ty === 0 ? 't' : 's', videoPair);
    // ωᵢᵗ of the time block: the paper's at dModel/4; ωᵢˢ of the space block: at dModel·3/8 (each half of 3·dModel/4).
    const omega = pe.frequencies(ty === 0 ? D / 4 : (3 * D) / 8)[videoPair];
    return {
      text: `frame t = ${tx}, patch y = ${r}, x = ${c} · dimension ${col}\n${block}: sin(${axis}·${w}), ${w} = ${significant(omega, exact)}\n`
        + `angle ${axis}·${w} = ${significant(at * omega, exact)} rad · PE = ${significant(value, exact)}`,
      value, data: { frame: tx, dimension: col },
    };
  }
  function mropeToken(i, exact) {
    const { ids, tokens, segments } = shown.mrope, token = tokens[i], s = segments[token.segment];
    // A line each: the segment, the temporal patch, the place on the merged grid (the readout's width).
    const where = token.kind === 'text' ? `text, token ${token.at + 1} of ${s.text}`
      : `${token.kind}\n${token.kind === 'video' ? `temporal patch ${token.frame} (${framesOf(token.frame, shown.mrope.temporalPatch)})\n` : ''}row ${token.row}, column ${token.col} of its merged grid`;
    const [t, h, wid] = ids.map((axis) => axis[i]);
    return { text: `token ${i} (counting from 0): ${where}\nt = ${significant(t, exact)} · h = ${significant(h, exact)} · w = ${significant(wid, exact)}`, value: t, data: { t, h, w: wid } };
  }

  // ---- drawing ---------------------------------------------------------------------------
  function showPatch() {
    const [y, x] = hovered ?? shown.chosen, { W, HW, gram } = shown, p = y * W + x;
    patch.show({ rows: shown.H, cols: W, value: (r, c) => gram.data[p * HW + r * W + c], min: shown.gramMin, max: shown.gramMax,
      about: `patch (${y}, ${x})` });
    patchTitle.textContent = `Patch (${y}, ${x})'s map, enlarged${hovered ? ' (the map under the pointer or finger; click or tap a map to keep it)' : ''}: `
      + `largest at the patch itself, PE·PE = dModel/2 = ${number(shown.peak)}.`;
    patchTitle.dataset.patch = `${y},${x}`;
  }

  // The name a message gives a value: its label on a page, its attribute in an element.
  const nameOf = (key) => (options?.name ?? ((k, rule) => rule.label ?? k))(key, rules[key]);

  function draw(v, say) {
    values = v;
    for (const [name, box] of Object.entries(views)) box.hidden = v.show !== 'all' && v.show !== name;
    for (const [button, names] of saves) button.hidden = v.show !== 'all' && !names.includes(v.show);
    // The config box first: a long text pasted is cleared before any chart lays out the page.
    const refused = box.refused(v);
    box.show(v, (key) => JSON.stringify(VISION_MODELS[key].config, null, 1));
    // Views 1–4 drawn again only when their values change (not at each key typed in the config
    // box, nor at a patch chosen: only its enlarged map), their messages said again.
    const key = JSON.stringify(['gridHeight', 'gridWidth', 'dModel', 'pairs', 'seed', 'frames', 'videoPair'].map((k) => v[k]));
    const redrawn = key !== drawnGrid?.key;
    if (redrawn) {
      const said = [];
      drawGrid(v, (text) => said.push(text));
      drawnGrid = { key, said };
    }
    drawnGrid.said.forEach(say);
    // The patch whose map is enlarged.
    const chosen = [Math.min(v.patchY, shown.H - 1), Math.min(v.patchX, shown.W - 1)];
    if (chosen[0] !== v.patchY || chosen[1] !== v.patchX) say(`${nameOf('patchY')} and ${nameOf('patchX')} must lie in the ${shown.H} × ${shown.W} grid: showing (${chosen[0]}, ${chosen[1]})`);
    if (redrawn || String(chosen) !== String(shown.chosen)) {
      shown.chosen = chosen;
      showPatch();
    }
    drawMrope(v, say, refused);
  }

  function drawGrid(v, say) {
    const H = v.gridHeight, W = v.gridWidth, D = v.dModel, HW = H * W;
    // 1. The encoding's images.
    const enc = pe.encoding2d(H, W, D, { dtype: 'float64' });
    const asked = v.pairs.split(',').map(Number), shownPairs = asked.filter((i) => i < D / 4);
    if (shownPairs.length < asked.length) say(`${nameOf('pairs')} must be below dModel/4 = ${D / 4}: left out ${asked.filter((i) => i >= D / 4).join(', ')}`);
    if (shownPairs.length === 0) shownPairs.push(0);
    const omega = pe.frequencies(D / 2);
    const cols = (i) => { const c = columns2d(D, i); return [c.sinX, c.cosX, c.sinY, c.cosY]; };
    const q = D / 4;
    encoding.show({
      tileRows: 4, tileCols: shownPairs.length, rows: H, cols: W, min: -1, max: 1,
      value: (ty, tx, r, c) => enc.data[(r * W + c) * D + cols(shownPairs[tx])[ty]],
      headers: [[`sin(x·ωᵢ), dimensions 0 … ${q - 1}: the column x (MAE's code: emb_h)`, `sin(x·ωᵢ): the column x (emb_h)`],
        [`cos(x·ωᵢ), dimensions ${q} … ${2 * q - 1}: the column x (emb_h)`, `cos(x·ωᵢ): the column x (emb_h)`],
        [`sin(y·ωᵢ), dimensions ${2 * q} … ${3 * q - 1}: the row y (MAE's code: emb_w)`, `sin(y·ωᵢ): the row y (emb_w)`],
        [`cos(y·ωᵢ), dimensions ${3 * q} … ${D - 1}: the row y (emb_w)`, `cos(y·ωᵢ): the row y (emb_w)`]],
      captions: shownPairs.map((i) => [`i = ${i}`, String(i)]), about: `dModel = ${D}, ${H} × ${W} patches, pairs ${shownPairs.join(', ')}`,
    });
    // How far each half is from following one axis only (0: it does).
    let alongY = 0, alongX = 0;
    for (let r = 0; r < H; r++)
      for (let c = 0; c < W; c++)
        for (let col = 0; col < D / 2; col++) {
          alongY = Math.max(alongY, Math.abs(enc.data[(r * W + c) * D + col] - enc.data[c * D + col]));
          alongX = Math.max(alongX, Math.abs(enc.data[(r * W + c) * D + D / 2 + col] - enc.data[r * W * D + D / 2 + col]));
        }
    const period = (i) => number(2 * Math.PI / omega[i], 3);
    encodingNote.textContent = `pe.encoding2d(${H}, ${W}, ${D}): a vector of ${D} numbers per patch, ${HW} vectors in raster order (row y = 0 first). `
      + `Each image is one dimension over the ${H} × ${W} patches, coloured from −1 to 1. `
      + (alongY === 0 ? `The first half, dimensions 0 … ${D / 2 - 1}, is the same down every column: it encodes the column x, though MAE's code calls it emb_h (its meshgrid puts the width first). `
        : `The first half changes down a column by up to ${number(alongY, 3)}. `)
      + (alongX === 0 ? `The second half, dimensions ${D / 2} … ${D - 1}, is the same along every row: it encodes the row y (MAE's emb_w). ` : `The second half changes along a row by up to ${number(alongX, 3)}. `)
      + `Each half is the paper's encoding of dModel/2 = ${D / 2} numbers with all sines first: pair i turns at ωᵢ = 10000^(−4i/dModel), `
      + `from i = 0, repeating every ${period(0)} patches, to i = ${q - 1}, every ${period(q - 1)}; the images show pairs ${shownPairs.join(', ')} `
      + `(every ${shownPairs.map(period).join(', ')} patches).`;
    Object.assign(encodingNote.dataset, { alongY, alongX });

    // 2. The Gram matrix, one map per patch; the chosen patch's map enlarged; the axis kernel.
    const gram = pe.dotMatrix2d(H, W, D);
    const kernels = axisKernels(pe, H, W, D);
    let gramMin = Infinity, gramMax = -Infinity;
    for (const g of gram.data) { gramMin = Math.min(gramMin, g); gramMax = Math.max(gramMax, g); }
    // Every cell against the kernels' sum: how far the matrix is from D(Δx) + D(Δy).
    let fromKernels = 0;
    for (let p = 0; p < HW; p++) {
      const y = Math.floor(p / W), x = p % W;
      for (let r = 0; r < HW; r++)
        fromKernels = Math.max(fromKernels, Math.abs(gram.data[p * HW + r] - kernels.x[Math.abs((r % W) - x)] - kernels.y[Math.abs(Math.floor(r / W) - y)]));
    }
    const gramSpread = offsetSpread(gram, H, W);

    // 3. EVA-02's axial RoPE scores on one q and one k.
    const unit = Float64Array.from({ length: EVA.headDim }, (_, c) => (c % 2 === 0 ? 1 : 0));
    const qv = v.seed === 0 ? unit : seededVector(EVA.headDim, v.seed), kv = v.seed === 0 ? unit : seededVector(EVA.headDim, v.seed + 1);
    const scores = axialScores(pe, H, W, qv, kv, EVA);
    let ropeMax = 0, ropeMin = Infinity, ropeTop = -Infinity, asymmetry = 0;
    for (let p = 0; p < HW; p++)
      for (let r = 0; r < HW; r++) {
        const s = scores.data[p * HW + r];
        ropeMax = Math.max(ropeMax, Math.abs(s));
        ropeMin = Math.min(ropeMin, s);
        ropeTop = Math.max(ropeTop, s);
        asymmetry = Math.max(asymmetry, Math.abs(scores.data[p * HW + r] - scores.data[r * HW + p]));
      }
    const ropeSpread = offsetSpread(scores, H, W);

    // 4. The video: at most MAX_VIDEO_VALUES numbers in its table.
    const F = Math.max(1, Math.min(v.frames, Math.floor(MAX_VIDEO_VALUES / (HW * D))));
    if (F < v.frames) say(`${nameOf('frames')}: at most ${F} at ${H} × ${W} patches and dModel ${D} (the 3D table would pass ${number(MAX_VIDEO_VALUES)} numbers)`);
    const videoPair = Math.min(v.videoPair, D / 8 - 1);
    if (videoPair !== v.videoPair) say(`${nameOf('videoPair')} must be below the time block's dModel/8 = ${D / 8} pairs: using ${videoPair}`);
    const enc3 = pe.encoding3d(F, H, W, D, { dtype: 'float64' });
    const videoColumns = columns3d(D, videoPair);

    shown = { H, W, D, HW, enc, shownPairs, gram, kernels, gramMin, gramMax, peak: D / 2, chosen: null, scores, enc3, F, videoColumns, videoPair, mrope: null };
    caption('encoding', `${H} × ${W} patches, dModel = ${D}`);
    caption('dots', `${H} × ${W} patches, dModel = ${D}`);
    caption('rope', `${H} × ${W} patches, EVA-02's axes [32, 32]`);
    caption('video', `${F} frame${F === 1 ? '' : 's'} of ${H} × ${W} patches, dModel = ${D}`);

    dots.show({ tileRows: H, tileCols: W, rows: H, cols: W, min: gramMin, max: gramMax, indexed: true,
      value: (ty, tx, r, c) => gram.data[(ty * W + tx) * HW + r * W + c], about: `dModel = ${D}, ${H} × ${W} patches` });
    if (hovered && (hovered[0] >= H || hovered[1] >= W)) hovered = null;
    const deltas = Array.from({ length: Math.max(H, W) }, (_, d) => d);
    const both = axisKernels(pe, Math.max(H, W), Math.max(H, W), D).x;
    kernel.show({ x: deltas, series: [{ label: `D(Δ), each axis: ${D / 4} pairs`, values: both }], about: `dModel/2 = ${D / 2}` });
    dotsNote.textContent = `pe.dotMatrix2d(${H}, ${W}, ${D}): tile (y, x) is patch (y, x)'s dot product PE(y, x)·PE(y′, x′) with every patch (y′, x′), coloured from ${number(gramMin, 4)} to ${number(gramMax, 4)}. `
      + `Each pair of dimensions adds cos(Δ·ωᵢ) of its own axis, so PE(y, x)·PE(y′, x′) = D(Δx) + D(Δy), Δx = x − x′ and Δy = y − y′, with D(Δ) = Σᵢ cos(Δ·ωᵢ) over one axis's ${D / 4} pairs `
      + `(the 1D encoding's kernel at dModel/2 = ${D / 2}, pe.dotKernel: the line plot): `
      + (fromKernels < 1e-9 * D ? `every one of the ${number(HW * HW)} dot products pe.dotMatrix2d returns equals D(Δx) + D(Δy) added up here from that kernel (largest difference ${number(fromKernels, 2)}: rounding). ` : `the largest difference from that sum is ${number(fromKernels, 3)}. `)
      + `So every map is the same picture moved: two cells at the same (Δy, Δx) ${gramSpread === 0 ? 'hold the very same number' : `are equal up to ${number(gramSpread, 2)}`}. `
      + 'Hover or tap a cell to outline every cell at its offset and enlarge its map under the maps; click or tap a map to keep it enlarged.';
    Object.assign(dotsNote.dataset, { fromKernels, spread: gramSpread });

    rope.show({ tileRows: H, tileCols: W, rows: H, cols: W, min: ropeMin, max: ropeTop, indexed: true,
      value: (ty, tx, r, c) => scores.data[(ty * W + tx) * HW + r * W + c], about: `EVA-02's axes [32, 32], seed ${v.seed}` });
    ropeNote.textContent = `EVA-02's 2D rotary embedding: headDim ${EVA.headDim}, its first 32 dimensions (pairs 0 … 15) turned by the row y and the next 32 (pairs 16 … 31) by the column x, `
      + `pair by pair on neighbouring dimensions (interleaved), base 10,000: pe.rope(q, { positions: [rows, columns], axes: [32, 32] }). `
      + (v.seed === 0 ? 'q = k = (1, 0, 1, 0, …): every pair a unit vector, so each score is Σ cos of its pairs\' angle differences, the 2D sinusoid\'s dot product at headDim 64 (the button “rotary scores of random q and k” draws random q and k). '
        : `q and k are random vectors (seed ${v.seed}, the rotary view's generator, section 9; the button “rotary scores of q = k” goes back to q = k = (1, 0, 1, 0, …)). `)
      + `Tile (y, x) is q turned at patch (y, x) dotted with k turned at every patch (y′, x′), coloured from ${number(ropeMin, 4)} to ${number(ropeTop, 4)}. `
      + `The score depends on (Δy, Δx) alone: two cells at the same offset are equal ${ropeSpread < 1e-12 * ropeMax ? `up to rounding (${number(ropeSpread, 2)})` : `up to ${number(ropeSpread, 3)}`}. `
      + (asymmetry > 1e-9 * ropeMax ? `Unlike the sin-cos dot products it is not symmetric (q(p)·k(p′) and q(p′)·k(p) differ by up to ${number(asymmetry, 3)}): it tells left from right and up from down. `
        : 'It is symmetric, q(p)·k(p′) = q(p′)·k(p): like the sin-cos dot products, it cannot tell left from right. ')
      + 'Hover or tap a cell to read its score and outline every cell at its offset.';
    Object.assign(ropeNote.dataset, { spread: ropeSpread, asymmetry });

    const tq = D / 8, sq = (3 * D) / 16, wt = videoOmega('t', videoPair), ws = videoOmega('s', videoPair);
    video.show({
      tileRows: 3, tileCols: F, rows: H, cols: W, min: -1, max: 1,
      value: (ty, tx, r, c) => enc3.data[((tx * H + r) * W + c) * D + videoColumns[ty]],
      headers: [[`time: dimension ${videoColumns[0]}, sin(t·${wt}) at the time frequency ${wt}: one colour per frame`, `time: sin(t·${wt}), one colour per frame`, `time: sin(t·${wt})`],
        [`space, column: dimension ${videoColumns[1]}, sin(x·${ws}) at the space frequency ${ws}: the same in every frame`, `space: sin(x·${ws}), the same in every frame`, `space: sin(x·${ws})`],
        [`space, row: dimension ${videoColumns[2]}, sin(y·${ws}) at the space frequency ${ws}: the same in every frame`, `space: sin(y·${ws}), the same in every frame`, `space: sin(y·${ws})`]],
      captions: Array.from({ length: F }, (_, t) => [`frame t = ${t}`, `t = ${t}`, String(t)]), about: `dModel = ${D}, ${F} frames of ${H} × ${W} patches, pair ${videoPair}`,
    });
    videoNote.textContent = `pe.encoding3d(${F}, ${H}, ${W}, ${D}), diffusers' get_3d_sincos_pos_embed in CogVideoX's layout: a vector of ${D} numbers per patch of each frame (frame t outer; in CogVideoX a frame is a latent frame, 4 video frames packed by its VAE). `
      + `The first quarter, dimensions 0 … ${2 * tq - 1}, encodes the frame t alone (${tq} pairs at the time frequencies ωᵢᵗ = 10000^(−i/${tq})); the other three quarters, dimensions ${2 * tq} … ${D - 1}, `
      + `are the 2D table of dModel·3/4 = ${(3 * D) / 4} numbers, the same in every frame: its first half the column x, its second the row y (${sq} pairs each, at the space frequencies ωᵢˢ = 10000^(−i/${sq})). `
      + `Here ${nameOf('frames')} = ${F} sets how many frames are drawn (a tile each in every row) and ${nameOf('videoPair')} = ${videoPair} which pair of each block: `
      + `the sine of the time block's pair ${videoPair} (dimension ${videoColumns[0]}) and of each space half's pair ${videoPair} (dimensions ${videoColumns[1]} and ${videoColumns[2]}), ${wt} = ${number(pe.frequencies(D / 4)[videoPair], 4)} and ${ws} = ${number(pe.frequencies((3 * D) / 8)[videoPair], 4)}. `
      + `CogVideoX divides the spatial positions by 1.875 (its spatial_interpolation_scale); the chart keeps the function's default, 1. `
      + 'Chart 5\'s video is another one: a prompt\'s video for Qwen2-VL or Qwen2.5-VL, its grid sizes given before the 2 × 2 merge.';

  }

  function drawMrope(v, say, refused) {
    let config, ids, sideIds, read;
    const segments = parsePrompt(v.prompt).segments;
    try {
      if (refused) throw new RangeError(`${refused} characters pasted: not a config.json (at most ${MAX_CONFIG} are read).`);
      config = v.preset === 'custom' ? box.parse(v) : VISION_MODELS[v.preset].config;
      ids = pe.mropePositions(config, segments).positions.map((axis) => Array.from(axis));
      sideIds = pe.mropePositions(config, segments, { textStart: 'start+side' }).positions;
      // Its rotary pairs and mrope_section, for the note (a config the ids need not have read).
      try {
        read = pe.ropeFromConfig(config);
      } catch {
        read = null;
      }
    } catch (error) {
      box.problem.textContent = error.message;
      shown.mrope = null;
      mrope.show({ tracks: [{ label: 't', values: [0] }, { label: 'h', values: [0] }, { label: 'w', values: [0] }] });
      mropeNote.textContent = 'Nothing shown: the config could not be read (the message under the box says why).';
      caption('mrope', 'nothing: the config could not be read');
      delete mropeNote.dataset.ids;
      return;
    }
    // (ropeFromConfig's warnings are about the frequencies' scaling, which the rotary view draws.)
    box.problem.textContent = '';
    const merge = mergeOf(config), tokens = promptTokens(segments, merge);
    if (tokens.length > PROMPT_LIMITS.tokens) {
      box.problem.textContent = `config.vision_config.spatial_merge_size ${merge} makes the prompt ${number(tokens.length)} tokens: at most ${number(PROMPT_LIMITS.tokens)} are drawn`;
      shown.mrope = null;
      mrope.show({ tracks: [{ label: 't', values: [0] }, { label: 'h', values: [0] }, { label: 'w', values: [0] }] });
      mropeNote.textContent = 'Nothing shown: the prompt is too long at this config\'s merge (the message under the box says why).';
      delete mropeNote.dataset.ids;
      return;
    }
    if (tokens.length !== ids[0].length) say(`the prompt has ${tokens.length} tokens by the config's spatial merge ${merge}, the ids ${ids[0].length}`);
    const runs = [];
    tokens.forEach((token, n) => {
      if (runs.at(-1)?.segment === token.segment) runs.at(-1).to = n + 1;
      else runs.push({ segment: token.segment, from: n, to: n + 1, kind: token.kind });
    });
    // Each segment's name, longest first: with its size and tokens, with its size, its kind.
    for (const run of runs) {
      const s = segments[run.segment], [t, h, wd] = s.image ?? s.video ?? [];
      run.labels = s.text !== undefined ? [`text: ${number(s.text)} tokens`, `text ${number(s.text)}`, 'text']
        : [`${run.kind} ${t} × ${h} × ${wd}: ${number(run.to - run.from)} tokens`, `${run.kind} ${t} × ${h} × ${wd}`, run.kind];
    }
    const temporalPatch = Number.isInteger(config.vision_config?.temporal_patch_size) ? config.vision_config.temporal_patch_size : 2;
    shown.mrope = { ids, tokens, segments, runs, config, read, merge, temporalPatch };
    const name = v.preset === 'custom' ? 'your config' : VISION_MODELS[v.preset].name;
    caption('mrope', `${name}, ${number(tokens.length)} tokens`);
    mrope.show({ tracks: [{ label: 't (time)', values: ids[0] }, { label: 'h (row)', values: ids[1] }, { label: 'w (column)', values: ids[2] }],
      segments: runs, about: `${name}, ${tokens.length} tokens` });
    const section = read?.mropeSection, pairs = section ? section.reduce((acc, n) => [...acc, acc.at(-1) + n], [0]) : null;
    const gap = textStartGap(ids, sideIds);
    const video = runs.find((r) => r.kind === 'video');
    const frameStep = video && segments[video.segment].video[0] > 1
      ? ids[0][video.from + (video.to - video.from) / segments[video.segment].video[0]] - ids[0][video.from] : null;
    // Where the step comes from: Qwen2-VL steps by one per temporal patch; Qwen2.5-VL by
    // tokens_per_second × secondsPerGrid (the product truncated at each patch: t = ⌊k · interval⌋).
    let step = '';
    if (frameStep !== null && config.model_type === 'qwen2_5_vl') {
      const given = config.vision_config?.tokens_per_second, tps = given ?? 4, sec = segments[video.segment].secondsPerGrid ?? 1;
      const interval = Math.fround(tps * sec);
      const source = `tokens_per_second ${number(tps)} (${given === undefined ? "Qwen2_5_VLVisionConfig's default: the config has none" : "the config's vision_config"}) `
        + `× secondsPerGrid ${number(sec)} (the prompt's s=${sec === 1 ? ', 1 by default' : ''})`;
      step = Number.isInteger(interval) ? `: this video's temporal patches step by ${number(frameStep)} = ${source}`
        : `: this video's temporal patch k sits ⌊k·${number(interval)}⌋ after its first, ${number(interval)} = ${source}`;
    } else if (frameStep !== null) step = `: this video's temporal patches step by ${number(frameStep)} (Qwen2-VL: one per temporal patch, whatever its seconds)`;
    const patchFrames = temporalPatch === 1 ? 'one frame' : temporalPatch === 2 ? 'two frames' : `${temporalPatch} frames`;
    mropeNote.textContent = `${name} (model_type ${config.model_type}${section ? `, mrope_section [${section.join(', ')}]: of its ${read.frequencies.length} rotary pairs, `
      + `${pairs[1] - pairs[0]} turn by t, ${pairs[2] - pairs[1]} by h and ${pairs[3] - pairs[2]} by w (pairs ${pairs[0]} … ${pairs[1] - 1}, ${pairs[1]} … ${pairs[2] - 1}, ${pairs[2]} … ${pairs[3] - 1})` : ''}`
      + `; spatial merge ${merge}): pe.mropePositions(config, segments) gives ${number(tokens.length)} tokens three ids each, the ids the model was trained with (Qwen's get_rope_index). `
      + 'A text token has one id on all three axes, and text counts on by one. An image or video token keeps its block\'s first id and adds its row in h and its column in w '
      + `on the grid merged ${merge} × ${merge}, and a video's token in t a step per temporal patch (${patchFrames}: temporal_patch_size ${temporalPatch})${step}. `
      + (gap ? `After the video the text goes on from ${gap.trained}, one more than the largest id so far, as Qwen trained the model (and vLLM runs it); `
        + `transformers since 5.3 goes on from ${gap.side}, the video's first id plus its larger merged side, t ids some of its temporal patches already hold `
        + "(pe.mropePositions(config, segments, { textStart: 'start+side' })): a port that follows it gives the model an arrangement of ids it was not trained on."
        : 'The next text goes on from one more than the largest id so far, as Qwen trained the model; here that is also where transformers since 5.3 puts it (the block\'s first id plus its larger merged side).');
    mropeNote.dataset.ids = JSON.stringify(ids);
  }

  // ---- exports ---------------------------------------------------------------------------
  function exported() {
    if (!shown) return { csv: '', json: {} };
    const { H, W, HW, gram, scores } = shown;
    return {
      // The dot products, one row per patch pair (with the rotary scores beside them).
      csv: () => csv(['y', 'x', 'y2', 'x2', 'dy', 'dx', 'dot', 'cosine', 'rope_score'],
        Array.from({ length: HW * HW }, (_, k) => {
          const [y, x] = patchOf(Math.floor(k / HW), W), [y2, x2] = patchOf(k % HW, W);
          return [y, x, y2, x2, y - y2, x - x2, gram.data[k], gram.data[k] / shown.peak, scores.data[k]];
        })),
      json: () => ({
        values, height: H, width: W, dModel: shown.D,
        encoding2d: { call: `pe.encoding2d(${H}, ${W}, ${shown.D})`, pairs: shown.shownPairs, rows: HW, cols: shown.D, data: Array.from(shown.enc.data) },
        dotMatrix2d: { rows: HW, cols: HW, data: Array.from(gram.data) }, kernel: Array.from(shown.kernels.x.length >= shown.kernels.y.length ? shown.kernels.x : shown.kernels.y),
        rope: { ...EVA, seed: values.seed, rows: HW, cols: HW, data: Array.from(scores.data) },
        encoding3d: { frames: shown.F, pair: shown.videoPair, columns: shown.videoColumns, rows: shown.F * HW, cols: shown.D,
          data: shown.videoColumns.map((col) => Array.from({ length: shown.F * HW }, (_, r) => shown.enc3.data[r * shown.D + col])) },
        mrope: idsData().json,
      }),
    };
  }
  function idsData() {
    const m = shown?.mrope;
    if (!m) return { csv: '', json: {} };
    return {
      csv: csv(['token', 'segment', 'kind', 't', 'h', 'w'], m.tokens.map((token, n) => [n, token.segment, token.kind, m.ids[0][n], m.ids[1][n], m.ids[2][n]])),
      json: { model: values.preset, prompt: values.prompt, segments: m.segments, mropeSection: m.read?.mropeSection ?? null, positions: m.ids },
    };
  }

  const api = w.api(draw);
  const view = { ...api, update: (v = {}) => api.update(raw = { ...raw, ...v }) };
  return view;
}
