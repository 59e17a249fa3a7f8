import { runCli } from './run.ts';

/** `npm run oasis -- <command>`: administration commands (users, ...) of the installation. */
runCli(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
