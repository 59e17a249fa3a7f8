import { TextField } from '@mui/material';
import type { WidgetProps } from './widgetProps.ts';

export type DateTimeKind = 'datetime' | 'date' | 'time';

const pad = (n: number) => String(n).padStart(2, '0');

/** The stored ISO date and time as the browser's input shows it, in local time. */
const shown = (value: unknown, kind: DateTimeKind): string => {
  if (typeof value !== 'string') return '';
  const time = new Date(value);
  if (Number.isNaN(time.getTime())) return '';
  const date = `${time.getFullYear()}-${pad(time.getMonth() + 1)}-${pad(time.getDate())}`;
  const clock = `${pad(time.getHours())}:${pad(time.getMinutes())}`;
  return kind === 'date' ? date : kind === 'time' ? clock : `${date}T${clock}`;
};

/** The input's local date and time as stored (ISO, UTC); a time alone is today's. */
const stored = (text: string, kind: DateTimeKind): string | undefined => {
  if (text === '') return undefined;
  const today = shown(new Date().toISOString(), 'date');
  const local = kind === 'date' ? `${text}T00:00` : kind === 'time' ? `${today}T${text}` : text;
  const time = new Date(local);
  return Number.isNaN(time.getTime()) ? undefined : time.toISOString().replace('.000Z', '+00:00');
};

/** DateTimeEditQuantity, DateEditQuantity and TimeEditQuantity: the browser's own pickers. */
export function DateTimeWidget({
  label,
  value,
  onChange,
  disabled,
  kind,
}: WidgetProps & { kind: DateTimeKind }) {
  return (
    <TextField
      label={label}
      size="small"
      fullWidth
      disabled={disabled}
      type={kind === 'datetime' ? 'datetime-local' : kind}
      value={shown(value, kind)}
      onChange={(event) => onChange(stored(event.target.value, kind))}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'aria-label': label } }}
    />
  );
}
