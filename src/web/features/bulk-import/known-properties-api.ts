import { useEffect, useState, useSyncExternalStore } from 'react';
import { MAX_KNOWN_PROPERTY_ROWS } from '#domain/bulk-import/known-properties.ts';
import type { ImportedProperties } from './imported-properties';

/**
 * The review's rows already a lead or saved in the workspace with other figures (issue 41), asked
 * of the server for the list's first MAX_KNOWN_PROPERTY_ROWS rows, and again whenever their offers
 * are recomputed (repairs applied): row index → what to say ('Already a lead: offer
 * $120,000–$135,000'). A help only: nothing is flagged when it cannot be asked.
 */
export function useKnownProperties(properties: ImportedProperties, enabled: boolean): Map<number, string> {
  const [known, setKnown] = useState<Map<number, string>>(() => new Map());
  const figuresVersion = useSyncExternalStore(properties.subscribe, () => properties.figuresVersion);
  useEffect(() => {
    if (!enabled || properties.length === 0) return;
    let current = true;
    const count = Math.min(properties.length, MAX_KNOWN_PROPERTY_ROWS);
    void (async () => {
      const body = await properties.knownBody(Uint32Array.from({ length: count }, (_, index) => index));
      const response = await fetch('/api/import-review/known-properties', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        credentials: 'same-origin',
        body,
      });
      if (!response.ok || !current) return;
      const { known: rows } = (await response.json()) as { known: { index: number; note: string }[] };
      if (current) setKnown(new Map(rows.map((row) => [row.index, row.note])));
    })().catch(() => undefined);
    return () => {
      current = false;
    };
  }, [properties, enabled, figuresVersion]);
  return known;
}
