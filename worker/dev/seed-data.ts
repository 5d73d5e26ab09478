// Demo community for local development (`npm start`). Never loaded in production.
// Every demo account's password is DEMO_PASSWORD; the README lists them.

export const DEMO_PASSWORD = 'password123';

export interface SeedMember {
  username: string;
  displayName: string;
  email: string;
  location: string;
  bio: string;
  isAdmin?: boolean;
  emailVerified?: boolean;
}

export const SEED_MEMBERS: SeedMember[] = [
  {
    username: 'admin',
    displayName: 'Community Admin',
    email: 'admin@barter.local',
    location: 'Oakland, CA',
    bio: 'Keeping the marketplace friendly and tidy. Reach out through the contact page any time.',
    isAdmin: true,
    emailVerified: true,
  },
  {
    username: 'alice',
    displayName: 'Alice Moreno',
    email: 'alice@barter.local',
    location: 'Oakland, CA',
    bio: 'Gardener, sourdough baker and weekend woodworker. Happy to trade veggies for help with bigger projects.',
    emailVerified: true,
  },
  {
    username: 'bob',
    displayName: 'Bob Okafor',
    email: 'bob@barter.local',
    location: 'Berkeley, CA',
    bio: 'Freelance web developer and bike mechanic. I fix things in exchange for good food and good company.',
    emailVerified: true,
  },
  {
    username: 'carmen',
    displayName: 'Carmen Liu',
    email: 'carmen@barter.local',
    location: 'San Francisco, CA',
    bio: 'Piano teacher and ceramicist. I love swapping lessons for fresh produce.',
    emailVerified: true,
  },
  {
    username: 'dev_patel',
    displayName: 'Dev Patel',
    email: 'dev@barter.local',
    location: 'Alameda, CA',
    bio: 'Retired electrician with a garage full of tools to lend.',
    emailVerified: true,
  },
  {
    username: 'emma.w',
    displayName: 'Emma Walsh',
    email: 'emma@barter.local',
    location: 'Oakland, CA',
    bio: 'Seamstress and mum of two. Always looking for kids’ books and garden help.',
    emailVerified: false,
  },
  {
    username: 'farid',
    displayName: 'Farid Haddad',
    email: 'farid@barter.local',
    location: 'San Leandro, CA',
    bio: 'Home cook specialising in Lebanese dishes. Trading meals for tutoring for my kids.',
    emailVerified: true,
  },
  {
    username: 'grace-k',
    displayName: 'Grace Kim',
    email: 'grace@barter.local',
    location: 'Emeryville, CA',
    bio: 'Graphic designer who trades logos and posters for handmade things.',
    emailVerified: true,
  },
  // Members in Europe, writing in their own languages (decision 068): distances and languages show.
  {
    username: 'joana',
    displayName: 'Joana Ribeiro',
    email: 'joana@barter.local',
    location: 'Lisbon, PT',
    bio: 'Professora de piano em Alvalade. Troco aulas por legumes da horta e pão caseiro.',
    emailVerified: true,
  },
  {
    username: 'camille',
    displayName: 'Camille Durand',
    email: 'camille@barter.local',
    location: 'Lyon, FR',
    bio: 'Je fais des confitures avec les fruits du quartier et j’apprends à jardiner.',
    emailVerified: true,
  },
  {
    username: 'lukas',
    displayName: 'Lukas Weber',
    email: 'lukas@barter.local',
    location: 'Leipzig, DE',
    bio: 'Fahrradschrauber aus Plagwitz. Ich repariere gern, am liebsten gegen Brot oder Gemüse.',
    emailVerified: true,
  },
  {
    username: 'lucia',
    displayName: 'Lucía Martín',
    email: 'lucia@barter.local',
    location: 'Madrid, ES',
    bio: 'Cocinera aficionada en Lavapiés. Enseño recetas de mi abuela a cambio de plantas y ayuda.',
    emailVerified: true,
  },
];

