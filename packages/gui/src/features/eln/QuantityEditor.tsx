import { Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { labelOf, type Field } from './elnModel.ts';
import { AutocompleteWidget, BoolWidget, RadioWidget, SelectWidget } from './widgets/ChoiceWidgets.tsx';
import { DateTimeWidget } from './widgets/DateTimeWidget.tsx';
import { FileWidget } from './widgets/FileWidget.tsx';
import { NumberWidget, SliderWidget } from './widgets/NumberWidget.tsx';
import { RichTextWidget } from './widgets/RichTextWidget.tsx';
import { QueryWidget } from './widgets/QueryWidget.tsx';
import { ReferenceWidget } from './widgets/ReferenceWidget.tsx';
import { TextWidget } from './widgets/TextWidget.tsx';
import { UserWidget } from './widgets/UserWidget.tsx';
import type { WidgetProps } from './widgets/widgetProps.ts';

/** The widget of each edit component NOMAD's schemas name (spec 3 §9); unknown ones edit as text. */
const WIDGETS: Record<string, (props: WidgetProps) => ReactNode> = {
  StringEditQuantity: (props) => <TextWidget {...props} />,
  URLEditQuantity: (props) => <TextWidget {...props} kind="url" />,
  RichTextEditQuantity: (props) => <RichTextWidget {...props} />,
  FileEditQuantity: (props) => <FileWidget {...props} />,
  ReferenceEditQuantity: (props) => <ReferenceWidget {...props} />,
  NumberEditQuantity: (props) => <NumberWidget {...props} />,
  SliderEditQuantity: (props) => <SliderWidget {...props} />,
  BoolEditQuantity: (props) => <BoolWidget {...props} />,
  EnumEditQuantity: (props) => <SelectWidget {...props} />,
  RadioEnumEditQuantity: (props) => <RadioWidget {...props} />,
  AutocompleteEditQuantity: (props) => <AutocompleteWidget {...props} />,
  SuggestionEnumEditQuantity: (props) => <AutocompleteWidget {...props} freeText />,
  DateTimeEditQuantity: (props) => <DateTimeWidget {...props} kind="datetime" />,
  UserEditQuantity: (props) => <UserWidget {...props} />,
  AuthorEditQuantity: (props) => <UserWidget {...props} author />,
  DateEditQuantity: (props) => <DateTimeWidget {...props} kind="date" />,
  TimeEditQuantity: (props) => <DateTimeWidget {...props} kind="time" />,
  QueryEditQuantity: (props) => <QueryWidget {...props} />,
};

const widgetOf = (component: string) => WIDGETS[component] ?? WIDGETS.StringEditQuantity!;

/**
 * One quantity of a section: a widget for a scalar; for a list (shape ['*'] or [n]) one widget per item,
 * a variable list keeping one empty row to add to and dropping emptied items, a fixed one n rows.
 */
export function QuantityEditor({
  field,
  value,
  onChange,
}: {
  field: Field;
  value: unknown;
  onChange: (value: unknown) => void;
}) {
  const { quantity, component, editable } = field;
  const label = labelOf(quantity);
  const Widget = widgetOf(component);
  const shape = quantity.shape ?? [];
  if (shape.length === 0)
    return (
      <Widget quantity={quantity} label={label} value={value} onChange={onChange} disabled={!editable} />
    );
  const items = Array.isArray(value) ? value : [];
  const fixed = typeof shape[0] === 'number' ? shape[0] : undefined;
  const rows = fixed ?? items.length + 1;
  const setItem = (index: number, item: unknown) => {
    const next = Array.from({ length: Math.max(items.length, index + 1) }, (_, i) =>
      i === index ? item : items[i],
    );
    const kept = fixed === undefined ? next.filter((entry) => entry !== undefined && entry !== '') : next;
    onChange(kept.length === 0 ? undefined : kept);
  };
  return (
    <Stack spacing={1}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      {Array.from({ length: rows }, (_, index) => (
        <Widget
          key={index}
          quantity={quantity}
          label={`${label} ${index + 1}`}
          value={items[index]}
          onChange={(item) => setItem(index, item)}
          disabled={!editable}
        />
      ))}
    </Stack>
  );
}
