// Serves a built bench page (bench/csv-import-page, built by the bench into `pageOut`) and the
// generated CSV file as /bench.csv, on a free local port: the page fetches the file as a user's
// File would be read. Shared by bench/csv-import.ts and bench/csv-import-profile.ts.
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { CSV_IMPORT_FILE } from './generate-csv-import-file';

const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.csv': 'text/csv' };

export async function serveCsvImportPage(pageOut: string) {
  const fileBytes = statSync(CSV_IMPORT_FILE).size;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://bench');
    if (url.pathname === '/bench.csv') {
      res.writeHead(200, { 'content-type': 'text/csv', 'content-length': String(fileBytes) });
      createReadStream(CSV_IMPORT_FILE).pipe(res);
      return;
    }
    const file = path.join(pageOut, url.pathname === '/' ? 'index.html' : url.pathname);
    if (!file.startsWith(pageOut) || !existsSync(file) || statSync(file).isDirectory()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    fileBytes,
    close: () => server.close(),
  };
}
