// The footer's language and distance choices (decision 068): native selects (no script of their
// own to load), each saved in a cookie, then the page reloads in the chosen words and units.
import { Flex, Text } from '@radix-ui/themes';
import { chooseLanguage, chooseUnits, locale } from '@/lib/locale';
import * as m from '@/lib/messages';
import { LANGUAGE_NAMES, LANGUAGES, isLanguage } from '@/shared/locale';

export function LocaleSwitcher() {
  return (
    <Flex gap="4" wrap="wrap" align="center" mb="3" className="locale-switcher">
      <Text as="label" size="2">
        {m.layout_language()}{' '}
        <select
          className="locale-select"
          value={locale.language}
          onChange={(event) => isLanguage(event.target.value) && chooseLanguage(event.target.value)}
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
