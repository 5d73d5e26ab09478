// Puts the boot data (src/shared/boot.ts) into the app's index.html as it streams through
// HTMLRewriter (decision 048): one <script type="application/json"> element at the end of <head>.
import firstScreenCss from 'virtual:first-screen-css';
import { BOOT_ELEMENT_ID, type BootData } from '@/shared/boot';
import type { Markup } from '../first-screen/html';

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

/**
 * The app's HTML with the boot data embedded and the page's first screen (decision 055) written
 * into #root, with the stylesheet it paints with inlined in <head>.
 */
export function withBootData(
  html: Response,
  data: { [K in keyof BootData]?: unknown } & { user: unknown },
  init: { status: number; headers: Headers },
  firstScreen: Markup,
): Response {
  const element = `<style id="first-screen-css">${firstScreenCss}</style><script type="application/json" id="${BOOT_ELEMENT_ID}">${scriptSafeJson(data)}</script>`;
  const transformed = new HTMLRewriter()
    .on('head', {
      element(head) {
        head.append(element, { html: true });
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
