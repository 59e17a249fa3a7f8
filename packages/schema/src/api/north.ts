import { Type, type Static } from '@sinclair/typebox';

/** The states of a tool instance (spec 3 §4); NOMAD answers the first four, `error` is a failed start. */
export const NORTH_TOOL_STATES = ['stopped', 'starting', 'running', 'stopping', 'error'] as const;
export type NorthToolState = (typeof NORTH_TOOL_STATES)[number];

const MaintainerSchema = Type.Object({ name: Type.String(), email: Type.String() });

/**
 * A tool as NOMAD's ToolModel: its nomad.yaml keys that the GUI uses, its name and (for a logged-in caller)
 * its state. How it is run (command, cwd, env) stays on the server.
 */
export const NorthToolSchema = Type.Object({
  name: Type.String(),
  state: Type.Optional(Type.Union(NORTH_TOOL_STATES.map((state) => Type.Literal(state)))),
  title: Type.Optional(Type.String()),
  short_description: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
  icon: Type.Optional(Type.String()),
  maintainer: Type.Optional(Type.Array(MaintainerSchema)),
  file_extensions: Type.Optional(Type.Array(Type.String())),
  path_prefix: Type.Optional(Type.String()),
  default_url: Type.Optional(Type.String()),
  with_path: Type.Optional(Type.Boolean()),
  mount_path: Type.Optional(Type.String()),
});
export type NorthTool = Static<typeof NorthToolSchema>;

export const NorthToolsResponseSchema = Type.Object({ data: Type.Array(NorthToolSchema) });
export type NorthToolsResponse = Static<typeof NorthToolsResponseSchema>;

export const NorthToolParamsSchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 64, description: "The tool's name in nomad.yaml" }),
});

export const NorthToolQuerySchema = Type.Object({
  upload_id: Type.Optional(
    Type.String({ maxLength: 64, description: 'An upload whose folder the answer locates in the tool' }),
  ),
});

/**
 * NOMAD's ToolResponseModel. `upload_mount_dir` is the upload's folder relative to the tool's working folder
 * (`uploads/<name>-<id>`); `upload_id_is_mounted` says whether the running instance sees that upload.
 */
export const NorthToolResponseSchema = Type.Object({
  tool: Type.String(),
  username: Type.String(),
  upload_mount_dir: Type.Optional(Type.String()),
  upload_id_is_mounted: Type.Optional(Type.Boolean()),
  data: NorthToolSchema,
});
export type NorthToolResponse = Static<typeof NorthToolResponseSchema>;
