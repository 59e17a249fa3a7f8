// The groups API over HTTP (NOMAD's /groups): every answer is checked against its operation-table row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUrlSafeId } from '../processing/ids.ts';
import { MAX_GROUPS_PER_OWNER, MAX_MEMBERS } from '../services/groups.ts';
import { createUser } from '../store/users.ts';
import { as, callApi, json } from '../testing/http.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { setUploadAccess } from '../testing/upload-access.ts';
import { createUserWithToken } from '../testing/users.ts';

interface Group {
  group_id: string;
  group_name: string;
  owner: string;
  members: string[];
}

describe('/groups', () => {
  let server: TestServer;
  const token: Record<string, string> = {};
  const id: Record<string, string> = {};

  const call = (who: string | undefined, method: string, path: string, body?: unknown) =>
    callApi(server, who && token[who], method, path, body);
  const create = async (who: string, body: unknown) => {
    const response = await call(who, 'POST', 'groups', body);
    expect(response.status).toBe(200);
    return json<Group>(response);
  };
  const list = async (query: string, who?: string) => {
    const response = await call(who, 'GET', `groups?${query}`);
    expect(response.status).toBe(200);
    return (await json<{ data: Group[] }>(response)).data;
  };

  beforeAll(async () => {
    server = await startTestServer();
    for (const name of ['alice', 'bob', 'carol']) {
      token[name] = await createUserWithToken(server, name);
      id[name] = (
        await json<{ user_id: string }>(await fetch(`${server.api}/users/me`, as(token[name])))
      ).user_id;
    }
    await createUser(server.ctx.db, { username: 'adam', password: 'adam-password', is_admin: true });
    const login = await fetch(`${server.api}/auth/token?username=adam&password=adam-password`);
    token.adam = (await json<{ access_token: string }>(login)).access_token;
  });
  afterAll(async () => server?.close());

  it('creates a group owned by the caller, with existing users as members', async () => {
    const group = await create('alice', { group_name: 'Group Test', members: [id.bob, id.alice, id.bob] });
    // The owner is not listed among the members; a member named twice is one member.
    expect(group).toEqual({
      group_id: group.group_id,
      group_name: 'Group Test',
      owner: id.alice,
      members: [id.bob],
    });
    expect(isUrlSafeId(group.group_id, 22)).toBe(true);
    expect(await (await call(undefined, 'GET', `groups/${group.group_id}`)).json()).toEqual(group);
  });

  it('refuses anonymous callers, bad names and unknown members', async () => {
    const anonymous = await call(undefined, 'POST', 'groups', { group_name: 'Nobody' });
    expect(anonymous.status).toBe(401);
    for (const group_name of ['ab', 'x'.repeat(33), ' Leading', 'Trailing-', 'Bad/name', 'Umlaut ä']) {
      expect((await call('alice', 'POST', 'groups', { group_name })).status, group_name).toBe(422);
    }
    expect((await call('alice', 'POST', 'groups', { group_name: 'Okay', owner: id.bob })).status).toBe(422);
    expect((await call('alice', 'POST', 'groups', { members: [] })).status).toBe(422);
    const unknown = await call('alice', 'POST', 'groups', {
      group_name: 'Ghosts',
      members: [id.bob, 'nobody'],
    });
    expect(unknown.status).toBe(422);
    expect(await unknown.json()).toEqual({
      detail: [{ loc: ['body', 'members', '1'], msg: "User 'nobody' was not found.", type: 'value_error' }],
    });
    expect(await list('search_terms=ghosts')).toEqual([]);
  });

  it('finds groups by id, by owner or member, and by words of the name, for anyone', async () => {
    const first = await create('carol', { group_name: 'Lab Cooper' });
    const second = await create('bob', { group_name: 'cooper lab 2', members: [id.carol] });
    expect(await list(`group_id=${second.group_id}&group_id=unknown&group_id=${first.group_id}`)).toEqual([
      first,
      second,
    ]);
    expect((await list(`user_id=${id.carol}`)).map((g) => g.group_id)).toEqual([
      first.group_id,
      second.group_id,
    ]);
    expect((await list(`user_id=${id.bob}`, 'carol')).map((g) => g.group_name)).toEqual([
      'Group Test',
      'cooper lab 2',
    ]);
    expect((await list('search_terms=LAB%20coop')).map((g) => g.group_id)).toEqual([
      first.group_id,
      second.group_id,
    ]);
    expect((await list('search_terms=lab%202')).map((g) => g.group_id)).toEqual([second.group_id]);
    expect(await list('search_terms=100%25')).toEqual([]);
    expect(await list(`user_id=${id.carol}&search_terms=2`)).toEqual([second]);
    expect((await call(undefined, 'GET', `groups?${'group_id=x&'.repeat(1001)}`)).status).toBe(422);
  });

  it('answers 404 with NOMAD’s text for an unknown group', async () => {
    const response = await call(undefined, 'GET', 'groups/unknown');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ detail: "User group 'unknown' was not found." });
  });

  it('lets the owner and admins edit a group, nobody else', async () => {
    const group = await create('alice', { group_name: 'Editable', members: [id.bob] });
    const path = `groups/${group.group_id}/edit`;
    expect((await call(undefined, 'POST', path, { group_name: 'Anonymous' })).status).toBe(401);
    for (const who of ['bob', 'carol']) {
      const refused = await call(who, 'POST', path, { group_name: 'Taken over' });
      expect(refused.status, who).toBe(403);
      expect(await refused.json()).toEqual({
        detail: `Not authorized to edit user group '${group.group_id}'. Only group owners and admins are allowed to edit a group.`,
      });
    }
    const edited = await call('alice', 'POST', path, {
      group_name: 'Renamed',
      members: { add: [id.carol, id.alice], remove: [id.bob] },
    });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toEqual({ ...group, group_name: 'Renamed', members: [id.carol] });
    const byAdmin = await call('adam', 'POST', path, { members: { add: [id.bob] } });
    expect(await byAdmin.json()).toMatchObject({
      group_name: 'Renamed',
      owner: id.alice,
      members: [id.carol, id.bob],
    });
    // Removal wins over adding the same user; unknown users are refused and change nothing.
    expect(
      await (await call('alice', 'POST', path, { members: { add: [id.bob], remove: [id.bob] } })).json(),
    ).toMatchObject({ members: [id.carol] });
    const unknown = await call('alice', 'POST', path, {
      group_name: 'Not applied',
      members: { add: ['nobody'] },
    });
    expect(unknown.status).toBe(422);
    expect((await list(`group_id=${group.group_id}`))[0]?.group_name).toBe('Renamed');
    expect((await call('alice', 'POST', path, { group_name: '-x-' })).status).toBe(422);
    expect((await call('alice', 'POST', path, { members: { replace: [] } })).status).toBe(422);
    expect((await call('alice', 'POST', 'groups/unknown/edit', { group_name: 'Whatever' })).status).toBe(404);
  });

  it('lets the owner and admins delete a group; uploads keep its id, which grants nothing', async () => {
    const group = await create('alice', { group_name: 'Short lived', members: [id.bob] });
    const other = await create('carol', { group_name: 'Admin deletes' });
    const upload = await json<{ upload_id: string }>(await call('alice', 'POST', 'uploads'));
    await setUploadAccess(server.ctx.db, upload.upload_id, { coauthor_groups: [group.group_id] });
    expect((await call('bob', 'GET', `uploads/${upload.upload_id}`)).status).toBe(200);

    expect((await call(undefined, 'DELETE', `groups/${group.group_id}`)).status).toBe(401);
    const refused = await call('bob', 'DELETE', `groups/${group.group_id}`);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      detail: `Not authorized to delete user group '${group.group_id}'. Only group owners and admins are allowed to delete a group.`,
    });
    const deleted = await call('alice', 'DELETE', `groups/${group.group_id}`);
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual(group);
    expect((await call('adam', 'DELETE', `groups/${other.group_id}`)).status).toBe(200);
    expect((await call('alice', 'DELETE', `groups/${group.group_id}`)).status).toBe(404);

    // As NOMAD answers for a deleted group: nothing under its id, and its former members lose the role.
    expect(await list(`group_id=${group.group_id}`)).toEqual([]);
    expect((await call('bob', 'GET', `uploads/${upload.upload_id}`)).status).toBe(401);
    const kept = await call('alice', 'GET', `uploads/${upload.upload_id}`);
    expect((await json<{ data: Record<string, unknown> }>(kept)).data).toMatchObject({
      coauthor_groups: [group.group_id],
      writer_groups: [group.group_id],
      viewer_groups: [group.group_id],
    });
  });

  it('bounds the members of a group and the groups of an owner', async () => {
    const group = await create('carol', { group_name: 'Crowded' });
    const users = Array.from({ length: MAX_MEMBERS + 1 }, (_, i) => `member-${i}`);
    await server.ctx.db.query(`INSERT INTO users (user_id, username) SELECT u, u FROM unnest($1::text[]) u`, [
      users,
    ]);
    const first = await call('carol', 'POST', `groups/${group.group_id}/edit`, {
      members: { add: users.slice(0, MAX_MEMBERS) },
    });
    expect(first.status).toBe(200);
    const over = await call('carol', 'POST', `groups/${group.group_id}/edit`, {
      members: { add: users.slice(-1) },
    });
    expect(over.status).toBe(422);
    expect(JSON.stringify(await over.json())).toContain(`at most ${MAX_MEMBERS} members`);

    await server.ctx.db.query(
      `INSERT INTO user_groups (group_id, group_name, owner) SELECT 'many-' || n, 'Many', $1 FROM generate_series(1, $2) n`,
      [id.carol, MAX_GROUPS_PER_OWNER],
    );
    const tooMany = await call('carol', 'POST', 'groups', { group_name: 'One more' });
    expect(tooMany.status).toBe(422);
    expect(JSON.stringify(await tooMany.json())).toContain(`at most ${MAX_GROUPS_PER_OWNER} groups`);
  });
});
