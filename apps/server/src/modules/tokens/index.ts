// Personal access tokens: made and revoked on the account page, presented as `Authorization:
// Bearer` to the shadcn registry and the licence-key API.
export { authenticateBearer, bearerToken, type BearerResult } from './bearer.ts';
export { createTokenBody, tokenIdParam } from './schemas.ts';
export { accessTokensService, type AccessTokensService } from './service.ts';
export { accessTokensRepository } from './repository.ts';
export { newTokenSecret } from './secrets.ts';
