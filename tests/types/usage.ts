// Compiled (not run) by tests/browser/consumer.test.js with tsc --strict under moduleResolution
// bundler and node16, against the packed and installed package: its types resolve through its
// exports map and describe the API.
import { init, type Matrix, type PosEnc } from 'posenc';
import { fallbackPicture, fallbacks, render, textOf, type Figure } from 'posenc/render';

const pe: PosEnc = await init();
const f32: Matrix<Float32Array> = pe.encoding(50, 128);
const f64: Matrix<Float64Array> = pe.encoding(50, 128, { dtype: 'float64', start: 3, layout: 'concatenated' });
const into: Matrix<Float64Array> = pe.encoding(2, 4, { out: new Float64Array(8) });
const dots: Matrix<Float32Array> = pe.dotMatrix(8, 512, { method: 'direct', spacing: 'tensor2tensor' });
const rotated: Float64Array = pe.shift([1, 0, 0, 1], 10, { base: 500 });
const r: Matrix<Float64Array> = pe.rotation(-3, 16);
const sum: Matrix<Float32Array> = pe.addTo({ rows: 1, cols: 2, data: new Float32Array(2) }, { scale: Math.sqrt(2) });
const kernel: Float64Array = pe.dotKernel(7, 512);
const kernelWindow: Float64Array = pe.dotKernel(7, 512, { start: 4, base: 500 });
const limits: number = pe.limits.maxElements + pe.frequencies(4)[0] + pe.periods(4)[1] + pe.encode(1.5, 4)[0];
const heap: number = pe.memory().allocatedBytes;
const timesteps: Matrix<Float64Array> = pe.encoding(new Float32Array([0, 0.5, 999]), 9, { convention: 'diffusers', dtype: 'float64' });
const mlx: Float64Array = pe.encode(2, 8, { convention: 'mlx', order: 'cos-sin', angleScale: 2 * Math.PI, amplitude: 1 });
const preset: string = pe.conventions['stable-diffusion'].equals[0].file + pe.conventions.paper.oddDModel;
const slopes: Float64Array = pe.alibiSlopes(112, { maxBias: 8 });
const alibi: Matrix<Float64Array> = pe.alibiBias(16, 12, { causal: false });
const buckets: Int32Array = pe.relativePositionBuckets(new Int32Array([-3, 0, 200]), { numBuckets: 32, maxDistance: 128, bidirectional: false });
const scheme = pe.positionScheme({ model_type: 'bloom', n_head: 16 });
const heads: number = scheme.kind === 'alibi' ? scheme.numHeads + scheme.slopes[0] : scheme.kind === 'sinusoidal' ? scheme.start : 0;
console.log(f32, f64, into, dots, rotated, r, sum, kernel, limits, heap, timesteps, mlx, preset, slopes, alibi, buckets, heads);
const config = { rope_theta: 500000, rope_scaling: { factor: 8.0, low_freq_factor: 1.0, high_freq_factor: 4.0,
  original_max_position_embeddings: 8192, rope_type: 'llama3' as const, finetuned: true } };
const { frequencies, attentionFactor } = pe.ropeFrequencies(128, { base: config.rope_theta, scaling: config.rope_scaling });
const q: Matrix<Float32Array> = pe.rope({ rows: 2, cols: 128, data: new Float32Array(256) },
  { base: config.rope_theta, scaling: config.rope_scaling, layout: 'concatenated', positions: [0, 7] });
const k64: Matrix<Float64Array> = pe.rope({ rows: 1, cols: 4, data: [1, 0, 0, 1] }, { dtype: 'float64', rotaryDims: 2, start: 3 });
console.log(frequencies, attentionFactor, q, k64);
// @ts-expect-error rope_type is one of the supported types
pe.ropeFrequencies(8, { scaling: { rope_type: 'su' } });

// Axial and multimodal RoPE (one list of positions per axis), and M-RoPE's position ids.
const flux: Matrix<Float32Array> = pe.rope({ rows: 2, cols: 128, data: new Float32Array(256) },
  { positions: [[0, 0], [0, 0], [0, 1]], axes: [16, 56, 56] });
const eva: Matrix<Float64Array> = pe.rope({ rows: 1, cols: 8, data: [1, 0, 0, 1, 1, 0, 0, 1] },
  { positions: [new Float64Array([0.5]), [1.5]], axes: new Int32Array([4, 4]), layout: 'concatenated', dtype: 'float64' });
const qwen = { model_type: 'qwen2_vl', rope_theta: 1e6, rope_scaling: { type: 'mrope', mrope_section: [16, 24, 24] } };
const ids = pe.mropePositions(qwen, [{ text: 3 }, { image: [1, 4, 4] }, { video: [2, 4, 4], secondsPerGrid: 1 }]);
const t: Float64Array = ids.positions[0];
const delta: number = ids.ropeDelta;
const m: Matrix<Float32Array> = pe.rope({ rows: t.length, cols: 128, data: new Float32Array(t.length * 128) }, { config: qwen, positions: ids.positions });
// @ts-expect-error a segment is text, image or video
pe.mropePositions(qwen, [{ audio: 3 }]);

