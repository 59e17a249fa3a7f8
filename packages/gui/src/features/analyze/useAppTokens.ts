import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/ApiProvider.tsx';

const APP_TOKENS_KEY = ['appTokens'] as const;

/** The logged-in user's app tokens (ids and times; the tokens themselves are shown only when created). */
export function useAppTokens(userId: string) {
  const api = useApi();
  return useQuery({
    queryKey: [...APP_TOKENS_KEY, userId],
    queryFn: () => api.call('authAppTokens'),
  });
}

/** Requests a new app token living `expiresIn` seconds; the caller shows its failures (meta silent). */
export function useCreateAppToken() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (expiresIn: number) => api.call('authAppToken', { query: { expires_in: expiresIn } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: APP_TOKENS_KEY }),
    meta: { silent: true },
  });
}

/** Revokes one token by id, or all of the user's tokens (`undefined`). */
export function useRevokeAppTokens() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (tokenId: string | undefined): Promise<void> => {
      if (tokenId === undefined) await api.call('authAppTokensRevokeAll');
      else await api.call('authAppTokenRevoke', { params: { token_id: tokenId } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: APP_TOKENS_KEY }),
  });
}
