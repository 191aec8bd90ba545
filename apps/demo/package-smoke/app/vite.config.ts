import { defineConfig } from 'vite'

export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  build: { rolldownOptions: { input: { main: 'index.html', headless: 'headless.html' } } },
})
