/* eslint-disable no-loss-of-precision -- Cody's coefficients are kept digit for digit as published. */
/**
 * Complementary error function in double precision, after W. J. Cody, "Rational Chebyshev
 * approximations for the error function", Math. Comp. 23 (1969), as in his CALERF routine.
 * A table or a single-precision formula would lose the tiny rejection probabilities (~5e-5)
 * that the potassium cut-off produces.
 */
// Cody's coefficients as published, for erf on |x| ≤ 0.46875 ...
const ERF_NEAR_ZERO_NUMERATOR = [
  3.1611237438705656, 1.13864154151050156e2, 3.77485237685302021e2, 3.20937758913846947e3,
  1.85777706184603153e-1,
];
const ERF_NEAR_ZERO_DENOMINATOR = [
  2.36012909523441209e1, 2.44024637934444173e2, 1.28261652607737228e3, 2.84423683343917062e3,
];
// ... for erfc on 0.46875 < |x| ≤ 4 ...
const ERFC_MIDDLE_NUMERATOR = [
  5.64188496988670089e-1, 8.88314979438837594, 6.61191906371416295e1, 2.98635138197400131e2,
  8.8195222124176909e2, 1.71204761263407058e3, 2.05107837782607147e3, 1.23033935479799725e3,
  2.15311535474403846e-8,
];
const ERFC_MIDDLE_DENOMINATOR = [
  1.57449261107098347e1, 1.17693950891312499e2, 5.37181101862009858e2, 1.62138957456669019e3,
  3.29079923573345963e3, 4.36261909014324716e3, 3.43936767414372164e3, 1.23033935480374942e3,
];
// ... and for the asymptotic tail |x| > 4, in 1/x².
const ERFC_TAIL_NUMERATOR = [
  3.05326634961232344e-1, 3.60344899949804439e-1, 1.25781726111229246e-1, 1.60837851487422766e-2,
  6.58749161529837803e-4, 1.63153871373020978e-2,
];
const ERFC_TAIL_DENOMINATOR = [
  2.56852019228982242, 1.87295284992346725, 5.27905102951428412e-1, 6.05183413124413191e-2,
  2.33520497626869185e-3,
];
const ONE_OVER_SQRT_PI = 0.5641895835477563;
/** Beyond this erfc(x) underflows to 0. */
const ERFC_UNDERFLOW = 26.543;

/**
 * Cody's rational function in nested (Horner) form; the numerator has one coefficient more than
 * the denominator, its leading one stored last.
 */
function codyRatio(numerator: number[], denominator: number[], t: number): number {
  const degree = denominator.length;
  let top = numerator[degree] * t;
  let bottom = t;
  for (let i = 0; i < degree - 1; i++) {
    top = (top + numerator[i]) * t;
    bottom = (bottom + denominator[i]) * t;
  }
  return (top + numerator[degree - 1]) / (bottom + denominator[degree - 1]);
}

/** exp(−y²) computed as exp(−r²)·exp(−(y−r)(y+r)) with r = y rounded to 1/16, to keep accuracy. */
function expMinusSquare(y: number): number {
  const rounded = Math.trunc(y * 16) / 16;
  return Math.exp(-rounded * rounded) * Math.exp(-(y - rounded) * (y + rounded));
}

export function erfc(x: number): number {
  if (Number.isNaN(x)) return NaN;
  const y = Math.abs(x);
  if (y <= 0.46875) {
    return 1 - x * codyRatio(ERF_NEAR_ZERO_NUMERATOR, ERF_NEAR_ZERO_DENOMINATOR, y * y);
  }
  let positive: number;
  if (y >= ERFC_UNDERFLOW) {
    positive = 0;
  } else if (y <= 4) {
    positive = expMinusSquare(y) * codyRatio(ERFC_MIDDLE_NUMERATOR, ERFC_MIDDLE_DENOMINATOR, y);
  } else {
    const inverseSquare = 1 / (y * y);
    const tail =
      inverseSquare * codyRatio(ERFC_TAIL_NUMERATOR, ERFC_TAIL_DENOMINATOR, inverseSquare);
    positive = (expMinusSquare(y) * (ONE_OVER_SQRT_PI - tail)) / y;
  }
  return x < 0 ? 2 - positive : positive;
}
