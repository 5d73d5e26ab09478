// Push notifications in the browser (decision 067): the card that asks after a first message or
// offer (its own chunk, loaded when it shows). The settings are a page of their own
// (/settings/notifications, src/routes/settings.notifications.tsx).
export { PushPrompt } from './components/push-prompt';
