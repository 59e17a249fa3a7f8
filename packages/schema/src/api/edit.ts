import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { OwnerSchema, QuerySchema } from './entries.ts';
import { Nullable } from './common.ts';

/** Values one list operation may name: keeps an edit's cost bounded. */
export const MAX_EDIT_LIST_VALUES = 1000;

/**
 * A list quantity is either replaced (a plain value or list, or `{set}`) or changed (`{add, remove}`), as
 * NOMAD's edit API; for datasets a plain list adds.
 */
const ListEdit = <T extends TSchema>(item: T) => {
  const values = Type.Union([item, Type.Array(item, { maxItems: MAX_EDIT_LIST_VALUES })]);
  return Type.Union([
    values,
    Type.Object(
      { set: Type.Optional(values), add: Type.Optional(values), remove: Type.Optional(values) },
      { additionalProperties: false },
    ),
  ]);
};

/**
 * What `POST /uploads/{id}/edit` and `POST /entries/edit` may change (NOMAD's `MetadataEditRequest`):
 * upload-level fields (name, embargo, members) and entry-level fields (comment, references, datasets,
 * entry name) of the upload's entries or the ones `query` selects.
 */
export const EditableMetadataSchema = Type.Object(
  {
    upload_name: Type.Optional(Type.String({ maxLength: 1000 })),
    embargo_length: Type.Optional(Type.Integer({ minimum: 0, maximum: 36 })),
    coauthors: Type.Optional(ListEdit(Type.String())),
    reviewers: Type.Optional(ListEdit(Type.String())),
    coauthor_groups: Type.Optional(ListEdit(Type.String())),
    reviewer_groups: Type.Optional(
      ListEdit(Type.String({ description: "A group id, or 'all' for visible to everyone" })),
    ),
    comment: Type.Optional(Type.String({ maxLength: 10_000 })),
    references: Type.Optional(ListEdit(Type.String({ maxLength: 2000 }))),
    datasets: Type.Optional(ListEdit(Type.String({ description: 'A dataset id or name' }))),
    entry_name: Type.Optional(Type.String({ maxLength: 1000 })),
  },
  { additionalProperties: false },
);
export type EditableMetadata = Static<typeof EditableMetadataSchema>;

export const MetadataEditRequestSchema = Type.Object(
  {
    metadata: Type.Optional(EditableMetadataSchema),
    entries: Type.Optional(
      Type.Record(Type.String(), EditableMetadataSchema, {
        description: 'Per entry id (or mainfile)',
        maxProperties: MAX_EDIT_LIST_VALUES * 10,
      }),
    ),
    entries_key: Type.Optional(Type.Union([Type.Literal('entry_id'), Type.Literal('mainfile')])),
    verify_only: Type.Optional(Type.Boolean()),
    owner: Type.Optional(OwnerSchema),
    query: Type.Optional(Nullable(QuerySchema)),
  },
  { additionalProperties: false },
);
export type MetadataEditRequest = Static<typeof MetadataEditRequestSchema>;

/** `POST /entries/edit` answers with the request it carried out (NOMAD does the same). */
export const MetadataEditResponseSchema = Type.Object(
  {
    metadata: Type.Optional(EditableMetadataSchema),
    entries: Type.Optional(Type.Record(Type.String(), EditableMetadataSchema)),
    verify_only: Type.Optional(Type.Boolean()),
    owner: Type.Optional(OwnerSchema),
    query: Type.Optional(Nullable(Type.Unknown())),
  },
  { additionalProperties: true },
);

/** One action of the older edit API (`POST /entries/edit_v0`): a value, and in the answer its outcome. */
const EditActionSchema = Type.Object(
  {
    value: Type.Optional(Type.String({ maxLength: 10_000 })),
    success: Type.Optional(Type.Boolean()),
    message: Type.Optional(Nullable(Type.String())),
  },
  { additionalProperties: false },
);
const EditActionsSchema = Type.Record(
  Type.String({ description: 'comment, references, datasets, coauthors, reviewers, entry_name' }),
  Type.Union([EditActionSchema, Type.Array(EditActionSchema, { maxItems: MAX_EDIT_LIST_VALUES })]),
  { maxProperties: 20 },
);

export const EditV0RequestSchema = Type.Object(
  {
    owner: Type.Optional(OwnerSchema),
    query: Type.Optional(Nullable(QuerySchema)),
    verify: Type.Optional(Type.Boolean()),
    actions: EditActionsSchema,
  },
  { additionalProperties: false },
);
export type EditV0Request = Static<typeof EditV0RequestSchema>;

export const EditV0ResponseSchema = Type.Object(
  {
    owner: Type.Optional(OwnerSchema),
    query: Type.Optional(Nullable(Type.Unknown())),
    verify: Type.Optional(Type.Boolean()),
    success: Type.Boolean(),
    message: Type.Optional(Nullable(Type.String())),
    actions: EditActionsSchema,
  },
  { additionalProperties: true },
);
export type EditV0Response = Static<typeof EditV0ResponseSchema>;
