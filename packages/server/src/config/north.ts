import type { NorthTool } from '@oasis/schema';
import { ConfigError } from './config-schema.ts';
import { splitCommandLine } from './command-line.ts';

/** A tool this server can run: what the API shows of it, and the command line behind it. */
export interface NorthToolConfig {
  /** NOMAD's keys as the API answers them (`name` included, no state). */
  info: NorthTool;
  /** The command's words with `{port}`, `{base_url}`, `{upload_dir}` still in them. */
  argv: string[];
  cwd?: string;
  env: Record<string, string>;
}

export interface NorthConfig {
  enabled: boolean;
  /** By name, in nomad.yaml's order; tools without a `command` (NOMAD's Docker tools) are left out. */
  tools: Map<string, NorthToolConfig>;
  /** An instance without a proxied request (or WebSocket traffic) for this long is stopped. */
  idleTimeoutMs: number;
  /** How long a started tool has to answer on its port before it counts as failed. */
  startTimeoutMs: number;
  maxInstancesPerUser: number;
  maxInstances: number;
  /** Loopback ports tools are given, inclusive. */
  ports: { start: number; end: number };
}

type Section = Record<string, unknown>;

/** Tool names become URL segments and folder names. */
const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;

const record = (value: unknown): Section =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Section) : {};
const strings = (value: unknown): string[] | undefined =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : undefined;
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

const toolInfo = (name: string, tool: Section): NorthTool => {
  const info: NorthTool = { name, title: text(tool.title) ?? name };
  for (const key of [
    'short_description',
    'description',
    'icon',
    'path_prefix',
    'default_url',
    'mount_path',
  ] as const) {
    const value = text(tool[key]);
    if (value !== undefined) info[key] = value;
  }
  if (typeof tool.with_path === 'boolean') info.with_path = tool.with_path;
  info.file_extensions = strings(tool.file_extensions) ?? [];
  if (Array.isArray(tool.maintainer)) {
    info.maintainer = tool.maintainer.map((item) => {
      const maintainer = record(item);
      return { name: text(maintainer.name) ?? '', email: text(maintainer.email) ?? '' };
    });
  }
  return info;
};

const commandWords = (name: string, command: string): string[] => {
  try {
    return splitCommandLine(command);
  } catch (error) {
    throw new ConfigError(`north.tools.options.${name}.command: ${(error as Error).message}`);
  }
};

const readTools = (section: Section): Map<string, NorthToolConfig> => {
  const options = record(section.options);
  const include = strings(section.include);
  const exclude = strings(section.exclude) ?? [];
  const tools = new Map<string, NorthToolConfig>();
  for (const [name, value] of Object.entries(options)) {
    if ((include && !include.includes(name)) || exclude.includes(name)) continue;
    const tool = record(value);
    const command = text(tool.command);
    if (!command) continue;
    if (!TOOL_NAME.test(name)) {
      throw new ConfigError(
        `north.tools.options.${name}: a tool name has only letters, digits, '-' and '_'.`,
      );
    }
    const env = Object.fromEntries(
      Object.entries(record(tool.env)).filter(
        (pair): pair is [string, string] => typeof pair[1] === 'string',
      ),
    );
    tools.set(name, {
      info: toolInfo(name, tool),
      argv: commandWords(name, command),
      cwd: text(tool.cwd),
      env,
    });
  }
  return tools;
};

/** `north:` of nomad.yaml (already checked against north-schema.ts), with the defaults. */
export const readNorthConfig = (north: Section): NorthConfig => {
  const number = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);
  const range = record(north.port_range);
  const ports = { start: number(range.start, 41000), end: number(range.end, 41999) };
  if (ports.end < ports.start) throw new ConfigError('north.port_range: end is before start.');
  return {
    enabled: north.enabled === true,
    tools: readTools(record(north.tools)),
    idleTimeoutMs: number(north.idle_timeout, 3600) * 1000,
    startTimeoutMs: number(north.start_timeout, 60) * 1000,
    maxInstancesPerUser: number(north.max_instances_per_user, 3),
    maxInstances: number(north.max_instances, 20),
    ports,
  };
};
