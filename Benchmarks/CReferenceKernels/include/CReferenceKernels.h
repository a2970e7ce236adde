// C reference kernels of the engine's hot loops, compiled with -O3 -march=native -ffast-math,
// so every benchmark report shows each Swift kernel's ratio to C doing the same math.
// Layout is struct-of-arrays: one array per field, element i at index i.
#ifndef MOTIONBENCH_C_REFERENCE_KERNELS_H
#define MOTIONBENCH_C_REFERENCE_KERNELS_H

#include <stddef.h>
#include <stdint.h>

// W1: the closed-form underdamped spring,
//   x = T - e^(-zeta*tau) * ((zeta*T - v0) * sin(omega*tau) / omega + T * cos(omega*tau)),
// tau = t - start. Writes x into out.
void mb_closed_spring(size_t n, double t, const double *target, const double *initial_velocity, const double *zeta,
                      const double *omega, const double *start, double *out);

// W2: the fluid spring's fixed-step integrator (h = 1/300 s) advanced to t, at most 3 steps per
// element (a 120 Hz frame), masked so it vectorises. Updates the state, writes offsets into out.
void mb_fluid_spring(size_t n, double t, const double *value, const double *stiffness, const double *damping,
                     double *offset, double *velocity, double *force, double *time, double *out);

// W3: a cubic Hermite keyframe track of `segments` segments per element, element-major
// (element i's segment j at i*segments + j), evaluated at t - start with a per-element cursor.
void mb_cubic_track(size_t n, size_t segments, double t, const double *start, const double *segment_start,
                    const double *duration, const double *from, const double *to, const double *start_tangent,
                    const double *end_tangent, int32_t *cursor, double *out);

#endif
