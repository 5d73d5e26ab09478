import { useEffect } from 'react';
import * as m from '@/lib/messages';

export const APP_NAME = 'Barter Market';

/** Sets the document title for a route: "{title} | Barter Market". */
export function usePageTitle(title: string | undefined) {
  useEffect(() => {
    document.title = title ? `${title} | ${APP_NAME}` : m.common_home_title();
  }, [title]);
}

/** Sets the page's meta description (listing pages use the first 150 characters of the description). */
export function useMetaDescription(text: string | undefined) {
  useEffect(() => {
    if (!text) return;
    let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.appendChild(tag);
    }
    const previous = tag.content;
    tag.content = text.slice(0, 150);
    return () => {
      tag.content = previous;
    };
  }, [text]);
}
