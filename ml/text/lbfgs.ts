// Limited-memory BFGS with a backtracking (Armijo) line search: minimises a smooth convex function
// given its value and gradient. Deterministic: the same inputs give the same iterates.

export interface LbfgsOptions {
  maxIterations: number;
  /** Pairs of (step, gradient change) kept for the inverse-Hessian estimate. */
  memory: number;
  /** Stops when the gradient's largest component is below this. */
  gradientTolerance: number;
}

export const DEFAULT_LBFGS: LbfgsOptions = { maxIterations: 300, memory: 10, gradientTolerance: 1e-5 };

/** `f(x, grad)` returns the value at x and writes the gradient into grad. Returns the minimiser and what the run did. */
export function minimizeLbfgs(
  f: (x: Float64Array, grad: Float64Array) => number,
  x0: Float64Array,
  opts: LbfgsOptions = DEFAULT_LBFGS,
): { x: Float64Array; value: number; iterations: number; converged: boolean } {
  const n = x0.length;
  const x = Float64Array.from(x0);
  const g = new Float64Array(n);
  let fx = f(x, g);
  const S: Float64Array[] = [];
  const Yv: Float64Array[] = [];
  const rho: number[] = [];
  const d = new Float64Array(n);
  const xNew = new Float64Array(n);
  const gNew = new Float64Array(n);
  const alpha = new Float64Array(opts.memory);
  const dot = (a: Float64Array, b: Float64Array): number => {
    let s = 0;
    for (let i = 0; i < n; i++) s += a[i]! * b[i]!;
    return s;
  };
  const maxAbs = (a: Float64Array): number => {
    let m = 0;
    for (let i = 0; i < n; i++) m = Math.max(m, Math.abs(a[i]!));
    return m;
  };
  for (let it = 0; it < opts.maxIterations; it++) {
    if (maxAbs(g) < opts.gradientTolerance) return { x, value: fx, iterations: it, converged: true };
    // Two-loop recursion: d = -H g.
    for (let i = 0; i < n; i++) d[i] = -g[i]!;
    for (let k = S.length - 1; k >= 0; k--) {
      alpha[k] = rho[k]! * dot(S[k]!, d);
      const y = Yv[k]!;
      const a = alpha[k]!;
      for (let i = 0; i < n; i++) d[i]! -= a * y[i]!;
    }
    if (S.length > 0) {
      const last = S.length - 1;
      const gamma = dot(S[last]!, Yv[last]!) / dot(Yv[last]!, Yv[last]!);
      for (let i = 0; i < n; i++) d[i]! *= gamma;
    }
    for (let k = 0; k < S.length; k++) {
      const beta = rho[k]! * dot(Yv[k]!, d);
      const s = S[k]!;
      const a = alpha[k]! - beta;
      for (let i = 0; i < n; i++) d[i]! += a * s[i]!;
    }
    let slope = dot(g, d);
    if (!(slope < 0)) {
      // Not a descent direction (the estimate went bad): restart from steepest descent.
      S.length = 0;
      Yv.length = 0;
      rho.length = 0;
      for (let i = 0; i < n; i++) d[i] = -g[i]!;
      slope = dot(g, d);
    }
    let step = S.length === 0 ? Math.min(1, 1 / Math.max(1e-12, maxAbs(g))) : 1;
    let fNew = Infinity;
    for (let tries = 0; tries < 40; tries++) {
      for (let i = 0; i < n; i++) xNew[i] = x[i]! + step * d[i]!;
      fNew = f(xNew, gNew);
      if (fNew <= fx + 1e-4 * step * slope) break;
      step *= 0.5;
    }
    if (!(fNew < fx)) return { x, value: fx, iterations: it, converged: false };
    const s = new Float64Array(n);
    const y = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      s[i] = xNew[i]! - x[i]!;
      y[i] = gNew[i]! - g[i]!;
    }
    const sy = dot(s, y);
    if (sy > 1e-12) {
      if (S.length === opts.memory) {
        S.shift();
        Yv.shift();
        rho.shift();
      }
      S.push(s);
      Yv.push(y);
      rho.push(1 / sy);
    }
    x.set(xNew);
    g.set(gNew);
    const improvement = fx - fNew;
    fx = fNew;
    if (improvement < 1e-10 * Math.max(1, Math.abs(fx))) return { x, value: fx, iterations: it + 1, converged: true };
  }
  return { x, value: fx, iterations: opts.maxIterations, converged: false };
}