export interface SeedListing {
  owner: string;
  title: string;
  description: string;
  categories: string[];
  wants: string;
  wantOptions?: string[];
  acceptOffers?: boolean;
  location?: string;
  distance: 5 | 10 | 25 | 50;
  status?: 'active' | 'pending' | 'paused' | 'completed';
  featured?: boolean;
}

export const SEED_LISTINGS: SeedListing[] = [
  {
    owner: 'alice',
    title: 'Fresh heirloom tomatoes, weekly basket',
    description:
      'Six heirloom varieties from my backyard beds, picked the morning you collect them. About 3 kg a basket through September.',
    categories: ['food', 'home'],
    wants: 'Help building a raised bed',
    wantOptions: ['Compost or mulch', 'Woodworking help'],
    acceptOffers: true,
    distance: 10,
    featured: true,
  },
  {
    owner: 'alice',
    title: 'Sourdough starter and a baking lesson',
    description:
      'A jar of my eight-year-old starter plus a two-hour hands-on lesson: feeding, shaping, scoring and baking your first loaf of bread.',
    categories: ['food', 'education'],
    wants: 'Homemade jam or preserves',
    wantOptions: ['Fresh eggs'],
    distance: 10,
  },
  {
    owner: 'alice',
    title: 'Hand-built cedar planter box',
    description:
      'Sturdy planter box in untreated cedar, 120 × 40 × 40 cm, drainage holes drilled. Built last spring, barely used.',
    categories: ['home', 'goods'],
    wants: 'Bike tune-up',
    distance: 25,
    status: 'pending',
  },
  {
    owner: 'alice',
    title: 'Garden design consultation',
    description:
      'I will walk your yard with you and sketch a planting plan for sun, shade and water use. Includes a plant list for our climate.',
    categories: ['home', 'education'],
    wants: 'Photography of my garden',
    acceptOffers: true,
    distance: 25,
  },
  {
    owner: 'bob',
    title: 'Full bike tune-up and safety check',
    description:
      'Gears and brakes adjusted, chain cleaned and lubed, tyres checked and pumped, bolts torqued. Bring it to my garage in Berkeley.',
    categories: ['tech', 'goods'],
    wants: 'Home-cooked meals for a week',
    wantOptions: ['Fresh vegetables', 'Sourdough bread'],
    acceptOffers: true,
    distance: 10,
    featured: true,
  },
  {
    owner: 'bob',
    title: 'Personal website built for you',
    description:
      'A clean, fast single-page site for your small business or portfolio, with a contact form and your own domain set up.',
    categories: ['tech', 'creative'],
    wants: 'Logo design for my repair shop',
    wantOptions: ['Guitar lessons'],
    acceptOffers: true,
    distance: 50,
    featured: true,
  },
  {
    owner: 'bob',
    title: 'Laptop clean-up and speed boost',
    description:
      'Dust out, fresh thermal paste, startup clean-up and a backup set up so you never lose your photos again. Windows or Mac.',
    categories: ['tech'],
    wants: 'Help with my vegetable garden',
    distance: 25,
  },
  {
    owner: 'bob',
    title: 'Vintage road bike, 56 cm steel frame',
    description:
      'A 1980s steel road bike, newly serviced with new tyres and bar tape. Rides beautifully; a great commuter.',
    categories: ['goods'],
    wants: 'Carpentry work on my porch steps',
    distance: 25,
    status: 'paused',
  },
  {
    owner: 'carmen',
    title: 'Beginner piano lessons (4 sessions)',
    description:
      'Four 45-minute lessons at my studio for adults or children over seven. We start with reading music and a first song.',
    categories: ['education', 'creative'],
    wants: 'Fresh fruit and vegetables',
    wantOptions: ['Homemade bread', 'House cleaning help'],
    acceptOffers: true,
    distance: 10,
    featured: true,
  },
  {
    owner: 'carmen',
    title: 'Handmade stoneware mugs, set of four',
    description: 'Wheel-thrown mugs in a speckled blue glaze, dishwasher safe, each holds about 350 ml.',
    categories: ['creative', 'goods', 'home'],
    wants: 'Help moving a kiln',
    distance: 25,
  },
  {
    owner: 'carmen',
    title: 'Pottery wheel taster afternoon',
    description:
      'Three hours on the wheel in my studio: centring, pulling a cylinder, and trimming. Clay and one firing included.',
    categories: ['creative', 'education'],
    wants: 'Website photos of my ceramics',
    distance: 10,
  },
  {
    owner: 'carmen',
    title: 'Sheet music collection for piano',
    description: 'About 60 books of classical and popular sheet music, grades 1 to 6, in good condition.',
    categories: ['education', 'goods'],
    wants: 'Houseplants or cuttings',
    distance: 50,
  },
  {
    owner: 'dev_patel',
    title: 'Tool library: drills, saws and ladders',
    description:
      'Borrow from my well-kept garage: cordless drill, circular saw, 8 ft ladder, tile cutter and more. Pick up and return within a week.',
    categories: ['home', 'goods'],
    wants: 'Baked goods',
    wantOptions: ['Dog walking'],
    acceptOffers: true,
    distance: 5,
    featured: true,
  },
  {
    owner: 'dev_patel',
    title: 'Light fixture and outlet repairs',
    description:
      'Licensed electrician, retired. I will replace fittings, switches and outlets safely and explain what I did.',
    categories: ['home', 'tech'],
    wants: 'Help clearing out my shed',
    distance: 10,
  },
  {
    owner: 'dev_patel',
    title: 'Intro to home electrics workshop',
    description:
      'A two-hour small-group session on fuses, circuits and what is safe to do yourself. Up to four people.',
    categories: ['education', 'home'],
    wants: 'Indian cooking ingredients or spices',
    distance: 25,
  },
  {
    owner: 'dev_patel',
    title: 'Lawn mower, petrol, self-propelled',
    description: 'Reliable mower, serviced this year with a new blade. I have moved to a flat with no lawn.',
    categories: ['home', 'goods'],
    wants: 'Fresh fish or seafood',
    distance: 10,
    status: 'completed',
  },
  {
    owner: 'emma.w',
    title: 'Clothing alterations and hemming',
    description:
      'Trousers hemmed, dresses taken in, zips replaced. Usually done within a week. Bring the item pinned if you can.',
    categories: ['creative', 'home'],
    wants: 'Children’s books',
    wantOptions: ['Garden help', 'Babysitting swap'],
    acceptOffers: true,
    distance: 5,
    featured: true,
  },
  {
    owner: 'emma.w',
    title: 'Kids’ clothes bundle, ages 3 to 5',
    description:
      'Two bags of gently used clothes: coats, jeans, tops and a pair of wellies, all washed and sorted by size.',
    categories: ['goods'],
    wants: 'Kids’ toys or puzzles',
    distance: 10,
  },
  {
    owner: 'emma.w',
    title: 'Sewing basics for teens',
    description:
      'Three after-school sessions: threading a machine, straight seams, and making a tote bag to take home.',
    categories: ['education', 'creative'],
    wants: 'Maths tutoring for my son',
    distance: 10,
  },
  {
    owner: 'emma.w',
    title: 'Custom cushion covers',
    description: 'I will make cushion covers to your measurements from your fabric or mine, with hidden zips.',
    categories: ['home', 'creative'],
    wants: 'Fresh herbs or vegetables',
    distance: 25,
  },
  {
    owner: 'farid',
    title: 'Lebanese feast for six',
    description:
      'Hummus, tabbouleh, fattoush, grilled chicken and baklava, cooked fresh and delivered warm for your dinner party.',
    categories: ['food'],
    wants: 'Maths or physics tutoring',
    wantOptions: ['Car servicing'],
    acceptOffers: true,
    distance: 25,
    featured: true,
  },
  {
    owner: 'farid',
    title: 'Weekly batch-cooked lunches',
    description:
      'Five healthy lunches a week for a month: lentil soups, stews and salads. Vegetarian options on request.',
    categories: ['food'],
    wants: 'Help with my tax paperwork',
    distance: 10,
  },
  {
    owner: 'farid',
    title: 'Arabic conversation practice',
    description: 'Relaxed one-hour conversation sessions in Levantine Arabic for beginners and intermediate learners.',
    categories: ['education'],
    wants: 'English essay help for my daughter',
    distance: 50,
  },
  {
    owner: 'farid',
    title: 'Homemade za’atar and spice blends',
    description: 'Jars of za’atar, seven-spice and sumac salt, blended from spices I toast myself. Six jars.',
    categories: ['food', 'goods'],
    wants: 'Vegetable seedlings',
    distance: 10,
  },
  {
    owner: 'grace-k',
    title: 'Logo and brand kit design',
    description:
      'A logo in three variations, a colour palette and font pairing, delivered as vector files ready for print and web.',
    categories: ['creative', 'tech'],
    wants: 'Fresh produce for a month',
    wantOptions: ['Pottery lessons'],
    acceptOffers: true,
    distance: 50,
  },
  {
    owner: 'grace-k',
    title: 'Event poster and flyer design',
    description: 'Eye-catching posters for your community event, print-ready at A3 plus social media sizes.',
    categories: ['creative'],
    wants: 'Bike repair',
    distance: 25,
  },
  {
    owner: 'grace-k',
    title: 'Framed art prints',
    description: 'Three of my botanical screen prints, framed in oak, 30 × 40 cm each.',
    categories: ['creative', 'goods', 'home'],
    wants: 'Handmade ceramics',
    distance: 10,
  },
  {
    owner: 'grace-k',
    title: 'Photo editing and retouching',
    description: 'I will colour-correct and retouch up to 30 of your photos, from family portraits to product shots.',
    categories: ['creative', 'tech'],
    wants: 'Home-cooked dinners',
    distance: 50,
    status: 'pending',
  },
  {
    owner: 'alice',
    title: 'Seed swap: 20 packets of vegetable seeds',
    description: 'Saved from my own garden: beans, squash, kale, chard and herbs, labelled with planting notes.',
    categories: ['home', 'food', 'goods'],
    wants: 'Different seeds to try',
    distance: 25,
  },
  {
    owner: 'bob',
    title: 'Smartphone screen replacement',
    description: 'I replace cracked screens on most recent phone models. You buy the part, I fit it in under an hour.',
    categories: ['tech'],
    wants: 'Haircut',
    distance: 10,
  },
  {
    owner: 'carmen',
    title: 'Music theory tutoring for exams',
    description: 'Preparation for grade 5 theory: intervals, cadences and harmony, with practice papers.',
    categories: ['education'],
    wants: 'Car lift to the airport twice',
    distance: 25,
  },
  {
    owner: 'dev_patel',
    title: 'Bookshelf assembly and wall mounting',
    description: 'Flat-pack furniture assembled and shelves securely fixed to the wall, tools brought along.',
    categories: ['home'],
    wants: 'Fresh bread or pastries',
    distance: 10,
  },
  {
    owner: 'grace-k',
    title: 'Typography workshop for beginners',
    description: 'A two-hour workshop on choosing and pairing fonts, for anyone making their own flyers or websites.',
    categories: ['education', 'creative'],
    wants: 'Yoga lessons',
    distance: 25,
  },
  {
    owner: 'joana',
    title: 'Aulas de piano para principiantes',
    description:
      'Quatro aulas de uma hora em minha casa, em Alvalade: postura, leitura de pautas e a primeira peça. Para miúdos e graúdos.',
    categories: ['education', 'creative'],
    wants: 'Legumes da horta ou pão caseiro',
    wantOptions: ['Ajuda com o jardim'],
    acceptOffers: true,
    distance: 10,
  },
  {
    owner: 'camille',
    title: 'Pots de confiture maison',
    description:
      'Six pots de confiture faite avec les abricots et les prunes des jardins de la Croix-Rousse. Peu sucrée, sans conservateur.',
    categories: ['food'],
    wants: 'Des conseils pour mon potager',
    wantOptions: ['Des semis de tomates'],
    distance: 5,
  },
  {
    owner: 'lukas',
    title: 'Fahrrad-Inspektion und kleine Reparaturen',
    description:
      'Bremsen, Schaltung, Kette und Licht: Ich prüfe dein Fahrrad und mache es wieder verkehrssicher. Werkzeug bringe ich mit.',
    categories: ['goods', 'education'],
    wants: 'Selbstgebackenes Brot oder Gemüse',
    acceptOffers: true,
    distance: 10,
  },
  {
    owner: 'lucia',
    title: 'Clases de cocina: tortilla y cocido',
    description:
      'Una tarde en mi cocina de Lavapiés: tortilla de patatas jugosa y cocido madrileño como lo hacía mi abuela. Nos lo comemos juntos.',
    categories: ['food', 'education'],
    wants: 'Plantas para el balcón o ayuda con una mudanza',
    distance: 10,
  },
];

