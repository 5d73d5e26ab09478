// The drawings behind the demo photos (scripts/render-demo-images.mjs): small SVG motifs, each
// drawn with its base at (0, 0), placed on a table-top scene of 800×600. Made for this project;
// see docs/decisions/019-demo-photos-and-thumbnails.md.

/** A soft shadow under an object `w` wide, at its base. */
export const shadow = (w, o = 0.28) =>
  `<ellipse cx="0" cy="4" rx="${w / 2}" ry="${w / 12}" fill="#000" opacity="${o}" filter="url(#blur)"/>`;

const put = (x, y, s, body, r = 0) => `<g transform="translate(${x} ${y}) rotate(${r}) scale(${s})">${body}</g>`;

// --- Food and garden -------------------------------------------------------------------------
export const tomato = (c = '#d9382b', r = 34) => `
  <circle r="${r}" cy="${-r}" fill="${c}"/>
  <ellipse rx="${r * 0.35}" ry="${r * 0.22}" cx="${-r * 0.35}" cy="${-r * 1.45}" fill="#fff" opacity=".35"/>
  <path d="M0 ${-2 * r + 2} l-12 -4 l9 8 l-10 6 l13 -3 l0 11 l4 -11 l12 4 l-9 -8 l9 -7 l-13 4 z" fill="#3d7a2a"/>`;

export const basket = (fill = '') => `
  ${shadow(340)}
  <g>${fill}</g>
  <path d="M-170 -120 L170 -120 L140 0 L-140 0 Z" fill="#b27a3c"/>
  ${Array.from({ length: 6 }, (_, i) => `<path d="M-165 ${-100 + i * 19} L165 ${-100 + i * 19}" stroke="#8a5a28" stroke-width="5" transform="scale(${1 - i * 0.03} 1)"/>`).join('')}
  ${Array.from({ length: 11 }, (_, i) => `<path d="M${-150 + i * 30} -120 L${-125 + i * 25} 0" stroke="#7a4c20" stroke-width="4"/>`).join('')}
  <path d="M-170 -120 L170 -120" stroke="#6f451c" stroke-width="10" stroke-linecap="round"/>`;

export const tomatoBasket = () =>
  basket(
    [
      [-110, -105, '#d9382b'],
      [-45, -112, '#f0a030'],
      [25, -108, '#c0302a'],
      [95, -104, '#7a2a3a'],
      [-75, -135, '#e45a2c'],
      [0, -140, '#d9382b'],
      [65, -132, '#f2c230'],
    ]
      .map(([x, y, c]) => put(x, y + 40, 1, tomato(c, 36)))
      .join(''),
  );

export const loaf = () => `
  ${shadow(330)}
  <path d="M-160 0 C-170 -90 -90 -150 0 -150 C90 -150 170 -90 160 0 Z" fill="#c98a3f"/>
  <path d="M-150 -10 C-150 -80 -80 -135 0 -135 C80 -135 150 -80 150 -10" fill="none" stroke="#e2b06a" stroke-width="10" opacity=".6"/>
  ${[-70, -10, 50].map((x) => `<path d="M${x} -120 q25 40 30 90" stroke="#f3d9a8" stroke-width="12" fill="none" stroke-linecap="round"/>`).join('')}
  <ellipse cx="-60" cy="-110" rx="40" ry="14" fill="#fff" opacity=".18"/>`;

export const jar = (content = '#efe6d2', label = '') => `
  ${shadow(170)}
  <rect x="-75" y="-230" width="150" height="230" rx="26" fill="#dfe9ee" opacity=".9"/>
  <rect x="-68" y="-170" width="136" height="164" rx="20" fill="${content}"/>
  ${Array.from({ length: 14 }, (_, i) => `<circle cx="${-50 + ((i * 37) % 100)}" cy="${-150 + ((i * 53) % 130)}" r="${3 + (i % 4)}" fill="#fff" opacity=".6"/>`).join('')}
  <rect x="-80" y="-258" width="160" height="36" rx="8" fill="#8a8f96"/>
  <rect x="-60" y="-230" width="18" height="210" rx="9" fill="#fff" opacity=".35"/>
  ${label ? `<rect x="-55" y="-120" width="110" height="60" rx="6" fill="#fffaf0"/><text x="0" y="-82" font-family="DejaVu Serif" font-size="22" text-anchor="middle" fill="#5a3a1a">${label}</text>` : ''}`;

export const planter = () => `
  ${shadow(520)}
  ${[-130, -40, 50, 140].map((x) => `<path d="M${x} -150 q-30 -90 -10 -170 q30 60 20 170 z" fill="#4f8f3a"/><path d="M${x + 10} -150 q40 -70 80 -90 q-20 60 -70 90 z" fill="#6aac4a"/><circle cx="${x + 5}" cy="-250" r="16" fill="#e94f6a"/>`).join('')}
  <rect x="-250" y="-160" width="500" height="160" fill="#b5764a"/>
  ${[0, 1, 2].map((i) => `<rect x="-250" y="${-160 + i * 54}" width="500" height="50" fill="${['#c4855a', '#b97a4e', '#c98c60'][i]}"/><path d="M-240 ${-140 + i * 54} C-120 ${-150 + i * 54} 60 ${-130 + i * 54} 240 ${-142 + i * 54}" stroke="#9a6238" stroke-width="2" fill="none"/>`).join('')}
  <rect x="-262" y="-170" width="524" height="16" fill="#a86c40"/>`;

