/** How the browser tests and the benchmark launch Debian's Chromium. */
export declare const chromiumLaunchOptions: { executablePath: string; args: string[] }
