// The demo page's one script tag: it loads the page's bundle (app.bundle.js, 244 KiB gzipped)
// once the first frame is painted, so the page's text is never behind that download: on a slow
// connection it took seconds (Lighthouse's slow 4G put the largest paint, the lede, at 2.5 s with
// the bundle fetched first and at 1.1 s with it fetched after: docs/performance.md). A classic
// script adding a classic script: it works from file:// and under script-src 'self'.
const load = () => document.head.append(Object.assign(document.createElement('script'), { src: 'app.bundle.js' }));
// A tab opened in the background paints no frame until shown: nothing to wait for there.
if (document.visibilityState === 'hidden') load();
else requestAnimationFrame(() => setTimeout(load));
