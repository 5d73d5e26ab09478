// Puts the boot data (src/shared/boot.ts) into the app's index.html as it streams through
// HTMLRewriter (decision 048): one <script type="application/json"> element at the end of <head>,
// after the page's head tags (head.ts, decision 056).
import firstScreenCss from 'virtual:first-screen-css';
import { BOOT_ELEMENT_ID, type BootData } from '@/shared/boot';
import type { LocaleChoice } from '@/shared/locale';
import { escapeHtml } from '../escape-html';
import type { Markup } from '../first-screen/html';
import type { PageHead } from './head';

/**
 * JSON that is safe inside a <script> element whatever the members wrote: `<`, `>` and `&` are
 * written as \u escapes, so no text (`</script>`, `<!--`) can end the element or change how the
 * HTML parser reads it, and JSON.parse gives back the same values. U+2028 and U+2029 too, for
 * readers that take the text as JavaScript.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

const descriptionTag = (text: string) => `<meta name="description" content="${escapeHtml(text)}">`;

/**
 * The app's HTML with the boot data embedded and the page's first screen (decision 055) written
 * into #root, with the stylesheet it paints with inlined in <head>; with `head` (head.ts, decision
 * 056), the page's own title and description written into index.html's elements (added when the
 * HTML has none) and its preview tags before the stylesheet and the boot data. <html> carries the
 * member's language tag and distance unit (decision 068): the SPA starts in them.
 */
export function withBootData(
  html: Response,
  data: { [K in keyof BootData]?: unknown } & { user: unknown },
  init: { status: number; headers: Headers },
  firstScreen: Markup,
  locale: Pick<LocaleChoice, 'tag' | 'units'>,
  head?: PageHead,
): Response {
  const element = `<style id="first-screen-css">${firstScreenCss}</style><script type="application/json" id="${BOOT_ELEMENT_ID}">${scriptSafeJson(data)}</script>`;
  const seen = { title: false, description: false };
  let rewriter = new HTMLRewriter();
  if (head) {
    rewriter = rewriter
      .on('head > title', {
        element(title) {
          seen.title = true;
          title.setInnerContent(escapeHtml(head.title), { html: true });
        },
      })
      .on('head > meta[name="description"]', {
        element(meta) {
          seen.description = true;
          // Replaced, not setAttribute: HTMLRewriter leaves `&` as it is in an attribute it sets,
          // so a member's `&lt;` would read back as `<`.
          meta.replace(descriptionTag(head.description), { html: true });
        },
      });
  }
  const transformed = rewriter
    .on('html', {
      element(root) {
        root.setAttribute('lang', locale.tag);
        root.setAttribute('data-units', locale.units);
      },
    })
    .on('head', {
      element(element_) {
        element_.onEndTag((end) => {
          const own = head
            ? (seen.title ? '' : `<title>${escapeHtml(head.title)}</title>`) +
              (seen.description ? '' : descriptionTag(head.description)) +
              head.tags
            : '';
          end.before(own + element, { html: true });
        });
      },
    })
    .on('#root', {
      element(root) {
        root.setInnerContent(firstScreen.value, { html: true });
      },
    })
    .transform(html);
  return new Response(transformed.body, init);
}
