import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { InfoResponseSchema } from '@oasis/schema';
import type { AppContext } from '../context.ts';
import { PARSERS } from '../processing/matching.ts';

const serverVersion = '0.1.0';

export const infoRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (api) => {
    api.withTypeProvider<TypeBoxTypeProvider>().get(
      '/info',
      {
        schema: {
          tags: ['info'],
          summary: 'Version, parsers and statistics',
          response: { 200: InfoResponseSchema },
        },
      },
      async () => {
        const { rows } = await ctx.db.query<{
          n_entries: number;
          n_uploads: number;
          n_users: number;
          n_materials: number;
        }>(
          `SELECT (SELECT count(*)::int FROM entries e JOIN uploads u USING (upload_id)
                   WHERE u.published AND NOT u.with_embargo) AS n_entries,
                  (SELECT count(*)::int FROM uploads WHERE published) AS n_uploads,
                  (SELECT count(*)::int FROM users) AS n_users,
                  (SELECT count(DISTINCT e.metadata #>> '{results,material,material_id}')::int
                     FROM entries e JOIN uploads u USING (upload_id) WHERE u.published AND NOT u.with_embargo) AS n_materials`,
        );
        const stats = rows[0] ?? { n_entries: 0, n_uploads: 0, n_users: 0, n_materials: 0 };
        const parsers = PARSERS.map((parser) => parser.name);
        return {
          version: serverVersion,
          deployment: 'oasis',
          oasis: true,
          parsers,
          codes: parsers.map((name) => ({ code_name: name.replace(/^parsers\//, '') })),
          normalizers: ['results'],
          statistics: stats,
        };
      },
    );
  };
