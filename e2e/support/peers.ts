import { appendFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { startSmtpPeer } from '@oasis/server/testing/smtp-peer.ts';

/**
 * Loopback peers the server talks to during the e2e run: an SMTP server that files every message it gets,
 * and a DataCite-shaped HTTP server that registers DOIs. Both write what they received into `dir`, where
 * the tests (in other processes) read it.
 */
export interface Peers {
  smtpPort: number;
  dataciteUrl: string;
  close(): Promise<void>;
}

export const MAILS_FILE = 'mails.jsonl';
export const DOIS_FILE = 'dois.jsonl';
export const DATACITE_USER = 'oasis-e2e';
export const DATACITE_PASSWORD = 'datacite-e2e-secret';
export const DATACITE_PREFIX = '10.80000';

const listen = (server: { listen: (port: number, host: string, done: () => void) => unknown }) =>
  new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

const readBody = async (request: http.IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

export const startPeers = async (dir: string): Promise<Peers> => {
  writeFileSync(path.join(dir, MAILS_FILE), '');
  writeFileSync(path.join(dir, DOIS_FILE), '');
  const smtp = await startSmtpPeer({
    onMail: (mail) => appendFileSync(path.join(dir, MAILS_FILE), `${JSON.stringify(mail)}\n`),
  });
  const expectedAuth = `Basic ${Buffer.from(`${DATACITE_USER}:${DATACITE_PASSWORD}`).toString('base64')}`;
  let registered = 0;
  const datacite = http.createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const answer = (status: number, json: unknown) =>
        response.writeHead(status, { 'content-type': 'application/vnd.api+json' }).end(JSON.stringify(json));
      if (request.method !== 'POST' || request.url !== '/dois')
        return answer(404, { errors: [{ title: 'no' }] });
      if (request.headers.authorization !== expectedAuth) return answer(401, { errors: [{ title: 'auth' }] });
      const attributes = (JSON.parse(body) as { data?: { attributes?: Record<string, unknown> } }).data
        ?.attributes;
      if (!attributes?.titles || !attributes.creators || !attributes.url) {
        return answer(422, { errors: [{ title: 'missing titles, creators or url' }] });
      }
      registered += 1;
      const doi = `${DATACITE_PREFIX}/oasis-e2e-${registered}`;
      appendFileSync(path.join(dir, DOIS_FILE), `${JSON.stringify({ doi, attributes })}\n`);
      return answer(201, { data: { id: doi, type: 'dois', attributes: { ...attributes, doi } } });
    })();
  });
  await listen(datacite);
  return {
    smtpPort: smtp.port,
    dataciteUrl: `http://127.0.0.1:${(datacite.address() as AddressInfo).port}`,
    close: async () => {
      await smtp.close();
      await new Promise<void>((resolve) => datacite.close(() => resolve()));
    },
  };
};
