import type { Request, Response } from 'express';

export function showHome(_req: Request, res: Response): Promise<void> {
  return res.inertia('Home');
}
