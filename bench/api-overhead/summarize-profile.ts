// Where a CPU profile's time went (node --cpu-prof), by package or source file and by function,
// as shares of the time the process was not idle.
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
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

if (import.meta.url === `file://${process.argv[1]}`) summarizeProfile(process.argv[2]!, Number(process.argv[3] ?? 0));
