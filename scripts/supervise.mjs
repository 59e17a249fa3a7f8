// Keeps a server process running: a crash (an exit nobody asked for) is followed by a restart after a
// back-off that doubles from `baseDelayMs` to `maxDelayMs` and starts over once a run lasted
// `resetAfterMs`. The `signals` (SIGTERM, SIGINT, SIGHUP) and `stop()` end the supervisor with the server:
// SIGINT is passed on, the others become SIGTERM (the server's graceful shutdown; SIGHUP would kill it
// outright). A server that stops before it ever said it was ready (a configuration problem, a held
// lock) is not restarted: restarting would only repeat the error.
import { spawn } from 'node:child_process';

export const STOP_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'];

export const supervise = ({
  command,
  args,
  env = process.env,
  restart = true,
  baseDelayMs = 1000,
  maxDelayMs = 30_000,
  resetAfterMs = 60_000,
  log = (message) => console.error(message),
  signals = STOP_SIGNALS,
}) => {
  let child;
  let timer;
  let stopping = false;
  let sentSignal;
  let everReady = false;
  let delay = baseDelayMs;

  const run = () => {
    const startedAt = Date.now();
    // The server sends 'ready' over the IPC channel once it listens (main.ts).
    child = spawn(command, args, { stdio: ['inherit', 'inherit', 'inherit', 'ipc'], env });
    child.on('message', (message) => {
      if (message === 'ready') everReady = true;
    });
    child.on('exit', (code, signal) => {
      child = undefined;
      // A server ended by the very signal a requested stop sent (it may not yet have set up its
      // handlers, having just been restarted) stopped as asked, as systemd also counts it.
      if (stopping && signal === sentSignal) process.exit(0);
      const exitCode = code ?? (signal ? 1 : 0);
      if (stopping || !restart || (code === 0 && !signal)) process.exit(exitCode);
      if (!everReady) {
        log('The server stopped before it was ready; not restarting.');
        process.exit(exitCode || 1);
      }
      if (Date.now() - startedAt >= resetAfterMs) delay = baseDelayMs;
      const why = signal ? `signal ${signal}` : `exit code ${code}`;
      log(`The server stopped unexpectedly (${why}); restarting in ${delay / 1000} s.`);
      timer = setTimeout(run, delay);
      delay = Math.min(delay * 2, maxDelayMs);
    });
  };

  const stop = (signal = 'SIGTERM') => {
    stopping = true;
    clearTimeout(timer);
    sentSignal = signal === 'SIGINT' ? 'SIGINT' : 'SIGTERM';
    if (child) child.kill(sentSignal);
    else process.exit(0);
  };
  for (const signal of signals) process.on(signal, () => stop(signal));
  run();
  return { stop };
};
