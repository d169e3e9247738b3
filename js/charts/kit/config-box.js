// A config.json box, as the rotary view has it (widgets/rope-scaling.js): menus (a model, …)
// that a page with its own controls hides, a textarea to paste into, a file to open or drop,
// and a message line (role alert) that names the key at fault. Text over MAX_CONFIG characters,
// or a file over four bytes a character of it, is not read: the message says so. Whatever the
// reader types, opens or drops goes to `change({ preset: 'custom', config })`, which the widget
// announces (posenc-values: the page's URL keeps it) and draws.

/** Characters of a pasted config read (Phi's, with its factor lists, are ~3000). */
export const MAX_CONFIG = 65536;

/** The `config` value of a widget: a pasted config.json, any text up to MAX_CONFIG characters (read when drawn). */
export const configRule = {
  label: 'config', def: '',
  coerce: (raw, name = 'config') => {
    const text = String(raw);
    if (text.length <= MAX_CONFIG) return { value: text };
    return { value: '', message: `${name} must be at most ${MAX_CONFIG} characters (a config.json's keys fit), got ${text.length}: left empty` };
  },
};

/**
 * The box in `w`'s root. menus: [{ key, rule, name(choice) }], each a <select> of the rule's
 * choices (shown only without a page's own controls: `hidden`); hint: the textarea's label;
 * view: what the box is for, in the file input's accessible name (one per page);
 * change(values): a value the reader changed. Returns { menus: { key: select }, text, problem,
 * show(v, textOf) (the values drawn: the menus' choices, and the textarea's text unless the reader
 * is typing in it), refused(v) (characters pasted but not read, or 0), parse(v) (the JSON of the
 * textarea, or a SyntaxError saying what is wrong) }.
 */
export function configBox(w, { menus = [], hint, view, hidden = false, change }) {
  const editor = w.part('div', 'controls config');
  editor.style.cssText = 'flex-direction: column; align-items: stretch; gap: 0.3rem;';
  const bar = w.part('div', 'controls', null, editor);
  bar.style.flexWrap = 'wrap';
  bar.hidden = hidden;
  const selects = {};
  for (const { key, rule, name = (c) => c } of menus) {
    const select = document.createElement('select');
    select.style.maxWidth = '100%';  // long model names on a phone
    for (const choice of rule.choices) select.append(new Option(name(choice), choice));
    select.setAttribute('aria-label', rule.label);
    const label = w.part('label', '', null, bar);
    label.style.cssText = 'display: inline-flex; flex-wrap: wrap; align-items: center; gap: 0.3rem; max-width: 100%; min-width: 0;';
    label.append(rule.label, select);
    select.addEventListener('input', () => change({ [key]: select.value }), { signal: w.listeners.signal });
    selects[key] = select;
  }
  const label = w.part('label', '', null, editor);
  label.style.cssText = 'display: flex; flex-direction: column; gap: 0.3rem;';
  label.textContent = hint;
  const text = w.part('textarea', '', 'config', label);  // inside its label: named for screen readers
  Object.assign(text, { rows: 7, spellcheck: false, placeholder: '{ "model_type": …, … }' });
  text.style.cssText = 'width: 100%; box-sizing: border-box; font: 12px/1.4 ui-monospace, monospace; color: inherit; background: transparent;';
  const open = Object.assign(w.part('input', '', 'file', editor), { type: 'file', accept: '.json,application/json' });
  open.setAttribute('aria-label', `Open a config.json file${view ? ` for the ${view}` : ''}`);
  const problem = w.part('p', 'message', 'problem', editor);
  problem.setAttribute('role', 'alert');

  const signal = w.listeners.signal;
  text.addEventListener('input', () => change({ preset: 'custom', config: text.value }), { signal });
  const load = async (file) => {
    if (!file) return;
    if (file.size > MAX_CONFIG * 4) {
      problem.textContent = `${file.name}: ${file.size} bytes is not a config.json (at most ${MAX_CONFIG * 4} bytes are read)`;
      return;
    }
    const content = await file.text();
    if (content.length > MAX_CONFIG) {
      problem.textContent = `${file.name}: ${content.length} characters is not a config.json (at most ${MAX_CONFIG} are read)`;
      return;
    }
    text.value = content;
    change({ preset: 'custom', config: content });
  };
  open.addEventListener('change', () => load(open.files[0]), { signal });
  text.addEventListener('dragover', (e) => e.preventDefault(), { signal });
  text.addEventListener('drop', (e) => { e.preventDefault(); load(e.dataTransfer.files[0]); }, { signal });

  return {
    menus: selects, text, problem,
    show(v, textOf) {
      for (const [key, select] of Object.entries(selects)) select.value = v[key];
      if (v.preset !== 'custom') text.value = textOf(v.preset);
      else if (document.activeElement !== text && w.root.getRootNode?.().activeElement !== text) text.value = v.config;
    },
    // Text refused for its length (configRule, whose message says so) is not read: said here too,
    // in place of "paste a config.json".
    refused: (v) => (v.preset === 'custom' && v.config === '' && text.value.length > MAX_CONFIG ? text.value.length : 0),
    parse(v) {
      try {
        return JSON.parse(v.config);
      } catch (error) {
        throw new SyntaxError(v.config.trim() === '' ? 'config: paste a config.json, or pick a model' : `config: not JSON (${error.message})`);
      }
    },
  };
}