export const gardenPlan = () => `
  ${shadow(460, 0.2)}
  <path d="M-230 -10 L210 -30 L240 -330 L-200 -310 Z" fill="#fbf8f0"/>
  <path d="M-180 -60 L190 -75 L210 -290 L-160 -275 Z" fill="none" stroke="#9ab" stroke-width="3" stroke-dasharray="8 6"/>
  ${[
    [-110, -130, 40, '#7cb35a'],
    [-20, -200, 55, '#5a9a45'],
    [90, -140, 35, '#9ccf6a'],
    [120, -240, 28, '#e5a13a'],
    [-120, -230, 30, '#d86a8a'],
  ]
    .map(
      ([x, y, r, c]) =>
        `<circle cx="${x}" cy="${y}" r="${r}" fill="${c}" opacity=".75"/><circle cx="${x}" cy="${y}" r="${r}" fill="none" stroke="#3d6b2a" stroke-width="2"/>`,
    )
    .join('')}
  <path d="M-150 -90 C-60 -120 40 -70 170 -110" stroke="#c9a36a" stroke-width="14" fill="none" opacity=".7"/>
  <g transform="translate(150 -40) rotate(-35)"><rect x="-8" y="-150" width="16" height="150" fill="#f2c230"/><path d="M-8 0 L0 24 L8 0 Z" fill="#e8c9a0"/><path d="M-3 16 L0 24 L3 16 Z" fill="#333"/></g>`;

export const seedPacket = (c, label) => `
  ${shadow(150, 0.2)}
  <rect x="-70" y="-210" width="140" height="210" rx="4" fill="#fffaf0"/>
  <rect x="-70" y="-210" width="140" height="26" fill="${c}"/>
  <circle cx="0" cy="-120" r="46" fill="${c}" opacity=".85"/>
  <path d="M0 -120 q-20 -50 0 -70 q20 20 0 70" fill="#4f8f3a"/>
  <text x="0" y="-30" font-family="DejaVu Sans" font-weight="bold" font-size="18" text-anchor="middle" fill="#3a3a3a">${label}</text>`;

export const bowl = (food, w = 260) => `
  ${shadow(w + 20)}
  <ellipse cx="0" cy="-70" rx="${w / 2}" ry="${w / 7}" fill="${food}"/>
  <path d="M${-w / 2} -70 Q0 60 ${w / 2} -70 Z" fill="#f4f1ea"/>
  <path d="M${-w / 2} -70 Q0 60 ${w / 2} -70" fill="none" stroke="#2f6f8f" stroke-width="8"/>`;

export const hummus = () =>
  bowl('#e8cf9a') +
  `<path d="M-70 -72 q70 -30 140 0" stroke="#c98a3f" stroke-width="6" fill="none"/><circle cx="0" cy="-76" r="14" fill="#b8a02a"/>${[-40, 30, 60].map((x) => `<circle cx="${x}" cy="-70" r="5" fill="#b0301f"/>`).join('')}`;

export const salad = () =>
  bowl('#5a9a45') +
  Array.from(
    { length: 16 },
    (_, i) =>
      `<circle cx="${-100 + ((i * 47) % 200)}" cy="${-78 + ((i * 13) % 18)}" r="${8 + (i % 3) * 3}" fill="${['#d9382b', '#8fc46a', '#f5f0d8', '#3d7a2a'][i % 4]}"/>`,
  ).join('');

export const plateSkewers = () => `
  ${shadow(330)}
  <ellipse cx="0" cy="-30" rx="165" ry="48" fill="#f4f1ea"/><ellipse cx="0" cy="-32" rx="140" ry="38" fill="#e9e3d6"/>
  ${[-40, 0, 40].map((y) => `<g transform="translate(0 ${-30 + y * 0.4}) rotate(-6)"><path d="M-150 0 L150 0" stroke="#a07040" stroke-width="4"/>${[-90, -40, 10, 60].map((x, i) => `<rect x="${x}" y="-14" width="42" height="28" rx="10" fill="${['#b8642a', '#d9382b', '#a85a24', '#6aac4a'][i]}"/>`).join('')}</g>`).join('')}`;

export const baklava = () => `
  ${shadow(300)}
  <ellipse cx="0" cy="-20" rx="150" ry="44" fill="#f4f1ea"/>
  ${[
    [-60, -40],
    [0, -55],
    [60, -40],
    [-30, -20],
    [30, -20],
  ]
    .map(
      ([x, y]) =>
        `<path d="M${x} ${y - 26} l30 26 l-30 26 l-30 -26 z" fill="#d9a040"/><path d="M${x} ${y - 26} l30 26 l-30 26 l-30 -26 z" fill="none" stroke="#a86c20" stroke-width="3"/><circle cx="${x}" cy="${y}" r="6" fill="#6a9a30"/>`,
    )
    .join('')}`;

