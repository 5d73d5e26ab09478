// What the want routes tell the trade-circle engine (docs/api/wants-matches-circles.md).
// wired to the circle engine at merge: until then both hooks do nothing.

/** Called after a want row was inserted (not for a repeated, idempotent PUT). */
export async function onWantAdded(_env: Env, _userId: number, _listingId: number): Promise<void> {}

/** Called after a want row was deleted. */
export async function onWantRemoved(_env: Env, _userId: number, _listingId: number): Promise<void> {}
