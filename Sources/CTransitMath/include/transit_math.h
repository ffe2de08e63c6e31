#ifndef TRANSIT_MATH_H
#define TRANSIT_MATH_H

/// The sine and cosine of `x` in one call: glibc's `sincos`, which shares
/// the argument reduction of the two and gives the very bits that `sin` and
/// `cos` give (the same code, run once). Swift's Glibc module leaves
/// `sincos` out (it is a GNU extension), hence this shim. Elsewhere it falls
/// back to the two calls.
void transit_sincos(double x, double *sine, double *cosine);

#endif
