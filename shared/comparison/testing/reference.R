# Independent expected values for shared/comparison (method-comparison.md, sections 3 and 4),
# written straight from the spec's definitions in R, with R's own t.test, wilcox.test, qt, qnorm.
# Values are integers of hundredths (as the code holds them), so R's differences are exact too.
#   Rscript shared/comparison/testing/reference.R > shared/comparison/testing/r-reference.fixtures.ts
#   npx prettier --write shared/comparison/testing/r-reference.fixtures.ts
# (R 4.2.2; the mcr package is not installed, so Passing-Bablok and Deming are written here.)

num <- function(v) if (is.null(v) || is.na(v) || !is.finite(v)) "null" else sprintf("%.17g", v)
vec <- function(v) paste0("[", paste(sapply(v, num), collapse = ", "), "]")
ints <- function(v) paste0("[", paste(sprintf("%d", as.integer(v)), collapse = ", "), "]")
round_half_away <- function(v) sign(v) * floor(abs(v) + 0.5)

ba_ref <- function(d, conf) {
  n <- length(d)
  if (n < 3) return("null")
  m <- mean(d); s <- sd(d); t <- qt(1 - (1 - conf) / 2, n - 1)
  lo <- m - 1.96 * s; up <- m + 1.96 * s; h <- t * s * sqrt(3 / n)
  sprintf("{ n: %d, bias: %s, sd: %s, bias_ci: %s, loa_lower: %s, loa_lower_ci: %s, loa_upper: %s, loa_upper_ci: %s }",
          n, num(m), num(s), vec(c(m - t * s / sqrt(n), m + t * s / sqrt(n))), num(lo),
          vec(c(lo - h, lo + h)), num(up), vec(c(up - h, up + h)))
}

pb_ref <- function(x, y, conf) {
  n <- length(x)
  ij <- which(upper.tri(matrix(0, n, n)), arr.ind = TRUE)
  i <- ij[, 1]; j <- ij[, 2]
  dx <- x[j] - x[i]; dy <- y[j] - y[i]
  keep <- !(dx == 0 & dy == 0); dx <- dx[keep]; dy <- dy[keep]
  S <- ifelse(dx == 0, Inf, dy / dx)
  E <- sum(dx != 0 & dy == -dx)
  K <- sum(dx != 0 & dy != -dx & S < -1)
  N <- length(S); L <- 2 * K + E; S <- sort(S)
  med <- function(q) {
    if (q < 1) return(NA)
    idx <- if (q %% 2 == 1) c((q + 1) / 2, (q + 1) / 2) else c(q / 2, q / 2 + 1)
    if (idx[2] > N) return(Inf)
    (S[idx[1]] + S[idx[2]]) / 2
  }
  if (N == 0) return(list(text = "null"))
  b <- med(N + L)
  if (!is.finite(b)) return(list(text = "null"))
  C <- round_half_away(qnorm(1 - (1 - conf) / 2) * sqrt(n * (n - 1) * (2 * n + 5) / 18))
  lower <- NA; upper <- NA
  if (floor((N - C + L + 1) / 2) >= 2 * E + 1 && floor((N + C + L + 1) / 2) <= N) {
    lower <- med(N - C + L); upper <- med(N + C + L)
  }
  ic <- function(s) if (is.na(s) || !is.finite(s)) NA else median(y - s * x) / 100
  a <- ic(b)
  list(b = b, a = a, E = E, K = K, N = N,
       text = sprintf("{ slope: %s, slope_ci: %s, intercept: %s, intercept_ci: %s }",
                      num(b), vec(c(lower, upper)), num(a), vec(c(ic(upper), ic(lower)))))
}

dem_fit <- function(x, y, lam) {
  mx <- mean(x); my <- mean(y)
  u <- sum((x - mx)^2); q <- sum((y - my)^2); p <- sum((x - mx) * (y - my))
  if (p == 0) return(NULL)
  b <- ((lam * q - u) + sqrt((u - lam * q)^2 + 4 * lam * p^2)) / (2 * lam * p)
  c(b, my - b * mx)
}

