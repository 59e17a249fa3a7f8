import { describe, expect, it } from 'vitest';
import { validateConfigFile } from './config-schema.ts';
import { mailConfigured, readMailConfig } from './mail.ts';

describe('the mail section of nomad.yaml', () => {
  it('is off by default', () => {
    const mail = readMailConfig({}, {});
    expect(mail).toMatchObject({ enabled: false, port: 587, secure: false, withLogin: false });
    expect(mailConfigured(mail)).toBe(false);
  });

  it("reads NOMAD's keys; the environment may hold the password", () => {
    const doc = {
      enabled: true,
      host: 'smtp.example.org',
      secure: true,
      user: 'oasis',
      password: 'in-the-file',
      from_address: 'oasis@example.org',
      from_name: 'Oasis',
    };
    expect(readMailConfig(doc, { OASIS_MAIL_PASSWORD: 'from-env' })).toEqual({
      enabled: true,
      host: 'smtp.example.org',
      port: 465,
      secure: true,
      withLogin: true,
      user: 'oasis',
      password: 'from-env',
      fromAddress: 'oasis@example.org',
      fromName: 'Oasis',
    });
    expect(readMailConfig({ ...doc, with_login: false, port: 2525 }, {})).toMatchObject({
      port: 2525,
      withLogin: false,
      password: 'in-the-file',
    });
    expect(mailConfigured(readMailConfig(doc, {}))).toBe(true);
    expect(mailConfigured(readMailConfig({ ...doc, host: '' }, {}))).toBe(false);
  });

  it('is checked at start', () => {
    expect(() => validateConfigFile({ mail: { port: 'twenty-five' } }, 'nomad.yaml')).toThrow(
      /mail\/port|mail\.port/,
    );
  });
});
