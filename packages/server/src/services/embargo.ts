import type { AppContext } from '../context.ts';
import { liftExpiredEmbargoes } from '../store/upload-metadata.ts';

/** How often the server looks for embargoes that have run out; an embargo is counted in months. */
const EMBARGO_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Lifts every embargo that has run out by the context's clock (publish time plus the embargo's months):
 * the uploads become public, and the search index follows through their change numbers. Returns their
 * ids. Idempotent: a second run at once (a node taking over the task) changes nothing.
 */
export const liftEndedEmbargoes = (ctx: AppContext): Promise<string[]> =>
  liftExpiredEmbargoes(ctx.db, ctx.clock.now());

export interface EmbargoTask {
  /** Stops the timer and waits for a check under way. */
  stop(): Promise<void>;
}

/**
 * Checks for ended embargoes now and then every `intervalMs`; failures go to `onError`, not the process.
 * With several nodes, only the one `mayRun` says yes to checks.
 */
export const startEmbargoTask = (
  ctx: AppContext,
  options: { intervalMs?: number; onError: (error: unknown) => void; mayRun?: () => boolean },
): EmbargoTask => {
  let running: Promise<unknown> = Promise.resolve();
  const check = () => {
    if (options.mayRun && !options.mayRun()) return;
    running = running.then(() => liftEndedEmbargoes(ctx)).catch(options.onError);
  };
  check();
  const timer = setInterval(check, options.intervalMs ?? EMBARGO_CHECK_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
};
