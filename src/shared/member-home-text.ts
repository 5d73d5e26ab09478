// The member's part of the home page (decision 065): its heading and counts, shared by the SPA
// (features/home) and the first screen the Worker writes (worker/lib/first-screen/screens.ts).

export const MEMBER_HOME_HEADING = 'Your activity';

/** "1 open offer", "2 open offers": a count with its noun, singular for one. */
export const countOf = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
