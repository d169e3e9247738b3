// HTML tables from arrays: header cells and rows of cells, each a plain value or
// { textContent, className, title, colSpan, height }. Built as one escaped HTML string and set
// at once: for hundreds of rows several times faster than creating cells one by one.
const escape = (value) => String(value).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

function cell(tag, value, scope = '') {
  const { textContent = value, className, title, colSpan, height } = value !== null && typeof value === 'object' ? value : {};
  const attributes = [scope, className && ` class="${escape(className)}"`, title && ` title="${escape(title)}"`,
    colSpan && ` colspan="${colSpan}"`, height !== undefined && ` data-height="${height}"`].filter(Boolean).join('');
  return `<${tag}${attributes}>${escape(textContent)}</${tag}>`;
}

export function fillTable(table, header, rows, caption) {
  table.innerHTML = (caption ? `<caption>${escape(caption)}</caption>` : '')
    + `<thead><tr>${header.map((h) => cell('th', h, ' scope="col"')).join('')}</tr></thead>`
    + `<tbody>${rows.map((row) => `<tr${row.className ? ` class="${escape(row.className)}"` : ''}>${(row.cells ?? row).map((c) => cell('td', c)).join('')}</tr>`).join('')}</tbody>`;
  // Heights through the CSSOM: a strict Content-Security-Policy (style-src 'self') blocks
  // style attributes in markup, and the virtual table's spacers would collapse.
  for (const td of table.querySelectorAll('td[data-height]')) td.style.height = `${td.dataset.height}px`;
}

/**
 * A long table that keeps only the rows in view (and a margin) in the DOM, with spacer rows
 * for the rest: laying out hundreds of rows on every redraw costs tens of milliseconds,
 * a window of ~40 rows does not. The container scrolls; rows have one height (set in CSS).
 */
export class VirtualTable {
  constructor(container, table, caption) {
    Object.assign(this, { container, table, caption, header: [], rows: [], rowHeight: 0, frame: 0 });
    container.addEventListener('scroll', () => {
      this.frame ||= requestAnimationFrame(() => { this.frame = 0; this.render(); });
    });
  }

  show(header, rows) {
    Object.assign(this, { header, rows });
    this.render();
  }

  render() {
    const { rows, container, header } = this;
    const h = this.rowHeight || 28, margin = 10;
    const first = Math.max(0, Math.floor(container.scrollTop / h) - margin);
    const last = Math.min(rows.length, first + Math.ceil((container.clientHeight || 400) / h) + 2 * margin);
    const spacer = (n) => ({ className: 'spacer', cells: [{ textContent: '', colSpan: header.length, height: n * h }] });
    fillTable(this.table, header, [...(first > 0 ? [spacer(first)] : []), ...rows.slice(first, last),
      ...(last < rows.length ? [spacer(rows.length - last)] : [])], this.caption);
    if (!this.rowHeight) {
      const row = this.table.querySelector('tbody tr:not(.spacer)');
      this.rowHeight = row ? row.getBoundingClientRect().height : 0;
      if (this.rowHeight && this.rowHeight !== h) this.render();
    }
  }
}
