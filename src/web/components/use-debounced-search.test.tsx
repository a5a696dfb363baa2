// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { useDebouncedSearch } from './use-debounced-search';

function SearchBox({ filterSearch, onSearch }: { filterSearch: string; onSearch: (search: string) => void }) {
  const [search, setSearch] = useDebouncedSearch(filterSearch, onSearch);
  return <input aria-label="Search" value={search} onChange={(event) => setSearch(event.target.value)} />;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

it('searches once when typing pauses, with what was typed last', () => {
  const onSearch = vi.fn();
  render(<SearchBox filterSearch="" onSearch={onSearch} />);
  const box = screen.getByRole('textbox', { name: 'Search' });
  for (const typed of ['o', 'oa', 'oak']) {
    fireEvent.change(box, { target: { value: typed } });
    act(() => vi.advanceTimersByTime(100));
  }
  expect(onSearch).not.toHaveBeenCalled();
  act(() => vi.advanceTimersByTime(300));
  expect(onSearch).toHaveBeenCalledExactlyOnceWith('oak');
});

it('shows the filter’s search when it changes from outside, and does not search it again', () => {
  const onSearch = vi.fn();
  const { rerender } = render(<SearchBox filterSearch="oak" onSearch={onSearch} />);
  rerender(<SearchBox filterSearch="" onSearch={onSearch} />);
  expect(screen.getByRole('textbox', { name: 'Search' })).toHaveProperty('value', '');
  act(() => vi.advanceTimersByTime(1000));
  expect(onSearch).not.toHaveBeenCalled();
});
