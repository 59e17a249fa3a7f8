import { archiveDefinition, builtinPackages, type PackageDefinition } from '@oasis/schema';
import type { LaneAdapter, LaneItem } from '../../components/lane-browser/adapter.ts';
import { laneUrl } from '../../components/lane-browser/lanePath.ts';
import { DefinitionCard } from './DefinitionCard.tsx';
import { METAINFO_BASE } from './metainfoBase.ts';
import {
  childOf,
  hitLabel,
  packageOf,
  searchDefinitions,
  sectionOfNode,
  type DefinitionHit,
  shapeText,
  type MetainfoNode,
} from './metainfoModel.ts';

/** The key of the archive's root section in the root lane (spec 3: 'Root view: archive root section'). */
const ARCHIVE_ROOT = 'EntryArchive';

export interface MetainfoFilter {
  /** Definition names containing this (none: the root view). */
  search: string;
  /** Only this package (none: all). */
  packageName: string | undefined;
}

/** Packages users' schema files define, listed after the built-in ones (keys 'entry_id:{id}'). */
export interface UserPackages {
  list: () => Promise<LaneItem[]>;
  open: (key: string) => Promise<PackageDefinition | undefined>;
}

const USER_PACKAGE = /^entry_id:/;

const items = (list: LaneItem[]) => () => Promise.resolve({ items: list, hasMore: false });

/** The items of a section lane: its sub-sections, then its quantities. */
function memberItems(node: MetainfoNode): LaneItem[] {
  const section = sectionOfNode(node);
  if (!section) return [];
  return [
    ...section.sub_sections.map((subSection) => ({
      key: subSection.name,
      label: subSection.name,
      secondary: `sub section${subSection.repeats ? ', repeats' : ''}`,
    })),
    ...section.quantities.map((quantity) => ({
      key: quantity.name,
      label: quantity.name,
      secondary: `${quantity.type} ${shapeText(quantity)}${quantity.unit ? ` (${quantity.unit})` : ''}`,
    })),
  ];
}

/** A lane of one definition: its card, and its members as items. */
function definitionAdapter(node: MetainfoNode, path: readonly string[]): LaneAdapter {
  const name =
    node.kind === 'package'
      ? node.pkg.name
      : node.kind === 'section'
        ? node.section.name
        : node.kind === 'sub section'
          ? node.subSection.name
          : node.quantity.name;
  const list =
    node.kind === 'package'
      ? items(
          node.pkg.section_definitions.map((section) => ({
            key: section.name,
            label: section.name,
            secondary: 'section',
          })),
        )
      : node.kind === 'quantity'
        ? undefined
        : items(memberItems(node));
  return {
    cacheKey: ['metainfo', ...path],
    title: name,
    // A lane without items is as wide as its card needs; a fixed width lets long names wrap.
    ...(list ? { list } : { width: 360 }),
    resolve: (key) => {
      const child = childOf(node, key);
      return Promise.resolve(child && definitionAdapter(child, [...path, key]));
    },
    render: () => <DefinitionCard node={node} />,
  };
}

/**
 * The root lane: the archive's root section and the packages, or, while the user searches, the sections and
 * quantities whose names match (each links to its lane below its package).
 */
export function metainfoRootAdapter(filter: MetainfoFilter, userPackages?: UserPackages): LaneAdapter {
  const packages = builtinPackages.filter((pkg) => !filter.packageName || pkg.name === filter.packageName);
  const searching = filter.search.trim() !== '';
  const hitItems = (hits: DefinitionHit[]): LaneItem[] =>
    hits.map((hit) => ({
      key: hit.keys.join('.'),
      label: hitLabel(hit),
      secondary: `${hit.kind} in ${hit.pkg}`,
      href: laneUrl(METAINFO_BASE, hit.keys),
    }));
  const list: LaneItem[] = searching
    ? hitItems(searchDefinitions(filter.search, filter.packageName))
    : [
        { key: ARCHIVE_ROOT, label: ARCHIVE_ROOT, secondary: 'archive root section' },
        ...packages.map((pkg) => ({ key: pkg.name, label: pkg.name, secondary: 'package' })),
      ];
  const users = !filter.packageName ? userPackages : undefined;
  /** Users' packages as the root lane lists them, opened for a search (each read once, see useUserPackages). */
  const opened = async () => {
    const listed = (await users?.list()) ?? [];
    const loaded = await Promise.all(listed.map(async ({ key }) => ({ key, pkg: await users?.open(key) })));
    return loaded.flatMap(({ key, pkg }) => (pkg ? [{ key, pkg }] : []));
  };
  return {
    cacheKey: ['metainfo', 'root', filter.search, filter.packageName ?? ''],
    title: 'Definitions',
    list: !users
      ? items(list)
      : searching
        ? async () => ({
            items: hitItems(searchDefinitions(filter.search, undefined, await opened())),
            hasMore: false,
          })
        : async () => ({ items: [...list, ...(await users.list())], hasMore: false }),
    resolve: async (key) => {
      if (USER_PACKAGE.test(key)) {
        const pkg = await userPackages?.open(key);
        return pkg && definitionAdapter({ kind: 'package', pkg }, [key]);
      }
      if (key === ARCHIVE_ROOT)
        return Promise.resolve(
          definitionAdapter(
            { kind: 'section', section: archiveDefinition, pkg: packageOf(archiveDefinition) },
            [key],
          ),
        );
      const pkg = builtinPackages.find((candidate) => candidate.name === key);
      return Promise.resolve(pkg && definitionAdapter({ kind: 'package', pkg }, [key]));
    },
  };
}
