// The notice of the copy saved on this device (decision 067), loaded only when a page shows it.
export default function SavedCopyNotice({ savedAt }: { savedAt: number }) {
  return (
    <p className="offline-notice" data-testid="offline-notice">
      You are offline. You’re reading what this device saved on{' '}
      {new Date(savedAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}; sending and changes
      wait until you are back online.
    </p>
  );
}
