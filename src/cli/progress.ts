import { styleFor } from './output';

export interface BarState {
  label: string;
  /** 0 to 1. */
  progress: number;
  stage: string;
  done?: boolean;
  failed?: boolean;
}

const WIDTH = 24;

/**
 * Progress bars on stderr, one line per item. On a terminal the lines are redrawn in place; else
 * a line is printed only when an item's stage changes, so logs stay readable.
 */
export class ProgressBars {
  private readonly states: BarState[] = [];
  private readonly lastStage: string[] = [];
  private drawn = 0;
  private readonly tty: boolean;
  private readonly style = styleFor(process.stderr);

  constructor(private readonly stream: NodeJS.WriteStream = process.stderr) {
    this.tty = stream.isTTY === true;
  }

  add(label: string): number {
    this.states.push({ label, progress: 0, stage: 'queued' });
    this.lastStage.push('');
    return this.states.length - 1;
  }

  update(index: number, change: Partial<BarState>): void {
    const state = this.states[index];
    if (!state) return;
    Object.assign(state, change);
    if (this.tty) return this.redraw();
    if (this.lastStage[index] !== state.stage) {
      this.lastStage[index] = state.stage;
      const ended = state.done || state.failed || state.stage === 'completed' || state.stage === 'failed';
      this.stream.write(`${state.label}: ${state.stage}${ended ? '' : ` ${Math.round(state.progress * 100)}%`}\n`);
    }
  }

  private redraw(): void {
    if (this.drawn > 0) this.stream.write(`\u001b[${this.drawn}A`);
    const labelWidth = Math.min(40, Math.max(...this.states.map((s) => s.label.length)));
    for (const s of this.states) {
      const filled = Math.round(Math.min(1, Math.max(0, s.progress)) * WIDTH);
      const bar = '█'.repeat(filled) + '░'.repeat(WIDTH - filled);
      const paint = s.failed ? this.style.red : s.done ? this.style.green : this.style.cyan;
      const label = s.label.length > labelWidth ? `…${s.label.slice(-(labelWidth - 1))}` : s.label.padEnd(labelWidth);
      this.stream.write(`\u001b[2K${label} ${paint(bar)} ${String(Math.round(s.progress * 100)).padStart(3)}% ${this.style.dim(s.stage)}\n`);
    }
    this.drawn = this.states.length;
  }
}