export interface SeedConversation {
  listing: string; // title of the listing
  member: string; // the member who is not the owner
  lines: { from: 'owner' | 'member'; text: string }[];
}

export const SEED_CONVERSATIONS: SeedConversation[] = [
  {
    listing: 'Full bike tune-up and safety check',
    member: 'alice',
    lines: [
      { from: 'member', text: 'Hi Bob! My bike’s gears keep slipping. Would a week of dinners work for a tune-up?' },
      { from: 'owner', text: 'Absolutely, that sounds great. Could you drop it off on Saturday morning?' },
      { from: 'member', text: 'Saturday works. I’ll bring the first lasagne with me!' },
      { from: 'owner', text: 'All done, it shifts like new. Thanks for the food, it was delicious.' },
    ],
  },
  {
    listing: 'Beginner piano lessons (4 sessions)',
    member: 'bob',
    lines: [
      {
        from: 'member',
        text: 'Hello Carmen, I’ve always wanted to learn piano. Would a personal website be a fair trade?',
      },
      { from: 'owner', text: 'That would be wonderful, I need one for my studio. When are you free?' },
    ],
  },
  {
    listing: 'Lebanese feast for six',
    member: 'carmen',
    lines: [
      {
        from: 'member',
        text: 'Hi Farid, I could offer music theory tutoring for your daughter in exchange for the feast. Interested?',
      },
    ],
  },
  {
    listing: 'Tool library: drills, saws and ladders',
    member: 'emma.w',
    lines: [
      { from: 'member', text: 'Could I borrow the ladder next weekend? I can bake you a lemon drizzle cake.' },
      { from: 'owner', text: 'Of course! Pick it up any time after 10 on Saturday.' },
    ],
  },
  // The message bob reported (SEED_REPORTS).
  {
    listing: 'Smartphone screen replacement',
    member: 'farid',
    lines: [
      {
        from: 'member',
        text: 'Before we meet, please pay a deposit at pay-deposit.link/screens so I can hold your slot.',
      },
    ],
  },
];