dem_ref <- function(x, y, lam, conf, levels) {
  x <- x / 100; y <- y / 100; n <- length(x)
  f <- dem_fit(x, y, lam)
  if (is.null(f)) return(list(text = "null", levels = rep("null", length(levels))))
  fits <- lapply(1:n, function(i) dem_fit(x[-i], y[-i], lam))
  defined <- !any(sapply(fits, is.null))
  loo <- if (defined) t(sapply(fits, identity)) else matrix(NA, n, 2)
  t <- qt(1 - (1 - conf) / 2, n - 2)
  ci <- function(theta, thetas) {
    if (!defined) return(c(NA, NA))
    pv <- n * theta - (n - 1) * thetas
    se <- sd(pv) / sqrt(n)
    c(theta - t * se, theta + t * se)
  }
  lv <- sapply(levels, function(X) {
    bias <- f[2] + (f[1] - 1) * X
    sprintf("%s, bias_deming_ci: %s", num(bias), vec(ci(bias, loo[, 2] + (loo[, 1] - 1) * X)))
  })
  list(f = f, levels = lv,
       text = sprintf("{ error_ratio: %s, slope: %s, slope_ci: %s, intercept: %s, intercept_ci: %s }",
                      num(lam), num(f[1]), vec(ci(f[1], loo[, 1])), num(f[2]), vec(ci(f[2], loo[, 2]))))
}

pairs_needed_ref <- function(s, bias, L, n, conf) {
  if (abs(bias) >= L) return(NA)
  for (m in max(10, n + 1):10000) if (qt(1 - (1 - conf) / 2, m - 1) * s / sqrt(m) <= L - abs(bias)) return(m)
  NA
}

case <- function(name, x, y, conf = 0.95, lambda = 1, levels = c()) {
  d <- y - x
  pt <- if (sd(d) == 0) "null" else {
    r <- t.test(y, x, paired = TRUE, conf.level = conf)
    sprintf("{ t: %s, df: %s, p: %s }", num(r$statistic), num(r$parameter), num(r$p.value))
  }
  wx <- if (all(d == 0)) "null" else {
    r <- suppressWarnings(wilcox.test(y, x, paired = TRUE))
    exact <- length(d[d != 0]) < 50 && all(d != 0) && !any(duplicated(abs(d)))
    sprintf("{ v: %s, p: %s, exact: %s }", num(r$statistic), num(r$p.value), tolower(exact))
  }
  pos <- x > 0
  pb <- pb_ref(x, y, conf)
  dm <- dem_ref(x, y, lambda, conf, levels)
  lv <- sapply(seq_along(levels), function(k) {
    X <- levels[k]
    pbb <- if (is.null(pb$b)) "null" else num(pb$a + (pb$b - 1) * X)
    dmb <- if (dm$text == "null") "null, bias_deming_ci: [null, null]" else dm$levels[k]
    sprintf("{ x: %s, bias_passing_bablok: %s, bias_deming: %s }", num(X), pbb, dmb)
  })
  cat(sprintf("  {\n    name: '%s',\n    confidence: %.2f,\n    errorRatio: %s,\n    x: %s,\n    y: %s,\n", name, conf, num(lambda), ints(x), ints(y)))
  cat(sprintf("    // t.test(y, x, paired = TRUE)\n    paired_t: %s,\n", pt))
  cat(sprintf("    // wilcox.test(y, x, paired = TRUE)\n    wilcoxon: %s,\n", wx))
  cat(sprintf("    absolute: %s,\n", ba_ref(d / 100, conf)))
  cat(sprintf("    percent: %s,\n", ba_ref(100 * d[pos] / x[pos], conf)))
  cat(sprintf("    passing_bablok: %s,\n", pb$text))
  cat(sprintf("    deming: %s,\n", dm$text))
  cat(sprintf("    decision_levels: [%s],\n", paste(lv, collapse = ", ")))
  ad <- d / 100; s <- sd(ad); m <- mean(ad)
  pn <- sapply(c(0.05, 0.1, 0.2, 0.5), function(L) num(pairs_needed_ref(s, m, L, length(d), conf)))
  cat(sprintf("    // pairs_needed_ref(sd, bias, L, n, confidence) for absolute L = 0.05, 0.1, 0.2, 0.5\n    pairs_needed: [%s],\n  },\n", paste(pn, collapse = ", ")))
}

set.seed(40)
cat("// Generated by `Rscript shared/comparison/testing/reference.R` (R 4.2.2): expected values computed\n")
cat("// independently of the TypeScript code. Values are integers of hundredths.\n")
cat("export const R_CASES = [\n")

# Potassium, 20 pairs, no zero and no tied |d|: Wilcoxon exact.
x <- round(runif(20, 300, 600)); d <- sample(1:60, 20) * sample(c(-1, 1, 1), 20, replace = TRUE)
y <- x + d
case("potassium, 20 pairs, exact Wilcoxon", x, y, levels = c(3.5, 5.5))

# LDH, 60 pairs of whole U/L: ties and zeros, normal approximation; λ = 2.5.
x <- round(runif(60, 150, 400)) * 100; y <- x + round(rnorm(60, 5, 8)) * 100
case("ldh, 60 pairs, ties and zeros", x, y, lambda = 2.5, levels = c(250, 400))

