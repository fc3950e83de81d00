/** The closest candidate to `given` by edit distance, for PostgREST's "Perhaps you meant …" hints. */
export function closestMatch(given: string, candidates: Iterable<string>, minimumScore: number): string | undefined {
  let best: { candidate: string; score: number } | undefined;
  for (const candidate of candidates) {
    const score = 1 - editDistance(given, candidate) / Math.max(given.length, candidate.length, 1);
    if (score >= minimumScore && (!best || score > best.score)) best = { candidate, score };
  }
  return best?.candidate;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}
