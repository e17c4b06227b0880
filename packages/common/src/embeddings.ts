// Image embeddings as they are stored (policy documents, the `embeddings` job part) and compared.
// A vector is kept as int8, scaled so that its largest magnitude is 127, in base64 (1280 dimensions:
// 1,708 characters). The scale is not stored: cosine similarity does not depend on it.

/** The vector divided by its L2 norm (a zero vector stays zero). */
export function l2Normalise(v: Float32Array): Float32Array {
  let sum = 0;
  for (const x of v) sum += x * x;
  const norm = Math.sqrt(sum);
  const out = new Float32Array(v.length);
  if (norm > 0) for (let i = 0; i < v.length; i++) out[i] = v[i]! / norm;
  return out;
}

export function encodeEmbedding(v: Float32Array): string {
  let max = 0;
  for (const x of v) max = Math.max(max, Math.abs(x));
  const q = new Int8Array(v.length);
  if (max > 0) for (let i = 0; i < v.length; i++) q[i] = Math.round((v[i]! / max) * 127);
  return Buffer.from(q.buffer, q.byteOffset, q.byteLength).toString('base64');
}

/** The stored vector, L2-normalised. */
export function decodeEmbedding(b64: string): Float32Array {
  const bytes = Buffer.from(b64, 'base64');
  const q = new Int8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return l2Normalise(Float32Array.from(q));
}

/** Cosine similarity of two L2-normalised vectors of the same length. */
export function cosine(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) throw new Error(`embeddings of different lengths (${a.length} and ${b.length})`);
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += a[i]! * b[i]!;
  return dot;
}
