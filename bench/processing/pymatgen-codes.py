"""What pymatgen reads from code outputs: for each 'path reader' argument pair, the last geometry's
energy (eV), positions (Å) and forces (eV/Å) and the mean read time over a few repetitions (JSON on
stdout), in the shape ase-codes.py prints."""
import json
import sys
import time
import warnings

warnings.filterwarnings('ignore')
REPEAT = 5
HARTREE_EV = 27.211386245988
BOHR_ANGSTROM = 0.529177210903


def gaussian(path):
    from pymatgen.io.gaussian import GaussianOutput
    output = GaussianOutput(path)
    forces = None
    if output.cart_forces:
        # Hartree/bohr, per atom flattened.
        flat = output.cart_forces[-1]
        forces = [[x * HARTREE_EV / BOHR_ANGSTROM for x in flat[i:i + 3]] for i in range(0, len(flat), 3)]
    return output.final_structure, output.final_energy * HARTREE_EV, forces


def nwchem(path):
    from pymatgen.io.nwchem import NwOutput
    task = NwOutput(path).data[-1]
    return task['molecules'][-1], float(task['energies'][-1]), None


READERS = {'gaussian': gaussian, 'nwchem': nwchem}
results = []
for path, reader in zip(sys.argv[1::2], sys.argv[2::2]):
    try:
        start = time.perf_counter()
        for _ in range(REPEAT):
            molecule, energy, forces = READERS[reader](path)
        seconds = (time.perf_counter() - start) / REPEAT
        results.append({'path': path, 'format': reader, 'seconds': seconds,
                        'symbols': [str(site.specie) for site in molecule],
                        'positions': molecule.cart_coords.tolist(), 'cell': None,
                        'energy': energy, 'forces': forces})
    except Exception as error:
        results.append({'path': path, 'format': reader, 'error': str(error)})
json.dump(results, sys.stdout)
