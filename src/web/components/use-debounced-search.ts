import { useEffect, useEffectEvent, useState } from 'react';

/** How long typing pauses before the search runs: one request per pause, not per key. */
const SEARCH_DELAY_MS = 300;

/**
 * A search box's text: typed freely, handed to `onSearch` once typing pauses, and following the
 * page's filter when that changes from outside (the back button, a cleared filter).
 */
export function useDebouncedSearch(filterSearch: string, onSearch: (search: string) => void) {
  const [search, setSearch] = useState(filterSearch);
  const [shownSearch, setShownSearch] = useState(filterSearch);
  if (filterSearch !== shownSearch) {
    setShownSearch(filterSearch);
    setSearch(filterSearch);
  }
  const searchPaused = useEffectEvent(onSearch);
  useEffect(() => {
    if (search === filterSearch) return;
    const timer = setTimeout(() => searchPaused(search), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, filterSearch]);
  return [search, setSearch] as const;
}