/**
 * Open reports, so the moderation queue (/admin/reports) has work on first start
 * (docs/api/moderation.md): a listing two members reported, a member, and a message. Each names its
 * target by listing title, username, or the message's listing and sender.
 */
export type SeedReport = {
  reporter: string;
  reason: 'spam' | 'scam' | 'prohibited' | 'harassment' | 'other';
  details: string;
  hoursAgo: number;
} & ({ listing: string } | { member: string } | { message: { listing: string; from: string } });

export const SEED_REPORTS: SeedReport[] = [
  {
    reporter: 'dev_patel',
    listing: 'Framed art prints',
    reason: 'prohibited',
    details: 'These look like copies of a living artist’s work, sold without permission.',
    hoursAgo: 20,
  },
  {
    reporter: 'emma.w',
    listing: 'Framed art prints',
    reason: 'other',
    details: 'The photos seem to come from a shop’s website.',
    hoursAgo: 9,
  },
  {
    reporter: 'carmen',
    member: 'farid',
    reason: 'spam',
    details: 'Sends me the same offer several times a day.',
    hoursAgo: 5,
  },
  {
    reporter: 'bob',
    message: { listing: 'Smartphone screen replacement', from: 'farid' },
    reason: 'scam',
    details: 'Asked for a deposit through a link before we even met.',
    hoursAgo: 3,
  },
];

