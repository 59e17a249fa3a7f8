// A Γ-centred q-point mesh reduced by the unit cell's point group and time reversal: each irreducible
// point with the number of mesh points it stands for. Frequencies are the same on a whole orbit, so
// DOS and thermal sums over the irreducible points with these weights equal the sums over the mesh.
import type { Mat3, Vec3 } from '@oasis/chem';

export interface IrreducibleMesh {
  mesh: Vec3;
  /** Reciprocal fractional coordinates in [−½, ½). */
  qpoints: Vec3[];
  weights: number[];
}

/** Grid index → integer coordinates in [−n/2, n/2). */
function coordinates(index: number, mesh: Vec3): Vec3 {
  const c = index % mesh[2];
  const b = Math.floor(index / mesh[2]) % mesh[1];
  const a = Math.floor(index / (mesh[1] * mesh[2]));
  return [a, b, c].map((g, k) => (g >= mesh[k]! / 2 ? g - mesh[k]! : g)) as Vec3;
}

/**
 * The irreducible points of a mesh. `rotations` act on direct fractional coordinates (x' = R x), so q
 * goes to R⁻ᵀ q; as the group holds every inverse, mapping by every Rᵀ gives the same orbits. A
 * rotation that does not keep the mesh (a non-cubic mesh under a cubic rotation) is left out.
 */
export function irreducibleMesh(mesh: Vec3, rotations: readonly Mat3[]): IrreducibleMesh {
  const [n0, n1, n2] = mesh;
  const total = n0 * n1 * n2;
  const owner = new Int32Array(total).fill(-1);
  const qpoints: Vec3[] = [];
  const weights: number[] = [];
  // q' = Rᵀ q on the grid: q = g / n, so g'_k = n_k Σ_i R[i][k] g_i / n_i, which must be whole; the
  // factors n_k R[i][k] / n_i are the same for every point. Rotations that break the mesh are dropped.
  const keeps = (r: Mat3) =>
    [0, 1, 2].every((k) => [0, 1, 2].every((i) => Number.isInteger((mesh[k]! * r[i]![k]!) / mesh[i]!)));
  const factors = rotations
    .filter(keeps)
    .map((r) => [0, 1, 2].flatMap((k) => [0, 1, 2].map((i) => (mesh[k]! * r[i]![k]!) / mesh[i]!)));
  const wrap = (x: number, n: number) => ((x % n) + n) % n;
  for (let index = 0; index < total; index++) {
    if (owner[index] !== -1) continue;
    const g = coordinates(index, mesh);
    let count = 0;
    const visit = (a: number, b: number, c: number) => {
      const at = (wrap(a, n0) * n1 + wrap(b, n1)) * n2 + wrap(c, n2);
      if (owner[at] === -1) {
        owner[at] = qpoints.length;
        count++;
      }
    };
    // Time reversal: ω(−q) = ω(q), also when no rotation is given.
    visit(g[0], g[1], g[2]);
    visit(-g[0], -g[1], -g[2]);
    for (const f of factors) {
      const a = f[0]! * g[0] + f[1]! * g[1] + f[2]! * g[2];
      const b = f[3]! * g[0] + f[4]! * g[1] + f[5]! * g[2];
      const c = f[6]! * g[0] + f[7]! * g[1] + f[8]! * g[2];
      visit(a, b, c);
      visit(-a, -b, -c);
    }
    qpoints.push([g[0] / n0, g[1] / n1, g[2] / n2]);
    weights.push(count);
  }
  return { mesh, qpoints, weights };
}
