import type { Response } from 'express';
import type { InertiaRenderOptions } from '../src/http/inertia/inertia.ts';
import type { PropsInput } from '../src/http/inertia/props.ts';

type UntypedRender = (
  component: string,
  props?: PropsInput,
  options?: InertiaRenderOptions,
) => Promise<void>;

/**
 * `res.inertia` without the store's page contract: protocol tests render made-up pages and
 * props (`Broken`, `{ hostile }`) that no real page declares.
 */
export function renderAnyPage(
  res: Response,
  component: string,
  props?: PropsInput,
  options?: InertiaRenderOptions,
): Promise<void> {
  return (res.inertia as unknown as UntypedRender)(component, props, options);
}
