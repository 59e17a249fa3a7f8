import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './common.ts';
import { optimadeDocument, optimadeResource, OptimadeTimestampSchema } from './optimade-common.ts';

/**
 * The `structures` entry type of OPTIMADE v1.2 (spec §7.2, schemas defs/v1.2/properties/optimade/structures):
 * types, list lengths and value ranges of its properties. Every property may be unknown (null or left
 * out) except `structure_features`, which MUST NOT be null.
 */

const ChemicalSymbol = Type.String({ pattern: '^[A-Z][a-z]?$' });
/** Species may also hold 'X' (a non-chemical element) and 'vacancy'. */
const SpeciesSymbol = Type.String({ pattern: '^([A-Z][a-z]?|X|vacancy)$' });
/** Proper capitalisation, no spaces, counts as whole numbers and a count of 1 left out. */
const CompactFormula = Type.String({ pattern: '^([A-Z][a-z]*([2-9]|[1-9][0-9]+)?)+$' });

const Vector3 = Type.Array(Type.Number(), { minItems: 3, maxItems: 3 });
/** A lattice vector of a non-periodic direction may be all nulls. */
const LatticeVector = Type.Union([Vector3, Type.Array(Type.Null(), { minItems: 3, maxItems: 3 })]);

const SpeciesSchema = Type.Object(
  {
    name: Type.String(),
    chemical_symbols: Type.Array(SpeciesSymbol, { minItems: 1 }),
    concentration: Type.Array(Type.Number({ minimum: 0 }), { minItems: 1 }),
    mass: Type.Optional(Type.Array(Type.Number({ minimum: 0 }))),
    original_name: Type.Optional(Type.String()),
    attached: Type.Optional(Type.Array(SpeciesSymbol, { minItems: 1 })),
    nattached: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1 })),
  },
  { additionalProperties: true },
);

/** The flags a structure may carry; an empty list means none of them applies. */
const STRUCTURE_FEATURES = ['disorder', 'implicit_atoms', 'site_attachments', 'assemblies'] as const;

/**
 * The attributes of a structures resource. Provider fields (`_nmd_…`) are further attributes; which names
 * are allowed beside these is checked by `unprefixedAttributes`.
 */
export const OptimadeStructureAttributesSchema = Type.Object(
  {
    immutable_id: Type.Optional(Nullable(Type.String())),
    last_modified: Type.Optional(Nullable(OptimadeTimestampSchema)),
    elements: Type.Optional(Nullable(Type.Array(ChemicalSymbol))),
    nelements: Type.Optional(Nullable(Type.Integer({ minimum: 0 }))),
    elements_ratios: Type.Optional(Nullable(Type.Array(Type.Number({ minimum: 0, maximum: 1 })))),
    chemical_formula_descriptive: Type.Optional(Nullable(Type.String())),
    chemical_formula_reduced: Type.Optional(Nullable(CompactFormula)),
    chemical_formula_hill: Type.Optional(Nullable(CompactFormula)),
    chemical_formula_anonymous: Type.Optional(Nullable(CompactFormula)),
    dimension_types: Type.Optional(
      Nullable(Type.Array(Type.Union([Type.Literal(0), Type.Literal(1)]), { minItems: 3, maxItems: 3 })),
    ),
    nperiodic_dimensions: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 3 }))),
    lattice_vectors: Type.Optional(Nullable(Type.Array(LatticeVector, { minItems: 3, maxItems: 3 }))),
    cartesian_site_positions: Type.Optional(Nullable(Type.Array(Vector3))),
    nsites: Type.Optional(Nullable(Type.Integer({ minimum: 0 }))),
    species_at_sites: Type.Optional(Nullable(Type.Array(Type.String()))),
    species: Type.Optional(Nullable(Type.Array(SpeciesSchema))),
    structure_features: Type.Optional(
      Type.Array(Type.Union(STRUCTURE_FEATURES.map((feature) => Type.Literal(feature)))),
    ),
  },
  { additionalProperties: true },
);
export type OptimadeStructureAttributes = Static<typeof OptimadeStructureAttributesSchema>;

const standardAttributes = new Set(Object.keys(OptimadeStructureAttributesSchema.properties));

/** Attribute names that are neither standard nor prefixed (`_<provider>_`): the spec allows none. */
export const unprefixedAttributes = (attributes: Record<string, unknown>): string[] =>
  Object.keys(attributes).filter((name) => !standardAttributes.has(name) && !/^_[a-z0-9]+_/.test(name));

const StructureResourceSchema = optimadeResource('structures', OptimadeStructureAttributesSchema);
export type OptimadeStructureResource = Static<typeof StructureResourceSchema>;

export const OptimadeStructuresResponseSchema = optimadeDocument(Type.Array(StructureResourceSchema));
export type OptimadeStructuresResponse = Static<typeof OptimadeStructuresResponseSchema>;

/** A single entry: the resource, or null when there is none to return. */
export const OptimadeStructureResponseSchema = optimadeDocument(Nullable(StructureResourceSchema));
export type OptimadeStructureResponse = Static<typeof OptimadeStructureResponseSchema>;
