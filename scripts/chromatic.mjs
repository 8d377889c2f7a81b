// Publishes the built Storybook to Chromatic for hosted visual review; a no-op without a token.
import { log, runOrExit } from './lib.mjs';

if (!process.env.CHROMATIC_PROJECT_TOKEN) {
  log('CHROMATIC_PROJECT_TOKEN is not set: skipping Chromatic.');
  process.exit(0);
}
runOrExit('pnpm', ['exec', 'storybook', 'build', '--output-dir', 'storybook-static', '--quiet']);
runOrExit('pnpm', [
  'exec',
  'chromatic',
  '--storybook-build-dir',
  'storybook-static',
  '--exit-zero-on-changes',
  '--exit-once-uploaded',
]);
