import numpy as np, sys
for f in sys.argv[1:]:
    a=np.load(f).astype(float); v=a[:,3:6]; s=np.linalg.norm(v,axis=1)
    print(f.split('/')[-1], len(a), 'polarisation %.3f'%(np.linalg.norm(v.mean(0))/s.mean()), 'speed %.2f'%s.mean())
