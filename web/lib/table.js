// HTML tables from arrays: header cells and rows of cells ({ text, className } or plain values).
export function fillTable(table, header, rows, caption) {
  table.replaceChildren();
  if (caption) table.createCaption().textContent = caption;
  const head = table.createTHead().insertRow();
  for (const h of header) {
    const th = document.createElement('th');
    th.scope = 'col';
    if (typeof h === 'object') Object.assign(th, h);
    else th.textContent = h;
    head.append(th);
  }
  const body = table.createTBody();
  for (const row of rows) {
    const tr = body.insertRow();
    if (row.className) tr.className = row.className;
    for (const cell of row.cells ?? row) {
      const td = tr.insertCell();
      if (cell !== null && typeof cell === 'object') Object.assign(td, cell);
      else td.textContent = cell;
    }
  }
}
