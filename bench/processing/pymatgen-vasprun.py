# Peak resident memory of pymatgen reading one vasprun.xml (Debian: python3-pymatgen), for the
# processing benchmark to set beside ours: prints JSON with the peak over the process's baseline.
import json
import resource
import sys
import time

from pymatgen.io.vasp.outputs import Vasprun


def rss_mb():
    # VmRSS now, so that the baseline excludes the parse (ru_maxrss is the peak so far).
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


path = sys.argv[1]
baseline = rss_mb()
started = time.perf_counter()
run = Vasprun(path, parse_potcar_file=False)
seconds = time.perf_counter() - started
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps({"steps": len(run.ionic_steps), "seconds": seconds, "peakRssMb": peak, "baselineRssMb": baseline}))
