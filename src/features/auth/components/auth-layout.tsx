import { Card, Flex, Heading, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';

/** The centred card every account screen uses: one h1, an optional lead, then the content. */
export function AuthLayout({
  title,
  lead,
  children,
  maxWidth = 480,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  maxWidth?: number;
}) {
  return (
    <Flex justify="center" className="container page">
      <Card size={{ initial: '2', sm: '4' }} style={{ width: '100%', maxWidth }}>
        <Flex direction="column" gap="4">
          <Flex direction="column" gap="1">
            <Heading as="h1" size="6">
              {title}
            </Heading>
            {lead && (
              <Text as="p" color="gray" size="2">
                {lead}
              </Text>
            )}
          </Flex>
          {children}
        </Flex>
      </Card>
    </Flex>
  );
}
