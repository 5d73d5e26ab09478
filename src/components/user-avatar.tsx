import { Avatar } from '@radix-ui/themes';
import { mediaUrl } from '../shared/media';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('') || '?';

/** A member's avatar image (an uploaded one from the media origin, when set), falling back to their initials. */
export function UserAvatar({
  name,
  src,
  size = '2',
}: {
  name: string;
  src?: string | null;
  size?: '1' | '2' | '3' | '4' | '5' | '6';
}) {
  const url = src
    ? mediaUrl(src, undefined, typeof window === 'undefined' ? undefined : window.location.origin)
    : undefined;
  return <Avatar size={size} src={url} fallback={initials(name)} radius="full" alt="" highContrast />;
}
