/** One colour per entity type, shared by the canvas, the legend and the filters. */
export const TYPE_COLORS: Record<string, string> = {
  person: '#3b4fd8',
  organization: '#0f8a6c',
  place: '#d9771e',
  work: '#a23fc2',
  date: '#6b7280',
  quantity: '#8f9bb0',
  concept: '#c2417a',
  other: '#2f9bd6',
};

export const TYPE_NAMES = Object.keys(TYPE_COLORS);

export const colorOf = (type: string): string => TYPE_COLORS[type] ?? '#8f9bb0';
