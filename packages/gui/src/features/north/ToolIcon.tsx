import Assessment from '@mui/icons-material/Assessment';
import { safeHref } from '../../components/safeUrl.ts';

/** A tool's configured icon (a URL), or a generic one. */
export function ToolIcon({ icon }: { icon?: string }) {
  const src = safeHref(icon);
  return src ? (
    <img src={src} alt="" style={{ width: 24, height: 24 }} />
  ) : (
    <Assessment color="action" aria-hidden />
  );
}
