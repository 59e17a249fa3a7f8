import { describe, expect, it } from 'vitest';
import { ConfigError } from './config-schema.ts';
import { readDataciteConfig } from './datacite.ts';

describe('the datacite section', () => {
  const complete = {
    enabled: true,
    url: 'https://api.test.datacite.org/',
    prefix: '10.5072',
    user: 'OASIS.TEST',
    password: 'in the file',
  };

  it('is off unless enabled', () => {
    expect(readDataciteConfig({}, {})).toBeUndefined();
    expect(readDataciteConfig({ ...complete, enabled: false }, {})).toBeUndefined();
  });

  it('reads an enabled section, the password possibly from the environment', () => {
    expect(readDataciteConfig(complete, {})).toEqual({
      url: 'https://api.test.datacite.org',
      prefix: '10.5072',
      user: 'OASIS.TEST',
      password: 'in the file',
      publisher: 'NOMAD Repository',
    });
    const { password: _password, ...withoutPassword } = complete;
    expect(
      readDataciteConfig(
        { ...withoutPassword, publisher: 'My Lab' },
        { OASIS_DATACITE_PASSWORD: 'from env' },
      ),
    ).toMatchObject({ password: 'from env', publisher: 'My Lab' });
  });

  it('stops the start when an enabled section lacks what DOIs need', () => {
    expect(() => readDataciteConfig({ enabled: true, url: 'https://x.org' }, {})).toThrow(ConfigError);
    expect(() => readDataciteConfig({ enabled: true, url: 'https://x.org' }, {})).toThrow(
      'DataCite is enabled, but datacite.prefix, datacite.user, datacite.password are not set.',
    );
  });
});
