// The demo site's two pages share their <head>'s styles and script (web/head.part.html) and one
// header Settings panel (web/settings.part.html), put in place of each page's comment by
// scripts/build-site.js: both built pages hold each once, the same markup at the comment's
// indentation, and a part is no page of the site.
import test from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSite } from '../../scripts/build-site.js';
import { tempDir } from '../temp.js';

const site = await buildSite(tempDir('parts'));
const built = (name) => readFileSync(join(site, name), 'utf8');
const source = (name) => readFileSync(new URL(`../../web/${name}`, import.meta.url), 'utf8');
const panel = (html) => html.match(/\n( *)<details class="settings">[\s\S]*?\n\1<\/details>\n/)?.[0];

test('both pages hold the Settings panel once, the same markup, where their comment was', () => {
  for (const name of ['index.html', 'workbench.html']) {
    assert.equal(source(name).match(/<!-- posenc: settings\.part\.html -->/g)?.length, 1, `web/${name} names the part once`);
    const html = built(name);
    assert.equal(html.match(/<details class="settings">/g)?.length, 1, name);
    assert.doesNotMatch(html, /posenc: settings\.part\.html|settings\.part\.html", without this comment/, `${name}: no comment left`);
    // In the header, before its end, indented as the comment was (four spaces).
    assert.ok(html.indexOf('<details class="settings">') < html.indexOf('</header>'), name);
    assert.match(panel(html), /^\n {4}<details class="settings">\n {6}<summary>Settings <span id="scheme-summary"/, name);
    assert.match(panel(html), /<form class="model" aria-label="Your model's size for every view that can draw it">/);
  }
  assert.equal(panel(built('index.html')), panel(built('workbench.html')));
  assert.equal(existsSync(join(site, 'settings.part.html')), false, 'the part is no page of the site');
});

test("both pages' <head> links the same styles, icon and script, once, in its place", () => {
  const linked = (html) => html.match(/\n {2}<link rel="stylesheet" href="theme\.css">\n[\s\S]*?<\/head>/)?.[0].replace(/\n {2}<script src="doors\.js"><\/script>|\n {2}<!-- doors\.js[\s\S]*?-->/g, '');
  for (const name of ['index.html', 'workbench.html']) {
    assert.equal(source(name).match(/<!-- posenc: head\.part\.html -->/g)?.length, 1, `web/${name} names the part once`);
    const html = built(name);
    assert.equal(html.match(/href="theme\.css"/g)?.length, 1, name);
    assert.ok(html.indexOf('href="theme.css"') < html.indexOf('</head>') && html.indexOf('href="theme.css"') > html.indexOf('<title>'), name);
    assert.match(html, /<script defer src="after-paint\.js"><\/script>\n<\/head>/, name);
    assert.doesNotMatch(html, /posenc: head\.part\.html/, name);
  }
  assert.equal(linked(built('index.html')), linked(built('workbench.html')));
  assert.equal(existsSync(join(site, 'head.part.html')), false);
});