// @ts-expect-error dtype is 'float32' | 'float64'
pe.encoding(2, 4, { dtype: 'float16' });
// @ts-expect-error unknown option
pe.frequencies(4, { bsae: 1 });
// @ts-expect-error unknown convention
pe.encode(1, 4, { convention: 'paper2' });

// The other entry points.
import { init as initInline } from 'posenc/inline';
import { PosencHeatmap, posenc } from 'posenc/elements';

const inline: PosEnc = await initInline();
const shared: PosEnc = await posenc();  // the elements' own instance
console.log(shared.memory().heapBytes);
const element = document.createElement('posenc-heatmap');
const typed: PosencHeatmap = element;
typed.dModel = 64;
document.querySelector('posenc-clock')!.k = -2.5;
document.createElement('posenc-grid').loading = 'eager';  // every element, drawn at once
const when: 'eager' | 'lazy' = typed.loading;
console.log(inline, typed.length, when);

// posenc/charts: a widget's values are typed; update() returns the values in use.
import { encoding, verify, WIDGET_CSS } from 'posenc/charts';

const widget = encoding.create(document.createElement('div'), pe, { id: 'enc' });
const used: number | string = widget.update({ length: 8, dModel: '16', spacing: 'tensor2tensor' }).dModel;
// @ts-expect-error spacing is 'paper' | 'tensor2tensor'
widget.update({ spacing: 'other' });
widget.destroy();
const checks: Promise<{ pass: boolean }[]> = verify.create(document.createElement('div'), pe).run();
const rows: PosencSteps = document.createElement('posenc-steps');
console.log(used, checks, rows, WIDGET_CSS.length);
import type { PosencSteps } from 'posenc/elements';

// A widget's drawing in tasks: its update, then each chart's painting.
import { paintApart } from 'posenc/charts';
const drawing = paintApart(() => widget.update({ dModel: 32 }), { later: true });
const painted: Promise<void> = drawing.done;
drawing.cancel();
// @ts-expect-error later is true or false
paintApart(() => {}, { later: 1 });
console.log(painted);

// posenc/charts conventions and <posenc-conventions>: convention names are typed, positions is text.
import { conventions } from 'posenc/charts';
const framework = conventions.create(document.createElement('div'), pe, { id: 'framework' });
const positions: string | number = framework.update({ convention: 'stable-diffusion', dModel: 33, positions: '0, 250.5, 999' }).positions;
// @ts-expect-error not a convention
framework.update({ convention: 'pytorch' });
const panel: PosencConventions = document.createElement('posenc-conventions');
panel.convention = 'dit';
console.log(positions, panel.positions.length);
import type { PosencConventions } from 'posenc/elements';
// The story's widgets and elements (issue 13).
import { extrapolation, input, shift, tokens } from 'posenc/charts';

tokens.create(document.createElement('div'), pe).update({ text: 'the cat saw the dog', dModel: 16 });
input.create(document.createElement('div'), pe).update({ scale: '1' });
// @ts-expect-error scale is 'sqrt' | '1'
input.create(document.createElement('div'), pe).update({ scale: 2 });
const shifted: number | string = shift.create(document.createElement('div'), pe, { controls: false }).update({ pair: 2, k: 0.5 }).k;
extrapolation.create(document.createElement('div'), pe).update({ trained: 512, probes: 1000 });
document.querySelector('posenc-extrapolation')!.trained = 256;
document.querySelector('posenc-tokens')!.text = 'dog bites man';
console.log(shifted, document.createElement('posenc-shift').pair, document.createElement('posenc-input').scale);
// The rotary widgets and elements.
import { rope, ropeScaling } from 'posenc/charts';
import type { PosencRopeScaling } from 'posenc/elements';
declare const ropeRoot: HTMLElement;
const ropeView = rope.create(ropeRoot, pe);
ropeView.update({ headDim: 32, m: 10, n: '4' });
ropeScaling.create(ropeRoot, pe).update({ preset: 'gpt-neox-20b' });
const scalingElement: PosencRopeScaling = document.createElement('posenc-rope-scaling');
scalingElement.preset = 'qwen2.5-7b-yarn';
// @ts-expect-error not a preset
scalingElement.preset = 'gpt-5';

