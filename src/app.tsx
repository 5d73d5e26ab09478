import { useEffect, useState } from 'react';

interface Activity {
  users: number;
  listings: number;
  barters: number;
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** A minimal page that proves the SPA and the API are served together. */
export function App() {
  const [activity, setActivity] = useState<Activity | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    fetch('/api/analytics/activity', { credentials: 'include' })
      .then((response) => (response.ok ? (response.json() as Promise<Activity>) : Promise.reject(new Error(String(response.status)))))
      .then(setActivity, () => setFailed(true));
  }, []);

  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 640, margin: '4rem auto', padding: '0 1rem', lineHeight: 1.5 }}>
      <h1>Barter Market</h1>
      <p>Exchange goods and skills with your neighbours instead of money.</p>
      {activity && (
        <p data-testid="activity">
          {count(activity.users, 'member')} · {count(activity.listings, 'listing')} · {count(activity.barters, 'completed barter')}
        </p>
      )}
      {failed && <p role="alert">The community figures could not be loaded.</p>}
    </main>
  );
}
