// A tooltip near the pointer or the keyboard cursor. Its data attributes carry the cell and the
// value shown, for tests and for people copying numbers. The page has one (#tooltip); each
// custom element has its own inside its shadow root.
export class Tooltip {
  constructor(parent, id) {
    this.element = Object.assign(document.createElement('div'), { className: 'tooltip', hidden: true });
    this.element.setAttribute('role', 'status');
    if (id) this.element.id = id;
    parent.append(this.element);
  }

  show(text, clientX, clientY, data = {}) {
    const tip = this.element;
    tip.textContent = text;
    for (const key of Object.keys(tip.dataset)) delete tip.dataset[key];
    Object.assign(tip.dataset, data);
    tip.hidden = false;
    const { width, height } = tip.getBoundingClientRect();
    const x = Math.min(clientX + 14, window.innerWidth - width - 4);
    const y = clientY + 14 + height > window.innerHeight ? clientY - height - 10 : clientY + 14;
    tip.style.left = `${Math.max(4, x)}px`;
    tip.style.top = `${Math.max(4, y)}px`;
  }

  hide() {
    this.element.hidden = true;
  }
}

let page;
/** The page's tooltip, created on first use. */
export function pageTooltip() {
  return (page ??= new Tooltip(document.body, 'tooltip'));
}