/** The completed barter (with reviews from both sides) the demo community starts with. */
export const SEED_BARTER = {
  listing: 'Full bike tune-up and safety check',
  initiator: 'alice',
  recipient: 'bob',
  reviews: [
    {
      reviewer: 'alice',
      reviewed: 'bob',
      rating: 5,
      comment: 'Bob was quick, friendly and explained everything he fixed. My bike has never ridden so smoothly.',
    },
    {
      reviewer: 'bob',
      reviewed: 'alice',
      rating: 5,
      comment: 'Alice’s cooking is amazing and she was right on time for drop-off and pick-up. Would barter again!',
    },
  ],
};

/**
 * Success stories: each shown one is about the demo's real completed barter (SEED_BARTER), told by
 * one of its two sides (decision 062). The unapproved one shows that an admin approves them first.
 */
export const SEED_TESTIMONIALS = [
  {
    author: 'alice',
    title: 'A tune-up for a week of dinners',
    content: 'I swapped home-cooked meals for a full bike service and met a great neighbour in the process.',
    rating: 5,
    approved: true,
    aboutTheBarter: true,
  },
  {
    author: 'bob',
    title: 'Dinners for a bike tune-up',
    content: 'I fixed Alice’s gears and ate better than I have all year. Arranging it took two messages.',
    rating: 5,
    approved: true,
    aboutTheBarter: true,
  },
  {
    author: 'farid',
    title: 'Waiting for approval',
    content: 'This story has not been approved by an admin yet, so it is not shown publicly.',
    rating: 5,
    approved: false,
    aboutTheBarter: false,
  },
];

