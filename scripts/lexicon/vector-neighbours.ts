/**
 * Nearest neighbours by cosine among word vectors. `nearestNeighbours` is exact: one pass over the
 * upper triangle of the similarity matrix, each pair scored once and offered to both words' lists,
 * rows four at a time so each candidate vector is read once per four dot products. Its cost grows
 * with the square of the vocabulary, so the build uses `clusteredNeighbours` (an inverted file):
 * candidates are grouped by spherical k-means and a word is compared only with the members of the
 * groups whose centres are nearest it; the exact search measures what that misses.
 */
import type { RelatedEntry } from '../../src/adapters/lexicon/lexicon-format';

export interface Neighbours {
  /** k per word, best first: word indices (−1 where fewer exist) and cosines. */
  index: Int32Array;
  cosine: Float32Array;
  k: number;
}

/** Scales each of the `count` rows of `matrix` (row-major, `dims` wide) to unit length, in place. */
export function normaliseRows(matrix: Float32Array, dims: number): void {
  for (let o = 0; o < matrix.length; o += dims) {
    let sum = 0;
    for (let d = 0; d < dims; d++) sum += matrix[o + d]! * matrix[o + d]!;
    const scale = sum > 0 ? 1 / Math.sqrt(sum) : 0;
    for (let d = 0; d < dims; d++) matrix[o + d]! *= scale;
  }
}

/** The k nearest rows of every row of a unit-length row-major matrix. */
export function nearestNeighbours(matrix: Float32Array, dims: number, k: number): Neighbours {
  const n = matrix.length / dims;
  const lists = new TopLists(n, k);
  const B = 4;
  const dot = new Float64Array(B);
  for (let q0 = 0; q0 < n; q0 += B) {
    const rows = Math.min(B, n - q0);
    const a0 = q0 * dims;
    const a1 = a0 + dims;
    const a2 = a1 + dims;
    const a3 = a2 + dims;
    for (let j = q0 + 1; j < n; j++) {
      const c = j * dims;
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let s3 = 0;
      if (rows === B) {
        for (let d = 0; d < dims; d++) {
          const x = matrix[c + d]!;
          s0 += matrix[a0 + d]! * x;
          s1 += matrix[a1 + d]! * x;
          s2 += matrix[a2 + d]! * x;
          s3 += matrix[a3 + d]! * x;
        }
      } else {
        for (let d = 0; d < dims; d++) {
          const x = matrix[c + d]!;
          s0 += matrix[a0 + d]! * x;
          if (rows > 1) s1 += matrix[a1 + d]! * x;
          if (rows > 2) s2 += matrix[a2 + d]! * x;
        }
      }
      dot[0] = s0;
      dot[1] = s1;
      dot[2] = s2;
      dot[3] = s3;
      for (let r = 0; r < rows; r++) {
        const q = q0 + r;
        if (j <= q) continue;
        lists.offer(q, j, dot[r]!);
        lists.offer(j, q, dot[r]!);
      }
    }
  }
  return lists.sorted();
}

export interface ClusterOptions {
  clusters: number;
  /** Groups searched per word. */
  probes: number;
  iterations: number;
}

/**
 * The k nearest of the first `candidates` rows for every row of a unit-length row-major matrix
 * (a row is never its own neighbour), searching `probes` of `clusters` groups per row.
 */
export function clusteredNeighbours(matrix: Float32Array, dims: number, candidates: number, k: number, options: ClusterOptions): Neighbours {
  const n = matrix.length / dims;
  const pool = matrix.subarray(0, candidates * dims);
  const centres = sphericalKMeans(pool, dims, options.clusters, options.iterations);
  const clusters = centres.length / dims;
  // Members stored group by group, so a probe reads one contiguous block.
  const assignment = assign(pool, centres, dims);
  const start = new Int32Array(clusters + 1);
  for (const c of assignment) start[c + 1]!++;
  for (let c = 0; c < clusters; c++) start[c + 1]! += start[c]!;
  const fill = start.slice(0, clusters);
  const member = new Int32Array(candidates);
  const grouped = new Float32Array(candidates * dims);
  assignment.forEach((c, row) => {
    const at = fill[c]!++;
    member[at] = row;
    grouped.set(pool.subarray(row * dims, (row + 1) * dims), at * dims);
  });

  // Which groups each word searches, then, group by group, its members against the words searching it.
  const probes = Math.min(options.probes, clusters);
  const searchedBy = invert(nearestCentres(matrix, centres, dims, probes), clusters, probes);
  const lists = new TopLists(n, k);
  for (let c = 0; c < clusters; c++) {
    const words = searchedBy.rows.subarray(searchedBy.start[c]!, searchedBy.start[c + 1]!);
    scoreBlock(matrix, words, grouped, member, start[c]!, start[c + 1]!, dims, lists);
  }
  return lists.sorted();
}

