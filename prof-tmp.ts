import { estimateArv } from './src/domain/arv/estimate-arv';
let seed = 1; const rnd = () => { seed = (seed * 16807) % 2147483647; return seed / 2147483647; };
const subject = { sqft: 1600, beds: 3, baths: 2, yearBuilt: 1960, lotSqft: 6000, lat: 47.68, lng: -122.35, valueDate: '2024-06-01' };
const comps = Array.from({ length: 500 }, (_, i) => ({
  price: Math.round(400000 + rnd() * 300000), soldDate: `202${2 + Math.floor(rnd()*2)}-0${1 + Math.floor(rnd()*9)}-1${Math.floor(rnd()*9)}`,
  sqft: Math.round(1200 + rnd() * 800), beds: 2 + Math.floor(rnd() * 3), baths: 1 + Math.floor(rnd() * 3), yearBuilt: 1920 + Math.floor(rnd() * 90),
  lotSqft: Math.round(3000 + rnd() * 6000), lat: 47.66 + rnd() * 0.04, lng: -122.37 + rnd() * 0.04, address: `${i} Elm St, Seattle, WA 98115`,
}));
for (let i = 0; i < 200; i++) estimateArv({ subject, comps } as any, { pinned: new Set(i % 2 ? comps.map((_, i) => i) : []) });
