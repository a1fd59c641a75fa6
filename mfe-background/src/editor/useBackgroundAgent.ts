// The agent the editor shows: read once per id, then edited locally; `dirty` says there is unsaved work.
import { useEffect, useState } from 'react';
import { newBackgroundAgent, normalizeLoadedConfig, type BackgroundAgentConfig, type BackgroundAgentStatus } from '@accent/background-common';
import { useQuery } from '@accent/shared/ui';
import { errorMessage, useBackgroundEnv } from '../state/BackgroundDataContext.js';

export function useBackgroundAgent(editingId: string | null) {
  const { api, notify } = useBackgroundEnv();
  const [config, setConfig] = useState<BackgroundAgentConfig>(() => newBackgroundAgent());
  // what was loaded (or the blank agent): anything else is unsaved work that leaving would lose
  const [baseline, setBaseline] = useState(() => JSON.stringify(config));
  const stored = useQuery(['background', 'agent', editingId], () => api.getAgent(editingId ?? ''), { enabled: editingId !== null });
  const storedAgent = stored.status === 'ready' ? stored.data : undefined;
  /** the stored status (paused is set by the run worker, not by the editor) */
  const storedStatus: BackgroundAgentStatus | null = storedAgent?.status ?? null;

  // the form starts from what was read, in the render that stops showing the loading state
  const [shownFor, setShownFor] = useState<typeof storedAgent>(undefined);
  if (storedAgent && storedAgent !== shownFor) {
    setShownFor(storedAgent);
    const loadedConfig = normalizeLoadedConfig(storedAgent.config);
    setConfig(loadedConfig);
    setBaseline(JSON.stringify(loadedConfig));
  }

  const loading = editingId !== null && stored.status === 'loading';
  const loadError =
    editingId === null
      ? null
      : stored.status === 'error'
        ? errorMessage(stored.error, 'Could not load the background agent.')
        : stored.status === 'ready' && !stored.data
          ? 'The background agent could not be found.'
          : null;
  const missing = stored.status === 'ready' && !stored.data;
  useEffect(() => {
    if (stored.status === 'error') notify.error('Load Failed', 'Could not load the background agent. Please check your connection.');
    else if (missing) notify.error('Agent Not Found', 'The background agent could not be loaded.');
  }, [stored.status, missing, notify]);

  const dirty = !loading && !loadError && JSON.stringify(config) !== baseline;
  /** a configuration the server now stores (a restored version): shown, and nothing left unsaved */
  const replaceStored = (stored: BackgroundAgentConfig) => {
    const loadedConfig = normalizeLoadedConfig(stored);
    setConfig(loadedConfig);
    setBaseline(JSON.stringify(loadedConfig));
  };
  return { config, setConfig, replaceStored, storedStatus, loading, loadError, dirty };
}
