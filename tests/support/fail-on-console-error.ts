// Any console.error a test did not expect fails it. A test that expects one replaces the
// mock's implementation: vi.mocked(console.error).mockImplementation(() => {}).
import { afterEach, beforeEach, vi } from 'vitest';

let unexpected: unknown[][] = [];

beforeEach(() => {
  unexpected = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    unexpected.push(args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (unexpected.length > 0) {
    const messages = unexpected.map((args) => args.map(String).join(' ')).join('\n');
    throw new Error(`console.error was called:\n${messages}`);
  }
});
