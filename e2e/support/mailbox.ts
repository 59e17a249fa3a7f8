import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { decodeQuotedPrintable } from '@oasis/server/testing/smtp-peer.ts';
import { DOIS_FILE, MAILS_FILE } from './peers.ts';

const peersDir = () => {
  const dir = process.env.E2E_PEERS_DIR;
  if (!dir) throw new Error('E2E_PEERS_DIR is not set: the global setup starts the mail and DataCite peers');
  return dir;
};

const lines = <T>(file: string): T[] =>
  readFileSync(path.join(peersDir(), file), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as T);

/** Waits for a mail to `address` at the loopback SMTP peer and answers its decoded text. */
export const mailTo = async (address: string): Promise<string> => {
  let text = '';
  await expect
    .poll(() => {
      const mail = lines<{ to: string[]; raw: string }>(MAILS_FILE).find((m) => m.to.includes(address));
      text = mail ? decodeQuotedPrintable(mail.raw) : '';
      return text !== '';
    })
    .toBe(true);
  return text;
};

/** What the DataCite-shaped peer registered: one record per DOI. */
export const registeredDois = () =>
  lines<{ doi: string; attributes: { creators: Array<{ name: string }>; url: string } }>(DOIS_FILE);
