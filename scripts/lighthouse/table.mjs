// The printed report: one table for Lighthouse (a row per figure, a column per page, the goal
// beside) and one for the slow link (a row per page).
import { SLOW_LINK } from './slow-link.mjs';
import { LIGHTHOUSE_GOALS, SLOW_LINK_CONTENT_MS, mark, seconds } from './goals.mjs';

function table(header, rows) {
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => String(row[column]).length)));
  const line = (row) => row.map((cell, column) => String(cell).padEnd(widths[column])).join('  ');
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

/** `pages`: [{ name, figures, runs, benchmarkIndex, failed }], the median run per page. */
export function lighthouseTable(pages) {
  const rows = LIGHTHOUSE_GOALS.map((goal) => [
    goal.label,
    ...pages.map(({ figures }) => `${goal.format(figures[goal.id])} ${mark(goal.met(figures[goal.id]))}`),
    goal.source === 'issue' ? goal.goal : `${goal.goal} (Lighthouse's "good")`,
  ]);
  rows.push(['Performance, every run', ...pages.map(({ runs }) => runs.map((run) => run.performance).join(' / ')), '']);
  rows.push(['Benchmark index', ...pages.map(({ benchmarkIndex }) => Math.round(benchmarkIndex)), '']);
  const failed = pages
    .filter((page) => page.failed.length)
    .map((page) => `  ${page.name}: ${page.failed.join(', ')}`)
    .join('\n');
  return `${table(['', ...pages.map((page) => page.name), 'Goal'], rows)}${failed ? `\n\nAudits short of 100 (median run):\n${failed}` : ''}`;
}

/** A slow-link time; null when the run gave up waiting for it. */
const time = (value) => (value === null ? `> ${seconds(SLOW_LINK.waitMs)}` : seconds(value));

const kilobytes = (bytes) => `${Math.round(bytes / 1024)} KB`;

/** `pages`: the median run per page (slow-link.mjs's figures, with `name` and `runs`). */
export function slowLinkTable(pages) {
  const rows = pages.map((page) => [
    page.name,
    time(page.fcp),
    `${time(page.content)} ${mark(page.content !== null && page.content <= SLOW_LINK_CONTENT_MS)}`,
    time(page.interactive),
    `${page.requestsBeforeContent}, ${kilobytes(page.bytesBeforeContent)}`,
    `${page.requests}, ${kilobytes(page.transferred)}`,
    page.runs.map((run) => time(run.content)).join(' / '),
  ]);
  return table(
    [
      'Page',
      'FCP',
      `Content (≤ ${SLOW_LINK_CONTENT_MS / 1000} s)`,
      'Interactive',
      'Before content',
      'In all',
      'Content, every run',
    ],
    rows,
  );
}
