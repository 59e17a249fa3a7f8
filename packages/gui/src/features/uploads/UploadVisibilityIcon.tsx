import AccountCircle from '@mui/icons-material/AccountCircle';
import Public from '@mui/icons-material/Public';
import SupervisedUserCircle from '@mui/icons-material/SupervisedUserCircle';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { Tooltip, type SvgIconProps } from '@mui/material';
import {
  uploadVisibility,
  type Caller,
  type VisibilityKind,
  type VisibilityUpload,
} from '../../api/uploads/visibility.ts';

const ICONS: Record<VisibilityKind, typeof Public> = {
  published: Public,
  hidden: VisibilityOff,
  everyone: Visibility,
  shared: SupervisedUserCircle,
  private: AccountCircle,
};

export interface UploadVisibilityIconProps {
  upload: VisibilityUpload | undefined;
  caller: Caller | undefined;
  fontSize?: SvgIconProps['fontSize'];
}

/** Who can see the upload, as an icon; the tooltip (also its accessible name) says it in words. */
export function UploadVisibilityIcon({ upload, caller, fontSize }: UploadVisibilityIconProps) {
  const { tooltip, kind, color } = uploadVisibility(upload, caller);
  const Icon = ICONS[kind];
  return (
    <Tooltip title={tooltip}>
      <Icon color={color} fontSize={fontSize} aria-label={tooltip} aria-hidden={false} role="img" />
    </Tooltip>
  );
}
