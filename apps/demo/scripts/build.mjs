// `pnpm build` / `pnpm build:e2e`: builds each page of the demo on its own (vite.config.ts reads
// DEMO_PAGE), into one output folder. Pages built together share chunks, and those shared chunks
// cut the React page's download into more, smaller files that compress worse: a visitor of
// index.html would fetch about 3 KiB more than a site with one page. Arguments go to `vite build`
// (the e2e build passes `--outDir dist-e2e`).

import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const demo = fileURLToPath(new URL('..', import.meta.url))
// The React page first: its build empties the output folder, the others add to it.
const pages = ['main', 'headless', ...(process.env.VITE_DEV_WALLET === '1' ? ['phone'] : [])]

for (const page of pages) {
  const result = spawnSync('vite', ['build', ...process.argv.slice(2)], {
    cwd: demo,
    stdio: 'inherit',
    env: { ...process.env, DEMO_PAGE: page },
  })
  if (result.status !== 0) process.exit(result.status ?? 1)
}
