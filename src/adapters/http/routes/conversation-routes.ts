import type { Engine } from '../../../core/engine';
import type { ApiSchemas } from '../../../shared/api-schemas';
import * as out from '../../../shared/api-response-schemas';
import { conversationDetailOut, conversationOut } from '../api-mappers';
import { route, type AnyRouteSpec } from '../route-spec';

export function conversationRoutes(engine: Engine, schemas: ApiSchemas): AnyRouteSpec[] {
  return [
    route({
      method: 'get',
      path: '/conversations',
      summary: 'Conversations, most recent first (soft-deleted ones omitted)',
      tag: 'conversations',
      auth: true,
      query: schemas.limitParam,
      response: out.conversationList,
      handle: async ({ c, auth, query }) => {
        const list = await engine.knowledgeBase(auth).listConversations(query.limit);
        return c.json({ conversations: list.map(conversationOut) });
      },
    }),
    route({
      method: 'get',
      path: '/conversations/{conversation_id}',
      summary: 'One conversation with its messages',
      tag: 'conversations',
      auth: true,
      errors: [404],
      response: out.conversationDetail,
      handle: async ({ c, auth, params }) => {
        const { conversation, messages } = await engine.knowledgeBase(auth).getConversation(params.conversation_id ?? '');
        return c.json(conversationDetailOut(conversation, messages));
      },
    }),
    route({
      method: 'put',
      path: '/conversations/{conversation_id}/title',
      summary: 'Rename a conversation',
      tag: 'conversations',
      auth: true,
      body: schemas.renameRequest,
      errors: [404],
      response: out.okMessage,
      handle: async ({ c, auth, params, body }) => {
        await engine.knowledgeBase(auth).renameConversation(params.conversation_id ?? '', body.title);
        return c.json({ success: true, message: 'Conversation renamed' });
      },
    }),
    route({
      method: 'delete',
      path: '/conversations/{conversation_id}',
      summary: 'Soft-delete a conversation (kept, but no longer listed)',
      tag: 'conversations',
      auth: true,
      errors: [404],
      response: out.okMessage,
      handle: async ({ c, auth, params }) => {
        await engine.knowledgeBase(auth).deleteConversation(params.conversation_id ?? '');
        return c.json({ success: true, message: 'Conversation deleted' });
      },
    }),
  ];
}
