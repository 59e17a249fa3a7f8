// The GW part of an FHI-aims output (qpe_calc gw / gw_expt, sc_self_energy scgw): the imaginary
// frequency grid of the self-energy ('i_freq n value', Ha), the quasi-particle table of a molecule
// ('state occ_num e_gs e_x^ex e_xc^gs e_c^nloc e_qp', eV) and the iterations of self-consistent GW.

interface AimsGwIteration {
  /** eV */
  correlation?: number;
  /** Galitskii-Migdal total energy, eV. */
  total?: number;
  exchange?: number;
}

interface AimsQuasiParticles {
  occupations: number[];
  /** eV, per state. */
  ks: number[];
  exchange: number[];
  ksXc: number[];
  correlation: number[];
  qp: number[];
}

export interface AimsGw {
  /** Imaginary frequencies of the self-energy, Ha. */
  frequencies: number[];
  /** 'Number of frequency points', printed also when the points are not. */
  nFrequencies?: number;
  /** NOMAD's name of the grid ('Initialising transformed Gauss-Legendre time and frequency grids'). */
  frequencySampling?: 'Gauss-Legendre' | 'Logarithmic';
  quasiParticles?: AimsQuasiParticles;
  iterations: AimsGwIteration[];
}

const QP_ROW =
  /^\s*\d+\s+([-\d.Ee+]+)\s+([-\d.Ee+]+)\s+([-\d.Ee+]+)\s+([-\d.Ee+]+)\s+([-\d.Ee+]+)\s+([-\d.Ee+]+)\s*$/;

/** Reads the GW lines one at a time; `line` returns whether it took the line. */
export class GwReader {
  readonly gw: AimsGw = { frequencies: [], iterations: [] };
  private inTable = false;
  private gridDone = false;

  line(text: string): boolean {
    const freq = /^\s*\|?\s*i_freq\s+(\d+)\s+([-\d.Ee+]+)/.exec(text);
    if (freq) {
      // Periodic GW prints the grid again per block; the first one is the grid.
      if (Number(freq[1]) === 1 && this.gw.frequencies.length > 0) this.gridDone = true;
      if (!this.gridDone) this.gw.frequencies.push(Number(freq[2]));
      return true;
    }
    const grid = /^Initialising (transformed Gauss-Legendre|logarithmic) time and frequency grids/.exec(text);
    if (grid) {
      this.gw.frequencySampling = grid[1] === 'logarithmic' ? 'Logarithmic' : 'Gauss-Legendre';
      return true;
    }
    const count = /^Number of frequency points\.+:\s*(\d+)/.exec(text);
    if (count) {
      this.gw.nFrequencies ??= Number(count[1]);
      return true;
    }
    if (/GW quasi-particle energy levels/.test(text)) {
      this.inTable = true;
      this.gw.quasiParticles = { occupations: [], ks: [], exchange: [], ksXc: [], correlation: [], qp: [] };
      return true;
    }
    if (this.inTable) {
      const row = QP_ROW.exec(text);
      const qp = this.gw.quasiParticles!;
      if (row) {
        const [, occ, ks, x, xc, c, e] = row.map(Number) as number[];
        qp.occupations.push(occ!);
        qp.ks.push(ks!);
        qp.exchange.push(x!);
        qp.ksXc.push(xc!);
        qp.correlation.push(c!);
        qp.qp.push(e!);
        return true;
      }
      // The table ends at the first text after its rows.
      if (qp.qp.length > 0 && /[A-Za-z]/.test(text)) this.inTable = false;
      else return true;
    }
    if (/^\s*Iteration\s+\d+\s*$/.test(text)) {
      this.gw.iterations.push({});
      return true;
    }
    const energy =
      /^\s*\|\s*(GW correlation Energy|Galitskii-Migdal Total Energy|Exchange Energy)\s*:\s*([-\d.Ee+]+)\s*eV/.exec(
        text,
      );
    const iteration = this.gw.iterations[this.gw.iterations.length - 1];
    if (energy && iteration) {
      const value = Number(energy[2]);
      if (energy[1] === 'GW correlation Energy') iteration.correlation = value;
      else if (energy[1] === 'Exchange Energy') iteration.exchange = value;
      else iteration.total = value;
      return true;
    }
    return false;
  }
}
