import { Table } from '@radix-ui/themes';
import * as m from '@/lib/messages';
import { P, Section, StaticPage } from '../components/static-page';
import { linkTo, richText } from '@/lib/rich-text';

// Cookie lifetimes: session; authentication 30 days; the known-device mark 1 year
// (worker/lib/known-device.ts); consistency 5 minutes (decision 057); preferences 1 year; the language and
// units 1 year (src/lib/locale.ts, and the sign-in's: decision 070); analytics 2 years.
// The cookie names are the code's: not translated.
const COOKIES = [
  {
    id: 'session',
    type: m.static_pages_cookies_session,
    purpose: m.static_pages_cookies_session_purpose,
    example: m.static_pages_cookies_session_example,
    retention: m.static_pages_cookies_session_retention,
  },
  {
    id: 'authentication',
    type: m.static_pages_cookies_auth,
    purpose: m.static_pages_cookies_auth_purpose,
    example: () => 'sid',
    retention: m.static_pages_cookies_auth_retention,
  },
  {
    id: 'security',
    type: m.static_pages_cookies_security,
    purpose: m.static_pages_cookies_security_purpose,
    example: () => 'kd',
    retention: m.static_pages_cookies_year,
  },
  {
    id: 'consistency',
    type: m.static_pages_cookies_consistency,
    purpose: m.static_pages_cookies_consistency_purpose,
    example: () => 'd1b',
    retention: m.static_pages_cookies_minutes,
  },
  {
    id: 'preferences',
    type: m.static_pages_cookies_preferences,
    purpose: m.static_pages_cookies_preferences_purpose,
    example: () => 'theme',
    retention: m.static_pages_cookies_year,
  },
  {
    id: 'locale',
    type: m.static_pages_cookies_locale,
    purpose: m.static_pages_cookies_locale_purpose,
    example: () => 'lang, units',
    retention: m.static_pages_cookies_year,
  },
  {
    id: 'analytics',
    type: m.static_pages_cookies_analytics,
    purpose: m.static_pages_cookies_analytics_purpose,
    example: m.static_pages_cookies_analytics_example,
    retention: m.static_pages_cookies_analytics_retention,
  },
];

export function CookiesPage() {
  return (
    <StaticPage title={m.static_pages_cookies_title()} updated="2026-11-01" lead={m.static_pages_cookies_lead()}>
      <Section title={m.static_pages_cookies_what()}>
        <P>{m.static_pages_cookies_what_text()}</P>
      </Section>

      <Section title={m.static_pages_cookies_table_title()}>
        <div className="static-table-scroll" role="region" aria-label={m.static_pages_cookies_table()} tabIndex={0}>
          {/* Wide enough for each column's longest word in every language (German's run longest), so only the
              region around it scrolls, never the table's own viewport. */}
          <Table.Root variant="surface" style={{ minWidth: 600 }}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>{m.static_pages_cookies_type()}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{m.static_pages_cookies_purpose()}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{m.static_pages_cookies_name()}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{m.static_pages_cookies_retention()}</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {COOKIES.map((cookie) => (
                <Table.Row key={cookie.id}>
                  <Table.RowHeaderCell>{cookie.type()}</Table.RowHeaderCell>
                  <Table.Cell>{cookie.purpose()}</Table.Cell>
                  <Table.Cell>
                    <code>{cookie.example()}</code>
                  </Table.Cell>
                  <Table.Cell>{cookie.retention()}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </div>
      </Section>

      <Section title={m.static_pages_cookies_no_ads()}>
        <P>{m.static_pages_cookies_no_ads_text()}</P>
      </Section>

      <Section title={m.static_pages_cookies_choices()}>
        <P>{m.static_pages_cookies_choices_text()}</P>
        <P>{richText(m.static_pages_cookies_more(), { link: linkTo('/privacy') })}</P>
      </Section>
    </StaticPage>
  );
}
