import type { LaneAdapter } from '../../components/lane-browser/adapter.ts';
import { ArchiveLane } from './ArchiveLane.tsx';
import { isDataPath } from './ArchiveSectionEditor.tsx';
import { childNode, type ArchiveNode, type ArchiveViewOptions } from './model.ts';
import { sectionPlots } from './plots.ts';

/** What every lane of one archive shares. */
export interface ArchiveLaneConfig {
  entryId: string;
  view: ArchiveViewOptions;
  /** The URL of a lane of this archive by its keys (for references within the archive). */
  laneUrl(keys: readonly string[]): string;
  /** The URL of a lane in another entry's archive (for references across entries). */
  entryDataUrl(entryId: string, keys: readonly string[]): string;
  /** Changes when the archive is loaded again, so that lanes of the old one are not reused. */
  version: number;
  /** Whether the data's sections are edited in their lanes (an editable notebook entry). */
  editing: boolean;
}

/** Values and plots need room: plots are at least 500 px wide (spec 3 §9). */
const WIDE_LANE = 500;

const hasPlots = (node: ArchiveNode) => node.kind === 'section' && sectionPlots(node.section).length > 0;

const isWide = (node: ArchiveNode, config: ArchiveLaneConfig) =>
  node.kind === 'quantity' ||
  node.kind === 'attribute' ||
  hasPlots(node) ||
  (config.editing && node.kind === 'section' && isDataPath(node.path));

/** The lane of one archive node; its children are resolved from the already loaded archive. */
export function archiveAdapter(node: ArchiveNode, config: ArchiveLaneConfig): LaneAdapter {
  const { codeSpecific, allDefined, technical } = config.view;
  return {
    cacheKey: [
      'archive',
      config.entryId,
      config.version,
      node.path,
      codeSpecific,
      allDefined,
      technical,
      config.editing,
    ],
    title: node.name === '' ? 'Entry' : node.name,
    ...(isWide(node, config) ? { width: WIDE_LANE } : {}),
    resolve: (key) => {
      const child = childNode(node, key);
      return Promise.resolve(child ? archiveAdapter(child, config) : undefined);
    },
    render: (context) => <ArchiveLane node={node} config={config} context={context} />,
  };
}
