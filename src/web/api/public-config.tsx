import { createContext, useContext } from 'react';
import { readJson, api } from './api-client';

export type PublicConfig = Awaited<ReturnType<typeof loadPublicConfig>>;

/** Loads the browser's allow-listed configuration; if it fails, the app shows the configuration error page instead (§4 Startup). */
export function loadPublicConfig() {
  return readJson(api.config.$get());
}

const PublicConfigContext = createContext<PublicConfig | null>(null);

export const PublicConfigProvider = PublicConfigContext.Provider;

export function usePublicConfig(): PublicConfig {
  const config = useContext(PublicConfigContext);
  if (!config) throw new Error('usePublicConfig needs a PublicConfigProvider');
  return config;
}
