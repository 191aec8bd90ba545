// How Portico's browser tests and benchmark start Chromium: Debian's build (Playwright never
// downloads one here) with the flags that keep it off the network and quiet on a closed machine.
export const chromiumLaunchOptions = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
    '--no-first-run',
  ],
}
