import { Link as RadixLink, Table } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import { P, Section, StaticPage } from '../components/static-page';

// Cookie lifetimes: session; authentication 30 days; the known-device mark 1 year
// (worker/lib/known-device.ts); consistency 5 minutes (decision 057); preferences 1 year; analytics 2 years.
const COOKIES = [
  {
    type: 'Session',
    purpose: 'Keep the site working while you browse, such as remembering a dismissed banner.',
    example: 'Browser session storage',
    retention: 'Until you close the browser (the session)',
  },
  {
    type: 'Authentication',
    purpose: 'Keep you signed in securely. It cannot be read by scripts on the page.',
    example: 'sid',
    retention: '30 days, or until you sign out',
  },
  {
    type: 'Security',
    purpose:
      'Recognise a browser that has signed in to your account before, so the limits that stop password guessing do not lock you out. It holds no personal information and cannot be read by scripts on the page.',
    example: 'kd',
    retention: '1 year',
  },
  {
    type: 'Consistency',
    purpose:
      'Set only after you change something, so the pages you open next show your change at once. It cannot be read by scripts on the page.',
    example: 'd1b',
    retention: '5 minutes',
  },
  {
    type: 'Preferences',
    purpose: 'Remember choices such as the light or dark theme.',
    example: 'theme',
    retention: '1 year',
  },
  {
    type: 'Analytics',
    purpose:
      'Understand how the site is used so we can improve it. We do not use any today; if that changes we will ask first.',
    example: 'None at present',
    retention: 'Up to 2 years',
  },
];

export function CookiesPage() {
  return (
    <StaticPage
      title="Cookie Policy"
      updated="2026-11-01"
      lead="Which cookies and browser storage Barter Market uses, why, and for how long."
    >
      <Section title="What cookies are">
        <P>
          Cookies are small text files a website stores in your browser. Similar technologies, such as local and session
          storage, keep small pieces of information on your device too. We use them only where they are needed to run
          the site or to remember your choices.
        </P>
      </Section>

      <Section title="The cookies we use and how long they last">
        <div className="static-table-scroll" role="region" aria-label="Cookies and retention" tabIndex={0}>
          <Table.Root variant="surface" style={{ minWidth: 560 }}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>Type</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Purpose</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Name</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Retention</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {COOKIES.map((cookie) => (
                <Table.Row key={cookie.type}>
                  <Table.RowHeaderCell>{cookie.type}</Table.RowHeaderCell>
                  <Table.Cell>{cookie.purpose}</Table.Cell>
                  <Table.Cell>
                    <code>{cookie.example}</code>
                  </Table.Cell>
                  <Table.Cell>{cookie.retention}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </div>
      </Section>

      <Section title="No advertising or third-party tracking">
        <P>
          We do not use advertising cookies, and no third party places tracking cookies through Barter Market. Profile
          images that members link to are loaded from the address they give, and that site may see your IP address when
          your browser fetches the image.
        </P>
      </Section>

      <Section title="Your choices">
        <P>
          You can block or delete cookies in your browser’s settings. If you block the authentication cookie you will
          not be able to sign in; everything else on the site keeps working. Clearing your browser storage resets your
          theme to light.
        </P>
        <P>
          For more about how we handle your information, read the{' '}
          <RadixLink asChild underline="always">
            <Link to="/privacy">Privacy Policy</Link>
          </RadixLink>
          .
        </P>
      </Section>
    </StaticPage>
  );
}
