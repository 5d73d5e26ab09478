import * as m from '@/lib/messages';
import { List, P, Section, StaticPage } from '../components/static-page';
import { bold, linkTo, richText } from '@/lib/rich-text';

const GIVEN = [
  m.static_pages_privacy_give_1,
  m.static_pages_privacy_give_2,
  m.static_pages_privacy_give_3,
  m.static_pages_privacy_give_4,
  m.static_pages_privacy_give_5,
];

export function PrivacyPage() {
  return (
    <StaticPage title={m.static_pages_privacy_title()} updated="2026-11-01" lead={m.static_pages_privacy_lead()}>
      <Section title={m.static_pages_privacy_give()}>
        <List items={GIVEN.map((item) => richText(item(), { b: bold }))} />
      </Section>

      <Section title={m.static_pages_privacy_auto()}>
        <P>{richText(m.static_pages_privacy_auto_text(), { link: linkTo('/cookies') })}</P>
      </Section>

      <Section title={m.static_pages_privacy_use()}>
        <List
          items={[
            m.static_pages_privacy_use_1(),
            m.static_pages_privacy_use_2(),
            m.static_pages_privacy_use_3(),
            m.static_pages_privacy_use_4(),
          ]}
        />
      </Section>

      <Section title={m.static_pages_privacy_who()}>
        <List
          items={[m.static_pages_privacy_who_1(), m.static_pages_privacy_who_2(), m.static_pages_privacy_who_3()]}
        />
        <P>{m.static_pages_privacy_who_text()}</P>
      </Section>

      <Section title={m.static_pages_privacy_keep()}>
        <P>{m.static_pages_privacy_keep_text()}</P>
      </Section>

      <Section title={m.static_pages_privacy_rights()}>
        <List
          items={[
            m.static_pages_privacy_rights_1(),
            m.static_pages_privacy_rights_2(),
            m.static_pages_privacy_rights_3(),
            m.static_pages_privacy_rights_4(),
          ]}
        />
      </Section>

      <Section title={m.static_pages_privacy_children()}>
        <P>{m.static_pages_privacy_children_text()}</P>
      </Section>

      <Section title={m.static_pages_privacy_security()}>
        <P>{m.static_pages_privacy_security_text()}</P>
      </Section>

      <Section title={m.static_pages_privacy_changes()}>
        <P>{richText(m.static_pages_privacy_changes_text(), { link: linkTo('/contact') })}</P>
      </Section>
    </StaticPage>
  );
}
