/**
 * Questions as people type them into a chat: the question with an opener and a closer around it,
 * each picked by a hash of the question's id from the lists below (written for this benchmark, and
 * not all of them phrases the engine knows to cut, so its tolerance of the rest shows too).
 */
import { fnv1a } from './halves';

const OPENERS = ['', 'Hi! ', 'Hey, quick question: ', 'Sorry if this is obvious, but ', 'Can you tell me ', 'I was wondering: ', 'Good morning. ', 'Okay, '];
const CLOSERS = ['', ' Thanks!', ' Thank you in advance.', ' Cheers', ' Any help appreciated.', ' (asking for a friend)', ' please'];

export function inChat(question: { id: string; question: string }): string {
  // Hashed apart from the halves (halves.ts hashes the bare id) and from each other.
  const opener = OPENERS[fnv1a(`opener:${question.id}`) % OPENERS.length] ?? '';
  const closer = CLOSERS[fnv1a(`closer:${question.id}`) % CLOSERS.length] ?? '';
  const text = question.question.trim();
  // "Can you tell me what…" reads on in lower case; after the other openers the question starts anew.
  const body = opener.endsWith('me ') ? `${text.charAt(0).toLowerCase()}${text.slice(1)}` : text;
  return `${opener}${body}${closer}`;
}
