import type { EntityTypeName } from '../../../../client/index';

/** One colour per entity type, shared by the canvas, the legend and the filters. */
export const TYPE_COLORS: Record<EntityTypeName, string> = {
  person: '#3b4fd8',
  organization: '#0f8a6c',
  place: '#d9771e',
  work: '#a23fc2',
  date: '#6b7280',
  quantity: '#8f9bb0',
  concept: '#c2417a',
  other: '#2f9bd6',
};

export const TYPE_NAMES = Object.keys(TYPE_COLORS) as EntityTypeName[];

export const colorOf = (type: string): string => TYPE_COLORS[type as EntityTypeName] ?? '#8f9bb0';
