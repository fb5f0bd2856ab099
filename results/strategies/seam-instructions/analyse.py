import csv, statistics as st, collections
rows=list(csv.DictReader(open('marginal.csv')))
d={}
for r in rows: d[(r['binary'],r['impl'],r['workload'],int(r['n']),r['rep'])]=int(r['instructions'] or 0)
out=collections.defaultdict(list)
for (b,i,w,n,rep),v in d.items():
    pass
keys=sorted(set((r['impl'],r['workload']) for r in rows))
print('| queue | workload | base marginal instructions/op (each run) | head | head/base (medians) |')
print('| --- | --- | --- | --- | --- |')
for impl,w in keys:
    ns=sorted(set(int(r['n']) for r in rows if r['impl']==impl and r['workload']==w))
    n1,n2=ns[0],ns[-1]
    res={}
    for b in ['base','head']:
        m=[]
        for rep in ['1','2','3','4','5','6']:
            a=d.get((b,impl,w,n1,rep)); c=d.get((b,impl,w,n2,rep))
            if a and c: m.append((c-a)/(n2-n1))
        res[b]=m
    if res['base'] and res['head']:
        print('| %s | `%sn=%d..%d` | %s | %s | %.3f |'%(impl,w,n1,n2,', '.join('%.0f'%x for x in sorted(res['base'])),', '.join('%.0f'%x for x in sorted(res['head'])), st.median(res['head'])/st.median(res['base'])))