# H-index, 35 pairs: repeated and zero references (+∞ slopes), slopes of exactly −1; 90 %.
x <- sample(c(0, 0, 5, 10, 10, 20, 25, 30, 50, 75), 35, replace = TRUE) * 100
y <- pmax(0, x + sample(-6:9, 35, replace = TRUE) * 50)
case("h_index, 35 pairs, equal and zero references", x, y, conf = 0.9, lambda = 0.4, levels = c(10, 50))

# ASAT, 45 pairs, no ties: exact Wilcoxon at m = 45; 99 %.
x <- round(runif(45, 1500, 9000)); y <- x + sample(1:400, 45) * sample(c(-1, 1, 1), 45, replace = TRUE)
case("asat, 45 pairs, exact", x, y, conf = 0.99, levels = c(20, 40, 60.25))

# PFHb, 55 pairs, m ≥ 50: normal approximation.
x <- round(runif(55, 100, 5000)); y <- round(x * 1.08 + 20) + sample(1:300, 55) * sample(c(-1, 1), 55, replace = TRUE)
case("pfhb, 55 pairs, m >= 50", x, y, levels = c(10, 30))

# Slopes of −1 galore: y = c − x on half the points.
x <- c(100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1100, 1200)
y <- c(1300, 1200, 1000, 900, 560, 700, 640, 820, 930, 980, 1150, 1230)
case("slopes of -1", x, y, levels = c(5))

# Three pairs: Passing-Bablok bounds do not exist.
case("three pairs", c(410, 520, 380), c(420, 515, 391), levels = c(4))

# Four pairs, y − x constant except one.
case("four pairs", c(1000, 2000, 3000, 4000), c(1010, 2010, 3010, 4050), conf = 0.99, lambda = 3, levels = c(25))

# Decreasing relation: most slopes < −1.
x <- c(100, 150, 200, 250, 300, 350, 400, 450, 500, 550)
y <- c(2000, 1900, 1700, 1650, 1400, 1200, 1150, 900, 800, 600)
case("decreasing", x, y, levels = c(2))

# The lower-bound condition fails through E (both slope bounds null); the estimate exists.
case("bounds fail through E", c(50, 190, 170, 190, 30, 70, 10, 160, 120),
     c(250, 210, 170, 110, 30, 230, 50, 160, 180), levels = c(1))

# Equal references: 13 of 45 slopes are +Inf, the upper slope bound is +Inf (null).
case("upper slope bound +Inf", c(100, 100, 100, 100, 200, 200, 200, 200, 300, 300),
     c(90, 105, 110, 120, 190, 205, 215, 230, 300, 320), levels = c(1.5))

# Every reference equal: every slope +Inf; Passing-Bablok and Deming (p = 0) null.
case("equal references", rep(500, 6), c(490, 500, 510, 520, 505, 495), levels = c(5))

# Every difference zero: no t-test, no Wilcoxon; both lines are y = x.
case("no differences", c(120, 250, 380, 410, 560), c(120, 250, 380, 410, 560), levels = c(3))

# Zero references: the percent scale keeps 2 pairs (null); zeros and ties for Wilcoxon.
case("zero baselines", c(0, 0, 0, 150, 230), c(10, 0, 20, 160, 225), levels = c(1))

# Random groups of five kinds: spread, crowded references, mirrored (−1 slopes), wide, noise.
for (k in 1:25) {
  n <- sample(3:45, 1); kind <- k %% 5
  conf <- c(0.9, 0.95, 0.99)[k %% 3 + 1]; lambda <- c(1, 0.3, 2.7, 10)[k %% 4 + 1]
  if (kind == 0) { x <- sample(100:900, n, TRUE); y <- x + sample(-40:60, n, TRUE) }
  if (kind == 1) { x <- sample(0:8, n, TRUE) * 50; y <- pmax(0, x + sample(-3:4, n, TRUE) * 25) }
  if (kind == 2) { x <- sample(0:30, n, TRUE) * 10; y <- ifelse(runif(n) < 0.5, 400 - x, x + sample(-20:20, n, TRUE)) }
  if (kind == 3) { x <- sample(1000:500000, n, TRUE); y <- round(x * runif(n, 0.9, 1.15)) + sample(-500:500, n, TRUE) }
  if (kind == 4) { x <- sample(0:20, n, TRUE); y <- sample(0:20, n, TRUE) }
  case(sprintf("random %d (kind %d, n = %d)", k, kind, n), x, y, conf = conf, lambda = lambda,
       levels = c(0, 2.5, 1000))
}
cat("];\n")