/**
 * Every word of `words` against members [from, to) of `grouped`, four words at a time so each
 * member vector is read once per four dot products.
 */
function scoreBlock(matrix: Float32Array, words: Int32Array, grouped: Float32Array, member: Int32Array, from: number, to: number, dims: number, lists: TopLists): void {
  for (let w = 0; w < words.length; w += 4) {
    const q0 = words[w]!;
    // A short last block computes its first word again in the empty places but offers it once.
    const count = Math.min(4, words.length - w);
    const q1 = words[w + 1] ?? q0;
    const q2 = words[w + 2] ?? q0;
    const q3 = words[w + 3] ?? q0;
    const a0 = q0 * dims;
    const a1 = q1 * dims;
    const a2 = q2 * dims;
    const a3 = q3 * dims;
    for (let at = from; at < to; at++) {
      const c = at * dims;
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let s3 = 0;
      for (let d = 0; d < dims; d++) {
        const x = grouped[c + d]!;
        s0 += matrix[a0 + d]! * x;
        s1 += matrix[a1 + d]! * x;
        s2 += matrix[a2 + d]! * x;
        s3 += matrix[a3 + d]! * x;
      }
      const row = member[at]!;
      if (row !== q0) lists.offer(q0, row, s0);
      if (count > 1 && row !== q1) lists.offer(q1, row, s1);
      if (count > 2 && row !== q2) lists.offer(q2, row, s2);
      if (count > 3 && row !== q3) lists.offer(q3, row, s3);
    }
  }
}

/** For each row, its `probes` nearest centres (row-major, best first). */
function nearestCentres(matrix: Float32Array, centres: Float32Array, dims: number, probes: number): Int32Array {
  const n = matrix.length / dims;
  const clusters = centres.length / dims;
  const out = new Int32Array(n * probes);
  const scores = new Float32Array(clusters);
  for (let q = 0; q < n; q++) {
    for (let c = 0; c < clusters; c++) scores[c] = dotAt(matrix, q * dims, centres, c * dims, dims);
    nearestClusters(scores, out.subarray(q * probes, (q + 1) * probes));
  }
  return out;
}

/** Row → groups, as group → rows (compressed: rows of group c are rows[start[c]..start[c+1])). */
function invert(probed: Int32Array, clusters: number, probes: number): { start: Int32Array; rows: Int32Array } {
  const start = new Int32Array(clusters + 1);
  for (const c of probed) start[c + 1]!++;
  for (let c = 0; c < clusters; c++) start[c + 1]! += start[c]!;
  const fill = start.slice(0, clusters);
  const rows = new Int32Array(probed.length);
  probed.forEach((c, i) => {
    rows[fill[c]!++] = Math.floor(i / probes);
  });
  return { start, rows };
}

function dotAt(x: Float32Array, xa: number, y: Float32Array, ya: number, dims: number): number {
  let s = 0;
  for (let d = 0; d < dims; d++) s += x[xa + d]! * y[ya + d]!;
  return s;
}

/** The indices of the highest scores, best first, into `out`. */
function nearestClusters(scores: Float32Array, out: Int32Array): void {
  const best = new Float32Array(out.length).fill(-Infinity);
  for (let c = 0; c < scores.length; c++) {
    const s = scores[c]!;
    if (s <= best[out.length - 1]!) continue;
    let i = out.length - 1;
    while (i > 0 && best[i - 1]! < s) {
      best[i] = best[i - 1]!;
      out[i] = out[i - 1]!;
      i--;
    }
    best[i] = s;
    out[i] = c;
  }
}

