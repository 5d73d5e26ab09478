import { BarChartIcon, EnvelopeClosedIcon, ReaderIcon } from '@radix-ui/react-icons';
import { Badge, Button, Card, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';

// Kept as the product shows them, clearly marked "coming soon" until an issue asks for more.
const SETTINGS: { title: string; description: string; action: string; icon: ReactNode }[] = [
  {
    title: 'Community Guidelines',
    description: 'Edit the community standards members agree to, and the reply-time expectations shown on listings.',
    action: 'Edit Guidelines',
    icon: <ReaderIcon width="20" height="20" aria-hidden="true" />,
  },
  {
    title: 'Email Templates',
    description: 'Customise the verification, password reset and newsletter emails sent to members.',
    action: 'Manage Templates',
    icon: <EnvelopeClosedIcon width="20" height="20" aria-hidden="true" />,
  },
  {
    title: 'Analytics Settings',
    description: 'Choose which community figures are public and how the savings estimate is calculated.',
    action: 'Configure Analytics',
    icon: <BarChartIcon width="20" height="20" aria-hidden="true" />,
  },
];

export function SettingsTab() {
  return (
    <Flex direction="column" gap="4">
      <div>
        <Heading as="h2" size="4">
          Settings
        </Heading>
        <Text as="p" size="2" color="gray">
          These tools are coming soon. Until then, instance settings such as the savings estimate live in the
          deployment’s configuration.
        </Text>
      </div>
      <Grid columns={{ initial: '1', sm: '2', md: '3' }} gap="4">
        {SETTINGS.map((setting) => (
          <Card key={setting.title} size="2">
            <Flex direction="column" gap="3" height="100%">
              <Flex justify="between" align="center" gap="2">
                <Flex align="center" gap="2">
                  {setting.icon}
                  <Heading as="h3" size="3">
                    {setting.title}
                  </Heading>
                </Flex>
                <Badge highContrast color="amber" variant="soft">
                  Coming soon
                </Badge>
              </Flex>
              <Text as="p" size="2" color="gray" style={{ flex: 1 }}>
                {setting.description}
              </Text>
              <Button variant="soft" highContrast disabled>
                {setting.action}
              </Button>
            </Flex>
          </Card>
        ))}
      </Grid>
    </Flex>
  );
}
