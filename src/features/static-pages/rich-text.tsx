// A translated sentence with marked words (decision 068: whole sentences only, since word order
// differs): "Many questions are answered in the <link>Help Center</link>." Each `<tag>…</tag>` is
// drawn by the caller's part of that name (a link, bold words); the rest is text. Tags do not nest.
import { Link as RadixLink } from '@radix-ui/themes';
import { Link, type LinkProps } from '@tanstack/react-router';
import { Fragment, type ReactNode } from 'react';

const TAG = /<([a-z]+)>(.*?)<\/\1>/g;

export function richText(text: string, parts: Record<string, (words: string) => ReactNode>): ReactNode {
  const pieces: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, name = '', words = ''] = match;
    if (match.index > last) pieces.push(text.slice(last, match.index));
    const draw = parts[name];
    pieces.push(draw ? draw(words) : words);
    last = match.index + whole.length;
  }
  if (last < text.length) pieces.push(text.slice(last));
  return pieces.map((piece, i) => <Fragment key={i}>{piece}</Fragment>);
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