export const lunchbox = (c, fill) => `
  ${shadow(250)}
  <rect x="-120" y="-110" width="240" height="110" rx="18" fill="${c}" opacity=".9"/>
  <rect x="-108" y="-100" width="216" height="88" rx="12" fill="${fill}"/>
  ${Array.from({ length: 9 }, (_, i) => `<circle cx="${-80 + (i % 5) * 40}" cy="${-70 + Math.floor(i / 5) * 34}" r="11" fill="#fff" opacity=".25"/>`).join('')}`;

export const spiceJar = (c, label) =>
  `${shadow(120)}<rect x="-55" y="-170" width="110" height="170" rx="14" fill="#dfe9ee" opacity=".8"/><rect x="-50" y="-130" width="100" height="125" rx="10" fill="${c}"/>
  ${Array.from({ length: 18 }, (_, i) => `<circle cx="${-40 + ((i * 29) % 80)}" cy="${-120 + ((i * 41) % 110)}" r="2.5" fill="#000" opacity=".25"/>`).join('')}
  <rect x="-60" y="-196" width="120" height="32" rx="6" fill="#2f2f2f"/><rect x="-42" y="-96" width="84" height="44" rx="4" fill="#fffaf0"/>
  <text x="0" y="-66" font-family="DejaVu Serif" font-size="16" text-anchor="middle" fill="#5a3a1a">${label}</text>`;

// --- Bikes, tools, home ----------------------------------------------------------------------
export const bicycle = (frame = '#c0392b', tyre = '#222') => {
  const wheel = (
    x,
  ) => `<circle cx="${x}" cy="-110" r="105" fill="none" stroke="${tyre}" stroke-width="14"/><circle cx="${x}" cy="-110" r="94" fill="none" stroke="#9aa3ab" stroke-width="3"/>
    ${Array.from({ length: 12 }, (_, i) => `<path d="M${x} -110 L${x + 94 * Math.cos((i * Math.PI) / 6)} ${-110 + 94 * Math.sin((i * Math.PI) / 6)}" stroke="#b8c0c8" stroke-width="1.5"/>`).join('')}<circle cx="${x}" cy="-110" r="10" fill="#777"/>`;
  return `${shadow(560)}${wheel(-170)}${wheel(170)}
    <path d="M-170 -110 L-60 -250 L110 -250 L20 -110 Z M-60 -250 L20 -110 M110 -250 L170 -110" fill="none" stroke="${frame}" stroke-width="14" stroke-linejoin="round"/>
    <path d="M-170 -110 L-40 -110" stroke="${frame}" stroke-width="10"/>
    <path d="M-70 -250 L-80 -285" stroke="#333" stroke-width="10"/><path d="M-120 -292 q40 -14 80 0" stroke="#222" stroke-width="16" stroke-linecap="round" fill="none"/>
    <path d="M110 -250 L118 -300 q40 -4 44 30" stroke="#333" stroke-width="9" fill="none" stroke-linecap="round"/>
    <circle cx="20" cy="-110" r="24" fill="none" stroke="#555" stroke-width="6"/>
    <path d="M20 -110 L-170 -110" stroke="#666" stroke-width="3" stroke-dasharray="5 3"/>`;
};

export const wrench = () =>
  `<g><path d="M-130 -8 L100 -8 L100 8 L-130 8 Z" fill="#9aa3ab"/><circle cx="120" cy="0" r="30" fill="#9aa3ab"/><rect x="115" y="-12" width="40" height="24" fill="#e9e3d6"/><circle cx="-135" cy="0" r="20" fill="#9aa3ab"/><circle cx="-135" cy="0" r="9" fill="#e9e3d6"/><path d="M-120 -4 L90 -4" stroke="#fff" stroke-width="3" opacity=".5"/></g>`;

export const drill = () => `
  ${shadow(280)}
  <rect x="-40" y="-120" width="80" height="120" rx="14" fill="#f2b01e"/><rect x="-55" y="-30" width="110" height="30" rx="8" fill="#2f2f2f"/>
  <path d="M-60 -120 L-60 -200 Q-60 -220 -40 -220 L120 -220 Q140 -220 140 -200 L140 -150 Q140 -130 120 -130 L40 -130 L40 -120 Z" fill="#f2b01e"/>
  <rect x="-30" y="-200" width="120" height="40" rx="8" fill="#2f2f2f" opacity=".85"/>
  <rect x="140" y="-190" width="40" height="30" rx="4" fill="#555"/><path d="M180 -175 L260 -175" stroke="#9aa3ab" stroke-width="8"/>
  <path d="M-20 -120 q20 20 0 50" stroke="#2f2f2f" stroke-width="6" fill="none"/>`;

