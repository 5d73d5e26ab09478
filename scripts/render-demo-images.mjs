#!/usr/bin/env node
// Renders the demo community's photos and avatars once, into public/demo-images/ (committed):
// each listing of worker/dev/seed-data.ts gets one to three 800×600 JPEG "photos" with a 400×300
// thumbnail, each member a 256×256 avatar, every file at most 60 KB. The drawings are made for
// this project (scripts/demo-art.mjs), not photographs; decision 019 says why. The seed copies them
// into R2 as uploads (worker/dev/demo-images.ts).
//
//   node scripts/render-demo-images.mjs        (Debian's Chromium at /usr/bin/chromium, or CHROMIUM)
//
// Rerunning rewrites the same files; commit them with the seed data they belong to.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { SEED_LISTINGS, SEED_MEMBERS } from '../worker/dev/seed-data.ts';
import * as art from './demo-art.mjs';

const OUT = 'public/demo-images';
const MAX_BYTES = 60 * 1024;
const { put } = art;

// Walls and table tops: [wall top, wall bottom, table near, table far].
const ROOMS = {
  kitchen: ['#f3ead8', '#e4d6bc', '#9c6b43', '#b5814f'],
  studio: ['#e9eef2', '#d3dde4', '#c9ccd0', '#dfe2e5'],
  garden: ['#dcebd2', '#c3dbb5', '#7a5a3a', '#8f6a45'],
  workshop: ['#e6e1d8', '#cfc7b9', '#6b5a48', '#85705a'],
  blue: ['#dfe8f2', '#c6d5e6', '#e9e3d6', '#f4efe4'],
  rose: ['#f4e3e0', '#e8cbc6', '#d9c4a0', '#e6d4b4'],
  dark: ['#3a3f46', '#2c3036', '#5a4a3a', '#6e5a46'],
  mint: ['#e0f0ea', '#c8e3d8', '#f4efe4', '#fbf7ee'],
};

/** One shot: a room, the horizon's height, a zoom and the motifs placed on it. */
const shot = (room, body, { horizon = 400, zoom = 1, cx = 400, cy = 470 } = {}) => ({
  room,
  body,
  horizon,
  zoom,
  cx,
  cy,
});

