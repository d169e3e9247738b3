// Docusaurus client module for posenc's elements. In docusaurus.config.js:
//   clientModules: [require.resolve('./posenc-client.js')]
// The elements load only on pages that have one: on the first page and after each client-side
// navigation (onRouteDidUpdate runs for both), and webpack puts them in a chunk of their own, so
// the other pages never fetch them. Docusaurus also evaluates client modules where it renders
// pages to HTML; nothing here runs there.
// A plain loop: Docusaurus's Babel may compile [...collection] loosely, to [collection].
function hasElement() {
  const all = document.getElementsByTagName('*');
  for (let i = 0; i < all.length; i++) if (all[i].localName.startsWith('posenc-')) return true;
  return false;
}

export function onRouteDidUpdate() {
  if (hasElement()) import('posenc/elements');
}
