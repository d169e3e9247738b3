// The story's text quotes numbers at the paper's settings (base 10,000, its spacing, its
// layout). A paragraph whose numbers depend on some of them says which, in index.html:
// <p data-at="base spacing">; once the header's Settings change one of those, the paragraph
// says that its numbers are the paper's and what the charts now use, so text and chart never
// disagree unannounced. Back at the paper's settings the note goes.
import { number } from 'posenc/charts';

const NAMES = { base: (v) => `base ${number(Number(v))}`, spacing: (v) => (v === 'paper' ? "the paper's spacing" : `${v}'s spacing`), layout: (v) => `the ${v} layout` };

export function followSettings(state) {
  const paragraphs = [...document.querySelectorAll('[data-at]')];
  const show = () => {
    for (const p of paragraphs) {
      // (A setting no view of this page draws has no control here: never changed.)
      const changed = p.dataset.at.split(' ').filter((key) => key in state.params && state.get(key) !== state.params[key].def);
      let note = p.querySelector(':scope > .at-paper');
      if (changed.length === 0) {
        note?.remove();
        continue;
      }
      note ??= p.appendChild(Object.assign(document.createElement('span'), { className: 'at-paper' }));
      note.textContent = ` (These numbers are at the paper's settings: ${changed.map((key) => NAMES[key](state.params[key].def)).join(', ')}; `
        + `the charts now use ${changed.map((key) => NAMES[key](state.get(key))).join(', ')}.)`;
    }
  };
  show();
  state.addEventListener('change', show);
}
