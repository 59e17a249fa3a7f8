import type { NorthTool, NorthToolState } from '@oasis/schema';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useApi } from '../../api/ApiProvider.tsx';
import { useEnv } from '../../core/EnvProvider.tsx';
import { useErrors } from '../../core/errors.tsx';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { openToolTab } from './openToolTab.ts';
import { northToolUrl } from './toolUrl.ts';

const TOOL_DID_NOT_START = 'The tool could not be started. Its log on the server says why.';

export interface NorthToolControl {
  /** undefined until the state is known (and for anonymous visitors). */
  state: NorthToolState | undefined;
  /** Starts the tool (or finds it running) and opens it in a window of its own, at `path` of `uploadId`. */
  launch(target?: { uploadId?: string; path?: string }): void;
  stop(): void;
}

/**
 * A tool's state and its launch and stop (spec 3 §4): fetched on load; launch goes to starting, then to
 * the state the server answers, and a failed launch back to stopped; stop goes to stopping, then stopped,
 * or error when it failed.
 */
export function useNorthTool(tool: NorthTool, options: { fetchState?: boolean } = {}): NorthToolControl {
  const fetchState = options.fetchState ?? true;
  const api = useApi();
  const { northBase } = useEnv();
  const { user } = useAuth();
  const { raiseError } = useErrors();
  const queryClient = useQueryClient();
  const [state, setState] = useState<NorthToolState | undefined>(undefined);
  const { name } = tool;

  useEffect(() => {
    if (!user || !fetchState) return;
    let current = true;
    api.call('northTool', { params: { name } }).then(
      (answer) => current && setState(answer.data.state ?? 'stopped'),
      (error: unknown) => {
        if (!current) return;
        setState('error');
        raiseError(error);
      },
    );
    return () => {
      current = false;
    };
  }, [api, name, user, raiseError, fetchState]);

  const changed = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ['north'] }),
    [queryClient],
  );

  const launch = useCallback(
    (target: { uploadId?: string; path?: string } = {}) => {
      setState('starting');
      const tab = openToolTab(name);
      const query = target.uploadId ? { upload_id: target.uploadId } : {};
      api.call('northToolStart', { params: { name }, query }).then(
        (answer) => {
          const next = answer.data.state ?? 'stopped';
          setState(next === 'error' ? 'stopped' : next);
          if (next === 'running') tab.show(northToolUrl(northBase, answer, tool, target.path));
          else tab.discard();
          if (next === 'error') raiseError(new Error(TOOL_DID_NOT_START));
          changed();
        },
        (error: unknown) => {
          tab.discard();
          raiseError(error);
          setState('stopped');
        },
      );
    },
    [api, name, northBase, tool, raiseError, changed],
  );

  const stop = useCallback(() => {
    setState('stopping');
    api.call('northToolStop', { params: { name } }).then(
      () => {
        setState('stopped');
        changed();
      },
      (error: unknown) => {
        raiseError(error);
        setState('error');
      },
    );
  }, [api, name, raiseError, changed]);

  return { state, launch, stop };
}
