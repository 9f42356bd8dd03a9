import numpy as np, sys
for f in sys.argv[1:]:
    a=np.load(f).astype(float); p=a[:,:3]; n=len(a); rs=(16384/n)**(1/3)
    d=p-p.mean(0); w,ax=np.linalg.eigh(np.cov(d.T,bias=True)); q=d@ax/np.sqrt(w); r=np.linalg.norm(q,axis=1); r99=np.quantile(r,0.99)
    core=(r<0.5*r99).sum()/(4/3*np.pi*(0.5*r99)**3*np.prod(np.sqrt(w)))
    allv=n/(4/3*np.pi*np.prod(np.sqrt(w))*5**1.5)
    print(f.split('/')[-1], 'core density per rs^3 %.2f'%(core*rs**3), 'uniform-ellipsoid-equivalent %.2f'%(allv*rs**3))
