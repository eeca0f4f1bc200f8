import { normalCdf, normalQuantile, tCdf, tCritical, tQuantile, zCritical } from './distributions';
import { close } from './testing/helpers';

// Printed by R 4.2.2 (write.csv, 15 significant digits): qt(p, df), 2 * pt(-t, df), pnorm(z),
// qnorm(p).
describe("Student's t and the normal distribution agree with R", () => {
  it.each([
    [0.95, 1, 6.31375151467504],
    [0.95, 2999, 1.64536187730683],
    [0.975, 9, 2.2621571627982],
    [0.975, 2999, 1.96075531920531],
    [0.975, 9999, 1.96020126362136],
    [0.995, 9, 3.24983554159213],
    [0.995, 9999, 2.5763210958566],
  ])('qt(%p, %p) = %p', (p, df, q) => expect(close(tQuantile(p, df), q, 1e-13)).toBe(true));

  it.each([
    [1.96, 19, 0.0648289792889693],
    [3, 2999, 0.00272201110109367],
    [40, 19, 8.3077571993385e-20],
    [40, 2999, 9.0124788322028e-281],
  ])('2·pt(−%p, %p) = %p, tails included', (t, df, p) =>
    expect(close(2 * tCdf(-t, df), p, 1e-12)).toBe(true),
  );

  it.each([
    [-1, 0.158655253931457],
    [-5, 2.86651571879194e-7],
    [-12, 1.77648211207768e-33],
    [-20, 2.75362411860623e-89],
  ])('pnorm(%p) = %p', (z, p) => expect(close(normalCdf(z), p, 1e-12)).toBe(true));

  it('qnorm and the critical values of a confidence', () => {
    expect(close(normalQuantile(0.975), 1.95996398454005, 1e-13)).toBe(true);
    expect(close(zCritical(0.99), 2.5758293035489, 1e-13)).toBe(true);
    expect(close(zCritical(0.9), 1.64485362695147, 1e-13)).toBe(true);
    expect(close(tCritical(0.95, 9), 2.2621571627982, 1e-13)).toBe(true);
  });
});
