import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { EntriesQueryRequest } from '@oasis/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../auth/current-user.ts';
import type { Database } from '../../db/database.ts';
import { openMigratedDatabase } from '../../testing/database.ts';
import { searchEntries } from '../search.ts';
import type { SearchEngine } from './engine.ts';
import { contents, engineFor, entryValues, insertEntry } from './snapshot-fixture.ts';

const user = (user_id: string, group_ids: string[] = []): CurrentUser => ({
  user_id,
  username: user_id,
  name: user_id,
  is_admin: false,
  group_ids,
});

/** Uploads shared through groups and with everyone ('all'), in the index, its searches and its snapshot. */
describe('group roles and visibility to all in the search index', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'oasis-groups-'));
  const file = path.join(dir, 'search-index.snapshot');
  let db: Database;
  let engine: SearchEngine;

  beforeAll(async () => {
    db = await openMigratedDatabase();
    await db.exec(`
      INSERT INTO users (user_id, username) VALUES ('main', 'main'), ('someone', 'someone');
      INSERT INTO uploads (upload_id, upload_name, main_author, coauthor_groups, reviewer_groups, published, with_embargo)
      VALUES ('by-group', 'Shared by group', 'main', ARRAY['g-co'], ARRAY['g-rev'], false, false),
             ('open', 'Open to all', 'main', ARRAY[]::text[], ARRAY['all'], false, false),
             ('embargoed', 'Embargoed for all', 'main', ARRAY[]::text[], ARRAY['all'], true, true);`);
    await insertEntry(db, 'e-group', 'by-group', entryValues(1, ['Fe'], []));
    await insertEntry(db, 'e-open', 'open', entryValues(2, ['Cu'], []));
    await insertEntry(db, 'e-embargoed', 'embargoed', entryValues(3, ['Au'], []));
    engine = engineFor(db, file, []);
    await engine.sync();
  });
  afterAll(async () => {
    await engine?.close();
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const found = async (owner: string, caller: CurrentUser | undefined, from = engine) => {
    const answer = await searchEntries(db, from, caller, {
      owner,
      query: {},
      pagination: { page_size: 10, order_by: 'entry_id' },
    } as EntriesQueryRequest);
    return answer.data.map((entry) => entry.entry_id as string);
  };

  it('keeps the groups of each upload, without the pseudo-group all', () => {
    const access = (uploadId: string) => engine.index.uploads[engine.index.uploadSlotOf.get(uploadId)!];
    expect(access('by-group')).toMatchObject({
      writer_groups: ['g-co'],
      viewer_groups: ['g-co', 'g-rev'],
      visible_to_all: false,
    });
    expect(access('open')).toMatchObject({ viewer_groups: [], visible_to_all: true });
  });

  it('shows group members what the groups give them, and everyone what is open to all', async () => {
    for (const group of ['g-co', 'g-rev']) {
      const member = user('someone', [group]);
      expect(await found('shared', member), group).toEqual(['e-group']);
      expect(await found('visible', member), group).toEqual(['e-group', 'e-open']);
      expect(await found('staging', member), group).toEqual(['e-group']);
    }
    expect(await found('shared', user('someone', ['g-other']))).toEqual([]);
    expect(await found('visible', user('someone', ['all']))).toEqual(['e-open']);
    for (const caller of [undefined, user('someone')]) {
      expect(await found('public', caller)).toEqual(['e-open']);
      expect(await found('visible', caller)).toEqual(['e-open']);
      expect(await found('all', caller)).toEqual(['e-open']);
    }
    expect(await found('visible', user('main'))).toEqual(['e-embargoed', 'e-group', 'e-open']);
  });

  it('carries writer_groups and viewer_groups in the search documents', async () => {
    const answer = await searchEntries(db, engine, user('main'), {
      owner: 'visible',
      query: { viewer_groups: 'g-rev' },
      pagination: { page_size: 10 },
    } as EntriesQueryRequest);
    expect(answer.data).toHaveLength(1);
    expect(answer.data[0]).toMatchObject({ writer_groups: ['g-co'], viewer_groups: ['g-co', 'g-rev'] });
  });

  it('keeps group access through a snapshot', async () => {
    // The write scheduled after the build may have taken this state already.
    await engine.writeSnapshot();
    expect(await engine.writeSnapshot()).toBe(false);
    const logs: string[] = [];
    const restarted = engineFor(db, file, logs);
    await restarted.sync();
    expect(logs[0]).toMatch(/^Search index loaded/);
    expect(contents(restarted)).toEqual(contents(engine));
    expect(await found('visible', user('someone', ['g-rev']), restarted)).toEqual(['e-group', 'e-open']);
    await restarted.close();
  });
});
