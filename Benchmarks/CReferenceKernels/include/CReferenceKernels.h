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

// W2: one frame of the fluid spring (spec §3.1) as the engine's kernel computes it: the elapsed
// time t - begin_time, the catch-up rule (more than 1 s behind: restart 1/60 s back), the
// fixed-step integrator (h = 1/300 s, at most 3 masked steps: a 120 Hz frame), the rest test
// (max(v², f²) <= resting_threshold and (T - x)² <= 1e-4·T², or T = 0), logical completion
// (elapsed - start_time >= response). Writes the presented value (model - T + x, or the model
// once at rest) to out[id[i]] and status[i] = logical | resting << 1.
void mb_fluid_spring(size_t n, double t, double resting_threshold, const uint32_t *id, const double *begin_time,
                     const double *start_time, const double *response, const double *interval, const double *model,
                     const double *stiffness, const double *damping, double *offset, double *velocity, double *force,
                     double *time, uint8_t *status, double *out);

// W2's integration steps alone: value = T, no clock, no rest test, no presentation. The floor
// under mb_fluid_spring: what the arithmetic of three masked steps costs with nothing around it.
void mb_fluid_spring_steps(size_t n, double t, const double *value, const double *stiffness, const double *damping,
                           double *offset, double *velocity, double *force, double *time, double *out);

// W3: a cubic Hermite keyframe track of `segments` segments per element, element-major
// (element i's segment j at i*segments + j), evaluated at t - start with a per-element cursor.
void mb_cubic_track(size_t n, size_t segments, double t, const double *start, const double *segment_start,
                    const double *duration, const double *from, const double *to, const double *start_tangent,
                    const double *end_tangent, int32_t *cursor, double *out);

// W3 with the segment under each cursor kept beside the cursor (current_*, one array per field),
// copied from the table when the cursor moves, as the engine's keyframe pool keeps it: a frame
// streams through the elements and reads the table only at segment boundaries. Start with the
// current_* arrays holding each element's first segment and the cursors at 0.
void mb_cubic_track_cached(size_t n, size_t segments, double t, const double *start, const double *segment_start,
                           const double *duration, const double *from, const double *to, const double *start_tangent,
                           const double *end_tangent, int32_t *cursor, double *current_start, double *current_duration,
                           double *current_from, double *current_to, double *current_start_tangent,
                           double *current_end_tangent, double *out);

// The CPU the package's Swift code was compiled for (MOTIONBENCH_TARGET_CPU, Package.swift), or
// NULL for the toolchain's default target. Here because this is the worker's one C target, and C
// is where the manifest can hand a build a string.
const char *mb_swift_target_cpu(void);

#endif
