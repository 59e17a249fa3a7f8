import { PlannedPage } from '../../components/PlannedPage.tsx';

const descriptions = {
  datatable:
    'A demonstration of the shared data table: sorting, column chooser, pagination and infinite scroll.',
  editquantity: 'A demonstration of the quantity editors used in the electronic lab notebook.',
  plot: 'A demonstration of the plot components.',
} as const;

export type DevPageName = keyof typeof descriptions;

/** Developer demo pages (/dev/...). */
export function DevPage({ name }: { name: DevPageName }) {
  return <PlannedPage title={`Developer demo: ${name}`}>{descriptions[name]}</PlannedPage>;
}
