// The reader's place in the story: the `view` in the URL scrolls there on load (a story section
// or, from older links, a view's name), and follows the reader as they scroll; the contents
// link of the section in view is marked current. On a phone the contents fold into a button.

/** Scrolls to the URL's view (once the views above it have their final heights). */
export function scrollToView(state) {
  const view = state.get('view');
  if (view !== state.params.view.def && !location.hash) document.getElementById(view)?.scrollIntoView();
}

export function followSections(state) {
  const links = [...document.querySelectorAll('#story-nav a[href^="#"]')];
  const observer = new IntersectionObserver((entries) => {
    const seen = entries.filter((e) => e.isIntersecting).sort((a, b) => a.boundingClientRect.top - b.boundingClientRect.top)[0];
    if (!seen) return;
    for (const a of links) a.setAttribute('aria-current', String(a.hash === `#${seen.target.id}`));
    state.set({ view: seen.target.id });
  }, { rootMargin: '-30% 0px -60% 0px' });
  document.querySelectorAll('section.step').forEach((s) => observer.observe(s));

  const toggle = document.getElementById('contents-toggle'), nav = document.getElementById('story-nav');
  toggle.addEventListener('click', () => {
    const open = toggle.getAttribute('aria-expanded') !== 'true';
    toggle.setAttribute('aria-expanded', String(open));
    nav.classList.toggle('open', open);
  });
  nav.addEventListener('click', (e) => {
    if (e.target.closest('a')) { toggle.setAttribute('aria-expanded', 'false'); nav.classList.remove('open'); }
  });
}
