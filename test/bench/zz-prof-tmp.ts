import { seedCardholders } from '../../electron/simulator/cardholder-seed';
void (async () => {
  const t = performance.now();
  const r = seedCardholders(500_000, 1);
  console.log('seed500k', Math.round(performance.now() - t), r.length);
})();
