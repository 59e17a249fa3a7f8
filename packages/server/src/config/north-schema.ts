import { Type } from '@sinclair/typebox';

const open = { additionalProperties: true } as const;
const text = Type.Optional(Type.String());
const seconds = Type.Optional(Type.Number({ exclusiveMinimum: 0 }));
const count = Type.Optional(Type.Integer({ minimum: 1 }));
const port = Type.Integer({ minimum: 1024, maximum: 65535 });

/**
 * One tool of `north.tools.options`: NOMAD's keys (its Docker keys `image`, `cmd`, ... are accepted and
 * ignored) plus how this server runs it, a local `command` with `{port}`, `{base_url}`, `{upload_dir}`.
 */
const NorthToolConfigSchema = Type.Object(
  {
    title: text,
    short_description: text,
    description: text,
    icon: text,
    maintainer: Type.Optional(Type.Array(Type.Object({ name: Type.String(), email: Type.String() }, open))),
    file_extensions: Type.Optional(Type.Array(Type.String())),
    path_prefix: text,
    default_url: text,
    with_path: Type.Optional(Type.Boolean()),
    mount_path: text,
    command: text,
    cwd: text,
    env: Type.Optional(Type.Record(Type.String(), Type.String())),
  },
  open,
);

/** `north:` in nomad.yaml (config/north.ts reads it; docs/configuration.md explains it). */
export const NorthConfigSchema = Type.Optional(
  Type.Object(
    {
      enabled: Type.Optional(Type.Boolean()),
      tools: Type.Optional(
        Type.Object(
          {
            include: Type.Optional(Type.Array(Type.String())),
            exclude: Type.Optional(Type.Array(Type.String())),
            options: Type.Optional(Type.Record(Type.String(), NorthToolConfigSchema)),
          },
          open,
        ),
      ),
      idle_timeout: seconds,
      start_timeout: seconds,
      max_instances_per_user: count,
      max_instances: count,
      port_range: Type.Optional(Type.Object({ start: port, end: port })),
    },
    open,
  ),
);
