import type { Request, Response } from 'express';
import type { PageInput } from '../../http/inertia/page-contract.ts';

export type HomeProps = (req: Request) => Promise<PageInput<'Home'>>;

export function showHome(props: HomeProps) {
  return async (req: Request, res: Response): Promise<void> =>
    res.inertia('Home', await props(req));
}
