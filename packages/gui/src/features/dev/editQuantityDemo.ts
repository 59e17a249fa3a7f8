import type { Definitions, QuantityDefinition } from '../eln/index.ts';

/**
 * The demo schema of /dev/editquantity: one quantity per edit component NOMAD's schemas name, with the
 * demo bounds of spec 3 §9 (0 to 10), a unit with a display unit, and lists of either length.
 */
const DEMO = 'dev#/definitions/section_definitions/0';

const demo = (
  name: string,
  component: string,
  type: QuantityDefinition['type'],
  extra: Partial<QuantityDefinition> & { eln?: Record<string, unknown> } = {},
): QuantityDefinition => {
  const { eln, ...rest } = extra;
  return {
    name,
    defined_by: DEMO,
    type,
    m_annotations: { eln: [{ component, ...eln }] },
    ...rest,
  };
};

const STR = { type_kind: 'python', type_data: 'str' };
const ENUM = { type_kind: 'Enum', type_data: ['first option', 'second option', 'third option'] };
const DATETIME = { type_kind: 'custom', type_data: 'nomad.metainfo.data_type.Datetime' };

export const demoDefinitions: Definitions = {
  root: DEMO,
  sections: {
    [DEMO]: {
      name: 'EditQuantityDemo',
      search_name: 'EditQuantityDemo',
      base_sections: [],
      sub_sections: [],
      quantities: [
        demo('string', 'StringEditQuantity', STR, { description: 'A plain string.', default: 'a default' }),
        demo('url', 'URLEditQuantity', STR),
        demo('rich_text', 'RichTextEditQuantity', STR),
        demo(
          'float',
          'NumberEditQuantity',
          { type_kind: 'numpy', type_data: 'float64' },
          {
            eln: { minValue: 0, maxValue: 10 },
          },
        ),
        demo(
          'integer',
          'NumberEditQuantity',
          { type_kind: 'numpy', type_data: 'int32' },
          {
            eln: { minValue: 0, maxValue: 10 },
          },
        ),
        demo('unsigned', 'NumberEditQuantity', { type_kind: 'numpy', type_data: 'uint8' }),
        demo(
          'length',
          'NumberEditQuantity',
          { type_kind: 'numpy', type_data: 'float64' },
          {
            unit: 'm',
            eln: { defaultDisplayUnit: 'mm' },
          },
        ),
        demo(
          'slider',
          'SliderEditQuantity',
          { type_kind: 'numpy', type_data: 'float64' },
          {
            eln: { minValue: 0, maxValue: 10 },
          },
        ),
        demo(
          'bool',
          'BoolEditQuantity',
          { type_kind: 'python', type_data: 'bool' },
          {
            eln: { props: { trueLabel: 'yes', falseLabel: 'no' } },
          },
        ),
        demo('select', 'EnumEditQuantity', ENUM),
        demo('radio', 'RadioEnumEditQuantity', ENUM),
        demo('autocomplete', 'AutocompleteEditQuantity', ENUM),
        demo('suggestion', 'SuggestionEnumEditQuantity', ENUM),
        demo('date_time', 'DateTimeEditQuantity', DATETIME),
        demo('date', 'DateEditQuantity', DATETIME),
        demo('time', 'TimeEditQuantity', DATETIME),
        demo('user', 'UserEditQuantity', { type_kind: 'User', type_data: 'User' }),
        demo('author', 'AuthorEditQuantity', { type_kind: 'Author', type_data: 'Author' }),
        demo(
          'query',
          'QueryEditQuantity',
          { type_kind: 'custom', type_data: 'nomad.datamodel.data.Query' },
          { eln: { props: { storeInArchive: true } } },
        ),
        demo('variable_list', 'StringEditQuantity', STR, { shape: ['*'] }),
        demo(
          'fixed_list',
          'NumberEditQuantity',
          { type_kind: 'numpy', type_data: 'float64' },
          { shape: [3] },
        ),
      ],
    },
  },
};
