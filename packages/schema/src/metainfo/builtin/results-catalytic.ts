import { float, LIST, repeating, section, str, sub, SUGGESTED } from '../define.ts';

/** results.properties.catalytic: catalyst samples and the reactions tested on them. */

/** Gas concentrations are fractions at each measurement point, before and after the reactor. */
const gasConcentrations = [
  float('gas_concentration_in', 'Concentration in the gas fed to the reactor.', {
    shape: LIST,
    search: true,
  }),
  float('gas_concentration_out', 'Concentration in the gas leaving the reactor.', {
    shape: LIST,
    search: true,
  }),
];

const reactant = section('Reactant', 'A substance consumed by the reaction.', [
  str('name', 'Name of the reactant.', SUGGESTED),
  float('conversion', 'Share of the reactant converted at each measurement point.', {
    shape: LIST,
    search: true,
  }),
  ...gasConcentrations,
]);

const product = section('Product', 'A substance produced by the reaction.', [
  str('name', 'Name of the product.', SUGGESTED),
  float('selectivity', 'Share of the converted reactants that became this product.', {
    shape: LIST,
    search: true,
  }),
  float('space_time_yield', 'Amount of product per catalyst and time.', {
    shape: LIST,
    unit: '1 / second',
    search: true,
  }),
  ...gasConcentrations,
]);

const rate = section('Rate', 'A rate of the reaction.', [
  str('name', 'What the rate counts, e.g. a reactant.', SUGGESTED),
  float('reaction_rate', 'Amount converted per catalyst mass and time.', {
    unit: 'mole / gram / second',
    search: true,
  }),
  float('specific_mass_rate', 'Rate per mass of the active component.', {
    unit: 'mole / gram / second',
    search: true,
  }),
  float('specific_surface_area_rate', 'Rate per surface area of the catalyst.', {
    unit: 'mole / meter ** 2 / second',
    search: true,
  }),
  float('rate', 'Rate at each measurement point.', { shape: LIST, unit: '1 / second' }),
  float('turnover_frequency', 'Reactions per active site and time.', { unit: '1 / second', search: true }),
]);

const reactionConditions = section('ReactionConditions', 'Conditions in the reactor at each point.', [
  float('temperature', 'Temperature.', { shape: LIST, unit: 'kelvin', search: true }),
  float('pressure', 'Pressure.', { shape: LIST, unit: 'pascal', search: true }),
  float('weight_hourly_space_velocity', 'Feed volume per catalyst mass and time.', {
    shape: LIST,
    unit: 'milliliter / gram / second',
    search: true,
  }),
  float('gas_hourly_space_velocity', 'Feed volume per catalyst volume and time.', {
    shape: LIST,
    unit: '1 / second',
    search: true,
  }),
  float('flow_rate', 'Volume of feed per time.', { shape: LIST, unit: 'meter ** 3 / second', search: true }),
  float('time_on_stream', 'Time since the reaction started.', { shape: LIST, unit: 'second', search: true }),
]);

const reactionStep = section('ReactionStep', 'One elementary step of a reaction mechanism.', [
  str('initial_states', 'Species before the step.', { shape: LIST, ...SUGGESTED }),
  str('final_states', 'Species after the step.', { shape: LIST, ...SUGGESTED }),
  float('reaction_enthalpy', 'Enthalpy change of the step.', { unit: 'joule', search: true }),
  float('activation_energy', 'Energy barrier of the step.', { unit: 'joule', search: true }),
]);

const reaction = section(
  'Reaction',
  'The catalysed reaction, its conditions and its outcome.',
  [
    str('name', 'Name of the reaction, e.g. CO2 hydrogenation.', SUGGESTED),
    str('type', 'Class of the reaction, e.g. oxidation.', SUGGESTED),
  ],
  [
    repeating('reactants', reactant),
    repeating('products', product),
    repeating('rates', rate),
    sub('reaction_conditions', reactionConditions),
    repeating('reaction_mechanism', reactionStep),
  ],
);

const catalyst = section('Catalyst', 'The catalyst sample: what it is and how it was made.', [
  str('catalyst_name', 'Name of the catalyst.', SUGGESTED),
  str('preparation_method', 'How the catalyst was prepared, e.g. impregnation.', SUGGESTED),
  str('catalyst_type', 'Classes of the catalyst, e.g. supported metal.', { shape: LIST, ...SUGGESTED }),
  str('characterization_methods', 'Methods the catalyst was characterised with.', {
    shape: LIST,
    ...SUGGESTED,
  }),
  float('surface_area', 'Specific surface area, e.g. from BET.', {
    unit: 'meter ** 2 / gram',
    search: true,
  }),
]);

export const catalytic = section(
  'CatalyticProperties',
  'Catalytic properties of the entry.',
  [],
  [sub('reaction', reaction), sub('catalyst', catalyst)],
);

export const catalyticSections = [
  catalytic,
  reaction,
  reactant,
  product,
  rate,
  reactionConditions,
  reactionStep,
  catalyst,
];
