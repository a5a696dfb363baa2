// Where a CPU profile's time went (node --cpu-prof), by package or source file and by function,
// as shares of the time the process was not idle.
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** A package under node_modules, a file of ours, node's own code, or V8's bookkeeping. */
function placeOf(url: string, functionName: string) {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return 'node internals';
  const ours = /\/(src\/.*|dist\/.*|bench\/.*)$/.exec(url);
  return ours ? ours[1]! : url;
}

export function summarizeProfile(file: string, requests = 0, top = 15) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMicros = new Map<number, number>();
  profile.samples.forEach((id, index) =>
    selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)),
  );

  const byPlace = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let busy = 0;
  for (const [id, micros] of selfMicros) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    if (functionName === '(idle)') continue;
    busy += micros;
    const place = placeOf(url, functionName);
    byPlace.set(place, (byPlace.get(place) ?? 0) + micros);
    const name = `${functionName || '(anonymous)'} ${place}:${lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
  }
  const share = (micros: number) => `${((100 * micros) / busy).toFixed(1)} %`;
  const table = (entries: Map<string, number>) =>
    [...entries]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, micros]) => ({ name, 'self time': share(micros) }));
  const perRequest = requests
    ? `, ${(busy / 1000 / requests).toFixed(2)} ms a request over ${requests.toLocaleString('en-US')}`
    : '';
  console.log(`busy ${(busy / 1e6).toFixed(1)} s of CPU${perRequest}; self time by place:`);
  console.table(table(byPlace));
  console.log('by function:');
  console.table(table(byFunction));
}

/**
 * Inclusive time: what each function cost with everything it called synchronously (an `await`
 * ends a stack, so an async function's time after one shows under runMicrotasks), in ms a request.
 * `match` keeps only the functions whose name or place it matches.
 */
export function summarizeInclusive(file: string, requests: number, match?: RegExp, top = 40) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const selfMicros = new Map<number, number>();
  profile.samples.forEach((id, index) =>
    selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)),
  );
  const inclusive = new Map<string, number>();
  let busy = 0;
  for (const [id, micros] of selfMicros) {
    if (byId.get(id)!.callFrame.functionName === '(idle)') continue;
    busy += micros;
    const names = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const { functionName, url, lineNumber } = byId.get(at)!.callFrame;
      if (functionName === '(root)') continue;
      names.add(`${functionName || '(anonymous)'} ${placeOf(url, functionName)}:${lineNumber + 1}`);
    }
    for (const name of names) inclusive.set(name, (inclusive.get(name) ?? 0) + micros);
  }
  const perRequest = (micros: number) => Number((micros / 1000 / requests).toFixed(3));
  console.log(`busy ${perRequest(busy)} ms a request over ${requests.toLocaleString('en-US')}; inclusive time:`);
  console.table(
    [...inclusive]
      .filter(([name]) => !match || match.test(name))
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, micros]) => ({ name, 'ms a request': perRequest(micros) })),
  );
}

// npx tsx bench/api-overhead/summarize-profile.ts <file.cpuprofile> [requests] [--inclusive[=regex]]
if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, requests] = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
  const inclusive = process.argv.find((arg) => arg.startsWith('--inclusive'));
  if (inclusive) {
    const pattern = inclusive.split('=')[1];
    summarizeInclusive(file!, Number(requests ?? 1), pattern ? new RegExp(pattern) : undefined);
  } else summarizeProfile(file!, Number(requests ?? 0));
}
