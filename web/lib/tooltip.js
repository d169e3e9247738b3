// One tooltip for the page, near the pointer or the keyboard cursor. Its data attributes carry
// the cell and the value shown, for tests and for people copying numbers.
const element = () => document.getElementById('tooltip');

export function showTooltip(text, clientX, clientY, data = {}) {
  const tip = element();
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

export function hideTooltip() {
  element().hidden = true;
}
