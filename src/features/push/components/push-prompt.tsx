// The card's wrapper: the card (its own chunk) loads only for a member who sent a first message or
// offer and whose browser has not decided about notifications yet, and only online: the card reads
// whether the instance sends push and subscribes through the network, and its code may not be on
// this device (no service worker, or not yet). Read at each render: the conversation renders again
// when a message or offer goes, and when the network comes and goes.
import { lazy } from 'react';
import { OptionalPiece } from '@/components/optional-piece';
import { useOnline } from '@/lib/online';
import { pushPromptWanted, pushState } from '@/lib/push-prompt';

const PushPromptCard = lazy(() => import('./push-prompt-card'));

export function PushPrompt() {
  const online = useOnline();
  if (!online || !pushPromptWanted() || pushState() !== 'default') return null;
  // A card the conversation works without: if its code cannot load, it is left out.
  return (
    <OptionalPiece>
      <PushPromptCard />
    </OptionalPiece>
  );
}
