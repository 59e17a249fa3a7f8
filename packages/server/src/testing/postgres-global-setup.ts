import type { TestProject } from 'vitest/node';
import { startPostgresCluster } from './postgres-cluster.ts';

/** Vitest global setup of the `server-postgres` project: one cluster for the run, stopped afterwards. */
export const setup = async (project: TestProject) => {
  const cluster = await startPostgresCluster();
  project.provide('postgresServerUrl', cluster.url);
  return () => cluster.stop();
};
