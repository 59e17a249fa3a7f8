// The groups API over HTTP (NOMAD's /groups): every answer is checked against its operation-table row.
import type { ApiClient } from '@oasis/client';
import type { GroupEdit, GroupsQuery } from '@oasis/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUrlSafeId } from '../processing/ids.ts';
import { MAX_GROUPS_PER_OWNER, MAX_MEMBERS } from '../services/groups.ts';
import { createUser } from '../store/users.ts';
import { apiClient, callApi, refusalOf } from '../testing/http.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { setUploadAccess } from '../testing/upload-access.ts';
import { createUserWithToken } from '../testing/users.ts';

describe('/groups', () => {
  let server: TestServer;
  const token: Record<string, string> = {};
  const id: Record<string, string> = {};

  const api: Record<string, ApiClient> = {};
  const anonymous = () => apiClient(server);

  /** Raw, for bodies the client's types refuse (fields a group has no place for, or lacks). */
  const postRaw = (who: string, path: string, body: unknown) =>
    callApi(server, token[who], 'POST', path, body);
  const create = (who: string, body: { group_name: string; members?: string[] }) =>
    api[who]!.call('groupCreate', { body });
  const list = async (query: GroupsQuery, user = anonymous()) =>
    (await user.call('groupsList', { query })).data;
  const edit = (user: ApiClient, groupId: string, body: GroupEdit) =>
    user.call('groupEdit', { params: { group_id: groupId }, body });
  const remove = (user: ApiClient, groupId: string) =>
    user.call('groupDelete', { params: { group_id: groupId } });

  beforeAll(async () => {
    server = await startTestServer();
    for (const name of ['alice', 'bob', 'carol']) {
      token[name] = await createUserWithToken(server, name);
      api[name] = apiClient(server, token[name]);
      id[name] = (await api[name].call('usersMe')).user_id;
    }
    await createUser(server.ctx.db, { username: 'adam', password: 'adam-password', is_admin: true });
    const login = await anonymous().call('authToken', {
      query: { username: 'adam', password: 'adam-password' },
    });
    token.adam = login.access_token;
    api.adam = apiClient(server, token.adam);
  });
  afterAll(async () => server?.close());

  it('creates a group owned by the caller, with existing users as members', async () => {
    const group = await create('alice', { group_name: 'Group Test', members: [id.bob!, id.alice!, id.bob!] });
    // The owner is not listed among the members; a member named twice is one member.
    expect(group).toEqual({
      group_id: group.group_id,
      group_name: 'Group Test',
      owner: id.alice,
      members: [id.bob],
    });
    expect(isUrlSafeId(group.group_id, 22)).toBe(true);
    expect(await anonymous().call('groupById', { params: { group_id: group.group_id } })).toEqual(group);
  });

  it('refuses anonymous callers, bad names and unknown members', async () => {
    const byAnonymous = anonymous().call('groupCreate', { body: { group_name: 'Nobody' } });
    expect((await refusalOf(byAnonymous))[0]).toBe(401);
    for (const group_name of ['ab', 'x'.repeat(33), ' Leading', 'Trailing-', 'Bad/name', 'Umlaut ä']) {
      expect((await refusalOf(create('alice', { group_name })))[0], group_name).toBe(422);
    }
    // raw: an owner, and no name, which the client's types refuse.
    expect((await postRaw('alice', 'groups', { group_name: 'Okay', owner: id.bob })).status).toBe(422);
    expect((await postRaw('alice', 'groups', { members: [] })).status).toBe(422);
    const unknown = create('alice', { group_name: 'Ghosts', members: [id.bob!, 'nobody'] });
    expect(await refusalOf(unknown)).toEqual([
      422,
      {
        detail: [{ loc: ['body', 'members', '1'], msg: "User 'nobody' was not found.", type: 'value_error' }],
      },
    ]);
    expect(await list({ search_terms: 'ghosts' })).toEqual([]);
  });

  it('finds groups by id, by owner or member, and by words of the name, for anyone', async () => {
    const first = await create('carol', { group_name: 'Lab Cooper' });
    const second = await create('bob', { group_name: 'cooper lab 2', members: [id.carol!] });
    expect(await list({ group_id: [second.group_id, 'unknown', first.group_id] })).toEqual([first, second]);
    expect((await list({ user_id: id.carol })).map((g) => g.group_id)).toEqual([
      first.group_id,
      second.group_id,
    ]);
    expect((await list({ user_id: id.bob }, api.carol)).map((g) => g.group_name)).toEqual([
      'Group Test',
      'cooper lab 2',
    ]);
    expect((await list({ search_terms: 'LAB coop' })).map((g) => g.group_id)).toEqual([
      first.group_id,
      second.group_id,
    ]);
    expect((await list({ search_terms: 'lab 2' })).map((g) => g.group_id)).toEqual([second.group_id]);
    expect(await list({ search_terms: '100%' })).toEqual([]);
    expect(await list({ user_id: id.carol, search_terms: '2' })).toEqual([second]);
    const tooMany = list({ group_id: Array.from({ length: 1001 }, () => 'x') });
    expect((await refusalOf(tooMany))[0]).toBe(422);
  });

  it('answers 404 with NOMAD’s text for an unknown group', async () => {
    expect(await refusalOf(anonymous().call('groupById', { params: { group_id: 'unknown' } }))).toEqual([
      404,
      { detail: "User group 'unknown' was not found." },
    ]);
  });

  it('lets the owner and admins edit a group, nobody else', async () => {
    const group = await create('alice', { group_name: 'Editable', members: [id.bob!] });
    const groupId = group.group_id;
    expect((await refusalOf(edit(anonymous(), groupId, { group_name: 'Anonymous' })))[0]).toBe(401);
    for (const who of ['bob', 'carol']) {
      expect(await refusalOf(edit(api[who]!, groupId, { group_name: 'Taken over' })), who).toEqual([
        403,
        {
          detail: `Not authorized to edit user group '${groupId}'. Only group owners and admins are allowed to edit a group.`,
        },
      ]);
    }
    const alice = api.alice!;
    const edited = await edit(alice, groupId, {
      group_name: 'Renamed',
      members: { add: [id.carol!, id.alice!], remove: [id.bob!] },
    });
    expect(edited).toEqual({ ...group, group_name: 'Renamed', members: [id.carol] });
    expect(await edit(api.adam!, groupId, { members: { add: [id.bob!] } })).toMatchObject({
      group_name: 'Renamed',
      owner: id.alice,
      members: [id.carol, id.bob],
    });
    // Removal wins over adding the same user; unknown users are refused and change nothing.
    expect(await edit(alice, groupId, { members: { add: [id.bob!], remove: [id.bob!] } })).toMatchObject({
      members: [id.carol],
    });
    const unknown = edit(alice, groupId, { group_name: 'Not applied', members: { add: ['nobody'] } });
    expect((await refusalOf(unknown))[0]).toBe(422);
    expect((await list({ group_id: [groupId] }))[0]?.group_name).toBe('Renamed');
    expect((await refusalOf(edit(alice, groupId, { group_name: '-x-' })))[0]).toBe(422);
    // raw: members to replace, which the client's types refuse.
    expect((await postRaw('alice', `groups/${groupId}/edit`, { members: { replace: [] } })).status).toBe(422);
    expect((await refusalOf(edit(alice, 'unknown', { group_name: 'Whatever' })))[0]).toBe(404);
  });

  it('lets the owner and admins delete a group; uploads keep its id, which grants nothing', async () => {
    const group = await create('alice', { group_name: 'Short lived', members: [id.bob!] });
    const other = await create('carol', { group_name: 'Admin deletes' });
    const { upload_id: uploadId } = await api.alice!.call('uploadCreate');
    const upload = { params: { upload_id: uploadId } };
    await setUploadAccess(server.ctx.db, uploadId, { coauthor_groups: [group.group_id] });
    await api.bob!.call('uploadById', upload);

    expect((await refusalOf(remove(anonymous(), group.group_id)))[0]).toBe(401);
    expect(await refusalOf(remove(api.bob!, group.group_id))).toEqual([
      403,
      {
        detail: `Not authorized to delete user group '${group.group_id}'. Only group owners and admins are allowed to delete a group.`,
      },
    ]);
    expect(await remove(api.alice!, group.group_id)).toEqual(group);
    await remove(api.adam!, other.group_id);
    expect((await refusalOf(remove(api.alice!, group.group_id)))[0]).toBe(404);

    // As NOMAD answers for a deleted group: nothing under its id, and its former members lose the role.
    expect(await list({ group_id: [group.group_id] })).toEqual([]);
    expect((await refusalOf(api.bob!.call('uploadById', upload)))[0]).toBe(401);
    const kept = await api.alice!.call('uploadById', upload);
    expect(kept.data).toMatchObject({
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
    await edit(api.carol!, group.group_id, { members: { add: users.slice(0, MAX_MEMBERS) } });
    const [overStatus, over] = await refusalOf(
      edit(api.carol!, group.group_id, { members: { add: users.slice(-1) } }),
    );
    expect(overStatus).toBe(422);
    expect(JSON.stringify(over)).toContain(`at most ${MAX_MEMBERS} members`);

    await server.ctx.db.query(
      `INSERT INTO user_groups (group_id, group_name, owner) SELECT 'many-' || n, 'Many', $1 FROM generate_series(1, $2) n`,
      [id.carol, MAX_GROUPS_PER_OWNER],
    );
    const [tooManyStatus, tooMany] = await refusalOf(create('carol', { group_name: 'One more' }));
    expect(tooManyStatus).toBe(422);
    expect(JSON.stringify(tooMany)).toContain(`at most ${MAX_GROUPS_PER_OWNER} groups`);
  });
});