/** The shots of each listing, by title: one to three, as members post them. */
const SHOTS = {
  'Fresh heirloom tomatoes, weekly basket': [
    shot('kitchen', put(400, 540, 1, art.tomatoBasket()), { zoom: 1.5, cy: 520 }),
    shot(
      'garden',
      [
        put(250, 520, 1.5, art.tomato('#d9382b', 40)),
        put(420, 540, 1.7, art.tomato('#f0a030', 40)),
        put(590, 515, 1.4, art.tomato('#7a2a3a', 40)),
      ].join(''),
      { horizon: 330 },
    ),
  ],
  'Sourdough starter and a baking lesson': [
    shot('kitchen', put(330, 540, 1, art.loaf()) + put(600, 520, 0.9, art.jar('#efe6d2', 'Starter'))),
    shot('rose', put(400, 520, 1.4, art.jar('#efe6d2', 'Starter')), { horizon: 430 }),
    shot('kitchen', put(400, 560, 1.6, art.loaf()), { horizon: 360 }),
  ],
  'Hand-built cedar planter box': [
    shot('garden', put(400, 540, 1, art.planter())),
    shot('garden', put(420, 600, 1.6, art.planter()), { horizon: 300 }),
  ],
  'Garden design consultation': [
    shot('studio', put(400, 540, 1.1, art.gardenPlan()), { horizon: 250 }),
    shot('garden', put(400, 540, 1, art.planter())),
  ],
  'Full bike tune-up and safety check': [
    shot('workshop', put(400, 540, 0.95, art.bicycle('#c0392b'))),
    shot('workshop', put(400, 480, 1.2, art.wrench(), -15) + put(420, 540, 1, art.wrench(), 10), { horizon: 300 }),
    shot('studio', put(400, 560, 1.3, art.bicycle('#c0392b')), { horizon: 420 }),
  ],
  'Personal website built for you': [
    shot('studio', put(400, 520, 1.1, art.laptop(art.websiteScreen('#2f8f83')))),
    shot('blue', put(400, 540, 1.35, art.laptop(art.websiteScreen('#8e5aa8'))), { horizon: 460 }),
  ],
  'Laptop clean-up and speed boost': [
    shot('blue', put(400, 520, 1.1, art.laptop(art.speedScreen()))),
    shot('studio', put(400, 530, 1, art.laptop(art.speedScreen())) + put(640, 560, 0.7, art.screwdriver(), -20)),
  ],
  'Vintage road bike, 56 cm steel frame': [
    shot('studio', put(400, 540, 0.95, art.bicycle('#2f6f8f'))),
    shot('workshop', put(400, 540, 0.95, art.bicycle('#2f6f8f', '#3a3a3a'))),
    shot('blue', put(300, 620, 1.6, art.bicycle('#2f6f8f')), { horizon: 480 }),
  ],
  'Beginner piano lessons (4 sessions)': [
    shot('dark', put(400, 520, 1, art.piano()), { horizon: 360 }),
    shot('kitchen', put(400, 560, 0.9, art.sheet(-4)), { horizon: 300 }),
  ],
  'Handmade stoneware mugs, set of four': [
    shot(
      'mint',
      [
        put(190, 520, 0.85, art.mug('#5b8fb9')),
        put(350, 540, 0.9, art.mug('#4f7fa8')),
        put(510, 525, 0.85, art.mug('#6a9cc4')),
        put(650, 545, 0.8, art.mug('#3f6f98')),
      ].join(''),
    ),
    shot('kitchen', put(400, 540, 1.6, art.mug('#5b8fb9')), { horizon: 380 }),
  ],
  'Pottery wheel taster afternoon': [
    shot('workshop', put(400, 560, 1.1, art.pot())),
    shot('studio', put(300, 530, 0.9, art.pot()) + put(600, 520, 0.7, art.mug('#b87a56'))),
  ],
  'Sheet music collection for piano': [
    shot('kitchen', put(330, 560, 1, art.books(5)) + put(560, 560, 0.9, art.sheet(6)), { horizon: 320 }),
    shot('studio', put(400, 570, 1.2, art.sheet(-3)), { horizon: 240 }),
  ],
  'Tool library: drills, saws and ladders': [
    shot('workshop', put(260, 540, 0.9, art.drill()) + put(600, 560, 1, art.ladder())),
    shot('workshop', put(400, 520, 1, art.saw()), { horizon: 330 }),
    shot('garden', put(400, 560, 1.2, art.ladder())),
  ],
  'Light fixture and outlet repairs': [
    shot('mint', put(400, 560, 1, art.lamp()), { horizon: 520 }),
    shot('studio', put(400, 300, 1.1, art.outlet()) + put(480, 570, 0.6, art.screwdriver('#f2b01e'), -10), {
      horizon: 520,
      zoom: 1.3,
      cy: 380,
    }),
  ],
  'Intro to home electrics workshop': [
    shot('dark', put(400, 540, 1.2, art.bulb())),
    shot('blue', put(400, 300, 1, art.outlet()), { horizon: 560 }),
  ],
  'Lawn mower, petrol, self-propelled': [
    shot('garden', put(470, 560, 0.9, art.mower()), { horizon: 330 }),
    shot('garden', put(360, 590, 1.3, art.mower()), { horizon: 260 }),
  ],
  'Clothing alterations and hemming': [
    shot('rose', put(330, 470, 1, art.scissors(), -10) + put(520, 560, 0.9, art.tape()), { horizon: 300 }),
    shot(
      'rose',
      [
        put(260, 540, 1, art.spool('#d9382b')),
        put(380, 550, 1, art.spool('#2f6f8f')),
        put(500, 540, 1, art.spool('#f2c230')),
        put(610, 550, 1, art.spool('#4f8f3a')),
      ].join(''),
      { zoom: 1.5, cy: 520 },
    ),
  ],
  'Kids’ clothes bundle, ages 3 to 5': [
    shot('mint', put(300, 520, 0.9, art.tshirt('#f2c230', '#2f6f8f')) + put(530, 540, 0.85, art.tshirt('#e94f6a')), {
      horizon: 300,
    }),
    shot('blue', put(330, 540, 1, art.welly('#2f8f83')) + put(480, 550, 1, art.welly('#2f8f83'))),
    shot('rose', put(400, 540, 1.1, art.tshirt('#8fc46a', '#fff')), { horizon: 280 }),
  ],
  'Sewing basics for teens': [
    shot('rose', put(400, 540, 1, art.sewingMachine())),
    shot('mint', put(400, 540, 1.1, art.tote())),
  ],
  'Custom cushion covers': [
    shot(
      'mint',
      put(260, 540, 0.9, art.cushion('#e5a13a', 'stripes')) + put(540, 550, 0.95, art.cushion('#2f8f83', 'dots')),
    ),
    shot('rose', put(400, 540, 1.2, art.cushion('#8e5aa8', 'leaf'))),
  ],
  'Lebanese feast for six': [
    shot('kitchen', put(250, 520, 0.9, art.hummus()) + put(560, 530, 0.95, art.salad()), {
      horizon: 320,
      zoom: 1.35,
      cy: 500,
    }),
    shot('kitchen', put(400, 540, 1.2, art.plateSkewers()), { horizon: 330, zoom: 1.4, cy: 500 }),
    shot('rose', put(400, 540, 1.3, art.baklava()), { horizon: 330, zoom: 1.4, cy: 500 }),
  ],
  'Weekly batch-cooked lunches': [
    shot(
      'mint',
      put(270, 500, 0.9, art.lunchbox('#cfe3ee', '#e5a13a')) + put(540, 540, 0.9, art.lunchbox('#cfe3ee', '#6aac4a')),
      { horizon: 320, zoom: 1.4, cy: 500 },
    ),
    shot('kitchen', put(400, 540, 1.3, art.lunchbox('#cfe3ee', '#d96a3a')), { horizon: 330, zoom: 1.4, cy: 500 }),
  ],
  'Arabic conversation practice': [
    shot('blue', put(330, 420, 0.9, art.speech('#2f6f8f', 'مرحبا')) + put(560, 560, 0.8, art.books(3)), {
      horizon: 480,
      zoom: 1.3,
      cy: 420,
    }),
  ],
  'Homemade za’atar and spice blends': [
    shot(
      'kitchen',
      [
        put(200, 540, 0.9, art.spiceJar('#6b7a3a', 'za’atar')),
        put(400, 550, 0.95, art.spiceJar('#a8402a', '7-spice')),
        put(600, 540, 0.9, art.spiceJar('#8a2a3a', 'sumac')),
      ].join(''),
      { zoom: 1.4, cy: 500 },
    ),
    shot('dark', put(400, 550, 1.4, art.spiceJar('#6b7a3a', 'za’atar'))),
  ],
  'Logo and brand kit design': [
    shot('studio', put(400, 540, 1.1, art.logoSheet('#e5a13a', '#2f6f8f')), { horizon: 260 }),
    shot('blue', put(400, 520, 1.1, art.laptop(art.designScreen()))),
  ],
  'Event poster and flyer design': [
    shot(
      'studio',
      [
        put(230, 470, 0.9, art.poster('#d9382b', '#f2c230', 'SWAP')),
        put(420, 480, 0.95, art.poster('#2f6f8f', '#8fc46a', 'FAIR')),
        put(610, 470, 0.9, art.poster('#8e5aa8', '#e5a13a', 'JAZZ')),
      ].join(''),
      { horizon: 520 },
    ),
  ],
  'Framed art prints': [
    shot(
      'studio',
      [
        put(220, 430, 0.8, art.frame('#f1e9d8', '#4f8f3a')),
        put(400, 440, 0.85, art.frame('#e8efe0', '#2f6f4a')),
        put(580, 430, 0.8, art.frame('#f4e3e0', '#6a8f3a')),
      ].join(''),
      { horizon: 500 },
    ),
    shot('mint', put(400, 520, 1.2, art.frame('#e8efe0', '#2f6f4a')), { horizon: 480 }),
  ],
  'Photo editing and retouching': [
    shot('blue', put(400, 520, 1.1, art.laptop(art.photoScreen()))),
    shot('studio', put(400, 540, 1.1, art.camera())),
  ],
  'Seed swap: 20 packets of vegetable seeds': [
    shot(
      'kitchen',
      [
        put(190, 530, 0.9, art.seedPacket('#4f8f3a', 'Kale'), -8),
        put(330, 545, 0.9, art.seedPacket('#e5a13a', 'Squash'), 4),
        put(470, 530, 0.9, art.seedPacket('#d9382b', 'Beans'), -3),
        put(610, 545, 0.9, art.seedPacket('#8e5aa8', 'Chard'), 7),
      ].join(''),
      { horizon: 330, zoom: 1.2, cy: 480 },
    ),
    shot('garden', put(400, 540, 1.4, art.seedPacket('#4f8f3a', 'Kale')), { horizon: 330 }),
  ],
  'Smartphone screen replacement': [
    shot('workshop', put(360, 540, 1, art.phone()) + put(560, 560, 0.7, art.screwdriver('#2f6f8f'), -25), {
      horizon: 340,
    }),
    shot('blue', put(400, 540, 1.1, art.phone(false)), { horizon: 340 }),
  ],
  'Music theory tutoring for exams': [
    shot('kitchen', put(330, 560, 0.9, art.sheet(-6)) + put(580, 540, 0.9, art.metronome()), { horizon: 320 }),
  ],
  'Bookshelf assembly and wall mounting': [
    shot('studio', put(400, 560, 1.05, art.bookshelf()), { horizon: 520 }),
    shot('workshop', put(400, 540, 1, art.drill()) + put(600, 560, 0.6, art.screwdriver('#f2b01e'), -30)),
  ],
  'Aulas de piano para principiantes': [
    shot('studio', put(400, 540, 1, art.piano()) + put(610, 470, 0.8, art.sheet(-6))),
    shot('blue', put(400, 540, 1.3, art.metronome()), { horizon: 420 }),
  ],
  'Pots de confiture maison': [
    shot('kitchen', put(300, 540, 1, art.jar('#c2413b', 'Abricot')) + put(520, 540, 1, art.jar('#6b2a4a', 'Prune'))),
  ],
  'Fahrrad-Inspektion und kleine Reparaturen': [
    shot('workshop', put(400, 560, 1, art.bicycle('#2f6db5')) + put(660, 560, 0.8, art.wrench())),
  ],
  'Clases de cocina: tortilla y cocido': [
    shot('kitchen', put(320, 540, 1, art.pot()) + put(560, 550, 0.8, art.bowl('#e8c26a'))),
  ],
  'Typography workshop for beginners': [
    shot(
      'studio',
      [
        put(250, 530, 0.9, art.letters('Aa', '#2f3338', '#f4ede0')),
        put(450, 540, 0.9, art.letters('Gg', '#e5a13a', '#2f3338', 'DejaVu Sans')),
        put(640, 530, 0.8, art.letters('&amp;', '#e94f6a', '#fff')),
      ].join(''),
    ),
    shot('blue', put(400, 540, 1.3, art.letters('Aa', '#2f3338', '#f4ede0')), { horizon: 440 }),
  ],
};

