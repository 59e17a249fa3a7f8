import { UNAVAILABLE } from './format.ts';

const pad = (value: number) => String(value).padStart(2, '0');

/** The GUI's date display format dd/MM/yyyy HH:mm (spec 1 §9), in the browser's time zone. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return UNAVAILABLE;
  // NOMAD sends some timestamps without a zone (e.g. upload_create_time of uploads); they are UTC.
  const hasZone = /([zZ]|[+-]\d\d:?\d\d)$/.test(iso);
  const date = new Date(hasZone ? iso : `${iso}Z`);
  if (Number.isNaN(date.getTime())) return UNAVAILABLE;
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
