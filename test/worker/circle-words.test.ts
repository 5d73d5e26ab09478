// Which proposed circle a want holds up, and its other members by name (decision 061): what the
// "I'd take this" toggle asks before a withdrawal calls a circle off.
import { describe, expect, it } from 'vitest';
import { circleDependingOnWant, circleMembersText } from '@/features/trade-circles/circle-words';
import type { TradeCircle, TradeCircleStatus } from '@/shared/contract/trade-circles';

const member = (id: number, displayName: string) => ({ id, username: `m${id}`, displayName, avatarUrl: null });
const names = ['Me', 'Sam', 'Alex', 'Kim'];

/** Member i gives listing 100 + i to member i + 1 (ids 1..n). */
function circle(id: number, n: number, status: TradeCircleStatus = 'proposed'): TradeCircle {
  return {
    id,
    status,
    createdAt: '2026-11-01T00:00:00.000Z',
    expiresAt: '2026-11-08T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    endReason: null,
    legs: Array.from({ length: n }, (_, i) => ({
      giver: member(i + 1, names[i]!),
      receiver: member(((i + 1) % n) + 1, names[(i + 1) % n]!),
      listing: { id: 100 + i, title: `Item ${i}`, imageUrls: [] },
      decision: null,
      barterId: null,
      barterStatus: null,
    })),
  };
}

describe('circleDependingOnWant', () => {
  it('finds the proposed circle in which the member receives the listing, and nothing else', () => {
    const three = circle(7, 3);
    // Member 1 receives listing 102 (from member 3) and gives 100.
    expect(circleDependingOnWant([circle(6, 2, 'declined'), three], 1, 102)).toBe(three);
    expect(circleDependingOnWant([three], 1, 100)).toBeNull();
    expect(circleDependingOnWant([three], 2, 102)).toBeNull();
    expect(circleDependingOnWant([circle(8, 3, 'agreed'), circle(9, 3, 'expired')], 1, 102)).toBeNull();
    expect(circleDependingOnWant(undefined, 1, 102)).toBeNull();
  });
});

describe('circleMembersText', () => {
  it('names the other members as a sentence does', () => {
    expect(circleMembersText(circle(1, 2), 1)).toBe('Sam');
    expect(circleMembersText(circle(1, 3), 1)).toBe('Sam and Alex');
    expect(circleMembersText(circle(1, 4), 2)).toBe('Me, Alex and Kim');
    const gone = circle(1, 3);
    gone.legs[1]!.giver = null;
    expect(circleMembersText(gone, 1)).toBe('Alex');
  });
});
