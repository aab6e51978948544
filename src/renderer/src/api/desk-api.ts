import { KbClient } from '../../../client/index';
import type { Connection } from './connection';

/**
 * The screens' door to the API: the shared client library (src/client), as the CLI and agents use
 * it, plus the connection it was made from (the settings screen shows and replaces the key).
 */
export class DeskApi extends KbClient {
  readonly connection: Connection;

  constructor(connection: Connection) {
    // No retries: the screens poll on their own, and a refused call (403, 429) is an answer to show.
    super({ baseUrl: connection.baseUrl, apiKey: connection.apiKey, retry: { maxRetries: 0 } });
    this.connection = connection;
  }
}

export type Api = DeskApi;

export const createApi = (connection: Connection): DeskApi => new DeskApi(connection);

/** Logs in with e-mail and password before any connection exists; the server issues a new key. */
export async function login(baseUrl: string, email: string, password: string): Promise<string> {
  return (await new KbClient({ baseUrl, retry: { maxRetries: 0 } }).login(email, password)).api_key;
}
