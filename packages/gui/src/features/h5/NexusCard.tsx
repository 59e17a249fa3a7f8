import { PropertyCard } from '../../components/PropertyCard.tsx';
import { H5Viewer } from './H5Viewer.tsx';

/** The parser of NeXus files: their entries show the file itself in h5web. */
export const NEXUS_PARSER = 'parsers/nexus';

/**
 * The 'nexus' overview card (spec 3 §2: nexus-parser entries embed a file browser): the entry's NeXus file
 * in h5web, its tree open on the file's default plot or else its first dataset.
 */
export function NexusCard({ uploadId, mainfile }: { uploadId: string; mainfile: string }) {
  return (
    <PropertyCard title="NeXus">
      <H5Viewer uploadId={uploadId} path={mainfile} browse />
    </PropertyCard>
  );
}
