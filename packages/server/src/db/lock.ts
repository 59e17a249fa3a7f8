import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const lockFile = (dataDir: string) => path.join(dataDir, 'server.pid');

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The pid of a live server process holding the embedded database in `dataDir`, if any. */
export const runningServerPid = (dataDir: string): number | undefined => {
  const file = lockFile(dataDir);
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').trim());
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid) ? pid : undefined;
};

/**
 * PGlite allows one process per data directory; opening it twice corrupts it. The server and the CLI take
 * this lock first and refuse to start while another live process holds it (a stale file is taken over).
 */
export const acquireDataDirLock = (dataDir: string, holder: string): (() => void) => {
  mkdirSync(dataDir, { recursive: true });
  const pid = runningServerPid(dataDir);
  if (pid !== undefined) {
    throw new Error(
      `The embedded database in ${dataDir} is in use by a running oasis process (pid ${pid}). ` +
        `Stop the server first (or use a PostgreSQL server via OASIS_DATABASE_URL) and run ${holder} again.`,
    );
  }
  writeFileSync(lockFile(dataDir), String(process.pid));
  return () => {
    if (
      existsSync(lockFile(dataDir)) &&
      readFileSync(lockFile(dataDir), 'utf8').trim() === String(process.pid)
    ) {
      rmSync(lockFile(dataDir));
    }
  };
};