/** Each row's nearest centre. */
function assign(rows: Float32Array, centres: Float32Array, dims: number): Int32Array {
  const n = rows.length / dims;
  const k = centres.length / dims;
  const out = new Int32Array(n);
  for (let r = 0; r < n; r++) {
    let best = -Infinity;
    for (let c = 0; c < k; c++) {
      const s = dotAt(rows, r * dims, centres, c * dims, dims);
      if (s > best) {
        best = s;
        out[r] = c;
      }
    }
  }
  return out;
}

/** Unit-length centres, started from rows spread evenly over the (rank-ordered) pool, so builds repeat exactly. */
function sphericalKMeans(rows: Float32Array, dims: number, clusters: number, iterations: number): Float32Array {
  const n = rows.length / dims;
  const k = Math.max(1, Math.min(clusters, n));
  const centres = new Float32Array(k * dims);
  for (let c = 0; c < k; c++) {
    const row = Math.floor(((c + 0.5) * n) / k);
    centres.set(rows.subarray(row * dims, (row + 1) * dims), c * dims);
  }
  for (let it = 0; it < iterations; it++) {
    const assignment = assign(rows, centres, dims);
    const sums = new Float32Array(k * dims);
    const counts = new Int32Array(k);
    assignment.forEach((c, r) => {
      counts[c]!++;
      for (let d = 0; d < dims; d++) sums[c * dims + d]! += rows[r * dims + d]!;
    });
    // An emptied group keeps its centre.
    for (let c = 0; c < k; c++) if (counts[c]! > 0) centres.set(sums.subarray(c * dims, (c + 1) * dims), c * dims);
    normaliseRows(centres, dims);
  }
  return centres;
}

/** A bounded list per row; the weakest entry is replaced when a better one comes. */
class TopLists {
  private readonly index: Int32Array;
  private readonly score: Float32Array;
  private readonly floor: Float32Array;
  private readonly floorSlot: Int32Array;

  constructor(
    private readonly n: number,
    private readonly k: number,
  ) {
    this.index = new Int32Array(n * k).fill(-1);
    this.score = new Float32Array(n * k).fill(-Infinity);
    this.floor = new Float32Array(n).fill(-Infinity);
    this.floorSlot = new Int32Array(n);
  }

  offer(row: number, item: number, score: number): void {
    if (score <= this.floor[row]!) return;
    const base = row * this.k;
    this.index[base + this.floorSlot[row]!] = item;
    this.score[base + this.floorSlot[row]!] = score;
    let low = 0;
    for (let s = 1; s < this.k; s++) if (this.score[base + s]! < this.score[base + low]!) low = s;
    this.floorSlot[row] = low;
    this.floor[row] = this.score[base + low]!;
  }

  sorted(): Neighbours {
    const order = Array.from({ length: this.k }, (_, s) => s);
    for (let row = 0; row < this.n; row++) {
      const base = row * this.k;
      const pairs = order.map((s) => [this.index[base + s]!, this.score[base + s]!] as const).sort((x, y) => y[1] - x[1]);
      pairs.forEach(([i, s], slot) => {
        this.index[base + slot] = i;
        this.score[base + slot] = s;
      });
    }
    return { index: this.index, cosine: this.score, k: this.k };
  }
}

/**
 * Word neighbours → term neighbours: a term's list merges those of all its words ("keep",
 * "keeps", "keeping"), keeps each other term once at its best cosine, drops the term itself.
 */
export function termNeighbours(terms: readonly string[], neighbours: Neighbours, options: { perTerm: number; minCosine: number }): Map<string, RelatedEntry[]> {
  const best = new Map<string, Map<string, number>>();
  terms.forEach((term, row) => {
    let list = best.get(term);
    if (!list) best.set(term, (list = new Map()));
    for (let s = 0; s < neighbours.k; s++) {
      const other = neighbours.index[row * neighbours.k + s]!;
      const cosine = neighbours.cosine[row * neighbours.k + s]!;
      const otherTerm = terms[other];
      if (other < 0 || otherTerm === undefined || otherTerm === term || cosine < options.minCosine) continue;
      list.set(otherTerm, Math.max(list.get(otherTerm) ?? -1, cosine));
    }
  });
  const result = new Map<string, RelatedEntry[]>();
  for (const [term, list] of best) {
    const entries = [...list].sort((a, b) => b[1] - a[1]).slice(0, options.perTerm);
    if (entries.length > 0) result.set(term, entries.map(([t, weight]) => ({ terms: [t], weight })));
  }
  return result;
}
