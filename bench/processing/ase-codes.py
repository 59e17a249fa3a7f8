"""What ASE reads from code outputs: for each 'path format' argument pair, the last image's energy (eV),
positions (Å), cell (Å), forces (eV/Å) and the mean read time over a few repetitions (JSON on stdout)."""
import json
import sys
import time
import warnings

import ase.io

warnings.filterwarnings('ignore')
REPEAT = 5
results = []
for path, fmt in zip(sys.argv[1::2], sys.argv[2::2]):
    try:
        start = time.perf_counter()
        for _ in range(REPEAT):
            atoms = ase.io.read(path, format=fmt, index=-1)
        seconds = (time.perf_counter() - start) / REPEAT
        entry = {'path': path, 'format': fmt, 'seconds': seconds,
                 'symbols': atoms.get_chemical_symbols(),
                 'positions': atoms.get_positions().tolist(),
                 'cell': atoms.get_cell().tolist() if atoms.pbc.any() else None}
        try:
            entry['energy'] = atoms.get_potential_energy()
        except Exception:
            entry['energy'] = None
        try:
            entry['forces'] = atoms.get_forces().tolist()
        except Exception:
            entry['forces'] = None
        results.append(entry)
    except Exception as error:
        results.append({'path': path, 'format': fmt, 'error': str(error)})
json.dump(results, sys.stdout)
