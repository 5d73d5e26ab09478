#!/usr/bin/env node
// Renders public/favicon.svg (the header's ⇄ mark on the accent colour) into the installed app's
// icons the web app manifest names (public/manifest.webmanifest; docs/decisions/067-installable-app.md):
// public/icons/icon-192.png and icon-512.png (the mark as the favicon draws it, rounded corners on
// transparency) and icon-maskable-512.png (the same mark on a full square of the accent colour, so
// a launcher's circle or squircle mask cuts only colour: the arrows sit inside the middle 80%,
// the maskable safe zone), and badge-96.png (the arrows alone, white on transparency: the small
// monochrome mark a phone's status bar shows for a notification). The outputs are committed.
//
//   node scripts/render-app-icons.mjs        (Debian's Chromium at /usr/bin/chromium, or CHROMIUM)
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const svg = readFileSync('public/favicon.svg', 'utf8');
// The maskable icon: no rounded corners (the launcher's mask draws the shape).
const maskable = svg.replace(/ rx="[^"]*"/, '');
if (maskable === svg) throw new Error('public/favicon.svg no longer has the rounded rectangle this script expects');

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
const page = await browser.newPage();

async function png(source, size) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<html><body style="margin:0;background:transparent">${source.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
  );
  return page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
}

// The badge: the arrows without the square; phones use only its transparency.
const badge = svg.replace(/<rect [^>]*\/>/, '');
if (badge === svg) throw new Error('public/favicon.svg no longer has the square this script expects');

mkdirSync('public/icons', { recursive: true });
writeFileSync('public/icons/icon-192.png', await png(svg, 192));
writeFileSync('public/icons/icon-512.png', await png(svg, 512));
writeFileSync('public/icons/icon-maskable-512.png', await png(maskable, 512));
writeFileSync('public/icons/badge-96.png', await png(badge, 96));
await browser.close();
console.log('wrote public/icons/icon-192.png, icon-512.png, icon-maskable-512.png and badge-96.png');
