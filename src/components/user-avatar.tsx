import { Avatar } from '@radix-ui/themes';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('') || '?';

/** A member's avatar image, falling back to their initials. */
export function UserAvatar({ name, src, size = '2' }: { name: string; src?: string | null; size?: '1' | '2' | '3' | '4' | '5' | '6' }) {
  return <Avatar size={size} src={src ?? undefined} fallback={initials(name)} radius="full" alt="" highContrast />;
}
