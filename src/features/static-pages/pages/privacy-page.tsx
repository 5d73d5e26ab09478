import { Link as RadixLink } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import { List, P, Section, StaticPage } from '../components/static-page';

export function PrivacyPage() {
  return (
    <StaticPage
      title="Privacy Policy"
      updated="2026-11-01"
      lead="What we collect, why, who can see it, and the choices you have. We collect as little as we can and never sell your information."
    >
      <Section title="Information you give us">
        <List
          items={[
            <>
              <strong>Account details:</strong> username, email address, password (stored only as a secure one-way
              hash), full name, and optionally a nickname, address, public location, bio and profile image link.
            </>,
            <>
              <strong>Listings:</strong> titles, descriptions, categories, what you want in return, your general
              location, travel distance and photos.
            </>,
            <>
              <strong>Messages, barters and reviews</strong> you send, record or write.
            </>,
            <>
              <strong>Saved searches</strong> and your notification choices.
            </>,
            <>
              <strong>Contact form and newsletter:</strong> your name, email address and message, or the email address
              you subscribe with.
            </>,
          ]}
        />
      </Section>

      <Section title="Information collected automatically">
        <P>
          When you use the site our hosting provider processes technical data such as your IP address and browser type
          to deliver pages and protect the service. We use IP addresses briefly to limit abuse (for example, too many
          sign-in attempts) and do not build profiles from them. See the{' '}
          <RadixLink asChild underline="always">
            <Link to="/cookies">Cookie Policy</Link>
          </RadixLink>{' '}
          for the cookies and browser storage we use.
        </P>
      </Section>

      <Section title="How we use it">
        <List
          items={[
            'To run your account, show your listings and profile, deliver your messages and record barters and reviews.',
            'To send the emails you need: address verification, password resets, alerts for saved searches you turned on, and the newsletter only if you confirmed your subscription.',
            'To keep the community safe: investigating reports, enforcing the Community Standards and preventing spam and fraud.',
            'To show community figures, such as the number of members and completed exchanges, which never identify anyone.',
          ]}
        />
      </Section>

      <Section title="Who can see what">
        <List
          items={[
            'Public: your username, full name, nickname, public location, bio, profile image, rating, reviews, completed barter count, join date and your active listings.',
            'Only you: your email address and your private address. Administrators can see email addresses to moderate the community.',
            'Messages are visible only to the two members in the conversation. Administrators may review them when investigating a report.',
          ]}
        />
        <P>
          We do not sell or rent personal information, and we do not share it with advertisers. We share data only with
          the service providers that host the site and send email on our behalf, or when the law requires it.
        </P>
      </Section>

      <Section title="How long we keep it">
        <P>
          We keep your information while your account exists. When you delete your account, your profile, listings,
          messages, reviews, barters and saved searches are deleted. Verification and password reset links expire after
          24 hours and 1 hour.
        </P>
      </Section>

      <Section title="Your choices and rights">
        <List
          items={[
            'Edit your profile at any time, and leave optional fields empty.',
            'Turn saved-search notifications on or off, and unsubscribe from the newsletter with the link in every email.',
            'Delete your account and its data from your profile.',
            'Ask us for a copy of your data or to correct it through the contact form. Depending on where you live you may have further rights, such as objecting to processing or complaining to a data protection authority.',
          ]}
        />
      </Section>

      <Section title="Children’s privacy">
        <P>
          Barter Market is not intended for children under 13, and we do not knowingly collect personal information from
          children under 13. If you believe a child under 13 has created an account, please contact us and we will
          delete it.
        </P>
      </Section>

      <Section title="Security">
        <P>
          Passwords are hashed with a modern, slow algorithm; sessions use secure, HTTP-only cookies; emailed links are
          single use and stored only in hashed form. No system is perfectly secure, so please use a password you do not
          use elsewhere.
        </P>
      </Section>

      <Section title="Changes and contact">
        <P>
          We will post any changes to this policy here and tell members of significant ones by email. Questions or
          requests?{' '}
          <RadixLink asChild underline="always">
            <Link to="/contact">Contact us</Link>
          </RadixLink>
          .
        </P>
      </Section>
    </StaticPage>
  );
}