export const saw = () => `
  ${shadow(420, 0.2)}
  <path d="M-200 -20 L120 -20 L120 -70 L-200 -40 Z" fill="#c9ced3"/>
  ${Array.from({ length: 22 }, (_, i) => `<path d="M${-200 + i * 14.5} -20 l7 10 l7 -10" fill="#aab"/>`).join('')}
  <path d="M110 -90 L220 -90 Q240 -90 240 -70 L240 -10 Q240 10 220 10 L120 10 Z" fill="#2f6f8f"/><rect x="150" y="-60" width="60" height="40" rx="14" fill="#f4ede0"/>`;

export const ladder = () => `
  ${shadow(200)}
  <path d="M-80 0 L-30 -420 M80 0 L30 -420" stroke="#c0c6cc" stroke-width="16" stroke-linecap="round"/>
  ${Array.from({ length: 7 }, (_, i) => `<path d="M${-75 + i * 6.5} ${-40 - i * 55} L${75 - i * 6.5} ${-40 - i * 55}" stroke="#9aa3ab" stroke-width="12"/>`).join('')}`;

export const lamp = (on = true) => `
  <path d="M0 -600 L0 -330" stroke="#333" stroke-width="5"/>
  ${on ? `<circle cx="0" cy="-250" r="150" fill="#ffe9a0" opacity=".35" filter="url(#blur)"/>` : ''}
  <path d="M-110 -250 Q-100 -340 0 -340 Q100 -340 110 -250 Z" fill="#2f6f8f"/>
  <ellipse cx="0" cy="-250" rx="110" ry="16" fill="#1f4f6a"/>
  <circle cx="0" cy="-238" r="30" fill="${on ? '#fff6c8' : '#ddd'}"/>`;

export const bulb = () => `
  ${shadow(120)}
  <circle cx="0" cy="-170" r="70" fill="#fff6c8"/><circle cx="0" cy="-170" r="90" fill="#ffe9a0" opacity=".4" filter="url(#blur)"/>
  <path d="M-20 -150 q20 -40 40 0" stroke="#d9a040" stroke-width="4" fill="none"/>
  <rect x="-34" y="-100" width="68" height="70" rx="6" fill="#9aa3ab"/>
  ${[0, 1, 2, 3].map((i) => `<path d="M-34 ${-90 + i * 16} L34 ${-84 + i * 16}" stroke="#6f777f" stroke-width="4"/>`).join('')}
  <path d="M-14 -30 L14 -30 L6 0 L-6 0 Z" fill="#333"/>`;

export const outlet = () => `
  <rect x="-80" y="-120" width="160" height="240" rx="14" fill="#f4f1ea" stroke="#d8d2c4" stroke-width="3"/>
  ${[-50, 50].map((y) => `<g transform="translate(0 ${y})"><rect x="-44" y="-36" width="88" height="72" rx="24" fill="#ebe6da"/><rect x="-20" y="-16" width="8" height="22" fill="#333"/><rect x="12" y="-16" width="8" height="22" fill="#333"/><path d="M-6 14 a6 6 0 0 1 12 0 v8 h-12 z" fill="#333"/></g>`).join('')}`;

export const screwdriver = (c = '#d9382b') =>
  `<rect x="-150" y="-14" width="110" height="28" rx="12" fill="${c}"/><rect x="-40" y="-5" width="160" height="10" fill="#9aa3ab"/><path d="M120 -5 L138 0 L120 5 Z" fill="#6f777f"/>`;

export const mower = () => `
  ${shadow(480)}
  <path d="M-180 -50 L-150 -150 L170 -150 L200 -50 Z" fill="#c0392b"/><path d="M-150 -150 L-120 -175 L140 -175 L170 -150 Z" fill="#a93226"/>
  <rect x="-60" y="-230" width="120" height="60" rx="12" fill="#2f2f2f"/><circle cx="0" cy="-200" r="18" fill="#555"/>
  ${[-140, 160].map((x) => `<circle cx="${x}" cy="-45" r="45" fill="#222"/><circle cx="${x}" cy="-45" r="18" fill="#9aa3ab"/>`).join('')}
  <path d="M-160 -150 L-330 -420 M150 -150 L-200 -440" stroke="#2f2f2f" stroke-width="12" stroke-linecap="round"/><path d="M-350 -420 L-190 -445" stroke="#2f2f2f" stroke-width="16" stroke-linecap="round"/>
  <path d="M-60 -420 l100 40" stroke="#fff" stroke-width="0"/>`;

export const bookshelf = () => `
  ${shadow(360)}
  <rect x="-170" y="-420" width="340" height="420" fill="#c98c60"/><rect x="-155" y="-405" width="310" height="390" fill="#8a5a34"/>
  ${[0, 1, 2]
    .map((row) => {
      const y = -400 + row * 130;
      return `<rect x="-160" y="${y + 118}" width="320" height="12" fill="#c98c60"/>${Array.from(
        { length: 9 },
        (_, i) => {
          const h = 80 + ((i * 37 + row * 11) % 35);
          return `<rect x="${-150 + i * 32}" y="${y + 118 - h}" width="28" height="${h}" fill="${['#2f6f8f', '#d9382b', '#f2c230', '#4f8f3a', '#8e5aa8', '#e5a13a', '#f4f1ea'][(i + row * 3) % 7]}"/>`;
        },
      ).join('')}`;
    })
    .join('')}`;

