import type { AppTokenInfo } from '@oasis/schema';
import type { AppTokenRow } from '../store/app-tokens.ts';

export const appTokenToWire = (row: AppTokenRow): AppTokenInfo => ({
  token_id: row.token_id,
  created: row.created.toISOString(),
  expires_at: row.expires_at.toISOString(),
});
