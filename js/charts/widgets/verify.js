// The sources' claims, checked now (story/proofs.js), in a table with "N passed, M failed": each
// claim in plain words with the post that made it; the numbers (computed now, expected) behind
// a "Show the numbers" toggle, so a learner reads the claims and an engineer the evidence.
import { runChecks } from '../../story/proofs.js';
import { csv } from '../kit/exports.js';
import { fillTable } from '../plots/table.js';
import { Widget } from '../kit/widget.js';

/** Its size: it sizes to its content; its charts have fixed heights of their own. */
export const size = {};
export const rules = {};
/** Its drawing ends in later tasks (the checks yield between them): print keeps its fallback. */
export const finishesLater = true;

export function create(root, pe, options) {
  const w = new Widget(root, rules, options);
  const bar = w.part('div', 'controls');
  const button = w.part('button', '', 'run', bar);
  Object.assign(button, { type: 'button', textContent: 'Run again' });
  const summary = w.part('output', 'summary', 'summary', bar);
  summary.setAttribute('aria-live', 'polite');
  const toggle = w.part('button', '', 'numbers', bar);
  Object.assign(toggle, { type: 'button', textContent: 'Show the numbers' });
  toggle.setAttribute('aria-pressed', 'false');
  if (options?.id) toggle.setAttribute('aria-controls', `${options.id}-table`);
  const table = w.part('table', '', 'table', w.scroller('Claims of the sources, checked now'));
  const header = ['claim', 'computed now', 'expected', 'result'];
  let numbers = false;
  let results = [], running = null;
  w.exports({
    name: 'verification',
    data: () => ({
      csv: csv([...header, 'source', 'ms'], results.map((r) => [r.claim, r.computed, r.expected, r.pass ? 'pass' : 'fail', r.source ?? '', r.ms.toFixed(1)])),
      json: results,
    }),
  });

  const text = (textContent) => ({ textContent, className: 'text' });
  const show = (busy) => {
    const claim = (r) => text(r.source ? `${r.claim}. Said by ${r.source}.` : `${r.claim}.`);
    const result = (r) => ({ textContent: r.pass ? '✔ pass' : '✘ fail', className: r.pass ? 'pass' : 'fail', title: `${r.ms.toFixed(1)} ms` });
    fillTable(table, numbers ? [...header.slice(0, 3).map(text), header[3]] : [text(header[0]), header[3]],
      results.map((r) => (numbers ? [claim(r), text(r.computed), text(r.expected), result(r)] : [claim(r), result(r)])),
      'The sources\' claims, recomputed when the page loaded');
    const failed = results.filter((r) => !r.pass).length;
    summary.textContent = `${busy ? 'running… ' : ''}${results.length - failed} passed, ${failed} failed`;
    summary.className = `summary ${failed ? 'fail' : busy ? '' : 'pass'}`;
    summary.dataset.done = String(!busy);
  };
  /** Runs every check (once at a time); resolves with the results. */
  async function run() {
    if (running) return running;
    button.disabled = true;
    results = [];
    show(true);
    running = (async () => {
      for await (const result of runChecks(pe)) {
        results.push(result);
        show(true);
      }
      show(false);
      button.disabled = false;
      running = null;
      return results;
    })();
    return running;
  }
  button.addEventListener('click', run);
  toggle.addEventListener('click', () => {
    numbers = !numbers;
    toggle.setAttribute('aria-pressed', String(numbers));
    toggle.textContent = numbers ? 'Hide the numbers' : 'Show the numbers';
    show(Boolean(running));
  });
  // update() runs the checks the first time only: they take no values.
  let started = false;
  return w.api(() => { if (!started) { started = true; run(); } }, { run });
}
