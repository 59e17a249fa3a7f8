import type { InfoResponse } from '@oasis/schema';
import type { AppContext } from '../context.ts';
import { PARSERS } from '../processing/matching.ts';
import { entrySearchQuantities } from '../search/quantities.ts';
import { publicStatistics, type PublicStatistics } from '../store/info.ts';
import { metainfoPackages, pluginEntryPoints, searchQuantitiesInfo } from './info-wire.ts';
import { SERVER_VERSION } from '../version.ts';

export interface ServerInfo {
  version: string;
  parsers: string[];
  /** The codes the parsers read, as NOMAD's info lists them (name and home page), one per code. */
  codes: InfoResponse['codes'];
  statistics: PublicStatistics;
  metainfoPackages: string[];
  pluginEntryPoints: InfoResponse['plugin_entry_points'];
  searchQuantities: InfoResponse['search_quantities'];
}

/** GET info: this server's version, its parsers, definitions and search quantities, and what it holds publicly. */
export const readServerInfo = async (ctx: AppContext): Promise<ServerInfo> => ({
  version: SERVER_VERSION,
  parsers: PARSERS.map((parser) => parser.name),
  codes: [
    ...new Map(
      PARSERS.map(({ code }) => [
        code.codeLabel,
        { code_name: code.codeLabel, ...(code.codeUrl ? { code_homepage: code.codeUrl } : {}) },
      ]),
    ).values(),
  ],
  statistics: await publicStatistics(ctx.db),
  metainfoPackages: metainfoPackages(),
  pluginEntryPoints: pluginEntryPoints(PARSERS, ctx.config.exampleUploads),
  searchQuantities: searchQuantitiesInfo(entrySearchQuantities),
});
