// When to ask a member about push notifications (decision 067): never on a first visit, never
// unasked. Once they have sent a first message or offer (noteSent, from those mutations), the
// conversation offers a small card ("Get a notification when they answer?"); its answer is
// remembered in this browser, so it is asked once. No React and tiny on purpose: the message and
// offer mutations, which several pages load, import it; the card loads only when it shows.
const KEY = 'push-prompt';

/** What this browser can do about push: none at all, blocked by the member, not asked yet, or allowed. */
export type PushState = 'unsupported' | 'denied' | 'default' | 'granted';

export function pushState(): PushState {
  if (
    typeof window === 'undefined' ||
    !('serviceWorker' in navigator) ||
    !('PushManager' in window) ||
    !('Notification' in window)
  )
    return 'unsupported';
  return Notification.permission;
}

function store(value: string) {
  try {
    localStorage.setItem(KEY, value);
  } catch {
    // Storage refused (a private window): the card is then not offered.
  }
}

/** A message or offer was sent: the card may be offered, unless it was answered before. */
export function noteSent() {
  try {
    if (!localStorage.getItem(KEY)) store('ask');
  } catch {
    // As above.
  }
}

/** Something was sent and the card was not answered yet. */
export function pushPromptWanted(): boolean {
  try {
    return localStorage.getItem(KEY) === 'ask';
  } catch {
    return false;
  }
}

/** The member answered the card (Allow or Not now). */
export const answerPushPrompt = (answer: 'allowed' | 'declined') => store(answer);
