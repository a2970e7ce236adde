#include "CReferenceKernels.h"
#include <float.h>
#include <math.h>

void mb_closed_spring(size_t n, double t, const double *target, const double *initial_velocity, const double *zeta,
                      const double *omega, const double *start, double *out) {
    for (size_t i = 0; i < n; i++) {
        double tau = t - start[i];
        double e = exp(-zeta[i] * tau);
        double s = sin(omega[i] * tau), c = cos(omega[i] * tau);
        out[i] = target[i] - e * ((zeta[i] * target[i] - initial_velocity[i]) * s / omega[i] + target[i] * c);
    }
}

// Three masked 1/300 s steps of the §3.1 integrator towards `target`, up to time t: a step
// applies only while the state's time is behind t, so the loop has no branch and vectorises.
static inline void fluid_steps(double t, double target, double k, double c, double *x, double *v, double *f, double *tm) {
    const double h = 1.0 / 300.0, half = 1.0 / 600.0;
    for (int step = 0; step < 3; step++) {
        double active = *tm < t ? 1.0 : 0.0;
        double mid = *f * half + *v;
        double nx = *x + mid * h;
        double nf = (target - nx) * k - mid * c;
        double nv = nf * half + mid;
        *x = active * nx + (1 - active) * *x;
        *f = active * nf + (1 - active) * *f;
        *v = active * nv + (1 - active) * *v;
        *tm += active * h;
    }
}

void mb_fluid_spring_steps(size_t n, double t, const double *value, const double *stiffness, const double *damping,
                           double *offset, double *velocity, double *force, double *time, double *out) {
    for (size_t i = 0; i < n; i++) {
        double x = offset[i], v = velocity[i], f = force[i], tm = time[i];
        fluid_steps(t, value[i], stiffness[i], damping[i], &x, &v, &f, &tm);
        offset[i] = x; velocity[i] = v; force[i] = f; time[i] = tm;
        out[i] = x;
    }
}

void mb_fluid_spring(size_t n, double t, double resting_threshold, const uint32_t *id, const double *begin_time,
                     const double *start_time, const double *response, const double *interval, const double *model,
                     const double *stiffness, const double *damping, double *offset, double *velocity, double *force,
                     double *time, uint8_t *status, double *out) {
    // In blocks, so the arithmetic vectorises and only the scatter through id[] stays scalar.
    enum { block = 256 };
    double presented[block];
    for (size_t first = 0; first < n; first += block) {
        size_t count = n - first < block ? n - first : block;
        for (size_t j = 0; j < count; j++) {
            size_t i = first + j;
            double elapsed = t - begin_time[i], target = interval[i], k = stiffness[i], c = damping[i];
            double x = offset[i], v = velocity[i], f = force[i], tm = time[i];
            tm = elapsed - tm > 1 ? elapsed - 1.0 / 60.0 : tm;
            fluid_steps(elapsed, target, k, c, &x, &v, &f, &tm);
            offset[i] = x; velocity[i] = v; force[i] = f; time[i] = tm;
            double v2 = v * v, f2 = f * f, size = target * target, gap = (target - x) * (target - x);
            int still = (f2 > v2 ? f2 : v2) <= resting_threshold;
            int arrived = (size == 0) | (gap <= size * 0.0001);
            int resting = still & arrived;
            int logical = elapsed - start_time[i] >= response[i];
            presented[j] = resting ? model[i] : model[i] - target + x;
            status[i] = (uint8_t)(logical | resting << 1);
        }
        for (size_t j = 0; j < count; j++) out[id[first + j]] = presented[j];
    }
}

// The cubic Hermite segment from `from` to `to` with tangents m0, m1, at s in [0, 1].
static inline double hermite(double s, double from, double to, double m0, double m1) {
    double s2 = s * s, s3 = s2 * s;
    return from * (2 * s3 - 3 * s2 + 1) + m0 * (s3 - 2 * s2 + s) + to * (-2 * s3 + 3 * s2) + m1 * (s3 - s2);
}

void mb_cubic_track(size_t n, size_t segments, double t, const double *start, const double *segment_start,
                    const double *duration, const double *from, const double *to, const double *start_tangent,
                    const double *end_tangent, int32_t *cursor, double *out) {
    for (size_t i = 0; i < n; i++) {
        double local = t - start[i];
        size_t base = i * segments;
        int32_t k = cursor[i];
        while ((size_t)k < segments && !(local - segment_start[base + k] <= duration[base + k])) k++;
        cursor[i] = k;
        if ((size_t)k == segments) { out[i] = to[base + segments - 1]; continue; }
        size_t j = base + (size_t)k;
        double s = (local - segment_start[j]) / duration[j];
        out[i] = hermite(s < 0 ? 0 : s, from[j], to[j], start_tangent[j], end_tangent[j]);
    }
}

void mb_cubic_track_cached(size_t n, size_t segments, double t, const double *start, const double *segment_start,
                           const double *duration, const double *from, const double *to, const double *start_tangent,
                           const double *end_tangent, int32_t *cursor, double *current_start, double *current_duration,
                           double *current_from, double *current_to, double *current_start_tangent,
                           double *current_end_tangent, double *out) {
    // Pass 1, rarely taken: move the cursors whose segment has ended and copy the new segment
    // beside the cursor (a finished track gets a constant segment at its end value, lasting
    // DBL_MAX: -ffast-math assumes no infinities).
    for (size_t i = 0; i < n; i++) {
        double local = t - start[i];
        if (local - current_start[i] <= current_duration[i]) continue;
        size_t base = i * segments;
        int32_t k = cursor[i];
        while ((size_t)k < segments && !(local - segment_start[base + k] <= duration[base + k])) k++;
        cursor[i] = k;
        size_t j = (size_t)k < segments ? base + (size_t)k : base + segments - 1;
        int done = (size_t)k == segments;
        current_start[i] = done ? 0 : segment_start[j];
        current_duration[i] = done ? DBL_MAX : duration[j];
        current_from[i] = done ? to[j] : from[j];
        current_to[i] = to[j];
        current_start_tangent[i] = done ? 0 : start_tangent[j];
        current_end_tangent[i] = done ? 0 : end_tangent[j];
    }
    // Pass 2 vectorises: every element evaluates the segment beside its cursor.
    for (size_t i = 0; i < n; i++) {
        double s = (t - start[i] - current_start[i]) / current_duration[i];
        out[i] = hermite(s < 0 ? 0 : s, current_from[i], current_to[i], current_start_tangent[i], current_end_tangent[i]);
    }
}

const char *mb_swift_target_cpu(void) {
#ifdef MB_SWIFT_TARGET_CPU
    return MB_SWIFT_TARGET_CPU;
#else
    return NULL;
#endif
}
