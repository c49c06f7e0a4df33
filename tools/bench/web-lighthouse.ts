/**
 * Lighthouse 12 (npm `lighthouse`, pinned to 12.2.3: 13 needs Node 22) in its default mobile mode:
 * a Moto G Power-sized screen and simulated throttling (150 ms RTT, 1.6 Mbps, 4× CPU), the figures
 * PageSpeed Insights gives. Simulation computes the metrics from an unthrottled load, so they move
 * less with the machine's load than the bench's own throttled timings. Each run gets a fresh
 * Chromium profile (no cache, no service worker), driven through its DevTools port.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import lighthouse from 'lighthouse';

export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
}

/** Chromium writes the port it chose for `--remote-debugging-port=0` into its profile. */
async function devToolsPort(userDataDir: string): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      const port = Number(readFileSync(path.join(userDataDir, 'DevToolsActivePort'), 'utf8').split('\n')[0]);
      if (port > 0) return port;
    } catch {
      // Not written yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('Chromium no informó su puerto de DevTools');
}

/** A page's figures from several audits: those of the median run, and every run's score. */
export interface LighthouseMedian extends LighthouseFigures {
  /** The performance score of each run, in the order they ran. */
  runs: number[];
}

/**
 * Audits `url` `runs` times, each in a fresh profile, and keeps the run with the median
 * performance score (the middle one of an odd count). One audit's score moves by up to 0.05 from
 * run to run on the same build; the median of three or five is what to compare.
 */
export async function runLighthouseMedian(
  url: string,
  options: { chromiumPath: string | null; name: string; prepare?: (page: Page) => Promise<void> },
  runs: number,
): Promise<LighthouseMedian> {
  const results: LighthouseFigures[] = [];
  const count = Math.max(1, runs);
  for (let run = 0; run < count; run++)
    // Each run's reports (BENCH_LIGHTHOUSE_REPORT) under a name of its own.
    results.push(
      await runLighthouse(url, { ...options, name: count > 1 ? `${options.name}-${run + 1}` : options.name }),
    );
  const byScore = [...results].sort((a, b) => a.performance - b.performance);
  const median = byScore[Math.floor((byScore.length - 1) / 2)] as LighthouseFigures;
  return { ...median, runs: results.map((result) => result.performance) };
}

/**
 * Audits `url`. `prepare` runs first in the same profile (e.g. stores a session for the
 * dashboard); then Lighthouse keeps the storage instead of clearing it.
 */
export async function runLighthouse(
  url: string,
  options: { chromiumPath: string | null; name: string; prepare?: (page: Page) => Promise<void> },
): Promise<LighthouseFigures> {
  // On a loaded machine Lighthouse sometimes loses the trace (NO_NAVSTART): one more try.
  try {
    return await runLighthouseOnce(url, options);
  } catch (error) {
    console.log(`  Lighthouse ${options.name}: ${String(error)}; se repite una vez`);
    return runLighthouseOnce(url, options);
  }
}

async function runLighthouseOnce(
  url: string,
  options: { chromiumPath: string | null; name: string; prepare?: (page: Page) => Promise<void> },
): Promise<LighthouseFigures> {
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'nexo-bench-lighthouse-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    ...(options.chromiumPath ? { executablePath: options.chromiumPath } : {}),
    args: ['--remote-debugging-port=0', '--no-sandbox', '--disable-gpu'],
  });
  try {
    if (options.prepare) {
      const page = await context.newPage();
      await options.prepare(page);
      await page.close();
    }
    const port = await devToolsPort(userDataDir);
    const result = await lighthouse(url, {
      port,
      hostname: '127.0.0.1',
      logLevel: 'error',
      output: ['html'],
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      disableStorageReset: options.prepare !== undefined,
      // BENCH_LIGHTHOUSE_PROFILE=1: the kept trace also holds V8's CPU samples (what each task ran);
      // the sampling itself lengthens the tasks, so that run's scores are not comparable.
      ...(process.env.BENCH_LIGHTHOUSE_PROFILE
        ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' }
        : {}),
    });
    if (!result) throw new Error(`Lighthouse no devolvió resultados para ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    // BENCH_LIGHTHOUSE_REPORT=<folder> keeps the HTML and JSON reports (what to fix, audit by
    // audit) and the unthrottled trace Lighthouse's simulation started from (its long tasks).
    const reportDir = process.env.BENCH_LIGHTHOUSE_REPORT;
    if (reportDir) {
      mkdirSync(reportDir, { recursive: true });
      writeFileSync(path.join(reportDir, `lighthouse-${options.name}.html`), String(result.report));
      writeFileSync(path.join(reportDir, `lighthouse-${options.name}.json`), JSON.stringify(lhr));
      writeFileSync(
        path.join(reportDir, `lighthouse-${options.name}.trace.json`),
        JSON.stringify(result.artifacts.Trace),
      );
    }
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100) / 100;
    const value = (id: string) => lhr.audits[id]?.numericValue ?? 0;
    if (process.env.BENCH_VERBOSE) {
      // What Lighthouse says would save the most, largest first.
      const opportunities = Object.values(lhr.audits)
        .filter((audit) => audit.details?.type === 'opportunity' && (audit.score ?? 1) < 0.9)
        .map((audit) => ({
          title: audit.title,
          savingsMs: (audit.details as { overallSavingsMs?: number }).overallSavingsMs ?? 0,
        }))
        .sort((a, b) => b.savingsMs - a.savingsMs);
      for (const o of opportunities)
        console.log(`  Lighthouse ${options.name}: ${o.title} (${Math.round(o.savingsMs)} ms)`);
    }
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      fcpMs: Math.round(value('first-contentful-paint')),
      lcpMs: Math.round(value('largest-contentful-paint')),
      tbtMs: Math.round(value('total-blocking-time')),
      cls: Math.round(value('cumulative-layout-shift') * 1000) / 1000,
      speedIndexMs: Math.round(value('speed-index')),
    };
  } finally {
    await context.close();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}
