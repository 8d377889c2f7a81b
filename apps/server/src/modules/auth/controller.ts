import type { Request, Response } from 'express';
import { resetPasswordQuery } from './schemas.ts';

/** A one-off notice the previous request flashed (`status`), e.g. "reset link sent". */
async function flashedStatus(req: Request): Promise<string | undefined> {
  return (await req.readFlash()).messages?.status;
}

export function showLogin(req: Request, res: Response): Promise<void> {
  return res.inertia('Login', { status: () => flashedStatus(req) });
}

export function showForgotPassword(req: Request, res: Response): Promise<void> {
  return res.inertia('ForgotPassword', { status: () => flashedStatus(req) });
}

export function showResetPassword(req: Request<{ token: string }>, res: Response): Promise<void> {
  const { email } = resetPasswordQuery.parse(req.query);
  return res.inertia('ResetPassword', { token: req.params.token, email: email ?? '' });
}
