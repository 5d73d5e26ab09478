import * as m from '@/lib/messages';
import { List, P, Section, StaticPage } from '../components/static-page';
import { bold, linkTo, richText } from '@/lib/rich-text';

export function SafetyGuidelinesPage() {
  return (
    <StaticPage title={m.static_pages_guidelines_title()} lead={m.static_pages_guidelines_lead()}>
      <Section title={m.static_pages_guidelines_before()}>
        <List
          items={[
            m.static_pages_guidelines_before_1(),
            m.static_pages_guidelines_before_2(),
            m.static_pages_guidelines_before_3(),
            m.static_pages_guidelines_before_4(),
          ]}
        />
      </Section>

      <Section title={m.static_pages_guidelines_meeting()}>
        <List
          items={[
            m.static_pages_guidelines_meeting_1(),
            m.static_pages_guidelines_meeting_2(),
            m.static_pages_guidelines_meeting_3(),
            m.static_pages_guidelines_meeting_4(),
          ]}
        />
      </Section>

      <Section title={m.static_pages_guidelines_goods()}>
        <List
          items={[
            m.static_pages_guidelines_goods_1(),
            m.static_pages_guidelines_goods_2(),
            m.static_pages_guidelines_goods_3(),
            m.static_pages_guidelines_goods_4(),
          ]}
        />
      </Section>

      <Section title={m.static_pages_guidelines_services()}>
        <List
          items={[
            m.static_pages_guidelines_services_1(),
            m.static_pages_guidelines_services_2(),
            m.static_pages_guidelines_services_3(),
            m.static_pages_guidelines_services_4(),
          ]}
        />
      </Section>

      <Section title={m.static_pages_guidelines_online()}>
        <List
          items={[
            m.static_pages_guidelines_online_1(),
            m.static_pages_guidelines_online_2(),
            m.static_pages_guidelines_online_3(),
            m.static_pages_guidelines_online_4(),
          ]}
        />
      </Section>

      <Section title={m.static_pages_guidelines_after()}>
        <P>{m.static_pages_guidelines_after_text()}</P>
      </Section>

      <Section title={m.static_pages_guidelines_wrong()}>
        <P>
          {richText(m.static_pages_guidelines_wrong_1(), {
            b: bold,
            reports: linkTo('/settings/reports'),
            blocked: linkTo('/settings/blocked'),
          })}
        </P>
        <P>
          {richText(m.static_pages_guidelines_wrong_2(), {
            contact: linkTo('/contact'),
            standards: linkTo('/community-standards'),
            tips: linkTo('/safety'),
          })}
        </P>
      </Section>
    </StaticPage>
  );
}
