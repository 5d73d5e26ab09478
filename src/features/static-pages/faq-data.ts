// The help FAQ, shared by /help and /faq (four sections, searchable), in the member's language.
import { fmt } from '@/lib/intl';
import * as m from '@/lib/messages';

export interface FaqItem {
  question: string;
  answer: string[];
}

export interface FaqSection {
  id: string;
  title: string;
  items: FaqItem[];
}

/** Distances the listing form and the search offer (miles, the API's unit), in the member's unit. */
const inUnits = (...miles: number[]) => {
  const [a = '', b = '', c = '', d = '', e = ''] = miles.map((n) => fmt.number(Math.round(fmt.toUnits(n))));
  return { a, b, c, d, e };
};

/** The FAQ in the member's language (built when shown: the language's words load after the modules). */
export function faqSections(): FaqSection[] {
  const km = fmt.units === 'km';
  return [
    {
      id: 'getting-started',
      title: m.static_pages_faq_start(),
      items: [
        {
          question: m.static_pages_faq_start_1_q(),
          answer: [m.static_pages_faq_start_1_a1(), m.static_pages_faq_start_1_a2()],
        },
        { question: m.static_pages_faq_start_2_q(), answer: [m.static_pages_faq_start_2_a1()] },
        {
          question: m.static_pages_faq_start_3_q(),
          answer: [m.static_pages_faq_start_3_a1(), m.static_pages_faq_start_3_a2()],
        },
        {
          question: m.static_pages_faq_start_4_q(),
          answer: [
            m.static_pages_faq_start_4_a1(),
            (km ? m.static_pages_faq_start_4_a2_km : m.static_pages_faq_start_4_a2_mi)(inUnits(5, 10, 25, 50)),
          ],
        },
        {
          question: m.static_pages_faq_start_5_q(),
          answer: [
            (km ? m.static_pages_faq_start_5_a1_km : m.static_pages_faq_start_5_a1_mi)(inUnits(5, 10, 25, 50, 100)),
            m.static_pages_faq_start_5_a2(),
          ],
        },
      ],
    },
    {
      id: 'making-exchanges',
      title: m.static_pages_faq_exchanges(),
      items: [
        {
          question: m.static_pages_faq_exchanges_1_q(),
          answer: [m.static_pages_faq_exchanges_1_a1(), m.static_pages_faq_exchanges_1_a2()],
        },
        {
          question: m.static_pages_faq_exchanges_2_q(),
          answer: [m.static_pages_faq_exchanges_2_a1(), m.static_pages_faq_exchanges_2_a2()],
        },
        {
          question: m.static_pages_faq_exchanges_3_q(),
          answer: [m.static_pages_faq_exchanges_3_a1(), m.static_pages_faq_exchanges_3_a2()],
        },
        { question: m.static_pages_faq_exchanges_4_q(), answer: [m.static_pages_faq_exchanges_4_a1()] },
        {
          question: m.static_pages_faq_exchanges_5_q(),
          answer: [m.static_pages_faq_exchanges_5_a1(), m.static_pages_faq_exchanges_5_a2()],
        },
      ],
    },
    {
      id: 'safety-trust',
      title: m.static_pages_faq_safety(),
      items: [
        { question: m.static_pages_faq_safety_1_q(), answer: [m.static_pages_faq_safety_1_a1()] },
        {
          question: m.static_pages_faq_safety_2_q(),
          answer: [m.static_pages_faq_safety_2_a1(), m.static_pages_faq_safety_2_a2()],
        },
        {
          question: m.static_pages_faq_safety_3_q(),
          answer: [m.static_pages_faq_safety_3_a1(), m.static_pages_faq_safety_3_a2()],
        },
        { question: m.static_pages_faq_safety_4_q(), answer: [m.static_pages_faq_safety_4_a1()] },
      ],
    },
    {
      id: 'account-profile',
      title: m.static_pages_faq_account(),
      items: [
        {
          question: m.static_pages_faq_account_1_q(),
          answer: [m.static_pages_faq_account_1_a1(), m.static_pages_faq_account_1_a2()],
        },
        { question: m.static_pages_faq_account_2_q(), answer: [m.static_pages_faq_account_2_a1()] },
        { question: m.static_pages_faq_account_3_q(), answer: [m.static_pages_faq_account_3_a1()] },
        { question: m.static_pages_faq_account_4_q(), answer: [m.static_pages_faq_account_4_a1()] },
        { question: m.static_pages_faq_account_5_q(), answer: [m.static_pages_faq_account_5_a1()] },
      ],
    },
  ];
}

/** Sections with only the questions matching every word of the query (question or answer). */
export function filterFaq(query: string, sections: FaqSection[]): FaqSection[] {
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
