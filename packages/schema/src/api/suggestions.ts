import { Type, type Static } from '@sinclair/typebox';

/** POST suggestions: values of suggestion-enabled quantities that start with (a word of) the input. */
export const SuggestionsRequestSchema = Type.Object(
  {
    input: Type.String({ minLength: 1 }),
    /** Quantity names, or `{name, size}` to ask for up to `size` values of that quantity. */
    quantities: Type.Array(
      Type.Union([
        Type.String(),
        Type.Object(
          { name: Type.String(), size: Type.Optional(Type.Integer({ minimum: 1 })) },
          { additionalProperties: true },
        ),
      ]),
      { minItems: 1 },
    ),
  },
  { additionalProperties: true },
);
export type SuggestionsRequest = Static<typeof SuggestionsRequestSchema>;

export const SuggestionSchema = Type.Object({ value: Type.String(), weight: Type.Number() });

/** Per requested quantity, the matching values, best first. */
export const SuggestionsResponseSchema = Type.Record(Type.String(), Type.Array(SuggestionSchema));
export type SuggestionsResponse = Static<typeof SuggestionsResponseSchema>;
