import numpy as np, sys
for f in sys.argv[1:]:
    a=np.load(f).astype(float); p=a[:,:3]; v=a[:,3:6]
    ang=np.degrees(np.arctan2(v[:,2], v[:,0])); m=np.degrees(np.arctan2(v[:,2].mean(), v[:,0].mean()))
    rel=(ang-m+180)%360-180
    h,_=np.histogram(rel, bins=12, range=(-180,180))
    vy=v[:,1]; hs=np.linalg.norm(v[:,[0,2]],axis=1)
    # angular momentum about the centroid (milling): mean of (r x v)_y / (|r||v|)
    d=p-p.mean(0); lz=(d[:,2]*v[:,0]-d[:,0]*v[:,2])/(np.linalg.norm(d[:,[0,2]],axis=1)*hs+1e-9)
    print(f.split('/')[-1], 'heading hist (30deg bins from -180):', h*100//len(a), 'rms vy %.2f'%np.sqrt((vy**2).mean()), 'mill %.2f'%lz.mean(), 'centroid', p.mean(0).round(1))
