import { parseMainfile } from './packages/server/src/processing/pipeline.ts';
import { matchParser } from './packages/server/src/processing/matching.ts';
import { readMatchHead } from './packages/server/src/processing/compression.ts';
const file = process.argv[2]!; const rel = file.split('/').pop()!;
const parser = matchParser(rel, await readMatchHead(file, rel));
const r = await parseMainfile({ absolutePath: file, relativePath: rel, uploadId: 'x', parser: parser! });
const m = (r.archive as any).results.material;
console.log(JSON.stringify(m.symmetry));
for (const t of m.topology ?? []) if (t.cell) console.log(t.label, JSON.stringify(t.cell), t.atoms?.lattice_vectors ? JSON.stringify(t.atoms.lattice_vectors.map((v:number[])=>v.map(x=>+(x*1e10).toFixed(4)))) : '');
