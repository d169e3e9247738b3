// The sources' claims, checked now (checks.js), in a table with "N passed, M failed".
import { runChecks } from './checks.js';
import { csv } from './exports.js';
import { fillTable } from './table.js';
import { Widget } from './widget.js';

export const rules = {};

export function create(root, pe, options) {
  const w = new Widget(root, rules, options);
  const bar = w.part('div', 'controls');
  const button = w.part('button', '', 'run', bar);
  Object.assign(button, { type: 'button', textContent: 'Run again' });
  const summary = w.part('output', 'summary', 'summary', bar);
  summary.setAttribute('aria-live', 'polite');
  const table = w.part('table', '', 'table', w.part('div', 'scroll'));
  const header = ['claim', 'computed now', 'expected', 'result'];
  let results = [], running = null;
  w.exports({
    name: 'verification',
    data: () => ({
      csv: csv([...header, 'ms'], results.map((r) => [r.claim, r.computed, r.expected, r.pass ? 'pass' : 'fail', r.ms.toFixed(1)])),
      json: results,
    }),
  });

  const text = (textContent) => ({ textContent, className: 'text' });
  const show = (busy) => {
    fillTable(table, [...header.slice(0, 3).map(text), header[3]],
      results.map((r) => [text(r.claim), text(r.computed), text(r.expected),
        { textContent: r.pass ? '✔ pass' : '✘ fail', className: r.pass ? 'pass' : 'fail', title: `${r.ms.toFixed(1)} ms` }]));
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
  // update() runs the checks the first time only: they take no values.
  let started = false;
  return w.api(() => { if (!started) { started = true; run(); } }, { run });
}
