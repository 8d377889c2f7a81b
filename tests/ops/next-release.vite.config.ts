// The drill's next release of the storefront: the real client build with one more statement in
// the store's code (its release name), so it, the entry that starts it and every chunk that
// imports it get new hashed names, as a new front-end build does.
import { mergeConfig, type Plugin } from 'vite';
import storefront from '../../apps/storefront/vite.config.ts';

const release = process.env.DRILL_RELEASE ?? 'next';

const stampRelease: Plugin = {
  name: 'ops-drill-release',
  enforce: 'post',
  transform(code, id) {
    if (!id.endsWith('/src/start.tsx')) return null;
    return {
      code: `${code}\nglobalThis.__tesseraRelease = ${JSON.stringify(release)};\n`,
      map: null,
    };
  },
};

export default mergeConfig(storefront, { plugins: [stampRelease] });