export const books = (n = 4) =>
  shadow(300, 0.22) +
  Array.from(
    { length: n },
    (_, i) =>
      `<rect x="${-140 + (i % 2) * 12}" y="${-36 - i * 36}" width="${280 - i * 10}" height="34" rx="3" fill="${['#2f6f8f', '#d9382b', '#4f8f3a', '#f2c230', '#8e5aa8'][i % 5]}"/><rect x="${-130 + (i % 2) * 12}" y="${-30 - i * 36}" width="${260 - i * 10}" height="4" fill="#fff" opacity=".35"/>`,
  ).join('');

export const cushion = (c, pattern) => `
  ${shadow(300)}
  <path d="M-150 -20 Q-170 -150 -150 -280 Q0 -260 150 -280 Q170 -150 150 -20 Q0 -40 -150 -20 Z" fill="${c}"/>
  ${pattern === 'stripes' ? [-100, -50, 0, 50, 100].map((x) => `<path d="M${x} -270 Q${x + 8} -150 ${x} -30" stroke="#fff" stroke-width="10" opacity=".5" fill="none"/>`).join('') : ''}
  ${pattern === 'dots' ? Array.from({ length: 16 }, (_, i) => `<circle cx="${-105 + (i % 4) * 70}" cy="${-235 + Math.floor(i / 4) * 60}" r="10" fill="#fff" opacity=".55"/>`).join('') : ''}
  ${pattern === 'leaf' ? `<path d="M0 -80 Q-70 -150 0 -230 Q70 -150 0 -80 Z" fill="#fff" opacity=".45"/><path d="M0 -85 L0 -225" stroke="${c}" stroke-width="4"/>` : ''}
  <path d="M-150 -20 Q-170 -150 -150 -280" stroke="#000" stroke-width="6" opacity=".12" fill="none"/>`;

// --- Tech ------------------------------------------------------------------------------------
export const laptop = (screen) => `
  ${shadow(520)}
  <path d="M-260 0 L260 0 L230 -30 L-230 -30 Z" fill="#b9c0c7"/><rect x="-60" y="-8" width="120" height="6" rx="3" fill="#9aa3ab"/>
  <rect x="-215" y="-320" width="430" height="290" rx="14" fill="#2f3338"/>
  <g transform="translate(-200 -305)"><svg width="400" height="262" viewBox="0 0 400 262">${screen}</svg></g>`;

export const websiteScreen = (accent = '#2f8f83') => `
  <rect width="400" height="262" fill="#fbfaf7"/><rect width="400" height="34" fill="${accent}"/>
  <circle cx="20" cy="17" r="8" fill="#fff" opacity=".8"/><rect x="290" y="12" width="90" height="10" rx="5" fill="#fff" opacity=".7"/>
  <rect x="24" y="56" width="190" height="20" rx="4" fill="#2f3338"/><rect x="24" y="86" width="160" height="10" rx="4" fill="#9aa3ab"/><rect x="24" y="104" width="140" height="10" rx="4" fill="#9aa3ab"/>
  <rect x="24" y="128" width="80" height="26" rx="13" fill="${accent}"/><rect x="236" y="52" width="140" height="110" rx="8" fill="#f2c230" opacity=".8"/><circle cx="306" cy="107" r="30" fill="#fff" opacity=".6"/>
  ${[0, 1, 2].map((i) => `<rect x="${24 + i * 122}" y="180" width="108" height="64" rx="8" fill="#eee9df"/>`).join('')}`;

export const speedScreen = () => `
  <rect width="400" height="262" fill="#16324a"/>
  <path d="M120 190 A80 80 0 1 1 280 190" stroke="#2b4a66" stroke-width="22" fill="none"/><path d="M120 190 A80 80 0 0 1 262 130" stroke="#4fd18b" stroke-width="22" fill="none" stroke-linecap="round"/>
  <path d="M200 190 L255 140" stroke="#fff" stroke-width="6" stroke-linecap="round"/><circle cx="200" cy="190" r="10" fill="#fff"/>
  <text x="200" y="240" fill="#fff" font-family="DejaVu Sans" font-size="22" text-anchor="middle" font-weight="bold">Fast again</text>`;

export const designScreen = (c1 = '#e5a13a', c2 = '#2f6f8f') => `
  <rect width="400" height="262" fill="#2a2d31"/><rect x="0" y="0" width="50" height="262" fill="#1f2225"/>
  ${[0, 1, 2, 3, 4].map((i) => `<rect x="14" y="${20 + i * 36}" width="22" height="22" rx="4" fill="#555"/>`).join('')}
  <rect x="80" y="26" width="240" height="210" fill="#fbfaf7"/>
  <circle cx="200" cy="110" r="50" fill="${c1}"/><path d="M165 140 L200 70 L235 140 Z" fill="${c2}"/>
  <rect x="140" y="178" width="120" height="14" rx="3" fill="#2f3338"/><rect x="160" y="200" width="80" height="8" rx="3" fill="#9aa3ab"/>`;

