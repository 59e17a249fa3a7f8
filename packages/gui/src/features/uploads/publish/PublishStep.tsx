import { Typography } from '@mui/material';
import { useAuth } from '../../../auth/AuthProvider.tsx';
import type { Upload } from '@oasis/schema';
import { formatDateTime } from '../../../components/dateTime.ts';
import { LiftEmbargoButton } from './LiftEmbargoButton.tsx';
import { PublishForm } from './PublishForm.tsx';

export interface PublishStepProps {
  upload: Upload;
  /** The logged-in user is a writer (main author or co-author) of the upload. */
  writer: boolean;
  /** Entries processed successfully. */
  successfulEntries: number;
  /** Called after the upload was changed on the server, to load it again. */
  onChanged?: () => void;
}

function PublishedText({ upload }: { upload: Upload }) {
  return (
    <Typography variant="body2" sx={{ mb: 1 }}>
      {upload.with_embargo
        ? `This upload was published on ${formatDateTime(upload.publish_time)} with an embargo of ${upload.embargo_length} months.`
        : 'This upload is published. Its files and entries cannot be changed anymore.'}
    </Typography>
  );
}

/** The step 'Publish': publishing (writers only) or, once published, its state and lifting the embargo. */
export function PublishStep({ upload, writer, successfulEntries, onChanged }: PublishStepProps) {
  const { user } = useAuth();
  // The server lets only the main author shorten or lift an embargo.
  const mainAuthor = user?.sub !== undefined && user.sub === upload.main_author;
  if (upload.published) {
    return (
      <>
        <PublishedText upload={upload} />
        {mainAuthor && upload.with_embargo && upload.embargo_length > 0 ? (
          <LiftEmbargoButton
            uploadId={upload.upload_id}
            disabled={upload.process_running}
            onLifted={onChanged}
          />
        ) : null}
      </>
    );
  }
  if (!writer) {
    return (
      <Typography variant="body2" color="text.secondary">
        Only the main author and co-authors can publish this upload.
      </Typography>
    );
  }
  return <PublishForm upload={upload} successfulEntries={successfulEntries} onPublished={onChanged} />;
}
