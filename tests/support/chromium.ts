/**
 * How tests and benchmarks start a browser: Debian's Chromium (never a downloaded build), with
 * the flags this network-less machine needs (no background fetches that would be refused).
 */
export const chromiumLaunchOptions = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
