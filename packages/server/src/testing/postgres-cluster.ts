import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.ts';

/**
 * A throw-away PostgreSQL server for tests and benches: its own cluster in a temporary folder, on a free
 * loopback port, with durability off (the data dies with the run anyway). Uses the server binaries of
 * Debian's `postgresql` package; as root, the cluster runs as the package's `postgres` user, because
 * PostgreSQL refuses to run as root.
 */
export interface PostgresCluster {
  /** postgres://oasis@127.0.0.1:{port}/postgres, the maintenance database: tests create their own. */
  url: string;
  stop(): void;
}

/** The newest installed server's bin folder, or undefined when PostgreSQL is not installed. */
export const postgresBinDir = (): string | undefined => {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((name) => existsSync(path.join(root, name, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] && path.join(root, versions[0], 'bin');
};

/** Root runs the binaries as `postgres`; anyone else as themselves. */
const asServerUser = (): { prefix: string[]; owner?: { uid: number; gid: number } } => {
  if (process.getuid?.() !== 0) return { prefix: [] };
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { prefix: ['runuser', '-u', 'postgres', '--'], owner: { uid: id('-u'), gid: id('-g') } };
};

export const startPostgresCluster = async (): Promise<PostgresCluster> => {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/pg_ctl).');
  const folder = mkdtempSync(path.join(os.tmpdir(), 'oasis-pg-'));
  const data = path.join(folder, 'data');
  const { prefix, owner } = asServerUser();
  if (owner) chownSync(folder, owner.uid, owner.gid);
  const run = (tool: string, args: string[]) => {
    const [command, ...rest] = [...prefix, path.join(bin, tool), ...args];
    const result = spawnSync(command as string, rest, { encoding: 'utf8', cwd: folder });
    if (result.status !== 0)
      throw new Error(`${tool} failed (${result.status}): ${result.stderr || result.stdout}`);
  };
  run('initdb', ['-D', data, '-U', 'oasis', '--auth=trust', '-E', 'UTF8', '--no-locale', '--no-sync']);
  const port = await freePort();
  const settings = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${folder}`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=400',
  ].join(' ');
  run('pg_ctl', ['-D', data, '-l', path.join(folder, 'server.log'), '-w', '-o', settings, 'start']);
  return {
    url: `postgres://oasis@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  };
};
