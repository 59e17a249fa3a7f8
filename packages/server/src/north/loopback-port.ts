import { createServer } from 'node:net';

const canListen = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });

/**
 * A loopback port of the range that nothing listens on and no instance holds, tried from a random place so
 * that two starts at once rarely probe the same port. The tool binds it a moment later: if something took
 * it in between, the tool fails to start and shows `error`.
 */
export const freeLoopbackPort = async (
  range: { start: number; end: number },
  taken: ReadonlySet<number>,
): Promise<number | undefined> => {
  const size = range.end - range.start + 1;
  const offset = Math.floor(Math.random() * size);
  for (let index = 0; index < size; index += 1) {
    const port = range.start + ((offset + index) % size);
    if (!taken.has(port) && (await canListen(port))) return port;
  }
  return undefined;
};
