/**
 * The documents a query may see, as a condition on the joined document `d`: those in the
 * `@scope` list (a conversation's uploads), or, when there is none, every document kept in memory.
 */
export const IN_SCOPE = '(CASE WHEN @scope IS NULL THEN d.memory = 1 ELSE d.id IN (SELECT value FROM json_each(@scope)) END)';

/** The `@scope` parameter for IN_SCOPE. */
export const scopeParam = (scope: string[] | null): string | null => (scope ? JSON.stringify(scope) : null);