// The page's slider and scales, through posenc/charts (no path past the exports).
import { logScale, slider, sliderScale } from 'posenc/charts';
const positionsScale = logScale({ min: 1, max: 131072, snap: 'integer' });
const middle: number = positionsScale.value(0.5);
const sliderKind: 'log' | 'symlog' | undefined = sliderScale({ min: 1, max: 131072, integer: true })?.kind;
declare const inBrowser: boolean;
if (inBrowser) {
  const input = slider({ min: 2, max: 8192, even: true }, 'dModel');
  input.show(512);
  const value: number = input.valueAt() + input.positionOf(middle);
  void [value, sliderKind];
}

// A model's config.json, read as transformers v5 reads it, and its RoPE applied in one call.
const gemma = { model_type: 'gemma3_text', num_hidden_layers: 26, rope_theta: 1e6, rope_local_base_freq: 1e4 };
const sliding = pe.ropeFromConfig(gemma, { layerType: 'sliding_attention', length: 4096 });
const wavelength: number = 2 * Math.PI / sliding.frequencies[0] + sliding.attentionFactor;
const kinds: string[] = sliding.layerTypes.concat(sliding.kindsWithoutRope, sliding.warnings, sliding.filled.map((f) => f.key));
const turned = pe.rope({ rows: 1, cols: sliding.headDim, data: new Float32Array(sliding.headDim) }, { config: gemma, layerType: 'full_attention', positions: [7] });
void [wavelength, kinds, turned.data.length];
// transformers' float32 inv_freq (dtype 'float32'); float64 without dtype.
const torch32: Float32Array = pe.ropeFrequencies(128, { base: 500000, scaling: config.rope_scaling, dtype: 'float32' }).frequencies;
const full32: Float32Array = pe.ropeFromConfig(gemma, { layerType: 'full_attention', dtype: 'float32' }).frequencies;
const full64: Float64Array = pe.ropeFromConfig(gemma, { dtype: 'float64' }).frequencies;
const either: Float32Array | Float64Array = pe.ropeFrequencies(8, { dtype: Math.random() > 0.5 ? 'float32' : 'float64' }).frequencies;
// @ts-expect-error float32 frequencies are a Float32Array
const notDouble: Float64Array = pe.ropeFrequencies(8, { dtype: 'float32' }).frequencies;
void [torch32, full32, full64, either, notDouble];

// Images and video: diffusers' options only with convention 'diffusers'.
const grid32: Matrix<Float32Array> = pe.encoding2d(14, 14, 768, { clsToken: true });
const sd3: Matrix<Float64Array> = pe.encoding2d(64, 64, 1536, { convention: 'diffusers', baseSize: 64, posEmbedMaxSize: 96, dtype: 'float64' });
const video: Matrix<Float32Array> = pe.encoding3d(13, 30, 45, 1920, { spatialInterpolationScale: 1.875 });
const gram: Matrix<Float64Array> = pe.dotMatrix2d(16, 16, 256, { out: new Float64Array(65536) });
// @ts-expect-error baseSize is diffusers'
pe.encoding2d(4, 4, 8, { baseSize: 16 });
// @ts-expect-error dotMatrix2d is float64
pe.dotMatrix2d(2, 2, 8, { out: new Float32Array(16) });
void [grid32, sd3, video, gram];

// posenc/render (Node): a static figure and a post's fallbacks.
const figure: Figure = await render('posenc-encoding', { length: 50, 'd-model': '128' }, { format: 'svg', width: 640, scheme: 'dark' });
const box: number = figure.charts[0].width + figure.width + figure.alt.length + figure.data.byteLength;
const steps: string = (await textOf('posenc-steps')).html;
const post: string = (await fallbacks('<posenc-dots></posenc-dots>', { kind: 'html', url: '/img/', write: (file, data) => { void file; void data; } })).text;
const picture = await fallbackPicture('posenc-lines', {}, { format: 'auto', quality: 80 });
const bytes: number = picture.images[0].data.byteLength + (picture.format === 'webp' ? 1 : 0);
const files: string[] | undefined = (await fallbacks('<posenc-dots></posenc-dots>', { format: 'webp', write: () => {} })).figures[0].files;
void [bytes, files];
// @ts-expect-error: a format render does not write
render('posenc-encoding', {}, { format: 'gif' });
// @ts-expect-error: 'auto' is for a post's fallbacks, which choose per figure
render('posenc-encoding', {}, { format: 'auto' });

// Positions on a grid: the widget and <posenc-grid>.
import { grid } from 'posenc/charts';
import type { PosencGrid } from 'posenc/elements';
const gridView = grid.create(document.createElement('div'), pe, { id: 'grid' });
gridView.update({ gridHeight: 14, gridWidth: '14', dModel: 768, show: 'dots', preset: 'qwen2-vl-7b-instruct', prompt: 'text 4, image 1x8x12' });
const gridElement: PosencGrid = document.createElement('posenc-grid');
gridElement.show = 'mrope';
gridElement.gridHeight = 16;
console.log(gridElement.preset, gridElement.dModel);