export const photoScreen = () => `
  <rect width="400" height="262" fill="#2a2d31"/><rect x="24" y="20" width="250" height="222" fill="#7fb2d9"/>
  <path d="M24 242 L110 130 L170 200 L210 160 L274 242 Z" fill="#3d7a4a"/><circle cx="220" cy="70" r="24" fill="#ffe9a0"/>
  <path d="M149 20 L149 242" stroke="#fff" stroke-width="2" stroke-dasharray="6 4"/>
  <rect x="290" y="20" width="90" height="222" fill="#1f2225"/>${[0, 1, 2, 3].map((i) => `<rect x="300" y="${34 + i * 26}" width="70" height="6" rx="3" fill="#555"/><circle cx="${320 + i * 12}" cy="${37 + i * 26}" r="6" fill="#9ecbff"/>`).join('')}`;

export const phone = (cracked = true) => `
  ${shadow(200)}
  <rect x="-95" y="-380" width="190" height="370" rx="26" fill="#1f2225"/><rect x="-84" y="-362" width="168" height="334" rx="14" fill="#3a6ea5"/>
  <rect x="-84" y="-362" width="168" height="334" rx="14" fill="url(#screenGlow)"/>
  ${[0, 1, 2, 3, 4, 5, 6, 7].map((i) => `<rect x="${-66 + (i % 4) * 36}" y="${-330 + Math.floor(i / 4) * 44}" width="26" height="26" rx="7" fill="#fff" opacity=".75"/>`).join('')}
  ${cracked ? `<path d="M-40 -250 L-10 -220 L-60 -170 L0 -140 L-20 -90 M-10 -220 L50 -240 L80 -200 M0 -140 L60 -120 L70 -60" stroke="#fff" stroke-width="2.5" fill="none" opacity=".9"/>` : ''}
  <rect x="-30" y="-374" width="60" height="6" rx="3" fill="#333"/>`;

export const camera = () => `
  ${shadow(360)}
  <rect x="-170" y="-200" width="340" height="200" rx="20" fill="#2f3338"/><rect x="-170" y="-140" width="340" height="90" fill="#4a4f55"/>
  <rect x="-70" y="-240" width="120" height="50" rx="10" fill="#2f3338"/><rect x="110" y="-225" width="40" height="25" rx="5" fill="#d9382b"/>
  <circle cx="0" cy="-100" r="82" fill="#1f2225"/><circle cx="0" cy="-100" r="60" fill="#16324a"/><circle cx="0" cy="-100" r="36" fill="#0b1622"/><circle cx="-18" cy="-120" r="12" fill="#fff" opacity=".5"/>
  <rect x="-150" y="-185" width="50" height="22" rx="4" fill="#9aa3ab"/>`;

// --- Music, craft, education, design ----------------------------------------------------------
export const piano = () => `
  ${shadow(700, 0.3)}
  <rect x="-360" y="-260" width="720" height="260" rx="10" fill="#1d1d1f"/>
  <rect x="-340" y="-170" width="680" height="160" fill="#fbfaf7"/>
  ${Array.from({ length: 17 }, (_, i) => `<path d="M${-340 + i * 40} -170 L${-340 + i * 40} -10" stroke="#c9c4b8" stroke-width="2"/>`).join('')}
  ${Array.from({ length: 17 }, (_, i) => ([0, 1, 3, 4, 5].includes(i % 7) && i < 16 ? `<rect x="${-340 + i * 40 + 27}" y="-170" width="26" height="96" rx="3" fill="#1d1d1f"/>` : '')).join('')}
  <rect x="-360" y="-260" width="720" height="40" fill="#2a2a2c"/><path d="M-300 -240 L300 -240" stroke="#c9a36a" stroke-width="3"/>`;

export const sheet = (rot = 0) => `
  <g transform="rotate(${rot})">${shadow(300, 0.15)}
  <rect x="-150" y="-400" width="300" height="400" fill="#fbfaf7"/>
  ${[0, 1, 2, 3].map((s) => `${[0, 1, 2, 3, 4].map((l) => `<path d="M-125 ${-350 + s * 85 + l * 9} L125 ${-350 + s * 85 + l * 9}" stroke="#555" stroke-width="1.5"/>`).join('')}${Array.from({ length: 7 }, (_, n) => `<ellipse cx="${-95 + n * 34}" cy="${-350 + s * 85 + ((n * 7 + s * 3) % 5) * 9}" rx="7" ry="5.5" fill="#222" transform="rotate(-20 ${-95 + n * 34} ${-350 + s * 85 + ((n * 7 + s * 3) % 5) * 9})"/><path d="M${-88 + n * 34} ${-350 + s * 85 + ((n * 7 + s * 3) % 5) * 9} l0 -30" stroke="#222" stroke-width="2"/>`).join('')}`).join('')}</g>`;

