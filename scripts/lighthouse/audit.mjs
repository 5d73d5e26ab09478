// Lighthouse runs: its Node API on Debian's Chromium (chrome-launcher, which Lighthouse itself
// depends on), the default configuration (the mobile preset: a Moto G Power screen, simulated
// slow 4G and a 4× CPU slowdown). Simulated throttling loads the page at full speed and computes
// the throttled timings from that trace, so a busy machine shows up as a slower CPU: the report's
// benchmark index is kept beside the scores to tell.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { LIGHTHOUSE_GOALS } from './goals.mjs';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/** One headless Chromium for all runs: Lighthouse clears the origin's storage and cache first. */
export async function launchChrome() {
  return chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
}

/** One Lighthouse run of `url`: the goals' figures, audits short of 100, the benchmark index. */
export async function auditOnce(chrome, url) {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES,
  });
  if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.message}`);
  const figures = Object.fromEntries(LIGHTHOUSE_GOALS.map((goal) => [goal.id, goal.value(lhr)]));
  return { figures, failed: failedAudits(lhr), benchmarkIndex: lhr.environment.benchmarkIndex };
}

/**
 * The audits that cost the accessibility, best-practices and SEO categories points, as
 * `category: audit-id`: what to fix to reach 100 there. Performance's are opportunities, read in
 * the full report (`npx lighthouse <url> --view`), not listed here.
 */
function failedAudits(lhr) {
  const failed = [];
  for (const id of CATEGORIES.filter((category) => category !== 'performance')) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) failed.push(`${id}: ${ref.id}`);
    }
  }
  return failed;
}

/** `runs` runs of `url`; the median run by performance score stands for the page; all are kept. */
export async function auditPage(chrome, url, runs, log) {
  const all = [];
  for (let run = 1; run <= runs; run++) {
    const result = await auditOnce(chrome, url);
    log(`  ${url} run ${run}/${runs}: performance ${result.figures.performance}`);
    all.push(result);
  }
  const sorted = [...all].sort((a, b) => a.figures.performance - b.figures.performance);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  return { ...median, runs: all.map((run) => run.figures) };
}