/** Events are dated relative to the day the demo data is loaded, so they are always upcoming. */
export const SEED_EVENTS = [
  {
    title: 'Spring Seed & Plant Swap',
    description: 'Bring seeds, seedlings and cuttings to swap. Tables, labels and tea provided.',
    daysAhead: 6,
    time: '10:00 – 13:00',
    location: 'Oakland Public Library, Main Branch',
    organizer: 'alice',
    maxAttendees: 60,
  },
  {
    title: 'Repair Café',
    description: 'Bring broken bikes, lamps, clothes and gadgets; volunteers fix them with you for free.',
    daysAhead: 13,
    time: '14:00 – 17:00',
    location: 'Berkeley Community Center',
    organizer: 'bob',
    maxAttendees: 40,
  },
  {
    title: 'Skill-Share Evening: Cooking Together',
    description: 'Three members teach a favourite dish each. Everyone eats together afterwards.',
    daysAhead: 27,
    time: '18:30 – 21:00',
    location: 'San Leandro Community Kitchen',
    organizer: 'farid',
    maxAttendees: 24,
  },
];

/**
 * "I'd take this": who wants which listing (docs/api/wants-matches-circles.md). The first three
 * close a ring that the seed proposes as a trade circle (SEED_CIRCLE); the rest give alice two-way
 * matches: with farid explicit both ways, with bob her explicit want against his tune-up's
 * "Sourdough bread", which her sourdough listing matches as text.
 */
export const SEED_WANTS: { member: string; listing: string }[] = [
  { member: 'carmen', listing: 'Garden design consultation' },
  { member: 'grace-k', listing: 'Handmade stoneware mugs, set of four' },
  { member: 'alice', listing: 'Logo and brand kit design' },
  { member: 'alice', listing: 'Lebanese feast for six' },
  { member: 'farid', listing: 'Fresh heirloom tomatoes, weekly basket' },
  { member: 'alice', listing: 'Full bike tune-up and safety check' },
];

/** A proposed trade circle of three in ring order: each gives the listing to the next, who wants it. */
export const SEED_CIRCLE: { giver: string; listing: string; receiver: string }[] = [
  { giver: 'alice', listing: 'Garden design consultation', receiver: 'carmen' },
  { giver: 'carmen', listing: 'Handmade stoneware mugs, set of four', receiver: 'grace-k' },
  { giver: 'grace-k', listing: 'Logo and brand kit design', receiver: 'alice' },
];