export const metronome = () => `
  ${shadow(180)}
  <path d="M-80 0 L-40 -300 L40 -300 L80 0 Z" fill="#7a4c20"/><path d="M-55 -30 L-30 -260 L30 -260 L55 -30 Z" fill="#f4ede0"/>
  <path d="M0 -40 L50 -240" stroke="#333" stroke-width="6"/><rect x="30" y="-200" width="26" height="20" fill="#c9a36a" transform="rotate(14 43 -190)"/>`;

export const mug = (c = '#5b8fb9') => `
  ${shadow(200)}
  <path d="M70 -150 q70 0 70 55 q0 55 -70 55" stroke="${c}" stroke-width="22" fill="none"/>
  <path d="M-80 -200 L80 -200 L72 -10 Q70 0 60 0 L-60 0 Q-70 0 -72 -10 Z" fill="${c}"/>
  <ellipse cx="0" cy="-200" rx="80" ry="16" fill="#3a3a3a" opacity=".45"/><ellipse cx="0" cy="-200" rx="80" ry="16" fill="none" stroke="#f4ede0" stroke-width="5"/>
  ${Array.from({ length: 26 }, (_, i) => `<circle cx="${-65 + ((i * 31) % 130)}" cy="${-180 + ((i * 47) % 170)}" r="2.5" fill="#1d2d3a" opacity=".5"/>`).join('')}
  <rect x="-62" y="-190" width="16" height="170" rx="8" fill="#fff" opacity=".2"/>`;

export const pot = () => `
  ${shadow(420, 0.3)}
  <ellipse cx="0" cy="-30" rx="210" ry="50" fill="#6f777f"/><ellipse cx="0" cy="-44" rx="200" ry="46" fill="#9aa3ab"/>
  <path d="M-90 -60 Q-120 -150 -70 -230 L70 -230 Q120 -150 90 -60 Z" fill="#b87a56"/>
  <ellipse cx="0" cy="-230" rx="70" ry="16" fill="#8a5a3c"/>
  ${[0, 1, 2, 3].map((i) => `<path d="M${-100 + i * 4} ${-80 - i * 40} Q0 ${-70 - i * 40} ${100 - i * 4} ${-80 - i * 40}" stroke="#a06848" stroke-width="3" fill="none"/>`).join('')}
  <path d="M-60 -210 Q-80 -140 -60 -80" stroke="#fff" stroke-width="8" opacity=".2" fill="none"/>`;

export const sewingMachine = () => `
  ${shadow(480)}
  <rect x="-220" y="-40" width="440" height="40" rx="8" fill="#e9e3d6"/>
  <path d="M-200 -40 L-200 -260 Q-200 -290 -170 -290 L170 -290 Q200 -290 200 -260 L200 -190 Q200 -170 180 -170 L-110 -170 L-110 -40 Z" fill="#e8eef0"/>
  <rect x="140" y="-170" width="50" height="80" fill="#e8eef0"/><rect x="155" y="-90" width="6" height="40" fill="#9aa3ab"/>
  <path d="M-200 -250 L200 -250" stroke="#2f8f83" stroke-width="14"/>
  <circle cx="-210" cy="-210" r="36" fill="#c0c6cc"/><rect x="40" y="-320" width="40" height="34" rx="6" fill="#d9382b"/>`;

export const spool = (c) =>
  `${shadow(90, 0.2)}<rect x="-40" y="-18" width="80" height="18" fill="#d9c4a0"/><rect x="-32" y="-112" width="64" height="94" fill="${c}"/>${[0, 1, 2, 3, 4, 5].map((i) => `<path d="M-32 ${-104 + i * 15} L32 ${-98 + i * 15}" stroke="#000" stroke-width="1.5" opacity=".15"/>`).join('')}<rect x="-40" y="-130" width="80" height="18" fill="#d9c4a0"/>`;

export const scissors = () =>
  `<g><circle cx="-110" cy="-30" r="34" fill="none" stroke="#d9382b" stroke-width="14"/><circle cx="-110" cy="40" r="34" fill="none" stroke="#d9382b" stroke-width="14"/><path d="M-80 -18 L170 40 L-60 20 Z" fill="#c0c6cc"/><path d="M-80 28 L170 -10 L-60 -6 Z" fill="#aab1b8"/><circle cx="-50" cy="6" r="6" fill="#555"/></g>`;

export const tape = () =>
  `<g>${shadow(160, 0.2)}<circle cx="0" cy="-70" r="70" fill="#f2c230"/><circle cx="0" cy="-70" r="22" fill="#2f2f2f"/><path d="M60 -20 L260 -20 L260 0 L60 0 Z" fill="#fff3b0"/>${Array.from({ length: 20 }, (_, i) => `<path d="M${70 + i * 10} -20 L${70 + i * 10} ${i % 5 === 0 ? -8 : -13}" stroke="#333" stroke-width="1.5"/>`).join('')}</g>`;

