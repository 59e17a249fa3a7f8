import { Type, type Static, type TSchema } from '@sinclair/typebox';

/** NOMAD error body: a plain message, or FastAPI-style validation items. */
export const ErrorDetailItemSchema = Type.Object(
  {
    loc: Type.Array(
      Type.Union([Type.String(), Type.Number(), Type.Array(Type.Union([Type.String(), Type.Number()]))]),
    ),
    msg: Type.String(),
    type: Type.String(),
  },
  { additionalProperties: true },
);
export const ErrorBodySchema = Type.Object({
  detail: Type.Union([Type.String(), Type.Array(ErrorDetailItemSchema)]),
});
export type ErrorBody = Static<typeof ErrorBodySchema>;

export const OrderSchema = Type.Union([Type.Literal('asc'), Type.Literal('desc')]);

export const PaginationResponseSchema = Type.Object(
  {
    page_size: Type.Integer(),
    order_by: Type.Optional(Type.String()),
    order: Type.Optional(OrderSchema),
    page: Type.Optional(Type.Integer()),
    page_after_value: Type.Optional(Type.String()),
    next_page_after_value: Type.Optional(Type.String()),
    total: Type.Integer(),
    page_url: Type.Optional(Type.String()),
    next_page_url: Type.Optional(Type.String()),
    prev_page_url: Type.Optional(Type.String()),
    first_page_url: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);
export type PaginationResponse = Static<typeof PaginationResponseSchema>;

/** Timestamps go over the wire as ISO 8601 strings. */
export const Timestamp = (options: { description?: string } = {}) => Type.String({ ...options });

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
