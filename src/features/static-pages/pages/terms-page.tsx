import * as m from '@/lib/messages';
import { List, P, Section, StaticPage } from '../components/static-page';
import { linkTo, richText } from '@/lib/rich-text';

export function TermsPage() {
  return (
    <StaticPage title={m.static_pages_terms_title()} updated="2026-11-01" lead={m.static_pages_terms_lead()}>
      <Section title={m.static_pages_terms_1()}>
        <P>{m.static_pages_terms_1_text()}</P>
      </Section>

      <Section title={m.static_pages_terms_2()}>
        <P>{m.static_pages_terms_2_text()}</P>
      </Section>

      <Section title={m.static_pages_terms_3()}>
        <List
          items={[
            m.static_pages_terms_3_1(),
            m.static_pages_terms_3_2(),
            m.static_pages_terms_3_3(),
            m.static_pages_terms_3_4(),
          ]}
        />
      </Section>

      <Section title={m.static_pages_terms_4()}>
        <List
          items={[
            m.static_pages_terms_4_1(),
            m.static_pages_terms_4_2(),
            m.static_pages_terms_4_3(),
            m.static_pages_terms_4_4(),
            m.static_pages_terms_4_5(),
          ]}
        />
        <P>{richText(m.static_pages_terms_4_text(), { link: linkTo('/community-standards') })}</P>
      </Section>

      <Section title={m.static_pages_terms_5()}>
        <P>{richText(m.static_pages_terms_5_text(), { link: linkTo('/safety') })}</P>
      </Section>

      <Section title={m.static_pages_terms_6()}>
        <P>{m.static_pages_terms_6_text()}</P>
      </Section>

      <Section title={m.static_pages_terms_7()}>
        <P>{m.static_pages_terms_7_text()}</P>
      </Section>

      <Section title={m.static_pages_terms_8()}>
        <P>{m.static_pages_terms_8_text()}</P>
      </Section>

      <Section title={m.static_pages_terms_9()}>
        <P>
          {richText(m.static_pages_terms_9_text(), {
            contact: linkTo('/contact'),
            privacy: linkTo('/privacy'),
            cookies: linkTo('/cookies'),
          })}
        </P>
      </Section>
    </StaticPage>
  );
}
