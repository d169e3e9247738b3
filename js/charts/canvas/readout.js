// A chart's value readout: a `.tooltip` child of the chart's own box (position: relative),
// placed in the box's coordinates beside the cursor or cell (as uPlot places its hover
// readouts inside its `over` layer), so page offsets, scrolling, transformed or contained
// ancestors cannot move it away. Then it is kept inside the viewport: flipped to the other side
// of the point when it would overflow, clamped at the edges. Its data attributes carry the
// shown value and its cell or index, for tests and for people copying numbers.
const GAP = 14, EDGE = 4;

export class Readout {
  constructor(box) {
    this.box = box;
    this.element = Object.assign(document.createElement('div'), { className: 'tooltip', hidden: true });
    this.element.setAttribute('role', 'status');
    box.append(this.element);
  }

  /** Shows `text` beside the point (x, y), in the box's CSS pixels; `data` becomes data-*. */
  show(text, x, y, data = {}) {
    const tip = this.element;
    tip.textContent = text;
    for (const key of Object.keys(tip.dataset)) delete tip.dataset[key];
    Object.assign(tip.dataset, data);
    tip.hidden = false;
    tip.style.left = `${x + GAP}px`;
    tip.style.top = `${y + GAP}px`;
    // Measured on screen, where the viewport is: `scale` converts screen pixels back to the
    // box's own (a transformed ancestor may scale it).
    const box = this.box.getBoundingClientRect(), rect = tip.getBoundingClientRect();
    const scale = this.box.offsetWidth ? box.width / this.box.offsetWidth : 1;
    let left = x + GAP, top = y + GAP;
    if (rect.right > innerWidth - EDGE) left = x - GAP - rect.width / scale;
    if (rect.bottom > innerHeight - EDGE) top = y - GAP - rect.height / scale;
    // Clamp: never past the viewport's left/top edges (nor, when it is wider, its right one).
    const screenLeft = box.left + left * scale, screenTop = box.top + top * scale;
    if (screenLeft < EDGE) left += (EDGE - screenLeft) / scale;
    if (screenTop < EDGE) top += (EDGE - screenTop) / scale;
    tip.style.left = `${left}px`;
    tip.style.top = `${top}px`;
  }

  hide() {
    this.element.hidden = true;
  }

  destroy() {
    this.element.remove();
  }
}