/** The whole 800×600 picture of a shot: wall, light, table, the motifs, a soft vignette. */
function sceneSvg({ room, body, horizon, zoom, cx, cy }) {
  const [wallTop, wallBottom, tableNear, tableFar] = ROOMS[room];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 600" width="100%" height="100%" preserveAspectRatio="xMidYMid slice">
  <defs>
    <filter id="blur" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="9"/></filter>
    <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${wallTop}"/><stop offset="1" stop-color="${wallBottom}"/></linearGradient>
    <linearGradient id="table" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${tableFar}"/><stop offset="1" stop-color="${tableNear}"/></linearGradient>
    <radialGradient id="light" cx=".3" cy=".2" r=".8"><stop offset="0" stop-color="#fff" stop-opacity=".45"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
    <radialGradient id="vignette" cx=".5" cy=".5" r=".75"><stop offset=".6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".28"/></radialGradient>
    <linearGradient id="screenGlow" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".25"/><stop offset=".5" stop-color="#fff" stop-opacity="0"/></linearGradient>
  </defs>
  <rect width="800" height="600" fill="url(#wall)"/>
  <rect y="${horizon}" width="800" height="${600 - horizon}" fill="url(#table)"/>
  ${Array.from({ length: 6 }, (_, i) => `<path d="M0 ${horizon + 18 + i * i * 7} C200 ${horizon + 12 + i * i * 7} 600 ${horizon + 26 + i * i * 7} 800 ${horizon + 16 + i * i * 7}" stroke="#000" stroke-opacity=".05" stroke-width="2" fill="none"/>`).join('')}
  <rect y="${horizon - 2}" width="800" height="4" fill="#000" opacity=".08"/>
  <g transform="translate(${cx} ${cy}) scale(${zoom}) translate(${-cx} ${-cy})">${body}</g>
  <rect width="800" height="600" fill="url(#light)"/>
  <rect width="800" height="600" fill="url(#vignette)"/>
</svg>`;
}

const SKIN = ['#f1c8a8', '#d9a47a', '#b87a52', '#8a5a3a', '#f4d4b8', '#c48a62', '#a86c48', '#e8b894'];
const HAIR = ['#3a2a1e', '#1d1d1f', '#8a5a2a', '#c9a36a', '#4a3020', '#2a2a2a', '#6a3a20', '#b0b0b0'];
const SHIRT = ['#2f8f83', '#d9382b', '#2f6f8f', '#8e5aa8', '#e5a13a', '#e94f6a', '#4f8f3a', '#3a3f46'];
const BACKDROP = ['#cfe8e2', '#f4e3e0', '#dfe8f2', '#f3ead8', '#e0f0ea', '#f2e6f4', '#e6efd8', '#e9eef2'];

/** A member's avatar: a friendly head-and-shoulders drawing in their own colours. */
function avatarSvg(index) {
  const skin = SKIN[index % SKIN.length];
  const hair = HAIR[(index * 3) % HAIR.length];
  const long = index % 2 === 1;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" width="100%" height="100%">
  <rect width="256" height="256" fill="${BACKDROP[index % BACKDROP.length]}"/>
  <circle cx="200" cy="50" r="70" fill="#fff" opacity=".35"/>
  ${long ? `<path d="M62 120 Q60 40 128 38 Q196 40 194 120 L198 200 L58 200 Z" fill="${hair}"/>` : ''}
  <path d="M40 256 Q44 180 128 176 Q212 180 216 256 Z" fill="${SHIRT[index % SHIRT.length]}"/>
  <rect x="110" y="150" width="36" height="36" rx="12" fill="${skin}"/>
  <ellipse cx="128" cy="112" rx="54" ry="62" fill="${skin}"/>
  <path d="M74 100 Q76 44 128 44 Q182 44 182 100 Q160 72 128 76 Q100 70 74 100 Z" fill="${hair}"/>
  <circle cx="108" cy="116" r="6" fill="#2a2a2a"/><circle cx="148" cy="116" r="6" fill="#2a2a2a"/>
  <path d="M110 142 Q128 156 146 142" stroke="#7a3a2a" stroke-width="5" fill="none" stroke-linecap="round"/>
  <circle cx="96" cy="134" r="8" fill="#e94f6a" opacity=".18"/><circle cx="160" cy="134" r="8" fill="#e94f6a" opacity=".18"/>
</svg>`;
}

