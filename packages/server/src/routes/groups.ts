import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.ts';
import { registerOperation } from '../http/register-operation.ts';
import {
  createGroup,
  editGroup,
  groupToWire,
  listGroupsFor,
  readGroup,
  removeGroup,
} from '../services/groups.ts';

/** NOMAD's user groups: listing and lookup for anyone; creating for users; editing and deleting for owners. */
export const groupsRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (api) => {
    registerOperation(api, 'groupsList', async (request) => ({
      data: (await listGroupsFor(ctx, request.user, request.query)).map(groupToWire),
    }));

    registerOperation(api, 'groupById', async (request) =>
      groupToWire(await readGroup(ctx, request.user, request.params.group_id)),
    );

    registerOperation(api, 'groupCreate', async (request) =>
      groupToWire(await createGroup(ctx, request.user, request.body)),
    );

    registerOperation(api, 'groupEdit', async (request) =>
      groupToWire(await editGroup(ctx, request.user, request.params.group_id, request.body)),
    );

    registerOperation(api, 'groupDelete', async (request) =>
      groupToWire(await removeGroup(ctx, request.user, request.params.group_id)),
    );
  };
