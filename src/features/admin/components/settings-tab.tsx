import { BarChartIcon, EnvelopeClosedIcon, ReaderIcon } from '@radix-ui/react-icons';
import { Badge, Button, Card, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import * as m from '@/lib/messages';

// Kept as the product shows them, clearly marked "coming soon" until an issue asks for more.
// Words are message functions, called when rendering (decision 068).
const SETTINGS: {
  id: string;
  title: () => string;
  description: () => string;
  action: () => string;
  icon: ReactNode;
}[] = [
  {
    id: 'guidelines',
    title: m.admin_setting_guidelines,
    description: m.admin_setting_guidelines_text,
    action: m.admin_setting_guidelines_action,
    icon: <ReaderIcon width="20" height="20" aria-hidden="true" />,
  },
  {
    id: 'templates',
    title: m.admin_setting_templates,
    description: m.admin_setting_templates_text,
    action: m.admin_setting_templates_action,
    icon: <EnvelopeClosedIcon width="20" height="20" aria-hidden="true" />,
  },
  {
    id: 'analytics',
    title: m.admin_setting_analytics,
    description: m.admin_setting_analytics_text,
    action: m.admin_setting_analytics_action,
    icon: <BarChartIcon width="20" height="20" aria-hidden="true" />,
  },
];

export function SettingsTab() {
  return (
    <Flex direction="column" gap="4">
      <div>
        <Heading as="h2" size="4">
          {m.admin_settings()}
        </Heading>
        <Text as="p" size="2" color="gray">
          {m.admin_settings_intro()}
        </Text>
      </div>
      <Grid columns={{ initial: '1', sm: '2', md: '3' }} gap="4">
        {SETTINGS.map((setting) => (
          <Card key={setting.id} size="2">
            <Flex direction="column" gap="3" height="100%">
              <Flex justify="between" align="center" gap="2">
                <Flex align="center" gap="2">
                  {setting.icon}
                  <Heading as="h3" size="3">
                    {setting.title()}
                  </Heading>
                </Flex>
                <Badge highContrast color="amber" variant="soft">
                  {m.admin_coming_soon()}
                </Badge>
              </Flex>
              <Text as="p" size="2" color="gray" style={{ flex: 1 }}>
                {setting.description()}
              </Text>
              <Button variant="soft" highContrast disabled>
                {setting.action()}
              </Button>
            </Flex>
          </Card>
        ))}
      </Grid>
    </Flex>
  );
}
