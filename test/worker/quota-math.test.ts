// The arithmetic of `npm run quota` (scripts/lib/quota-math.mjs): members a day per resource with
// fixed daily costs apart, the media domain's share, the KV budget's sign-ins, and request kinds.
// Pure functions; they run here because this is the suite that runs plain modules.
import { describe, expect, it } from 'vitest';
import {
  add,
  billedDoRequests,
  capacity,
  d1ActionsPerDay,
  kvActionsPerDay,
  minus,
  requestKind,
  withMediaDomain,
  zero,
  isPhotoLoad,
} from '../../scripts/lib/quota-math.mjs';

type Counts = Record<string, number>;
const counts = (values: Counts): Counts => add(zero(), values);

describe('members a day', () => {
  it('divides what the limit leaves after the fixed costs by a member-day, and names the binding resource', () => {
    const perMember = counts({ workerRequests: 50, d1RowsRead: 2_000, d1RowsWritten: 10, kvReads: 40 });
    const fixed = counts({ workerRequests: 97, d1RowsRead: 1_000_000 });
    const { resources, binding } = capacity(perMember, fixed);
    const of = (field: string) => resources.find((r) => r.field === field)!;
    expect(of('workerRequests').membersThatFit).toBe(Math.floor((100_000 - 97) / 50));
    expect(of('d1RowsRead').membersThatFit).toBe(2_000);
    expect(of('d1RowsWritten').membersThatFit).toBe(10_000);
    expect(of('kvWrites').membersThatFit).toBe(Infinity);
    expect(of('d1Queries').membersThatFit).toBeNull();
    expect(binding.field).toBe('workerRequests');
    expect(binding.membersThatFit).toBe(1_998);
  });

  it('allows no member when the fixed costs alone pass a limit', () => {
    const { binding } = capacity(counts({ d1RowsRead: 1 }), counts({ d1RowsRead: 6_000_000 }));
    expect(binding).toMatchObject({ field: 'd1RowsRead', membersThatFit: 0 });
    expect(capacity(counts({}), counts({ kvWrites: 1_200 })).binding).toMatchObject({
      field: 'kvWrites',
      membersThatFit: 0,
    });
  });

  it('bills Durable Object socket messages at 20 to a request', () => {
    const c = counts({ doRequests: 3, doWebSocketMessages: 40 });
    expect(billedDoRequests(c)).toBe(5);
    const { resources } = capacity(c, counts({ doRequests: 5_000 }));
    expect(resources.find((r) => r.field === 'doRequests')).toMatchObject({
      perMemberDay: 5,
      fixedPerDay: 5_000,
      membersThatFit: 19_000,
    });
  });

  it('takes the photo loads off the Worker with a media domain, with their session and D1 reads, and keeps their R2 reads', () => {
    const day = counts({ workerRequests: 100, kvReads: 90, d1RowsRead: 500, r2ClassB: 40 });
    const photos = counts({ workerRequests: 40, kvReads: 40, d1RowsRead: 40, r2ClassB: 40 });
    expect(withMediaDomain(day, photos)).toMatchObject({
      workerRequests: 60,
      kvReads: 50,
      d1RowsRead: 460,
      r2ClassB: 40,
    });
    expect(day.workerRequests).toBe(100);
  });

  it('sums and subtracts every field', () => {
    expect(minus(counts({ d1RowsRead: 10, kvWrites: 2 }), counts({ d1RowsRead: 4 }))).toMatchObject({
      d1RowsRead: 6,
      kvWrites: 2,
      workerRequests: 0,
    });
    expect(add(counts({ d1RowsRead: 1 }), counts({ d1RowsRead: 2 }), 3)).toMatchObject({ d1RowsRead: 7 });
  });
});

describe('the KV budget', () => {
  it('counts the sign-ins a day from the measured KV writes and deletes of one, after everything else', () => {
    expect(kvActionsPerDay(counts({ kvWrites: 1 }), counts({ kvWrites: 100 }))).toEqual({
      perDay: 900,
      binding: 'KV writes',
    });
    expect(kvActionsPerDay(counts({ kvWrites: 1, kvDeletes: 2 }), counts({}))).toEqual({
      perDay: 500,
      binding: 'KV deletes',
    });
    // Sessions in D1 with no KV write on sign-in: KV does not limit sign-ins.
    expect(kvActionsPerDay(counts({ kvReads: 3 }), counts({ kvWrites: 100 }))).toEqual({
      perDay: Infinity,
      binding: null,
    });
  });

  it('bounds sign-ins by the rows written they cost, beside the fixed daily costs (sessions are D1 rows)', () => {
    expect(d1ActionsPerDay(counts({ d1RowsWritten: 8, kvWrites: 1 }), counts({ d1RowsWritten: 20_000 }))).toBe(10_000);
    expect(d1ActionsPerDay(counts({ d1RowsWritten: 0 }), counts({}))).toBe(Infinity);
    expect(d1ActionsPerDay(counts({ d1RowsWritten: 5 }), counts({ d1RowsWritten: 200_000 }))).toBe(0);
  });
});

describe('request kinds', () => {
  it('names a request by method, path with ids left out, and its parameter names', () => {
    expect(requestKind('GET', 'http://localhost:8787/api/listings?search=garden&distance=50&limit=9&offset=0')).toBe(
      'GET /api/listings?distance&limit&offset&search',
    );
    expect(requestKind('GET', 'http://localhost/api/conversations/3/2/17?limit=100')).toBe(
      'GET /api/conversations/:id/:id/:id?limit',
    );
    expect(requestKind('GET', 'http://localhost/api/conversations/3-2-17')).toBe(
      'GET /api/conversations/:conversation',
    );
    expect(requestKind('GET', 'http://localhost/api/users/username/maria.garcia')).toBe(
      'GET /api/users/username/:name',
    );
    expect(requestKind('GET', 'http://localhost/objects/uploads/0f8fad5b-d9cb-469f-a165-70867728950e/thumb')).toBe(
      'GET /objects/uploads/:uuid/thumb (photo thumbnail)',
    );
  });

  it('tells photo loads (which a media domain serves) from other /objects requests', () => {
    expect(isPhotoLoad('http://localhost/objects/uploads/0f8fad5b-d9cb-469f-a165-70867728950e')).toBe(true);
    expect(isPhotoLoad('http://localhost/objects/uploads/0f8fad5b-d9cb-469f-a165-70867728950e/thumb')).toBe(true);
    expect(isPhotoLoad('http://localhost/objects/upload/0f8fad5b-d9cb-469f-a165-70867728950e?signature=x')).toBe(false);
    expect(isPhotoLoad('http://localhost/api/listings/1')).toBe(false);
  });
});
