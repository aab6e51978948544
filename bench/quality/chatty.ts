/**
 * Questions as people type them into a chat: the question with an opener and a closer around it,
 * each picked by a hash of the question's id from the lists below (written for this benchmark, and
 * not all of them phrases the engine knows to cut, so its tolerance of the rest shows too).
 */
import { fnv1a } from './halves';

const OPENERS = ['', 'Hi! ', 'Hey, quick question: ', 'Sorry if this is obvious, but ', 'Can you tell me ', 'I was wondering: ', 'Good morning. ', 'Okay, '];
const CLOSERS = ['', ' Thanks!', ' Thank you in advance.', ' Cheers', ' Any help appreciated.', ' (asking for a friend)', ' please'];
// A question in Chinese is asked with Chinese courtesies.
const OPENERS_ZH = ['', '你好！', '你好，请问', '请问', '麻烦问一下，', '我想知道', '能告诉我', '打扰一下，', '早上好。'];
const CLOSERS_ZH = ['', '谢谢！', '谢谢', '多谢', '，先谢了。', '，麻烦了', '（帮朋友问的）'];
const HAN = /\p{Script=Han}/u;

export function inChat(question: { id: string; question: string }): string {
  // Hashed apart from the halves (halves.ts hashes the bare id) and from each other.
  const text = question.question.trim();
  const [openers, closers] = HAN.test(text) ? [OPENERS_ZH, CLOSERS_ZH] : [OPENERS, CLOSERS];
  const opener = openers[fnv1a(`opener:${question.id}`) % openers.length] ?? '';
  const closer = closers[fnv1a(`closer:${question.id}`) % closers.length] ?? '';
  // "Can you tell me what…" reads on in lower case; after the other openers the question starts anew.
  const body = opener.endsWith('me ') ? `${text.charAt(0).toLowerCase()}${text.slice(1)}` : text;
  return `${opener}${body}${closer}`;
}
