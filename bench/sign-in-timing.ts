// Whether a failed sign-in's answer time tells an unknown e-mail from a wrong password: the
// median time of each over ROUNDS attempts (each from a new client address, and each wrong
// password for its own account, so no rate limit answers first) and their ratio. Both should cost one scrypt run, so the ratio should be near 1;
// the test suite checks the count of scrypt runs, this prints the time it takes.
// Run: npx tsx bench/sign-in-timing.ts   (PGlite in memory, the real app called in-process)
import { createApp } from '#server/app.ts';
import { openPgliteDatabase } from '#server/db/database.ts';
import { createTestContext } from '#tests/support/test-app.ts';
import { postAuth, signUpUser, uniqueEmail } from '#tests/support/test-users.ts';

const ROUNDS = 15;
const WRONG = 'not-the-right-password';

let addressCounter = 0;
const freshAddress = () => {
  addressCounter++;
  return { 'x-forwarded-for': `198.51.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}` };
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const database = await openPgliteDatabase();
try {
  const app = createApp(createTestContext(database, { TRUST_PROXY: '1' }));
  const known: string[] = [];
  for (let round = 0; round < ROUNDS; round++)
    known.push((await signUpUser(app, { email: uniqueEmail('bob'), headers: freshAddress() })).email);
  const timings = { unknown: [] as number[], wrong: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const kind of ['unknown', 'wrong'] as const) {
      const email = kind === 'unknown' ? uniqueEmail('nobody') : known[round]!;
      const started = performance.now();
      const response = await postAuth(app, '/sign-in/email', { email, password: WRONG }, freshAddress());
      timings[kind].push(performance.now() - started);
      if (response.status !== 401) throw new Error(`a ${kind} sign-in answered ${response.status}, not 401`);
    }
  }
  const unknown = median(timings.unknown);
  const wrong = median(timings.wrong);
  const ratio = unknown / wrong;
  console.log(`failed sign-ins, median of ${ROUNDS} each:`);
  console.log(`  unknown e-mail   ${unknown.toFixed(1)} ms`);
  console.log(`  wrong password   ${wrong.toFixed(1)} ms`);
  console.log(
    `  ratio ${ratio.toFixed(2)} (target between 0.33 and 3: ${ratio > 0.33 && ratio < 3 ? 'met' : 'NOT met'})`,
  );
} finally {
  await database.close();
}
