/**
 * Questions with a sentence on why they are asked, before or after them, as people write to a
 * colleague: "I'm putting together a summary for my boss. How high should the saddle be?". Each
 * picked by a hash of the question's id from sentences written for this benchmark about none of
 * the sets' subjects, so what the engine makes of the extra words shows: they say why, not what.
 */
import { fnv1a } from './halves';

const BEFORE = [
  "I'm putting together a summary for my boss.",
  'My manager asked me to look into this.',
  "I'm preparing a short report for Monday.",
  'A colleague asked me this and I was not sure.',
  "I'm writing up notes after our call.",
  'Quick one before my presentation.',
];
const AFTER = ['I need it for a report.', "It's for a client email I'm drafting.", 'My team lead wants to know by tonight.', 'Trying to settle a debate in the office.'];
const HAN = /\p{Script=Han}/u;

/** The question with a sentence on why it is asked; null for a question in Chinese, whose sentences these are not. */
export function askedWhy(question: { id: string; question: string }): string | null {
  const text = question.question.trim();
  if (HAN.test(text)) return null;
  const sentences = [...BEFORE.map((s) => `${s} ${text}`), ...AFTER.map((s) => `${text} ${s}`)];
  return sentences[fnv1a(`why:${question.id}`) % sentences.length] ?? null;
}
