// "Print them yourself" (issue 41): 10,000 letters rendered to one PDF through the app's renderer
// (streamMailPieces, which draws a piece only when the reader has taken the previous ones), written
// to bench/out/mail-letters.pdf. Prints the time and the process's peak resident memory; aims:
// under 60 s and under 300 MB. Each letter: its owner, one to three properties, each with its own
// range, short address and QR code, as a real send's.
// With --expose-gc it also prints the largest live heap (after a full collection, every 1,000
// letters): what the stream keeps, apart from what the garbage collector has not yet taken back.
// Run: node --expose-gc --import tsx bench/mail-letters.ts [letters]
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, statSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { mailPieceContent, type MailPieceContent } from '#domain/mail/mail-piece-content.ts';
import { shortCodeFromBytes } from '#domain/mail/short-code.ts';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { computeSimpleOfferRange } from '#domain/offer/compute-offer-range.ts';
import { streamMailPieces } from '#server/mail/render-mail-pieces.ts';

const letters = Number(process.argv[2] ?? 10_000);
const output = 'bench/out/mail-letters.pdf';
mkdirSync('bench/out', { recursive: true });

const streets = ['Oak St', 'Elm Ave', 'Pine Rd', 'Maple Dr', 'Cedar Ln', 'Birch Ct'];
const names = ['Maria Lopez', 'John Smith', 'Ann Lee', 'Wei Chen', 'Fatima Khan', 'Zoë Ångström'];
const wholesaler = {
  displayName: 'Ann Buyer',
  company: 'Lee Homes',
  phone: '512-555-0100',
  postalAddress: '1 Main St, Austin, TX 78701',
};

const gc = (globalThis as { gc?: () => void }).gc;
let liveHeap = 0;

async function* pieces(): AsyncGenerator<MailPieceContent> {
  for (let n = 0; n < letters; n++) {
    if (gc && n % 1_000 === 0) {
      gc();
      liveHeap = Math.max(liveHeap, process.memoryUsage().heapUsed);
    }
    const count = 1 + (n % 3);
    yield mailPieceContent({
      format: 'letter',
      appUrl: 'https://offers.example.com',
      date: new Date(),
      validUntil: new Date(Date.now() + 7 * 86_400_000),
      owner: {
        name: `${names[n % names.length]} ${n}`,
        mailingAddress: {
          street: `${n} ${streets[n % streets.length]}`,
          city: 'Austin',
          state: n % 10 === 0 ? 'CA' : 'TX',
          zip: String(70000 + n).slice(0, 5),
        },
      },
      properties: Array.from({ length: count }, (_, index) => ({
        address: `${n * 3 + index} ${streets[(n + index) % streets.length]}, Austin, TX 78701`,
        offerRange: computeSimpleOfferRange({
          marketValue: 150_000 + ((n * 7919 + index * 104_729) % 850_000),
          template: defaultTemplate,
        }),
        code: shortCodeFromBytes(randomBytes(7)),
      })),
      wholesaler,
      disclosure: 'We are real estate investors, not agents. We may profit from buying your property.',
    });
  }
}

let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
const started = performance.now();
const cpuBefore = process.cpuUsage();
await pipeline(streamMailPieces(pieces(), { title: `${letters} letters`, author: 'bench' }), createWriteStream(output));
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
const cpuSeconds = (cpu.user + cpu.system) / 1e6;
clearInterval(sampler);
peakRss = Math.max(peakRss, process.resourceUsage().maxRSS * 1024);

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
console.log(`${letters.toLocaleString('en-US')} letters → ${output} (${mb(statSync(output).size)})`);
console.log(
  `  time: ${seconds.toFixed(1)} s (${((letters / seconds) | 0).toLocaleString('en-US')} letters/s; aim: under 60 s)`,
);
// On a shared machine the wall time includes waiting for a core; the CPU time is this process's own.
console.log(`  CPU time: ${cpuSeconds.toFixed(1)} s`);
console.log(`  peak resident memory: ${mb(peakRss)} (aim: under 300 MB)`);
if (gc) console.log(`  largest live heap: ${mb(liveHeap)}`);
