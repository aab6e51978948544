import { stemmer } from 'stemmer';

/**
 * Irregular verbs, whose forms Porter stemming never joins ("write", "wrote", "written"). Only
 * verbs whose forms are not also common nouns or other verbs ("found", "saw", "left", "lead" are
 * left out), so a question's verb can borrow the forms a passage used without inviting noise.
 */
const VERBS = [
  'begin began begun', 'bite bit bitten', 'blow blew blown', 'break broke broken', 'bring brought', 'build built',
  'buy bought', 'catch caught', 'choose chose chosen', 'come came', 'draw drew drawn', 'drink drank drunk',
  'drive drove driven', 'eat ate eaten', 'fight fought', 'fly flew flown', 'forget forgot forgotten',
  'freeze froze frozen', 'give gave given', 'go went gone', 'grow grew grown', 'hide hid hidden', 'hold held',
  'know knew known', 'lose lost', 'make made', 'mean meant', 'meet met', 'pay paid', 'ride rode ridden',
  'ring rang rung', 'run ran', 'say said', 'seek sought', 'sell sold', 'send sent', 'shake shook shaken',
  'shoot shot', 'sing sang sung', 'sink sank sunk', 'sit sat', 'sleep slept', 'speak spoke spoken', 'spend spent',
  'stand stood', 'steal stole stolen', 'strike struck', 'swim swam swum', 'take took taken', 'teach taught',
  'tell told', 'think thought', 'throw threw thrown', 'understand understood', 'wear wore worn', 'win won',
  'write wrote written',
];

const FORMS = new Map<string, string[]>();
for (const verb of VERBS) {
  const stems = [...new Set(verb.split(' ').map((w) => stemmer(w)))];
  for (const stem of stems) FORMS.set(stem, stems.filter((s) => s !== stem));
}

/** The other forms of an irregular verb, as analysed terms ("write" → "wrote", "written"); none for other words. */
export function irregularForms(term: string): readonly string[] {
  return FORMS.get(term) ?? [];
}
