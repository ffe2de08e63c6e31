#ifndef TRANSIT_MATH_H
#define TRANSIT_MATH_H

/// The sine and cosine of `x` in one call: glibc's `sincos`, which shares
/// the argument reduction of the two and gives the very bits that `sin` and
/// `cos` give (the same code, run once). Swift's Glibc module leaves
/// `sincos` out (it is a GNU extension), hence this shim. Elsewhere it falls
/// back to the two calls.
void transit_sincos(double x, double *sine, double *cosine);

/// Asks the processor to bring the `lines` cache lines (64 bytes each)
/// from `address` on into its caches ahead of a read: a hint that changes
/// no value, for reads whose address is known before the work that
/// precedes them (a timeline sampling one view while the next view's
/// record is fetched). Swift has no prefetch of its own.
static inline void transit_prefetch(const void *address, int lines) {
  const char *p = (const char *)address;
  for (int i = 0; i < lines; i++) __builtin_prefetch(p + 64 * i, 0, 3);
}

#endif
