// Personal access tokens: made and revoked on the account page, presented as `Authorization:
// Bearer` to the shadcn registry and the licence-key API.
export { accessTokensRepository } from './repository.ts';
export { createTokenBody, type CreateTokenBody } from './schemas.ts';
export { authenticateBearer, bearerToken, type BearerResult } from './service/bearer.ts';
export { newTokenSecret } from './service/secrets.ts';
export { accessTokensService, type AccessTokensService } from './service/tokens.ts';
export { revokeAllTokens } from './service/erasure.ts';
