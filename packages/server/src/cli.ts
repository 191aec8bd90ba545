#!/usr/bin/env node
import { runCli } from './cli/runCli.js'

process.exitCode = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
})
// Everything was closed; should a stray handle keep the event loop alive, do not hang a deploy.
setTimeout(() => process.exit(), 2_000).unref()
