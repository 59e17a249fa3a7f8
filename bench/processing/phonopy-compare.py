"""Phonopy's answer for a phonopy-FHI-aims run (Debian: python3-phonopy): the same unit cell, supercell
matrix, displacement and drift-free forces as parsers/phonopy reads, then frequencies at the given
q-points, the DOS peaks on the control.in mesh and broadening, and Cv and F at the given temperature.
Usage: phonopy-compare.py RUN_FOLDER T q1x q1y q1z [q2x ...]; prints JSON."""
import json
import os
import sys
import time

import numpy as np
from phonopy import Phonopy
from phonopy.structure.atoms import PhonopyAtoms

THZ_PER_CM = 299792458 * 100 / 1e12
AVOGADRO = 6.02214076e23


def read_geometry(path):
    cell, positions, symbols = [], [], []
    for line in open(path):
        fields = line.split('#')[0].split()
        if not fields:
            continue
        if fields[0] == 'lattice_vector':
            cell.append([float(x) for x in fields[1:4]])
        elif fields[0] == 'atom':
            positions.append([float(x) for x in fields[1:4]])
            symbols.append(fields[4])
    return cell, positions, symbols


def read_control(path):
    control = {'masses': {}}
    species = None
    for line in open(path):
        fields = line.split('#')[0].split()
        if len(fields) < 2:
            continue
        if fields[0] == 'species':
            species = fields[1]
        elif fields[0] == 'mass' and species:
            control['masses'][species] = float(fields[1])
        elif fields[0] == 'phonon' and len(fields) > 2:
            if fields[1] == 'supercell':
                control['supercell'] = np.array([int(x) for x in fields[2:11]]).reshape(3, 3)
            elif fields[1] == 'displacement':
                control['displacement'] = float(fields[2])
            elif fields[1] == 'dos':
                control['dos'] = [float(x) for x in fields[2:7]]
            elif fields[1] == 'free_energy':
                control['free_energy'] = [float(x) for x in fields[2:6]]
    return control


def read_forces(path):
    lines = open(path).read().splitlines()
    forces = None
    for i, line in enumerate(lines):
        if 'Total atomic forces' in line:
            forces = []
            for row in lines[i + 1:]:
                if not row.strip().startswith('|'):
                    break
                forces.append([float(x) for x in row.split()[2:5]])
    return np.array(forces)


def main():
    folder, temperature = sys.argv[1], float(sys.argv[2])
    qpoints = np.array([float(x) for x in sys.argv[3:]]).reshape(-1, 3)
    control = read_control(os.path.join(folder, 'control.in'))
    cell, positions, symbols = read_geometry(os.path.join(folder, 'geometry.in'))
    masses = [control['masses'].get(s) for s in symbols]
    unit = PhonopyAtoms(symbols=symbols, cell=cell, positions=positions,
                        masses=masses if None not in masses else None)
    start = time.perf_counter()
    phonon = Phonopy(unit, control['supercell'], symprec=1e-5)
    phonon.generate_displacements(distance=control['displacement'])
    forces = []
    for n in range(len(phonon.supercells_with_displacements)):
        name = 'phonopy-FHI-aims-displacement-%02d' % (n + 1)
        f = read_forces(os.path.join(folder, name, name + '.out'))
        forces.append(f - f.mean(axis=0))
    phonon.forces = np.array(forces)
    phonon.produce_force_constants()
    frequencies = [phonon.get_frequencies(q).tolist() for q in qpoints]
    fmin, fmax, npoints, broadening, qdensity = control['dos']
    mesh = [int(qdensity)] * 3
    phonon.run_mesh(mesh, is_gamma_center=True)
    step = (fmax - fmin) / npoints * THZ_PER_CM
    phonon.run_total_dos(sigma=broadening * THZ_PER_CM, freq_min=fmin * THZ_PER_CM,
                         freq_max=fmax * THZ_PER_CM, freq_pitch=step)
    dos = phonon.get_total_dos_dict()
    # The cutoff parsers/phonopy uses (THz): phonopy's default of zero lets the rounding noise of the
    # acoustic modes at Gamma into the free energy.
    # The whole control.in temperature range, as parsers/phonopy computes it, for a like-for-like time.
    tmin, tmax, tpoints = control['free_energy'][:3]
    phonon.run_thermal_properties(t_min=tmin, t_max=tmax, t_step=(tmax - tmin) / tpoints,
                                  cutoff_frequency=1e-3)
    thermal = phonon.get_thermal_properties_dict()
    at = int(np.argmin(np.abs(thermal['temperatures'] - temperature)))
    seconds = time.perf_counter() - start
    print(json.dumps({
        'seconds': seconds,
        'displacements': [[int(d[0])] + [float(x) for x in d[1:4]] for d in phonon.displacements],
        'frequencies': frequencies,
        'dos_frequencies': dos['frequency_points'].tolist(),
        'dos': dos['total_dos'].tolist(),
        # kJ/mol and J/K/mol of unit cells -> J and J/K per unit cell.
        'free_energy': float(thermal['free_energy'][at]) * 1000 / AVOGADRO,
        'heat_capacity': float(thermal['heat_capacity'][at]) / AVOGADRO,
        'entropy': float(thermal['entropy'][at]) / AVOGADRO,
    }))


main()
