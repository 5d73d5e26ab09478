import { createFileRoute } from '@tanstack/react-router';
import { Heading } from '@radix-ui/themes';

export const Route = createFileRoute('/')({ component: Home });

function Home() {
  return <Heading>Barter Market</Heading>;
}
