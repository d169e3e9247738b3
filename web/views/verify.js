// 7 · Verification: every claim checked now, with a summary "N passed, M failed".
import { runChecks } from '../lib/checks.js';
import { csv, exportBar } from '../lib/exports.js';
import { fillTable } from '../lib/table.js';

export function mount({ pe }) {
  const table = document.getElementById('verify-table');
  const summary = document.getElementById('verify-summary');
  const button = document.getElementById('verify-run');
  const header = ['claim', 'computed now', 'expected', 'result'];
  let results = [];
  exportBar(document.querySelector('[data-export="verify"]'), {
    name: 'verification',
    data: () => ({
      csv: csv([...header, 'ms'], results.map((r) => [r.claim, r.computed, r.expected, r.pass ? 'pass' : 'fail', r.ms.toFixed(1)])),
      json: results,
    }),
  });

  const show = (running) => {
    fillTable(table, [{ textContent: 'claim', className: 'text' }, { textContent: 'computed now', className: 'text' },
      { textContent: 'expected', className: 'text' }, 'result'],
    results.map((r) => [{ textContent: r.claim, className: 'text' }, { textContent: r.computed, className: 'text' },
      { textContent: r.expected, className: 'text' },
      { textContent: r.pass ? '✔ pass' : '✘ fail', className: r.pass ? 'pass' : 'fail', title: `${r.ms.toFixed(1)} ms` }]));
    const failed = results.filter((r) => !r.pass).length;
    summary.textContent = `${running ? 'running… ' : ''}${results.length - failed} passed, ${failed} failed`;
    summary.className = `summary ${failed ? 'fail' : running ? '' : 'pass'}`;
    summary.dataset.done = String(!running);
  };

  async function run() {
    button.disabled = true;
    results = [];
    show(true);
    for await (const result of runChecks(pe)) {
      results.push(result);
      show(true);
    }
    show(false);
    button.disabled = false;
  }
  button.addEventListener('click', run);
  return { keys: [], run };
}
