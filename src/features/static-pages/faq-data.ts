// The help FAQ, shared by /help and /faq (four sections, searchable).
export interface FaqItem {
  question: string;
  answer: string[];
}

export interface FaqSection {
  id: string;
  title: 'Getting Started' | 'Making Exchanges' | 'Safety & Trust' | 'Account & Profile';
  items: FaqItem[];
}

export const FAQ_SECTIONS: FaqSection[] = [
  {
    id: 'getting-started',
    title: 'Getting Started',
    items: [
      {
        question: 'What is Barter Market?',
        answer: [
          'Barter Market is a free community marketplace where neighbours exchange goods and skills instead of paying money. You might trade a bike tune-up for a week of home-cooked meals, or piano lessons for fresh vegetables.',
          'No money changes hands on the site and there are no fees.',
        ],
      },
      {
        question: 'Does it cost anything to join?',
        answer: [
          'No. Creating an account, posting listings, messaging and reviewing are all free. The site is run by and for the community.',
        ],
      },
      {
        question: 'How do I create an account?',
        answer: [
          'Choose Sign Up at the top of any page and fill in the Register form: a username (it cannot be changed later), a password of at least 8 characters, your email address and your full name. The other fields are optional.',
          'We then send you an email with a link to verify your address. The link works once and expires after 24 hours; you can ask for a new one from the banner shown at the top of the page.',
        ],
      },
      {
        question: 'How do I post my first listing?',
        answer: [
          'Once signed in, choose Create Listing in the header. Give your listing a clear title (at least 5 characters), describe what you offer (at least 10 characters), pick one or more categories and say what you would like in return.',
          'You can add up to 5 other things you would accept, up to 3 photos (10 MB each), your general location and how far you are willing to travel: 5, 10, 25 or 50 miles.',
        ],
      },
      {
        question: 'How do I find things near me?',
        answer: [
          'Use the search bar on the home page or the Browse page. You can search by words, filter by category and choose a distance of 5, 10, 25, 50 or 100 miles, or any distance. Results are shown 9 to a page.',
          'Signed-in members can save a search and be notified when new matching listings appear.',
        ],
      },
    ],
  },
  {
    id: 'making-exchanges',
    title: 'Making Exchanges',
    items: [
      {
        question: 'How do I contact someone about a listing?',
        answer: [
          'Open the listing and use its contact or offer button. This starts a private conversation with the owner about that listing. You can write your own offer; it opens in Messages with your text ready to send.',
          'You need to be signed in to send messages, and you cannot message yourself about your own listing.',
        ],
      },
      {
        question: 'How do we agree on a fair trade?',
        answer: [
          'Talk it through before you meet: what exactly is being exchanged, when, where and in what condition. For services, agree how many hours or sessions. Our Value Guide explains simple ways to compare goods and time fairly.',
          'If the values are uneven, you can add something small, split a service into sessions, or agree a future favour. Write the final agreement in Messages so you both have a record.',
        ],
      },
      {
        question: 'How do I record a completed barter?',
        answer: [
          'In the conversation, choose "Did you complete this barter? Click to record" and answer "Yes, completed!". The other member then confirms it from their side. A barter only counts as completed once both of you agree.',
          'If it did not happen after all, either of you can cancel a barter while it is still pending.',
        ],
      },
      {
        question: 'When can I leave a review?',
        answer: [
          'After a barter is confirmed by both members, each of you can leave one review of the other: a rating from 1 to 5 stars and a comment of at least 10 characters. Reviews appear on the member’s profile.',
        ],
      },
      {
        question: 'Can I change or pause my listing?',
        answer: [
          'Yes. Open your listing and choose Edit Listing. You can update any detail and set its status: active (looking for exchanges), pending (in discussion with someone), paused (temporarily unavailable) or completed.',
          'You can also delete a listing. Its messages, barters and reviews are removed with it.',
        ],
      },
    ],
  },
  {
    id: 'safety-trust',
    title: 'Safety & Trust',
    items: [
      {
        question: 'How do I stay safe when meeting someone?',
        answer: [
          'Meet in a busy public place such as a library or café for first exchanges, tell a friend where you are going, and bring your phone. Check items before you hand anything over. Our Safety Guidelines cover goods, services in homes and online safety in detail.',
        ],
      },
      {
        question: 'How can I tell if a member is trustworthy?',
        answer: [
          'Look at their profile: how long they have been a member, their star rating and reviews from completed barters, and how many exchanges they have finished.',
          'Take your time in Messages. A genuine neighbour will be happy to answer questions.',
        ],
      },
      {
        question: 'What should I do if something goes wrong?',
        answer: [
          'If you feel unsafe, leave and contact local emergency services. For problems with a member or a listing, such as a no-show, misleading listing, harassment or a scam attempt, contact us with the details and any messages. We reply within 24 hours.',
          'You can also use Report on the listing, profile or message itself: an admin reviews it, usually within 24–48 hours, and you can follow it under Your reports (linked from your profile). To stop a member contacting you, block them from their profile or your conversation.',
        ],
      },
      {
        question: 'What is not allowed on Barter Market?',
        answer: [
          'Weapons, drugs, alcohol and tobacco, medicines, stolen or counterfeit goods, live animals, recalled products, adult services, and anything illegal where you live. Asking for or offering money is also not allowed. Our Community Standards list the rules and what happens when they are broken.',
        ],
      },
    ],
  },
  {
    id: 'account-profile',
    title: 'Account & Profile',
    items: [
      {
        question: 'How do I edit my profile?',
        answer: [
          'Go to your profile and choose Edit Profile. You can change your full name, nickname, email, private address, public location, bio and profile image URL. Your username cannot be changed.',
          'If you change your email address, we send a verification link to the new address.',
        ],
      },
      {
        question: 'Who can see my address?',
        answer: [
          'Only you. Your address is private and never shown to other members. Your public location (for example "Oakland, CA") is shown on your profile and listings so people know roughly where you are.',
        ],
      },
      {
        question: 'I forgot my password. What do I do?',
        answer: [
          'Choose "Forgot password?" on the sign-in screen and enter your email address. If an account exists for it, we send a link to choose a new password. The link works once and expires after 1 hour.',
        ],
      },
      {
        question: 'I did not receive the verification email.',
        answer: [
          'Check your spam or junk folder first. Then sign in and choose Resend in the banner at the top of the page. For your protection we send at most 5 account emails an hour.',
        ],
      },
      {
        question: 'How do I delete my account?',
        answer: [
          'You can delete your account from your profile. This permanently removes your listings, messages, reviews, barters, saved searches and event sign-ups. It cannot be undone.',
        ],
      },
    ],
  },
];

/** Sections with only the questions matching every word of the query (question or answer). */
export function filterFaq(query: string, sections: FaqSection[] = FAQ_SECTIONS): FaqSection[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return sections;
  return sections
    .map((section) => ({
      ...section,
      items: section.items.filter((item) => {
        const text = `${item.question} ${item.answer.join(' ')}`.toLowerCase();
        return words.every((word) => text.includes(word));
      }),
    }))
    .filter((section) => section.items.length > 0);
}
