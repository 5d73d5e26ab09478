// "Mark all read" beyond one request (every 15 minutes; decision 042). The request marks the bell's
// page and MARK_ALL_PER_REQUEST more entries, and leaves a bell_read_marks row when the member had
// more unread; this job marks the rest in bounded steps: MARKS_PER_RUN members a call, at most
// MARK_ALL_PER_STEP entries each (about two rows written an entry), oldest mark first, and pushes
// the bell of each member it finishes. A call that filled its page says so, and the dispatcher
// calls it again (within the trigger's rows-written cap).
import { createDb } from '../db/client';
import { bellReadMarksStatement, markAllReadStep, type BellReadMark } from '../db/queries/notifications';
import { pushNotificationChanges } from '@worker/durable-objects/member-sockets-client';
import { unlimited, type Budget } from '@worker/lib/cron-budget';

/** Members whose marks one call works on. */
export const MARKS_PER_RUN = 2;
/** Statements: the marks read, then per member the step's read, fold, mark and delete. */
export const BELL_READ_MARKS_COST = 1 + 4;

export interface BellReadMarksRun {
  members: number;
  done: number;
  /** A full page: a call now would find more to do. */
  more: boolean;
}

export async function runBellReadMarks(
  env: Env,
  now: Date = new Date(),
  budget: Budget = unlimited,
): Promise<BellReadMarksRun | null> {
  if (budget.left() < BELL_READ_MARKS_COST) return null;
  const { results: marks } = await bellReadMarksStatement(env.DB, MARKS_PER_RUN).all<BellReadMark>();
  const db = createDb(env.DB);
  const run: BellReadMarksRun = { members: 0, done: 0, more: false };
  const finished: number[] = [];
  for (const mark of marks) {
    if (budget.left() < 4) {
      run.more = true;
      break;
    }
    run.members += 1;
    if (await markAllReadStep(db, mark.user_id, mark.through, now.toISOString())) finished.push(mark.user_id);
    else run.more = true;
  }
  run.done = finished.length;
  if (marks.length === MARKS_PER_RUN) run.more = true;
  if (finished.length) await pushNotificationChanges(env, finished);
  return run;
}
