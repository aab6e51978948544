import type { Engine } from '../../../core/engine';
import type { ApiSchemas } from '../../../shared/api-schemas';
import * as out from '../../../shared/api-response-schemas';
import { keyOut } from '../api-mappers';
import { route, type AnyRouteSpec } from '../route-spec';

export function accountRoutes(engine: Engine, schemas: ApiSchemas): AnyRouteSpec[] {
  const { accounts } = engine;
  return [
    route({
      method: 'post',
      path: '/api/auth/signup',
      summary: 'Create an account (free plan) and its first API key',
      tag: 'accounts',
      auth: false,
      body: schemas.credentials,
      errors: [409],
      response: out.signupResponse,
      handle: async ({ c, body }) => {
        const { account, key } = await accounts.signup(body.email, body.password);
        return c.json({ success: true, user_id: account.id, email: account.email, api_key: key.apiKey, plan: account.plan });
      },
    }),
    route({
      method: 'post',
      path: '/api/auth/login',
      summary: 'Log in; issues a new API key',
      tag: 'accounts',
      auth: false,
      body: schemas.credentials,
      errors: [401],
      response: out.loginResponse,
      handle: async ({ c, body }) => {
        const { account, key } = await accounts.login(body.email, body.password);
        return c.json({ success: true, user_id: account.id, api_key: key.apiKey });
      },
    }),
    route({
      method: 'get',
      path: '/api/auth/keys',
      summary: "The account's API keys (the key text is never shown again)",
      tag: 'accounts',
      auth: true,
      response: out.keyList,
      handle: async ({ c, auth }) => c.json({ keys: (await accounts.listKeys(auth)).map(keyOut) }),
    }),
    route({
      method: 'post',
      path: '/api/auth/keys',
      summary: 'Create an API key',
      tag: 'accounts',
      auth: true,
      body: schemas.createKeyRequest,
      response: out.createdKey,
      handle: async ({ c, auth, body }) => {
        const key = await accounts.issueKey(auth.account.id, body.name.trim(), body.kind);
        return c.json({ success: true, key_id: key.keyId, api_key: key.apiKey });
      },
    }),
    route({
      method: 'delete',
      path: '/api/auth/keys/{key_id}',
      summary: 'Revoke an API key at once',
      tag: 'accounts',
      auth: true,
      errors: [404],
      response: out.okMessage,
      handle: async ({ c, auth, params }) => {
        await accounts.revokeKey(auth, params.key_id ?? '');
        return c.json({ success: true, message: 'Key revoked' });
      },
    }),
    route({
      method: 'get',
      path: '/api/user/limits',
      summary: "The account's plan, quota use and limits",
      tag: 'accounts',
      auth: true,
      response: out.limits,
      handle: async ({ c, auth }) => c.json(await accounts.limits(auth)),
    }),
  ];
}
