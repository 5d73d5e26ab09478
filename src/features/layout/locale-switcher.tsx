// The footer's language and distance choices (decision 068): native selects (no script of their
// own to load), each saved in a cookie, then the page reloads in the chosen words and units. A
// signed-in member's language is also saved on their account (decision 070), so their emails and
// pushes follow it; the page reloads whether that save worked or not (the cookie holds either way).
import { Flex, Text } from '@radix-ui/themes';
import { call } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/current-user';
import { chooseLanguage, chooseUnits, locale } from '@/lib/locale';
import * as m from '@/lib/messages';
import { userRoutes } from '@/shared/contract/users';
import { LANGUAGE_NAMES, LANGUAGES, isLanguage, type Language } from '@/shared/locale';

async function saveOnAccount(userId: number, language: Language) {
  try {
    await call(userRoutes.update, { params: { id: userId }, body: { language } });
  } catch {
    // A refused save (a day's profile edits spent, no connection) keeps the choice in this browser.
  }
}

export function LocaleSwitcher() {
  const { user } = useCurrentUser();
  const choose = async (language: Language) => {
    if (user) await saveOnAccount(user.id, language);
    chooseLanguage(language);
  };
  return (
    <Flex gap="4" wrap="wrap" align="center" mb="3" className="locale-switcher">
      <Text as="label" size="2">
        {m.layout_language()}{' '}
        <select
          className="locale-select"
          value={locale.language}
          onChange={(event) => isLanguage(event.target.value) && void choose(event.target.value)}
          data-testid="language-select"
        >
          {LANGUAGES.map((language) => (
            <option key={language} value={language} lang={language}>
              {LANGUAGE_NAMES[language]}
            </option>
          ))}
        </select>
      </Text>
      <Text as="label" size="2">
        {m.layout_distance_units()}{' '}
        <select
          className="locale-select"
          value={locale.units}
          onChange={(event) => chooseUnits(event.target.value === 'mi' ? 'mi' : 'km')}
          data-testid="units-select"
        >
          <option value="km">{m.layout_units_km()}</option>
          <option value="mi">{m.layout_units_mi()}</option>
        </select>
      </Text>
    </Flex>
  );
}
