import { readFile } from 'node:fs/promises';

/**
 * Resident set size of a process in bytes, read from /proc (Linux); undefined where /proc is not there
 * or the process is gone. Buffers count here, unlike in V8's heap limit.
 */
export const residentBytes = async (pid: number): Promise<number | undefined> => {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
};
