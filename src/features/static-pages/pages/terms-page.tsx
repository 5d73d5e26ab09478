import { Link as RadixLink } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import { List, P, Section, StaticPage } from '../components/static-page';

export function TermsPage() {
  return (
    <StaticPage
      title="Terms of Service"
      updated="November 2026"
      lead="These terms are the agreement between you and Barter Market when you use the site. Please read them; they are written to be understood."
    >
      <Section title="1. Who can use Barter Market">
        <P>
          You must be at least 13 years old to create an account. If you are under 18, you may only use Barter Market
          with the permission and supervision of a parent or guardian, who is responsible for your exchanges. You must
          give accurate information when you register and keep your password to yourself.
        </P>
      </Section>

      <Section title="2. What we provide">
        <P>
          Barter Market is a free platform that lets members list goods and skills, find each other, send messages,
          record completed barters and review each other. We are not a party to any exchange. We do not own, inspect,
          insure or guarantee the goods or services members offer, and no money is handled through the site.
        </P>
      </Section>

      <Section title="3. Your listings and content">
        <List
          items={[
            'You are responsible for what you post: listings, photos, messages, reviews and your profile. It must be honest, legal and yours to share.',
            'You keep ownership of your content. By posting it you allow us to store it and show it on the site for as long as it is there.',
            'Describe items and skills accurately, including defects, and only list what you are able and allowed to exchange.',
            'Reviews must be about a real, completed exchange and reflect your genuine experience.',
          ]}
        />
      </Section>

      <Section title="4. What is not allowed">
        <List
          items={[
            'Offering or requesting money, gift cards or payment of any kind; this is a barter-only marketplace.',
            'Illegal items or services, weapons, drugs, alcohol, tobacco, medicines, stolen or counterfeit goods, recalled products, live animals and adult services.',
            'Harassment, hate speech, threats, discrimination, or sharing another person’s private information.',
            'Spam, scams, fake accounts, misleading listings, or manipulating reviews.',
            'Trying to break, overload or get around the security of the site.',
          ]}
        />
        <P>
          The{' '}
          <RadixLink asChild underline="always">
            <Link to="/community-standards">Community Standards</Link>
          </RadixLink>{' '}
          explain these rules in more detail and form part of these terms.
        </P>
      </Section>

      <Section title="5. Exchanges between members">
        <P>
          Exchanges are agreements between members. You decide whether to trade, with whom and on what terms. Follow the{' '}
          <RadixLink asChild underline="always">
            <Link to="/safety">safety tips</Link>
          </RadixLink>
          , check items before you exchange them, and only offer services you are qualified and, where required,
          licensed to provide. You are responsible for any taxes or legal obligations that apply to your exchanges.
        </P>
      </Section>

      <Section title="6. Moderation and ending your account">
        <P>
          We may remove content or limit, suspend or close accounts that break these terms or put other members at risk,
          as described in the Community Standards. You can delete your account at any time from your profile; your
          listings, messages, reviews and barters are deleted with it.
        </P>
      </Section>

      <Section title="7. No warranties; limits on liability">
        <P>
          The site is provided “as is”, without warranties of any kind. To the extent the law allows, Barter Market and
          its volunteers are not liable for losses arising from exchanges between members, from content posted by
          members, or from the site being unavailable. Nothing in these terms limits rights you have under consumer law
          that cannot be excluded.
        </P>
      </Section>

      <Section title="8. Changes to these terms">
        <P>
          We may update these terms as the service changes. If a change is significant we will tell members by email or
          on the site before it takes effect. Continuing to use Barter Market after a change means you accept the new
          terms.
        </P>
      </Section>

      <Section title="9. Contact">
        <P>
          Questions about these terms? Use the{' '}
          <RadixLink asChild underline="always">
            <Link to="/contact">contact form</Link>
          </RadixLink>
          . See also our{' '}
          <RadixLink asChild underline="always">
            <Link to="/privacy">Privacy Policy</Link>
          </RadixLink>{' '}
          and{' '}
          <RadixLink asChild underline="always">
            <Link to="/cookies">Cookie Policy</Link>
          </RadixLink>
          .
        </P>
      </Section>
    </StaticPage>
  );
}
