import { Card, Flex, Heading, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';

/** A page that is only a message: a centred card with a heading, a line of text and actions. */
export function MessageCard({
  title,
  text,
  maxWidth = 480,
  children,
}: {
  title: string;
  text: string;
  maxWidth?: number;
  children: ReactNode;
}) {
  return (
    <Flex justify="center" py="9" px="4">
      <Card size="4" style={{ maxWidth, width: '100%' }}>
        <Flex direction="column" gap="3" align="start">
          <Heading as="h1" size="6">
            {title}
          </Heading>
          <Text color="gray">{text}</Text>
          {children}
        </Flex>
      </Card>
    </Flex>
  );
}
