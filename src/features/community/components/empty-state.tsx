import { Card, Flex, Heading, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';

export function EmptyState({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children?: ReactNode;
}) {
  return (
    <Card size="3">
      <Flex direction="column" align="center" gap="3" py="4" style={{ textAlign: 'center' }}>
        <Heading as="h3" size="4">
          {title}
        </Heading>
        <Text as="p" color="gray" size="2" style={{ maxWidth: 440 }}>
          {description}
        </Text>
        {children}
      </Flex>
    </Card>
  );
}
