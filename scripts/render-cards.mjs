#!/usr/bin/env node
// Renders the link-preview cards (decision 056) into public/cards/ (committed): site.png for the
// pages without a picture of their own, and one per category (<slug>.png) for a listing without a
// photo, so its preview still says what kind of thing it is. 1200×630 PNGs in flat colours (about
// 30 KB each), as Open Graph and the large Twitter card want them; the Worker names them in
// og:image (worker/lib/boot/head.ts).
//
//   node scripts/render-cards.mjs        (Debian's Chromium at /usr/bin/chromium, or CHROMIUM)
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { FALLBACK_CATEGORIES } from '../src/shared/constants.ts';

const OUT = 'public/cards';
const WIDTH = 1200;
const HEIGHT = 630;
const mark = readFileSync('public/favicon.svg', 'utf8').replace('<svg ', '<svg width="120" height="120" ');

const escape = (text) => text.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The card: the mark and the name on the accent colour, a heading and a line under it. */
const card = (heading, line) => `<!doctype html><html><body style="margin:0">
<div style="box-sizing:border-box;width:${WIDTH}px;height:${HEIGHT}px;padding:80px 96px;display:flex;flex-direction:column;justify-content:space-between;background:#3e63dd;color:#fff;font-family:'DejaVu Sans',Arial,sans-serif">
  <div style="display:flex;align-items:center;gap:28px">${mark}<span style="font-size:56px;font-weight:700">Barter Market</span></div>
  <div><div style="font-size:84px;font-weight:700;line-height:1.1">${escape(heading)}</div>
  <div style="margin-top:24px;font-size:38px;opacity:.9">${escape(line)}</div></div>
</div></body></html>`;

const cards = [
  { file: 'site.png', heading: 'Trade, not cash', line: 'Exchange goods and skills with your neighbours' },
  ...FALLBACK_CATEGORIES.map((category) => ({
    file: `${category.slug}.png`,
    heading: category.name,
    line: 'Offered for trade on Barter Market',
  })),
];

mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT } });
for (const { file, heading, line } of cards) {
  await page.setContent(card(heading, line));
  writeFileSync(`${OUT}/${file}`, await page.screenshot({ clip: { x: 0, y: 0, width: WIDTH, height: HEIGHT } }));
}
await browser.close();
console.log(`wrote ${cards.length} cards to ${OUT}/`);
