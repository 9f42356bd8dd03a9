import numpy as np, sys
for f in sys.argv[2:]:
    a=np.load(f).astype(float); p=a[:,:3]; v=a[:,3:6]
    for cell in map(float, sys.argv[1].split(',')):
        k=np.floor(p/cell).astype(np.int64); key=(k[:,0]*1000003+k[:,1])*1000003+k[:,2]
        u,inv,cnt=np.unique(key,return_inverse=True,return_counts=True)
        sv=np.zeros((len(u),3)); np.add.at(sv,inv,v); ss=np.zeros(len(u)); np.add.at(ss,inv,np.linalg.norm(v,axis=1))
        ok=cnt>=8; lp=np.linalg.norm(sv[ok],axis=1)/ss[ok]
        w=cnt[ok]
        print(f.split('/')[-1], 'cell %.2f'%cell, 'cells', ok.sum(), 'birds/cell median', int(np.median(w)), 'local polarisation (bird-weighted) %.3f'%((lp*w).sum()/w.sum()))
