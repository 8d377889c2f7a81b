import type { Request, Response } from 'express';
import type { PropsInput } from '../../http/inertia/props.ts';

export type HomeProps = (req: Request) => Promise<PropsInput>;

export function showHome(props: HomeProps) {
  return async (req: Request, res: Response): Promise<void> =>
    res.inertia('Home', await props(req));
}