export const tshirt = (c, stripe) => `
  ${shadow(300, 0.15)}
  <path d="M-60 -300 Q0 -270 60 -300 L150 -250 L120 -180 L90 -195 L90 -10 L-90 -10 L-90 -195 L-120 -180 L-150 -250 Z" fill="${c}"/>
  ${stripe ? [0, 1, 2].map((i) => `<rect x="-90" y="${-150 + i * 45}" width="180" height="16" fill="${stripe}"/>`).join('') : ''}
  <path d="M-40 -296 Q0 -260 40 -296" stroke="#000" stroke-width="5" opacity=".15" fill="none"/>`;

export const welly = (c) =>
  `${shadow(150)}<path d="M-40 -260 L40 -260 L40 -70 L110 -50 Q130 -40 120 0 L-50 0 Q-60 0 -55 -20 Z" fill="${c}"/><rect x="-44" y="-275" width="88" height="24" rx="6" fill="${c}" opacity=".8"/><rect x="-30" y="-250" width="14" height="200" rx="7" fill="#fff" opacity=".2"/>`;

export const tote = () =>
  `${shadow(260, 0.2)}<path d="M-60 -250 Q0 -360 60 -250" stroke="#c9a36a" stroke-width="14" fill="none"/><rect x="-120" y="-260" width="240" height="260" rx="8" fill="#e9dcc4"/><path d="M-120 -200 L120 -200" stroke="#b5a07a" stroke-width="3" stroke-dasharray="10 6"/><circle cx="0" cy="-110" r="50" fill="#e94f6a" opacity=".8"/><path d="M0 -110 q-20 -50 0 -70 q20 20 0 70" fill="#4f8f3a"/>`;

export const speech = (c, text) => `
  ${shadow(260, 0.15)}
  <path d="M-130 -300 Q-130 -330 -100 -330 L100 -330 Q130 -330 130 -300 L130 -160 Q130 -130 100 -130 L-20 -130 L-70 -80 L-60 -130 L-100 -130 Q-130 -130 -130 -160 Z" fill="${c}"/>
  <text x="0" y="-210" font-family="DejaVu Sans" font-size="46" font-weight="bold" text-anchor="middle" fill="#fff">${text}</text>`;

export const logoSheet = (c1, c2) => `
  ${shadow(440, 0.15)}
  <rect x="-220" y="-330" width="440" height="320" fill="#fbfaf7"/>
  <circle cx="-100" cy="-200" r="70" fill="${c1}"/><path d="M-140 -160 L-100 -250 L-60 -160 Z" fill="${c2}"/>
  <rect x="10" y="-250" width="170" height="22" rx="4" fill="#2f3338"/><rect x="10" y="-214" width="120" height="12" rx="4" fill="#9aa3ab"/>
  ${[c1, c2, '#2f3338', '#e9e3d6'].map((c, i) => `<rect x="${10 + i * 44}" y="-160" width="36" height="36" rx="6" fill="${c}"/>`).join('')}
  <text x="-190" y="-50" font-family="DejaVu Serif" font-size="40" fill="#2f3338">Aa</text><text x="-110" y="-50" font-family="DejaVu Sans" font-size="40" font-weight="bold" fill="#2f3338">Aa</text>`;

export const poster = (bg, fg, title) => `
  ${shadow(240, 0.15)}
  <rect x="-120" y="-340" width="240" height="340" fill="${bg}"/>
  <circle cx="0" cy="-230" r="70" fill="${fg}" opacity=".85"/><path d="M-120 -160 L-40 -220 L30 -170 L120 -230 L120 -110 L-120 -110 Z" fill="#000" opacity=".15"/>
  <text x="0" y="-70" font-family="DejaVu Sans" font-size="34" font-weight="bold" text-anchor="middle" fill="#fff">${title}</text>
  <rect x="-80" y="-45" width="160" height="10" rx="5" fill="#fff" opacity=".7"/><rect x="-60" y="-27" width="120" height="8" rx="4" fill="#fff" opacity=".5"/>`;

export const frame = (bg, leaf) => `
  ${shadow(260, 0.2)}
  <rect x="-130" y="-360" width="260" height="340" fill="#b98a52"/><rect x="-112" y="-342" width="224" height="304" fill="#f7f3ea"/><rect x="-90" y="-320" width="180" height="260" fill="${bg}"/>
  <path d="M0 -80 L0 -290" stroke="${leaf}" stroke-width="5"/>
  ${[0, 1, 2, 3, 4].map((i) => `<path d="M0 ${-110 - i * 38} q-60 -10 -70 -50 q50 0 70 50 M0 ${-125 - i * 38} q60 -10 70 -50 q-50 0 -70 50" fill="${leaf}" opacity="${0.7 + (i % 2) * 0.2}"/>`).join('')}`;

export const letters = (text, bg, fg, font = 'DejaVu Serif') => `
  ${shadow(220, 0.2)}
  <rect x="-110" y="-240" width="220" height="240" rx="16" fill="${bg}"/>
  <text x="0" y="-60" font-family="${font}" font-size="150" text-anchor="middle" fill="${fg}" font-weight="bold">${text}</text>`;

export { put };
