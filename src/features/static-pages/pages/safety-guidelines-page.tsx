import { Link as RadixLink } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import { List, P, Section, StaticPage } from '../components/static-page';

export function SafetyGuidelinesPage() {
  return (
    <StaticPage
      title="Safety Guidelines"
      lead="A step-by-step guide to safe exchanges: before, during and after you meet. For the short version, see our safety tips."
    >
      <Section title="Before you meet">
        <List
          items={[
            'Read the other member’s profile: reviews, rating, completed barters and how long they have been a member. New members are welcome, so simply take a little more care.',
            'Agree the details in Messages: exactly what is being exchanged, its condition, the time, the place and how long it will take.',
            'Ask for extra photos or a video of items, especially electronics and furniture.',
            'Plan how you will get there and back, and tell a friend where you will be.',
          ]}
        />
      </Section>

      <Section title="Meeting in person">
        <List
          items={[
            'Meet in a busy public place during the day for first exchanges. Libraries, cafés and community centres work well.',
            'Bring a friend if you can, and keep your phone charged.',
            'Do not get into someone else’s car or invite a stranger into your home for a simple item swap.',
            'If the other person does not turn up, or the plan changes in a way you are not comfortable with, it is fine to call it off.',
          ]}
        />
      </Section>

      <Section title="Exchanging goods">
        <List
          items={[
            'Inspect items before you hand over yours. Switch on electronics, check moving parts, look for damage and missing pieces.',
            'Check that children’s products, helmets and car seats have not been recalled and are not past their safe life.',
            'Food should be labelled with its ingredients and the date it was made. Mention common allergens such as nuts, dairy, gluten and eggs.',
            'Never exchange items that are not allowed: weapons, drugs, alcohol, tobacco, medicines, stolen goods or live animals.',
          ]}
        />
      </Section>

      <Section title="Exchanging services and skills">
        <List
          items={[
            'Agree the scope in writing in Messages: what will be done, for how long, and what “done” looks like.',
            'For work that legally needs a licence, such as electrical or gas work, only trade with someone who holds it.',
            'When a service happens in a home, have someone else present if you can, or tell a friend when it starts and finishes.',
            'Lessons and childcare for children should always take place with a parent or guardian present or nearby.',
          ]}
        />
      </Section>

      <Section title="Staying safe online">
        <List
          items={[
            'Keep conversations on Barter Market until you trust the other person.',
            'Never send money, gift cards or bank details. Barter Market never asks for them, and neither should a member.',
            'Be wary of anyone who rushes you, asks you to verify your account on another site, or sends links to unfamiliar websites.',
            'Use a password you do not use anywhere else, and sign out on shared computers.',
          ]}
        />
      </Section>

      <Section title="After the exchange">
        <P>
          Record the barter in Messages and confirm it when the other member records it. Then leave an honest review: it
          is how the next neighbour decides who to trust.
        </P>
      </Section>

      <Section title="If something goes wrong">
        <P>
          Use <strong>Report</strong> on the listing, the profile, the message, the offer or the trade-circle chat line
          concerned: an admin reviews it, usually within 24–48 hours, and you can follow it under{' '}
          <RadixLink asChild underline="always">
            <Link to="/settings/reports">Your reports</Link>
          </RadixLink>
          . To stop a member contacting you, block them from their profile or your conversation; manage blocks under{' '}
          <RadixLink asChild underline="always">
            <Link to="/settings/blocked">Blocked members</Link>
          </RadixLink>
          .
        </P>
        <P>
          If you are in danger, call your local emergency number. For anything else, such as a no-show, an item not as
          described, harassment or a suspected scam, use the{' '}
          <RadixLink asChild underline="always">
            <Link to="/contact">contact form</Link>
          </RadixLink>{' '}
          with the member’s username and the details. We reply within 24 hours. Our{' '}
          <RadixLink asChild underline="always">
            <Link to="/community-standards">Community Standards</Link>
          </RadixLink>{' '}
          explain what happens next, and the{' '}
          <RadixLink asChild underline="always">
            <Link to="/safety">safety tips</Link>
          </RadixLink>{' '}
          are a handy summary.
        </P>
      </Section>
    </StaticPage>
  );
}