/** The file name of a listing's photos: the title in lowercase words, `-<n>`. */
export const photoSlug = (title) =>
  title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 48)
    .replace(/-$/, '');

async function screenshot(page, svg, width, height) {
  await page.setViewportSize({ width, height });
  await page.setContent(`<!doctype html><html><body style="margin:0;overflow:hidden">${svg}</body></html>`);
  // The largest quality that stays within the budget: illustrations need less than photographs.
  for (let quality = 82; quality >= 40; quality -= 6) {
    const bytes = await page.screenshot({ type: 'jpeg', quality, clip: { x: 0, y: 0, width, height } });
    if (bytes.length <= MAX_BYTES) return bytes;
  }
  throw new Error(`Could not get a ${width}×${height} image under ${MAX_BYTES} bytes`);
}

async function main() {
  const missing = SEED_LISTINGS.filter((listing) => !SHOTS[listing.title]);
  if (missing.length) throw new Error(`No shots for: ${missing.map((l) => l.title).join(', ')}`);
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(join(OUT, 'listings'), { recursive: true });
  mkdirSync(join(OUT, 'avatars'), { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox'],
  });
  const page = await browser.newPage();
  const manifest = { listings: {}, avatars: {} };
  let total = 0;
  for (const listing of SEED_LISTINGS) {
    const shots = SHOTS[listing.title];
    if (shots.length < 1 || shots.length > 3) throw new Error(`${listing.title}: 1 to 3 shots`);
    manifest.listings[listing.title] = [];
    for (const [index, s] of shots.entries()) {
      const name = `listings/${photoSlug(listing.title)}-${index + 1}`;
      const svg = sceneSvg(s);
      const photo = await screenshot(page, svg, 800, 600);
      const thumb = await screenshot(page, svg, 400, 300);
      writeFileSync(join(OUT, `${name}.jpg`), photo);
      writeFileSync(join(OUT, `${name}.thumb.jpg`), thumb);
      manifest.listings[listing.title].push(name);
      total += photo.length + thumb.length;
    }
  }
  for (const [index, member] of SEED_MEMBERS.entries()) {
    const name = `avatars/${member.username.replace(/[^a-z0-9_-]/gi, '-')}`;
    const bytes = await screenshot(page, avatarSvg(index), 256, 256);
    writeFileSync(join(OUT, `${name}.jpg`), bytes);
    manifest.avatars[member.username] = name;
    total += bytes.length;
  }
  writeFileSync(join(OUT, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  await browser.close();
  const photos = Object.values(manifest.listings).flat().length;
  console.log(
    `Rendered ${photos} photos (with thumbnails) and ${SEED_MEMBERS.length} avatars into ${OUT}: ${(total / 1024).toFixed(0)} KB in all.`,
  );
}

await main();
