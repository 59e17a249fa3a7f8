import type { AppContext } from '../context.ts';
import { PARSERS } from '../processing/matching.ts';
import { publicStatistics, type PublicStatistics } from '../store/info.ts';

const serverVersion = '0.1.0';

export interface ServerInfo {
  version: string;
  parsers: string[];
  statistics: PublicStatistics;
}

/** GET info: this server's version, its parsers and what it holds publicly. */
export const readServerInfo = async (ctx: AppContext): Promise<ServerInfo> => ({
  version: serverVersion,
  parsers: PARSERS.map((parser) => parser.name),
  statistics: await publicStatistics(ctx.db),
});
