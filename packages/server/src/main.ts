import { loadConfig } from './config/config.ts';
import { startServer } from './server.ts';

/** `npm start`: one process serving GUI and API; SIGTERM/SIGINT shut it down gracefully. */
const main = async () => {
  const config = loadConfig();
  const server = await startServer(config, { logger: process.env.OASIS_LOG !== 'false' });
  console.log(
    `NOMAD oasis ready: GUI ${config.publicOrigin}${config.basePath}/gui/  API ${config.publicOrigin}${config.basePath}/api/v1`,
  );
  // Tells `npm start`'s supervisor that this start succeeded (scripts/supervise.mjs).
  process.send?.('ready');
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received, shutting down`);
    // A job still running after the grace period stays RUNNING in the database and is re-run at the next start.
    const forced = setTimeout(() => {
      console.log('Shutdown took longer than 15 s; exiting without waiting further');
      server.releaseDataDir();
      process.exit(0);
    }, 15_000);
    forced.unref();
    await server.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
