"""Monoclinic crystals of every monoclinic space group in spglib's default setting, each in a scrambled
cell, with the conventional cell parameters spglib standardises them to (JSON on stdout)."""
import json
import sys

import numpy as np
import spglib
rng=np.random.default_rng(7)
out=[]
# first Hall number of each monoclinic space group (spglib's default setting)
firsts={}
for h in range(1,531):
    t=spglib.get_spacegroup_type(h); n=t['number']
    if 3<=n<=15 and n not in firsts: firsts[n]=h
for n,h in sorted(firsts.items()):
  for trial in range(4):
    sym=spglib.get_symmetry_from_database(h)
    a,b,c=rng.uniform(4,12,3); beta=np.radians(rng.uniform(95,120))
    lat=np.array([[a,0,0],[0,b,0],[c*np.cos(beta),0,c*np.sin(beta)]])
    # a random integer basis change in the a-c plane to scramble the cell
    M=[np.array([[1,0,0],[0,1,0],[0,0,1]]),np.array([[0,0,1],[0,-1,0],[1,0,0]]),np.array([[1,0,1],[0,1,0],[0,0,1]]),np.array([[1,0,0],[0,1,0],[1,0,1]])][trial]
    pos=[];spec=[]
    for s,el in enumerate([8,26]):
        x=rng.uniform(0,1,3)
        for R,t in zip(sym['rotations'],sym['translations']):
            p=(R@x+t)%1.0
            if not any(np.linalg.norm(((p-q)+0.5)%1-0.5)<1e-3 for q,e in zip(pos,spec) if e==el): pos.append(p);spec.append(el)
    lat2=M@lat
    pos2=[(np.linalg.solve(M.T,p))%1 for p in pos]
    ds=spglib.get_symmetry_dataset((lat2,pos2,spec),symprec=1e-3)
    std=ds['std_lattice']
    from numpy.linalg import norm
    pars=[norm(std[0]),norm(std[1]),norm(std[2]),np.degrees(np.arccos(std[0]@std[2]/norm(std[0])/norm(std[2])))]
    out.append({'number':int(ds['number']),'hall':int(ds['hall_number']),'lattice':lat2.tolist(),'frac':[list(p) for p in pos2],'species':spec,'spglib':pars})
json.dump(out,sys.stdout)

