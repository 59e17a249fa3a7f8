import { PlannedPage } from '../../components/PlannedPage.tsx';

export function MetainfoPage() {
  return (
    <PlannedPage title="The NOMAD Metainfo">
      A browser for the metadata schemas (the metainfo): packages, sections, quantities, sub-sections,
      categories and attributes with their descriptions, types, shapes and units, including the schemas of
      published uploads.
    </PlannedPage>
  );
}
