import { access } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import type { Page } from '../inertia/page.ts';
import { ssrEntryPath } from './assets.ts';
import type { SsrRenderer, SsrResult } from './types.ts';

type RenderFunction = (page: Page) => SsrResult | Promise<SsrResult>;

function renderFunctionOf(module: Record<string, unknown>, source: string): RenderFunction {
  const render = module.render ?? module.default;
  if (typeof render !== 'function') {
    throw new TypeError(`${source} must export "render(page)" (or a default render function)`);
  }
  return render as RenderFunction;
}

/** Wraps an SSR module (`export async function render(page)`) as a renderer. */
export function rendererFromModule(
  module: Record<string, unknown>,
  source = 'The SSR module',
): SsrRenderer {
  const render = renderFunctionOf(module, source);
  return { render: async (page) => render(page) };
}

/**
 * Imports the storefront's SSR bundle once, in-process. Null when it has not been built;
 * a bundle that fails to load is an error (a broken build should not start silently).
 */
export async function loadSsrRenderer(storefrontDist: string): Promise<SsrRenderer | null> {
  const file = ssrEntryPath(storefrontDist);
  try {
    await access(file);
  } catch {
    return null;
  }
  const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  return rendererFromModule(module, file);
}
