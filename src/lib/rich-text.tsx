// A translated sentence with elements inside it (decision 068: whole sentences only, since word
// order differs), in either of two marks, and each language puts them where it places them:
// - an input, `{terms}`, filled with a whole element: richText(m.auth_agree, { terms: <Link…/> });
// - a tag round the sentence's own words, `<link>Help Center</link>`, drawn by a function of those
//   words: richText(m.static_pages_x(), { link: linkTo('/help'), b: bold }). Tags do not nest.
import { Link as RadixLink } from '@radix-ui/themes';
import { Link, type LinkProps } from '@tanstack/react-router';
import { Fragment, type ReactNode } from 'react';

type Part = ReactNode | ((words: string) => ReactNode);

const MARK = '\u0001';
// An input's mark (MARK name MARK) or a tag with its words.
const PIECE = new RegExp(`${MARK}([a-zA-Z]+)${MARK}|<([a-z]+)>(.*?)</\\2>`, 'g');

export function richText<K extends string>(
  message: string | ((inputs: Record<K, string>) => string),
  parts: Record<K, Part>,
): ReactNode[] {
  const text =
    typeof message === 'string'
      ? message
      : message(
          Object.fromEntries(Object.keys(parts).map((name) => [name, `${MARK}${name}${MARK}`])) as Record<K, string>,
        );
  const pieces: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(PIECE)) {
    const [whole, input, tag = '', words = ''] = match;
    if (match.index > last) pieces.push(text.slice(last, match.index));
    const part = parts[(input ?? tag) as K];
    pieces.push(typeof part === 'function' ? part(words) : input !== undefined ? part : words);
    last = match.index + whole.length;
  }
  if (last < text.length) pieces.push(text.slice(last));
  return pieces.map((piece, index) => <Fragment key={index}>{piece}</Fragment>);
}

/** Bold words: `<b>…</b>`. */
export const bold = (words: string) => <strong>{words}</strong>;

/** Words that link to a page of the app, underlined as the static pages' links are. */
export const linkTo = (to: LinkProps['to']) =>
  function RouteLink(words: string) {
    return (
      <RadixLink asChild underline="always">
        <Link to={to}>{words}</Link>
      </RadixLink>
    );
  };
