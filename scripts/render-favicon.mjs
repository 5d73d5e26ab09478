#!/usr/bin/env node
// Renders public/favicon.svg (the header's ⇄ mark on the accent colour) into the files browsers
// ask for by name: public/favicon.ico (32×32 and 16×16 PNGs in an ICO) and
// public/apple-touch-icon.png (180×180). They are static assets, so these requests never reach the
// Worker (docs/decisions/043-spa-request-waste.md).
//
//   node scripts/render-favicon.mjs        (Debian's Chromium at /usr/bin/chromium, or CHROMIUM)
import { readFileSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const svg = readFileSync('public/favicon.svg', 'utf8');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
const page = await browser.newPage();

async function png(size) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
  );
  return page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
}

/** An ICO holding PNG images (supported by every browser that asks for /favicon.ico). */
function ico(images) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, data }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size, 0);
    entry.writeUInt8(size, 1);
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += data.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((image) => image.data)]);
}

writeFileSync(
  'public/favicon.ico',
  ico([
    { size: 32, data: await png(32) },
    { size: 16, data: await png(16) },
  ]),
);
writeFileSync('public/apple-touch-icon.png', await png(180));
await browser.close();
console.log('wrote public/favicon.ico and public/apple-touch-icon.png');
