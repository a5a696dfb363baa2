import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changedTable, refetchChanged, subscribeToChanges } from './change-feed';

/** A stand-in for the browser's EventSource: records instances and lets the test fire events. */
class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readonly handlers = new Map<string, ((event: { data: string }) => void)[]>();
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, handler: (event: { data: string }) => void) {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), handler]);
  }
  fire(type: string, data = '{}') {
    for (const handler of this.handlers.get(type) ?? []) handler({ data });
  }
  close() {
    this.closed = true;
  }
}

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => vi.unstubAllGlobals());

describe('changedTable', () => {
  it.each([
    ['{"table":"leads"}', 'leads'],
    ['{"table":3}', null],
    ['{}', null],
    ['not json', null],
    ['null', null],
  ])('%s → %j', (data, table) => {
    expect(changedTable(data)).toBe(table);
  });
});

describe('subscribeToChanges', () => {
  it('shares one connection between listeners, and closes it with the last', () => {
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = subscribeToChanges(first);
    const stopSecond = subscribeToChanges(second);
    expect(FakeEventSource.instances).toHaveLength(1);
    const [feed] = FakeEventSource.instances;
    expect(feed!.url).toBe('/api/events');

    feed!.fire('change', '{"table":"leads"}');
    expect(first).toHaveBeenCalledWith({ table: 'leads' });
    expect(second).toHaveBeenCalledWith({ table: 'leads' });

    stopFirst();
    expect(feed!.closed).toBe(false);
    stopSecond();
    expect(feed!.closed).toBe(true);
    subscribeToChanges(first)();
    expect(FakeEventSource.instances).toHaveLength(2);
  });

  it('says anything may have changed whenever it connects: what changed before it listened was missed', () => {
    const listener = vi.fn();
    const stop = subscribeToChanges(listener);
    const [feed] = FakeEventSource.instances;
    expect(listener).not.toHaveBeenCalled();
    feed!.fire('ready');
    expect(listener).toHaveBeenCalledExactlyOnceWith({ table: null });
    // A reconnect, after a dropped connection.
    feed!.fire('ready');
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
  });
});

describe('refetchChanged', () => {
  it('fetches again even while a first fetch, answered before the change, is under way', async () => {
    const queryClient = new QueryClient();
    const answers: ((value: string) => void)[] = [];
    const queryFn = () => new Promise<string>((resolve) => answers.push(resolve));
    const observer = new QueryObserver(queryClient, { queryKey: ['plan'], queryFn });
    const stop = observer.subscribe(() => {});
    expect(answers).toHaveLength(1);

    const refetched = refetchChanged(queryClient, ['plan']);
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    answers[0]!('before the change');
    answers[1]!('after the change');
    await refetched;
    expect(queryClient.getQueryData(['plan'])).toBe('after the change');
    stop();
  });

  it('leaves a query that is not shown to fetch when it is next shown', async () => {
    const queryClient = new QueryClient();
    await queryClient.prefetchQuery({ queryKey: ['plan'], queryFn: () => 'preloaded' });
    await refetchChanged(queryClient, ['plan']);
    expect(queryClient.getQueryState(['plan'])?.isInvalidated).toBe(true);
  });
});
