import { readFile, readdir } from 'node:fs/promises';

const rssOf = async (pid: number): Promise<number> => {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? 0) * 1024;
};

/** Pids of all descendants of `pid`, from the parent pids in /proc (Linux). */
const descendantsOf = async (pid: number): Promise<number[]> => {
  const parents = new Map<number, number>();
  for (const name of await readdir('/proc').catch((): string[] => [])) {
    if (!/^\d+$/.test(name)) continue;
    const stat = await readFile(`/proc/${name}/stat`, 'utf8').catch(() => '');
    // The command name (2nd field) is in parentheses and may hold spaces; the parent pid follows it.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid) parents.set(Number(name), ppid);
  }
  const found: number[] = [];
  const visit = (parent: number) => {
    for (const [child, ppid] of parents) {
      if (ppid !== parent || found.includes(child)) continue;
      found.push(child);
      visit(child);
    }
  };
  visit(pid);
  return found;
};

export interface RssPeaks {
  /** Largest resident set of the process itself. */
  main: number;
  /** Largest sum over its descendants (parser processes) at one sample. */
  children: number;
  /** Largest sum of both at one sample. */
  total: number;
}

/**
 * Samples the resident memory of a process and its children every `intervalMs` until `stop()`, for
 * tests and benchmarks that bound the memory of the server with its parser processes.
 */
export const sampleRss = (pid = process.pid, intervalMs = 100) => {
  const peaks: RssPeaks = { main: 0, children: 0, total: 0 };
  let running = true;
  const loop = (async () => {
    while (running) {
      const main = await rssOf(pid);
      let children = 0;
      for (const child of await descendantsOf(pid)) children += await rssOf(child);
      peaks.main = Math.max(peaks.main, main);
      peaks.children = Math.max(peaks.children, children);
      peaks.total = Math.max(peaks.total, main + children);
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  })();
  return {
    async stop(): Promise<RssPeaks> {
      running = false;
      await loop;
      return peaks;
    },
  };
};
