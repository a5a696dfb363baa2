// The server's rooms and the imports between them, read from the code (decision 020).
// A room is a folder directly under src/server. http/, db/, email/, rate-limit/ and observability/ are shared
// rooms that every capability may use; the others are capability rooms. Files at src/server's
// root (app.ts, main.ts, env.ts, app-context.ts) compose the rooms and belong to none.
// Tests are left out: a test may cross rooms to check an effect end to end, and is never shipped.
//
// `node scripts/server-room-imports.mjs` prints every room-to-room import and every folder cycle
// (exit 1 when there is one); eslint.config.js uses the same reading to refuse a new cycle.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const serverDir = path.resolve('src/server');

/** The rooms every capability may import; they import no capability room. */
export const sharedServerRooms = ['http', 'db', 'email', 'rate-limit', 'observability'];

/** Every folder under src/server that is not a shared room (read from the disk, so a new one is covered at once). */
export function capabilityRooms(dir = serverDir) {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !sharedServerRooms.includes(entry.name))
    .map((entry) => entry.name)
    .sort();
}

/** The room a file belongs to ('offer-links'), or null for a file at src/server's root or outside it. */
export function serverRoomOf(file, dir = serverDir) {
  const parts = path.relative(dir, path.resolve(file)).split(path.sep);
  return parts.length > 1 && parts[0] !== '..' ? parts[0] : null;
}

export function isTestFile(file) {
  return /\.test\.tsx?$/.test(file);
}

// package.json's `imports` (`#server/*` → `./src/server/*`): our own files named from the root.
const ownImports = Object.entries(JSON.parse(readFileSync('package.json', 'utf8')).imports ?? {}).map(
  ([name, target]) => ({ prefix: name.replace(/\*$/, ''), target: path.resolve(target.replace(/\*$/, '')) }),
);

/** The file a specifier names when it is one of our own (relative, or `#server/…`), else null (a package). */
export function ownFileOf(file, specifier) {
  if (specifier.startsWith('.')) return path.resolve(path.dirname(file), specifier);
  const own = ownImports.find(({ prefix }) => specifier.startsWith(prefix));
  return own ? path.join(own.target, specifier.slice(own.prefix.length)) : null;
}

/** Our own imports of a file's text (static, dynamic, `export … from`), each as the file's room imports it. */
export function roomImportsOfSource(file, text, dir = serverDir) {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return importedFiles
    .map(({ fileName }) => ({ specifier: fileName, target: ownFileOf(file, fileName) }))
    .filter(({ target }) => target !== null)
    .map(({ specifier, target }) => ({ specifier, room: serverRoomOf(target, dir) }))
    .filter(({ room }) => room !== null);
}

// A file's room imports, kept while the file is unchanged: lint reads the graph once per file it checks.
const importsByFile = new Map();

function roomImportsOfFile(file, dir) {
  const changedAt = statSync(file).mtimeMs;
  const known = importsByFile.get(file);
  if (known?.changedAt === changedAt && known.dir === dir) return known.imports;
  const imports = roomImportsOfSource(file, readFileSync(file, 'utf8'), dir);
  importsByFile.set(file, { changedAt, dir, imports });
  return imports;
}

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !isTestFile(entry.name) ? [full] : [];
  });
}

/**
 * Room → room → the imports that tie them ([{ file, specifier }]), from every non-test file of
 * src/server. `replace` gives one file's imports as they stand in an editor instead of on the disk.
 */
export function readRoomGraph(dir = serverDir, replace = null) {
  const graph = new Map();
  const files = sourceFiles(dir);
  // A file being written that is not on the disk yet counts as well.
  if (replace && !files.some((file) => path.resolve(file) === path.resolve(replace.file))) files.push(replace.file);
  for (const file of files) {
    const from = serverRoomOf(file, dir);
    if (!from) continue;
    const imports =
      replace && path.resolve(replace.file) === path.resolve(file) ? replace.imports : roomImportsOfFile(file, dir);
    for (const { specifier, room } of imports) {
      if (room === from) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      const ties = graph.get(from);
      if (!ties.has(room)) ties.set(room, []);
      ties.get(room).push({ file: path.relative(process.cwd(), file), specifier });
    }
  }
  return graph;
}

/** The shortest chain of rooms from `from` to `to` (both included), or null when none leads there. */
export function roomPath(graph, from, to) {
  const cameFrom = new Map([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const room = queue.shift();
    if (room === to) {
      const chain = [];
      for (let step = to; step !== null; step = cameFrom.get(step)) chain.unshift(step);
      return chain;
    }
    for (const next of graph.get(room)?.keys() ?? []) {
      if (!cameFrom.has(next)) {
        cameFrom.set(next, room);
        queue.push(next);
      }
    }
  }
  return null;
}

/** Every elementary cycle of rooms, each once, starting at its alphabetically first room. */
export function roomCycles(graph) {
  const rooms = [...new Set([...graph.keys(), ...[...graph.values()].flatMap((ties) => [...ties.keys()])])].sort();
  const cycles = [];
  rooms.forEach((start, index) => {
    const allowed = new Set(rooms.slice(index));
    const chain = [start];
    const visit = (room) => {
      for (const next of graph.get(room)?.keys() ?? []) {
        if (next === start) cycles.push([...chain]);
        else if (allowed.has(next) && !chain.includes(next)) {
          chain.push(next);
          visit(next);
          chain.pop();
        }
      }
    };
    visit(start);
  });
  return cycles;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const graph = readRoomGraph();
  const edges = [...graph].flatMap(([from, ties]) => [...ties.keys()].map((to) => `${from} -> ${to}`)).sort();
  console.log(`room imports (${edges.length}):`);
  for (const edge of edges) console.log(`  ${edge}`);
  const cycles = roomCycles(graph);
  console.log(`folder cycles: ${cycles.length}`);
  for (const cycle of cycles) {
    console.log(`  ${[...cycle, cycle[0]].join(' -> ')}`);
    cycle.forEach((room, step) => {
      for (const { file, specifier } of graph.get(room).get(cycle[(step + 1) % cycle.length])) {
        console.log(`      ${file} imports ${specifier}`);
      }
    });
  }
  process.exitCode = cycles.length > 0 ? 1 : 0;
}
