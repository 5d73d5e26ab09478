// The card's wrapper: the card (its own chunk) loads only for a member who sent a first message or
// offer and whose browser has not decided about notifications yet. Read at each render: the
// conversation renders again when a message or offer goes.
import { lazy, Suspense } from 'react';
import { pushPromptWanted, pushState } from '@/lib/push-prompt';

const PushPromptCard = lazy(() => import('./push-prompt-card'));

export function PushPrompt() {
  if (!pushPromptWanted() || pushState() !== 'default') return null;
  return (
    <Suspense>
      <PushPromptCard />
    </Suspense>
  );
}
