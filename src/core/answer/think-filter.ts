import type { ChatChunk } from '../ports';

const OPEN = '<think>';
const CLOSE = '</think>';

/**
 * Some reasoning models (and older Ollama releases) put their reasoning inline as
 * `<think>…</think>` instead of in the separate thinking field. This moves it out of the answer
 * text as it streams, holding back only a possible half-received tag at a chunk's end.
 *
 * @example
 * const f = new ThinkFilter();
 * f.push({ content: '<think>hm', thinking: '' }); // → { content: '', thinking: 'hm' }
 * f.push({ content: '</think>Paris [1]', thinking: '' }); // → { content: 'Paris [1]', thinking: '' }
 */
export class ThinkFilter {
  private inside = false;
  private pending = '';

  push(chunk: ChatChunk): ChatChunk {
    let text = this.pending + chunk.content;
    this.pending = '';
    let content = '';
    let thinking = chunk.thinking;
    while (text.length > 0) {
      const tag = this.inside ? CLOSE : OPEN;
      const at = text.indexOf(tag);
      if (at >= 0) {
        if (this.inside) thinking += text.slice(0, at);
        else content += text.slice(0, at);
        this.inside = !this.inside;
        text = text.slice(at + tag.length);
        continue;
      }
      const keep = partialTagLength(text, tag);
      const emit = text.slice(0, text.length - keep);
      if (this.inside) thinking += emit;
      else content += emit;
      this.pending = text.slice(text.length - keep);
      break;
    }
    return { content, thinking };
  }

  /** Whatever was held back, once the stream has ended. */
  end(): ChatChunk {
    const rest = this.pending;
    this.pending = '';
    return this.inside ? { content: '', thinking: rest } : { content: rest, thinking: '' };
  }
}

/** Length of the longest end of `text` that is the start of `tag`. */
function partialTagLength(text: string, tag: string): number {
  for (let n = Math.min(tag.length - 1, text.length); n > 0; n--) if (tag.startsWith(text.slice(-n))) return n;
  return 0;
}
