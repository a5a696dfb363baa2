import { createContext, useContext } from 'react';
import { readJson, api } from './api-client';

export type PublicConfig = Awaited<ReturnType<typeof fetchPublicConfig>>;

/**
 * The browser's allow-listed configuration: the copy the server wrote into the page (no request
 * before the first paint), else fetched (Vite's dev server serves the page without it). If it
 * cannot be had, the app shows the configuration error page instead (§4 Startup).
 */
export function loadPublicConfig(): Promise<PublicConfig> | PublicConfig {
  // The element id is the server's PUBLIC_CONFIG_ELEMENT_ID (src/server/web-assets.ts).
  const inline = document.getElementById('public-config')?.textContent;
  if (inline) return JSON.parse(inline) as PublicConfig;
  return fetchPublicConfig();
}

function fetchPublicConfig() {
  return readJson(api.config.$get());
}

const PublicConfigContext = createContext<PublicConfig | null>(null);

export const PublicConfigProvider = PublicConfigContext.Provider;

export function usePublicConfig(): PublicConfig {
  const config = useContext(PublicConfigContext);
  if (!config) throw new Error('usePublicConfig needs a PublicConfigProvider');
  return config;
}
