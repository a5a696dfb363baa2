// Node 26 defines its own `localStorage` and `sessionStorage` on the global object, undefined unless
// the process is started with --localstorage-file, and Vitest's happy-dom environment does not replace
// globals Node already has. Tests of the web app get a page's storage, empty for each test file.
import { Storage } from 'happy-dom';

if (typeof document !== 'undefined') {
  for (const name of ['localStorage', 'sessionStorage'] as const) {
    Object.defineProperty(globalThis, name, { value: new Storage(), configurable: true, writable: true });
  }
}
